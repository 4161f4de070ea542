import DER

// Real exporters write the PFX container in BER: Windows and Keychain use
// indefinite lengths and cut OCTET STRINGs into constructed segments, and
// OpenSSL reads such files. The strict DER reader is kept for what must be
// DER (certificates, private keys): this file rewrites one BER structure as
// the DER-shaped bytes the rest of the module reads — definite minimal
// lengths, constructed strings joined into one primitive string — and leaves
// every primitive value's octets untouched. A certificate sits inside an
// OCTET STRING, so its bytes pass through opaque and are parsed as DER later.
//
// Work is bounded by the input: each byte is copied once per level of
// nesting, and nesting is limited by `PKCS12Limits.maximumNesting`.

enum BERTranscoder {
    /// The DER-shaped form of the one BER element that fills `input`.
    static func transcode(_ input: ArraySlice<UInt8>, maximumDepth: Int) throws(DERError) -> [UInt8] {
        var reader = Reader(bytes: input, position: input.startIndex, maximumDepth: maximumDepth)
        let element = try reader.element(depth: 0)
        guard reader.position == input.endIndex else { throw DERError(.trailingBytes, at: reader.offset) }
        return element.encoded()
    }

    /// One transcoded element: its tag and its content, already DER-shaped.
    struct Element {
        let tag: UInt8
        let content: [UInt8]

        func encoded() -> [UInt8] {
            var out: [UInt8] = [tag]
            BERTranscoder.appendLength(content.count, to: &out)
            out += content
            return out
        }
    }

    /// X.690 §10.1: the definite form in the fewest octets.
    static func appendLength(_ length: Int, to out: inout [UInt8]) {
        if length < 0x80 {
            out.append(UInt8(length))
            return
        }
        var octets: [UInt8] = []
        var rest = UInt64(length)
        while rest > 0 {
            octets.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        out.append(0x80 | UInt8(octets.count))
        out += octets.reversed()
    }

    /// Universal string types (X.690 §8.7, §8.23) whose constructed form is joined into one primitive value.
    static func isJoinableString(_ tag: UInt8) -> Bool {
        switch tag & 0x1F {
        case 4, 12, 19, 20, 22, 26, 28, 30: return tag & 0xC0 == 0
        default: return false
        }
    }

    struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int
        let maximumDepth: Int

        /// Offset from the start of this structure, as errors report it.
        var offset: Int { position - bytes.startIndex }

        mutating func byte() throws(DERError) -> UInt8 {
            guard position < bytes.endIndex else { throw DERError(.truncated, at: offset) }
            defer { position += 1 }
            return bytes[position]
        }

        /// Whether the next two octets are end-of-contents (X.690 §8.1.5); consumes them if so.
        mutating func endOfContents() -> Bool {
            guard bytes.endIndex - position >= 2, bytes[position] == 0, bytes[position + 1] == 0 else { return false }
            position += 2
            return true
        }

        mutating func element(depth: Int) throws(DERError) -> Element {
            let start = offset
            guard depth <= maximumDepth else { throw DERError(.nestingTooDeep, at: start) }
            let tag = try byte()
            // X.690 §8.1.5: end-of-contents may only close an indefinite value.
            guard tag != 0 else { throw DERError(.unexpectedTag, at: start) }
            // X.690 §8.1.2.4: PKCS #12 never needs tag numbers of 31 or more.
            guard tag & 0x1F != 0x1F else { throw DERError(.highTagNumber, at: start) }
            let first = try byte()
            let constructed = tag & 0x20 != 0
            var length: Int? = nil
            if first < 0x80 {
                length = Int(first)
            } else if first == 0x80 {
                guard constructed else { throw DERError(.indefinitePrimitive, at: start) }
            } else {
                let count = Int(first & 0x7F)
                guard count <= 4 else { throw DERError(.lengthFieldTooLong, at: start) }
                var wide: UInt64 = 0
                for _ in 0..<count { wide = (wide << 8) | UInt64(try byte()) }
                guard wide <= UInt64(bytes.endIndex - position) else { throw DERError(.lengthPastEnd, at: start) }
                length = Int(wide)
            }
            if let length {
                guard length <= bytes.endIndex - position else { throw DERError(.lengthPastEnd, at: start) }
            }
            guard constructed else {
                let end = position + (length ?? 0)
                defer { position = end }
                return Element(tag: tag, content: Array(bytes[position..<end]))
            }
            let end = length.map { position + $0 }
            let joining = BERTranscoder.isJoinableString(tag)
            var content: [UInt8] = []
            while true {
                if let end {
                    if position == end { break }
                    guard position < end else { throw DERError(.lengthPastEnd, at: start) }
                } else {
                    if endOfContents() { break }
                    guard position < bytes.endIndex else { throw DERError(.missingEndOfContents, at: start) }
                }
                let childStart = offset
                let child = try element(depth: depth + 1)
                if let end, position > end { throw DERError(.lengthPastEnd, at: childStart) }
                if joining {
                    // X.690 §8.7.3.2: each segment is a string of the same type.
                    guard child.tag & ~0x20 == tag & ~0x20 else { throw DERError(.mixedStringSegments, at: childStart) }
                    content += child.content
                } else {
                    content += child.encoded()
                }
            }
            return Element(tag: joining ? tag & ~0x20 : tag, content: content)
        }
    }
}
