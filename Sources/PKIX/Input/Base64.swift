/// Strict RFC 4648 §4 base64, as RFC 7468 requires inside PEM: the standard
/// alphabet, `=` padding only at the very end, whole 4-character groups,
/// and zero bits where the last character carries more than the data
/// (§3.5: a canonical encoding). Whitespace between characters is skipped.
package enum Base64 {
    /// Why `decode` refused its input.
    package enum Failure: Error, Sendable, Equatable {
        /// A byte outside the alphabet and not whitespace, at `offset` (0-based) in the input.
        case invalidCharacter(offset: Int)
        /// A `=` before the end of the last group or more than two of them, or a last group short of four characters.
        case invalidPadding
        /// Non-zero bits under the padding: a second spelling of the same bytes (§3.5).
        case nonCanonical
    }

    /// Decodes `text`, skipping ASCII whitespace. Callers in other modules
    /// reach this one, compiled here for an array, rather than the generic
    /// form, which they would run unspecialised: a protocol call per byte,
    /// 30 times the instructions, most of the cost of reading a CT log list.
    package static func decode(_ text: [UInt8]) throws(Failure) -> [UInt8] {
        try decode(text[...])
    }

    /// Decodes `text`, skipping ASCII whitespace.
    package static func decode<C: Collection>(_ text: C) throws(Failure) -> [UInt8] where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0
        var count = 0
        var padding = 0
        for (offset, byte) in text.enumerated() {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                guard padding <= 2 else { throw .invalidPadding }
                group <<= 6
                count += 1
            } else {
                guard padding == 0 else { throw .invalidPadding }
                guard let value = sextet(byte) else { throw .invalidCharacter(offset: offset) }
                group = (group << 6) | UInt32(value)
                count += 1
            }
            if count == 4 {
                out.append(UInt8(truncatingIfNeeded: group >> 16))
                if padding < 2 { out.append(UInt8(truncatingIfNeeded: group >> 8)) }
                if padding < 1 { out.append(UInt8(truncatingIfNeeded: group)) }
                if padding > 0 {
                    // The bits under the padding must be zero for one encoding per value.
                    let mask: UInt32 = padding == 1 ? 0xFF : 0xFFFF
                    guard group & mask == 0 else { throw .nonCanonical }
                }
                group = 0
                count = 0
                if padding > 0 { padding = 3 }  // nothing may follow a padded group
            }
        }
        guard count == 0 else { throw .invalidPadding }
        return out
    }

    /// Encodes `bytes` with padding, on one line.
    package static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(alphabet[Int(group >> 18 & 0x3F)])
            out.append(alphabet[Int(group >> 12 & 0x3F)])
            out.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 0x3F)])
            out.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 0x3F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
