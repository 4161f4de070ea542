import DER

// The ASN.1 string types that appear in names, checked and decoded without
// Foundation. Checking happens at parse time; decoding happens when a view
// asks for text. TeletexString is read as ISO 8859-1, as Chromium and OpenSSL
// do: T.61's own repertoire is never what issuers actually meant.
enum DirectoryString {
    static let numericString = DERTag(rawValue: 0x12)

    /// Whether `tag` is one of the string types checked here.
    static func isStringTag(_ tag: DERTag) -> Bool {
        switch tag {
        case .utf8String, .printableString, .teletexString, .ia5String, .visibleString,
             .universalString, .bmpString, numericString: return true
        default: return false
        }
    }

    /// Checks the content of a string element against its type.
    static func check(_ element: DERElement, in reader: DERReader) throws(DERError) {
        let value = element.value
        let valid: Bool
        switch element.tag {
        case .printableString: valid = allBytes(value, reader, isPrintable)
        case .ia5String: valid = allBytes(value, reader) { $0 < 0x80 }
        case .visibleString: valid = allBytes(value, reader) { $0 >= 0x20 && $0 < 0x7F }
        case numericString: valid = allBytes(value, reader) { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 }
        case .teletexString: valid = true
        case .utf8String: valid = isValidUTF8(value, reader)
        case .bmpString: valid = value.count % 2 == 0 && scalars(value, reader, width: 2) { _ in }
        case .universalString: valid = value.count % 4 == 0 && scalars(value, reader, width: 4) { _ in }
        default: valid = true
        }
        guard valid else { throw DERError(.invalidString, at: element.start) }
    }

    /// The text of a string element that passed `check`, or nil for other tags.
    static func decode(_ element: DERElement, in reader: DERReader) -> String? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(element.value.count)
        switch element.tag {
        case .utf8String, .printableString, .ia5String, .visibleString, numericString:
            utf8.append(contentsOf: reader.bytes(in: element.value))
        case .teletexString:
            for byte in reader.bytes(in: element.value) { appendUTF8(UInt32(byte), to: &utf8) }
        case .bmpString:
            _ = scalars(element.value, reader, width: 2) { appendUTF8($0, to: &utf8) }
        case .universalString:
            _ = scalars(element.value, reader, width: 4) { appendUTF8($0, to: &utf8) }
        default:
            return nil
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// X.680 §41.4: A–Z a–z 0–9 space ' ( ) + , - . / : = ?
    static func isPrintable(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        case 0x20, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x3A, 0x3D, 0x3F: return true
        default: return false
        }
    }

    static func allBytes(_ range: Range<Int>, _ reader: DERReader, _ allowed: (UInt8) -> Bool) -> Bool {
        for byte in reader.bytes(in: range) where !allowed(byte) { return false }
        return true
    }

    /// Walks big-endian code units of `width` octets; false on a surrogate or
    /// a value above U+10FFFF (BMPString is UCS-2, UniversalString UCS-4).
    static func scalars(_ range: Range<Int>, _ reader: DERReader, width: Int, _ body: (UInt32) -> Void) -> Bool {
        var units = reader.bytes(in: range).makeIterator()
        var scalar: UInt32 = 0
        var filled = 0
        while let byte = units.next() {
            scalar = (scalar << 8) | UInt32(byte)
            filled += 1
            guard filled == width else { continue }
            guard scalar < 0xD800 || (scalar > 0xDFFF && scalar <= 0x10FFFF) else { return false }
            body(scalar)
            scalar = 0
            filled = 0
        }
        return true
    }

    /// RFC 3629 well-formedness: shortest forms, no surrogates, ≤ U+10FFFF.
    static func isValidUTF8(_ range: Range<Int>, _ reader: DERReader) -> Bool {
        var units = reader.bytes(in: range).makeIterator()
        while let lead = units.next() {
            var count: Int
            var scalar: UInt32
            switch lead {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: count = 1; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: count = 2; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: count = 3; scalar = UInt32(lead & 0x07)
            default: return false
            }
            for _ in 0..<count {
                guard let next = units.next(), next & 0xC0 == 0x80 else { return false }
                scalar = (scalar << 6) | UInt32(next & 0x3F)
            }
            let minimum: UInt32 = count == 1 ? 0x80 : (count == 2 ? 0x800 : 0x10000)
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
        }
        return true
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
