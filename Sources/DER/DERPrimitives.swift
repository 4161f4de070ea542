// Content rules for the primitive types X.509 uses. Each reader takes the tag
// to expect, so the same rules apply under IMPLICIT context tags.

/// A BIT STRING's content: the bytes after the unused-bits octet.
@usableFromInline package struct DERBitString: Sendable, Equatable {
    /// Absolute offsets of the bits' octets, after the unused-bits octet; empty for a zero-length string.
    @usableFromInline package let bytes: Range<Int>
    /// How many low-order bits of the last octet are padding, 0–7.
    @usableFromInline package let unusedBits: UInt8

    /// Takes both values unchecked; `DERReader.readBitString` is the checked path for input.
    @inlinable package init(bytes: Range<Int>, unusedBits: UInt8) {
        self.bytes = bytes
        self.unusedBits = unusedBits
    }
}

extension DERReader {
    /// X.690 §11.1: DER BOOLEAN is exactly one octet, 0x00 or 0xFF.
    @inlinable package mutating func readBoolean(tag: DERTag = .boolean) throws(DERError) -> Bool {
        let element = try read(tag)
        guard element.value.count == 1 else { throw DERError(.invalidBoolean, at: element.start) }
        switch self[element.value.lowerBound] {
        case 0x00: return false
        case 0xFF: return true
        default: throw DERError(.invalidBoolean, at: element.start)
        }
    }

    /// X.690 §8.8.2: NULL has no content.
    @inlinable package mutating func readNull(tag: DERTag = .null) throws(DERError) {
        let element = try read(tag)
        guard element.value.isEmpty else { throw DERError(.nullWithContent, at: element.start) }
    }

    /// An INTEGER's two's-complement content octets, checked minimal (X.690 §8.3.2).
    @inlinable package mutating func readInteger(tag: DERTag = .integer) throws(DERError) -> Range<Int> {
        let element = try read(tag)
        try checkInteger(element)
        return element.value
    }

    /// Checks an INTEGER element's content: non-empty and minimal.
    @inlinable package func checkInteger(_ element: DERElement) throws(DERError) {
        let value = element.value
        guard !value.isEmpty else { throw DERError(.emptyInteger, at: element.start) }
        let content = bytes(in: value)
        if content.count > 1 {
            let first = content[0]
            let second = content[1]
            // X.690 §8.3.2: the first nine bits must not be all zero or all one.
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw DERError(.nonMinimalInteger, at: element.start)
            }
        }
    }

    /// A non-negative INTEGER no larger than `maximum` (versions, path
    /// lengths); any negative `maximum` refuses every value.
    @inlinable package mutating func readSmallInteger(tag: DERTag = .integer, maximum: Int) throws(DERError) -> Int {
        let element = try read(tag)
        try checkInteger(element)
        guard self[element.value.lowerBound] & 0x80 == 0, element.value.count <= 8, maximum >= 0 else {
            throw DERError(.integerOutOfRange, at: element.start)
        }
        // UInt64 holds any eight non-negative octets; comparing before the
        // conversion keeps a 32-bit Int from wrapping a large value negative.
        var value: UInt64 = 0
        for byte in bytes(in: element.value) { value = (value << 8) | UInt64(byte) }
        guard value <= UInt64(maximum) else { throw DERError(.integerOutOfRange, at: element.start) }
        return Int(value)
    }

    /// An OCTET STRING's content.
    @inlinable package mutating func readOctetString(tag: DERTag = .octetString) throws(DERError) -> Range<Int> {
        try read(tag).value
    }

    /// A BIT STRING, checked per X.690 §8.6.2 and §11.2.1.
    @inlinable package mutating func readBitString(tag: DERTag = .bitString) throws(DERError) -> DERBitString {
        let element = try read(tag)
        let value = element.value
        guard !value.isEmpty else { throw DERError(.emptyBitString, at: element.start) }
        let unused = self[value.lowerBound]
        guard unused <= 7 else { throw DERError(.bitStringUnusedBitsTooLarge, at: element.start) }
        let bytes = (value.lowerBound + 1)..<value.upperBound
        if bytes.isEmpty {
            guard unused == 0 else { throw DERError(.bitStringUnusedBitsOnEmpty, at: element.start) }
        } else {
            let mask = UInt8(truncatingIfNeeded: (1 << Int(unused)) - 1)
            guard self[bytes.upperBound - 1] & mask == 0 else {
                throw DERError(.bitStringNonZeroPadding, at: element.start)
            }
        }
        return DERBitString(bytes: bytes, unusedBits: unused)
    }

    /// An OBJECT IDENTIFIER's content octets, checked per X.690 §8.19.
    @inlinable package mutating func readOID(tag: DERTag = .objectIdentifier) throws(DERError) -> Range<Int> {
        let element = try read(tag)
        let value = element.value
        guard !value.isEmpty else { throw DERError(.emptyOID, at: element.start) }
        var atStart = true
        var accumulated: UInt64 = 0
        let content = bytes(in: value)
        for i in 0..<content.count {
            let byte = content[i]
            if atStart && byte == 0x80 { throw DERError(.oidLeadingZeroOctet, at: value.lowerBound + i) }
            guard accumulated >> 57 == 0 else { throw DERError(.oidSubidentifierTooLarge, at: value.lowerBound + i) }
            accumulated = (accumulated << 7) | UInt64(byte & 0x7F)
            atStart = byte & 0x80 == 0
            if atStart { accumulated = 0 }
        }
        guard atStart else { throw DERError(.oidTruncated, at: value.upperBound - 1) }
        return value
    }
}
