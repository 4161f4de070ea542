// Text from certificates made safe to print.
//
// Names and subjectAltName values are attacker-chosen bytes. Printed raw, a
// Common Name holding "\n  Subject alt names: DNS:www.bank.com" forges a
// line, "\u{1B}[31m" drives the terminal, and "Foo, CN=www.bank.com" reads
// as two attributes. Everything the library turns into display text passes
// through here:
//
// - distinguished-name values are escaped as RFC 4514 §2.4 says: `"` `+`
//   `,` `;` `<` `>` `\` take a backslash, as do a leading `#` or space and
//   a trailing space; NUL is `\00`;
// - in every kind of text, each C0 control character, DEL, each C1 control
//   (U+0080–U+009F, which some terminals obey as CSI and friends), the
//   bidirectional and line-separator formatting characters (U+061C,
//   U+200E–U+200F, U+2028–U+202E, U+2066–U+2069, which reorder or break
//   what a reader sees), and every byte that is not part of well-formed
//   UTF-8 is written `\xNN` per UTF-8 byte, upper-case hexadecimal.
//
// The output is never ambiguous: a backslash in the input is always
// escaped, so `\x1B` in output came from an ESC byte, never from the four
// characters `\x1B`. Everything works on UTF-8 bytes (no Unicode tables,
// so it builds in Embedded Swift).

/// Escapes attacker-chosen text from certificates so that printing it can neither forge lines nor drive a terminal.
package enum DisplayText {
    /// Free text (a dNSName, URI, e-mail address, file name, host): `\` as
    /// `\\`, `,` as `\,` when `escapingCommas` (SAN values are listed
    /// comma-separated), unsafe characters as `\xNN`.
    package static func escaped<C: Collection>(utf8 bytes: C, escapingCommas: Bool = false) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        appendEscaped(Array(bytes), to: &out) { byte, _, _ in
            byte == 0x5C || (escapingCommas && byte == 0x2C)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `escaped(utf8:)` over a string's UTF-8.
    package static func escaped(_ text: String, escapingCommas: Bool = false) -> String {
        escaped(utf8: text.utf8, escapingCommas: escapingCommas)
    }

    /// One attribute value of a distinguished name, RFC 4514 §2.4 escaped.
    package static func attributeValue<C: Collection>(utf8 bytes: C) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2)
        appendEscaped(Array(bytes), to: &out) { byte, index, count in
            switch byte {
            case 0x22, 0x2B, 0x2C, 0x3B, 0x3C, 0x3E, 0x5C: return true  // " + , ; < > \
            case 0x23: return index == 0                               // leading #
            case 0x20: return index == 0 || index == count - 1          // leading or trailing space
            default: return false
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `attributeValue(utf8:)` over a string's UTF-8.
    package static func attributeValue(_ text: String) -> String { attributeValue(utf8: text.utf8) }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Copies `bytes`, backslash-escaping the ASCII bytes `special` names
    /// (given the byte, its index and the input length) and writing unsafe
    /// characters as `\xNN`. NUL is `\00` (RFC 4514's hexpair).
    static func appendEscaped(_ bytes: [UInt8], to out: inout [UInt8], special: (UInt8, Int, Int) -> Bool) {
        func hex(_ byte: UInt8, x: Bool = true) {
            out.append(0x5C)
            if x { out.append(UInt8(ascii: "x")) }
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0 {
                hex(byte, x: false)
                i += 1
            } else if byte < 0x20 || byte == 0x7F {
                hex(byte)
                i += 1
            } else if byte < 0x80 {
                if special(byte, i, bytes.count) { out.append(0x5C) }
                out.append(byte)
                i += 1
            } else if let (scalar, length) = decodeScalar(bytes, at: i) {
                if isUnsafe(scalar) {
                    for k in i..<(i + length) { hex(bytes[k]) }
                } else {
                    out.append(contentsOf: bytes[i..<(i + length)])
                }
                i += length
            } else {
                hex(byte)
                i += 1
            }
        }
    }

    /// C1 controls and the formatting characters that reorder or break lines.
    static func isUnsafe(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The scalar of a well-formed multi-byte UTF-8 sequence at `i` (RFC 3629:
    /// shortest form, no surrogates, at most U+10FFFF) and its length.
    static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (UInt32, Int)? {
        let lead = bytes[i]
        let count: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: count = 1; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: count = 2; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: count = 3; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard bytes.count - i > count else { return nil }
        for k in 1...count {
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = (scalar << 6) | UInt32(next & 0x3F)
        }
        let minimum: UInt32 = count == 1 ? 0x80 : (count == 2 ? 0x800 : 0x10000)
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return (scalar, count + 1)
    }
}
