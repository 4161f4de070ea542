import DER
import Testing

/// One row per strictness rule: the smallest input that breaks it, the
/// read that must refuse it, and the rule and offset the error must name.
struct MalformedRow: CustomTestStringConvertible, Sendable {
    enum Read: Sendable { case element, integer, boolean, null, bitString, oid, time }
    let name: String
    let bytes: [UInt8]
    let read: Read
    let rule: DERError.Rule
    let offset: Int
    var testDescription: String { name }
}

func perform(_ read: MalformedRow.Read, on bytes: [UInt8]) throws(DERError) {
    try DERReader.parse(bytes) { (reader: inout DERReader) throws(DERError) in
        switch read {
        case .element: _ = try reader.readElement()
        case .integer: _ = try reader.readInteger()
        case .boolean: _ = try reader.readBoolean()
        case .null: try reader.readNull()
        case .bitString: _ = try reader.readBitString()
        case .oid: _ = try reader.readOID()
        case .time: _ = try reader.readTime()
        }
    }
}

func time(_ tag: UInt8, _ text: String) -> [UInt8] { [tag, UInt8(text.utf8.count)] + Array(text.utf8) }

let malformedRows: [MalformedRow] = [
    // Lengths (X.690 §10.1 and this library's bounds).
    .init(name: "indefinite length", bytes: [0x30, 0x80, 0x00, 0x00], read: .element, rule: .indefiniteLength, offset: 0),
    .init(name: "long form for a length below 128", bytes: [0x04, 0x81, 0x01, 0xAA], read: .element, rule: .nonMinimalLength, offset: 0),
    .init(name: "leading zero length octet", bytes: [0x04, 0x82, 0x00, 0x81] + [UInt8](repeating: 0, count: 0x81), read: .element, rule: .nonMinimalLength, offset: 0),
    .init(name: "length field of 5 octets", bytes: [0x04, 0x85, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00], read: .element, rule: .lengthFieldTooLong, offset: 0),
    .init(name: "length past the end", bytes: [0x04, 0x05, 0x01, 0x02], read: .element, rule: .lengthPastEnd, offset: 0),
    .init(name: "length octets cut short", bytes: [0x04, 0x82, 0x01], read: .element, rule: .truncated, offset: 0),
    .init(name: "tag without length", bytes: [0x30], read: .element, rule: .truncated, offset: 0),
    .init(name: "trailing bytes after the top-level element", bytes: [0x05, 0x00, 0x00], read: .null, rule: .trailingBytes, offset: 2),
    // Tags (X.690 §8.1.2.4).
    .init(name: "high-tag-number form", bytes: [0x1F, 0x81, 0x00, 0x00], read: .element, rule: .highTagNumber, offset: 0),
    .init(name: "wrong tag for an INTEGER", bytes: [0x04, 0x01, 0x00], read: .integer, rule: .unexpectedTag, offset: 0),
    // INTEGER (X.690 §8.3).
    .init(name: "empty INTEGER", bytes: [0x02, 0x00], read: .integer, rule: .emptyInteger, offset: 0),
    .init(name: "INTEGER with redundant 0x00", bytes: [0x02, 0x02, 0x00, 0x7F], read: .integer, rule: .nonMinimalInteger, offset: 0),
    .init(name: "INTEGER with redundant 0xFF", bytes: [0x02, 0x02, 0xFF, 0x80], read: .integer, rule: .nonMinimalInteger, offset: 0),
    // BOOLEAN and NULL (X.690 §11.1, §8.8).
    .init(name: "BOOLEAN 0x01", bytes: [0x01, 0x01, 0x01], read: .boolean, rule: .invalidBoolean, offset: 0),
    .init(name: "BOOLEAN of two octets", bytes: [0x01, 0x02, 0xFF, 0xFF], read: .boolean, rule: .invalidBoolean, offset: 0),
    .init(name: "empty BOOLEAN", bytes: [0x01, 0x00], read: .boolean, rule: .invalidBoolean, offset: 0),
    .init(name: "NULL with content", bytes: [0x05, 0x01, 0x00], read: .null, rule: .nullWithContent, offset: 0),
    // BIT STRING (X.690 §8.6, §11.2).
    .init(name: "empty BIT STRING", bytes: [0x03, 0x00], read: .bitString, rule: .emptyBitString, offset: 0),
    .init(name: "unused bits 8", bytes: [0x03, 0x02, 0x08, 0x00], read: .bitString, rule: .bitStringUnusedBitsTooLarge, offset: 0),
    .init(name: "unused bits on an empty string", bytes: [0x03, 0x01, 0x01], read: .bitString, rule: .bitStringUnusedBitsOnEmpty, offset: 0),
    .init(name: "non-zero padding bit", bytes: [0x03, 0x02, 0x01, 0x01], read: .bitString, rule: .bitStringNonZeroPadding, offset: 0),
    // OBJECT IDENTIFIER (X.690 §8.19).
    .init(name: "empty OID", bytes: [0x06, 0x00], read: .oid, rule: .emptyOID, offset: 0),
    .init(name: "OID sub-identifier with leading 0x80", bytes: [0x06, 0x03, 0x2A, 0x80, 0x01], read: .oid, rule: .oidLeadingZeroOctet, offset: 3),
    .init(name: "OID ending with the continuation bit", bytes: [0x06, 0x02, 0x2A, 0x86], read: .oid, rule: .oidTruncated, offset: 3),
    .init(name: "OID sub-identifier of 71 bits", bytes: [0x06, 0x0B, 0x2A, 0x82] + [UInt8](repeating: 0x80, count: 8) + [0x00], read: .oid, rule: .oidSubidentifierTooLarge, offset: 12),
    // Times (RFC 5280 §4.1.2.5).
    .init(name: "UTCTime without seconds", bytes: time(0x17, "2001010000Z"), read: .time, rule: .invalidTimeFormat, offset: 0),
    .init(name: "UTCTime with an offset", bytes: time(0x17, "200101000000+0000"), read: .time, rule: .invalidTimeFormat, offset: 0),
    .init(name: "UTCTime with a letter", bytes: time(0x17, "2001010000a0Z"), read: .time, rule: .invalidTimeFormat, offset: 0),
    .init(name: "UTCTime without Z", bytes: time(0x17, "2001010000000"), read: .time, rule: .invalidTimeFormat, offset: 0),
    .init(name: "GeneralizedTime with a fraction", bytes: time(0x18, "20200101000000.5Z"), read: .time, rule: .invalidTimeFormat, offset: 0),
    .init(name: "GeneralizedTime in local time", bytes: time(0x18, "20200101000000"), read: .time, rule: .invalidTimeFormat, offset: 0),
    .init(name: "month 13", bytes: time(0x17, "201301000000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "month 0", bytes: time(0x17, "200001000000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "day 0", bytes: time(0x17, "200100000000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "29 February in a common year", bytes: time(0x17, "190229000000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "29 February 2100 (not leap)", bytes: time(0x18, "21000229000000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "31 April", bytes: time(0x17, "200431000000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "hour 24", bytes: time(0x17, "200101240000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "minute 60", bytes: time(0x17, "200101006000Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "leap second 60", bytes: time(0x17, "200101000060Z"), read: .time, rule: .timeFieldOutOfRange, offset: 0),
    .init(name: "a time that is neither UTCTime nor GeneralizedTime", bytes: time(0x13, "200101000000Z"), read: .time, rule: .unexpectedTag, offset: 0),
]

@Test(arguments: malformedRows)
func malformedInputIsRefusedWithItsRule(_ row: MalformedRow) {
    #expect(throws: DERError(row.rule, at: row.offset)) { try perform(row.read, on: row.bytes) }
}

/// Walks every constructed element recursively, as parsers of nested structures do.
func walk(_ reader: inout DERReader) throws(DERError) {
    while !reader.isAtEnd {
        let element = try reader.readElement()
        if element.tag.isConstructed {
            var inner = try reader.nested(element)
            try walk(&inner)
        }
    }
}

func nestedSequences(_ depth: Int) -> [UInt8] {
    var bytes: [UInt8] = [0x05, 0x00]
    for _ in 0..<depth { bytes = [0x30, UInt8(bytes.count)] + bytes }
    return bytes
}

@Test func nestingAtTheBoundIsAcceptedAndOneDeeperIsRefused() throws {
    let limit = DERReader.maximumDepth
    try DERReader.parse(nestedSequences(limit)) { (reader: inout DERReader) throws(DERError) in try walk(&reader) }
    #expect(throws: DERError(.nestingTooDeep, at: 2 * limit)) {
        try DERReader.parse(nestedSequences(limit + 1)) { (reader: inout DERReader) throws(DERError) in try walk(&reader) }
    }
}

@Test func wellFormedPrimitivesAreRead() throws {
    let integer = try DERReader.parse([0x02, 0x02, 0x00, 0x80]) { (r: inout DERReader) throws(DERError) in try r.readInteger() }
    #expect(integer == 2..<4)
    #expect(try DERReader.parse([0x01, 0x01, 0xFF]) { (r: inout DERReader) throws(DERError) in try r.readBoolean() })
    let bits = try DERReader.parse([0x03, 0x02, 0x07, 0x80]) { (r: inout DERReader) throws(DERError) in try r.readBitString() }
    #expect(bits == DERBitString(bytes: 3..<4, unusedBits: 7))
    let oid = try DERReader.parse([0x06, 0x03, 0x55, 0x1D, 0x13]) { (r: inout DERReader) throws(DERError) in try r.readOID() }
    #expect(oid == 2..<5)
    // The largest length this library reads: four octets.
    let big = [UInt8](repeating: 0, count: 0x0100_0000)
    let element = try DERReader.parse([0x04, 0x84, 0x01, 0x00, 0x00, 0x00] + big) { (r: inout DERReader) throws(DERError) in try r.readElement() }
    #expect(element.value == 6..<(6 + 0x0100_0000))
    let small = try DERReader.parse([0x02, 0x01, 0x05]) { (r: inout DERReader) throws(DERError) in try r.readSmallInteger(maximum: 5) }
    #expect(small == 5)
    #expect(throws: DERError(.integerOutOfRange, at: 0)) {
        try DERReader.parse([0x02, 0x01, 0x06]) { (r: inout DERReader) throws(DERError) in try r.readSmallInteger(maximum: 5) }
    }
    #expect(throws: DERError(.integerOutOfRange, at: 0)) {
        try DERReader.parse([0x02, 0x01, 0xFF]) { (r: inout DERReader) throws(DERError) in try r.readSmallInteger(maximum: 5) }
    }
}

/// readSmallInteger compares in UInt64, so a value too large for the bound
/// (or for a 32-bit Int) is refused rather than wrapped, and a negative
/// bound refuses everything.
@Test func smallIntegerBounds() throws {
    let eightOctets: [UInt8] = [0x02, 0x08, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    let largest = try DERReader.parse(eightOctets) { (r: inout DERReader) throws(DERError) in try r.readSmallInteger(maximum: .max) }
    #expect(largest == .max)
    #expect(throws: DERError(.integerOutOfRange, at: 0)) {
        try DERReader.parse(eightOctets) { (r: inout DERReader) throws(DERError) in try r.readSmallInteger(maximum: Int(Int32.max)) }
    }
    #expect(throws: DERError(.integerOutOfRange, at: 0)) {
        try DERReader.parse([0x02, 0x01, 0x00]) { (r: inout DERReader) throws(DERError) in try r.readSmallInteger(maximum: -1) }
    }
    #expect(throws: DERError(.integerOutOfRange, at: 0)) {
        try DERReader.parse([0x02, 0x09, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 0]) { (r: inout DERReader) throws(DERError) in
            try r.readSmallInteger(maximum: .max)
        }
    }
}

/// A four-octet length at its maximum, 2^32 − 1, is past the end of any
/// input here; it is reported as such (a 32-bit Int once made it negative).
@Test func fourOctetLengthPastTheEnd() {
    #expect(throws: DERError(.lengthPastEnd, at: 0)) {
        try DERReader.parse([0x04, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]) { (r: inout DERReader) throws(DERError) in _ = try r.readElement() }
    }
}

/// `bytes(_:equal:)` answers false for a range outside the buffer.
@Test func byteComparisonOutsideTheBuffer() throws {
    let outcome = try DERReader.parse([0x05, 0x00]) { (r: inout DERReader) throws(DERError) -> [Bool] in
        try r.readNull()
        return [r.bytes(0..<2, equal: [0x05, 0x00]), r.bytes(1..<3, equal: [0x00, 0x00]), r.bytes(-1..<1, equal: [0, 5])]
    }
    #expect(outcome == [true, false, false])
}

/// Dotted decimal OIDs: the DER content octets, or nil for text that is not one.
@Test func dottedOIDsAreEncodedOrRefused() {
    #expect(OID(dotted: "2.5.29.32.0")?.bytes == [0x55, 0x1D, 0x20, 0x00])
    #expect(OID(dotted: "1.2.840.113549.1.1.11")?.bytes == [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B])
    #expect(OID(dotted: "2.999.3")?.bytes == [0x88, 0x37, 0x03])
    #expect(OID(dotted: "2.23.140.1.2.1")?.description == "2.23.140.1.2.1")
    for bad in ["", "1", "3.1", "1.40", "1..2", "1.2.", ".1.2", "1.02", "1.2.a", "1.2.18446744073709551616", " 1.2"] {
        #expect(OID(dotted: bad) == nil, "\(bad)")
    }
}
