/// PEM text (RFC 7468) to DER blocks.
///
/// Text outside blocks is ignored (explanations, `openssl x509 -text` dumps);
/// blocks with other labels are skipped unread; CRLF and LF are both line
/// ends. Inside a block of the requested label the base64 is strict and a
/// fault is an error naming the block's number (1-based, counting every
/// block in the text), because a damaged certificate must not vanish silently.
public enum PEM {
    /// Why a block of the wanted label did not decode; `block` is its number, from 1.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A character outside the base64 alphabet or a header line inside the block.
        case invalidBase64(block: Int)
        /// Base64 padding in the wrong place, a short last group, or non-zero bits under the padding.
        case invalidPadding(block: Int)
        /// The END line names another label than its BEGIN line.
        case mismatchedEnd(block: Int)
        /// The text ends inside the block.
        case unterminated(block: Int)
        /// RFC 1421 headers inside the block (`Proc-Type: 4,ENCRYPTED` and
        /// `DEK-Info`: a legacy encrypted private key), which RFC 7468 §2
        /// leaves out of the textual encoding and PureX509 does not read.
        case headers(block: Int)
        /// A reader that bounds its memory found no END line within `limit`
        /// bytes of the BEGIN line (no certificate comes near).
        case tooLarge(block: Int, limit: Int)

        public var description: String {
            switch self {
            case .invalidBase64(let block): return "PEM block \(block): invalid base64"
            case .invalidPadding(let block): return "PEM block \(block): invalid base64 padding"
            case .mismatchedEnd(let block): return "PEM block \(block): END label does not match BEGIN"
            case .unterminated(let block): return "PEM block \(block): no END line"
            case .headers(let block):
                return "PEM block \(block): has RFC 1421 headers (Proc-Type/DEK-Info: a legacy encrypted key); decrypt it first, or give the certificate or public key"
            case .tooLarge(let block, let limit): return "PEM block \(block): no END line within \(limit) bytes"
            }
        }
    }

    /// One decoded block of the wanted label.
    public struct Block: Sendable, Equatable {
        /// The block's number among all blocks of the text, from 1.
        public let number: Int
        /// The label of its BEGIN and END lines (`CERTIFICATE`, …).
        public let label: String
        /// The decoded base64 body, not yet parsed.
        public let der: [UInt8]
    }

    /// The `CERTIFICATE` blocks of `text`, decoded.
    public static func certificates(in text: [UInt8]) throws(Failure) -> [Block] {
        try blocks(in: text, label: "CERTIFICATE")
    }

    /// Whether `bytes` look like PEM rather than DER: a DER certificate starts
    /// with a SEQUENCE tag (0x30), which is `0` in ASCII, never `-----BEGIN`.
    public static func looksLikePEM(_ bytes: [UInt8]) -> Bool {
        find(Array("-----BEGIN ".utf8), in: bytes[...]) != nil
    }

    /// The blocks of `text` whose label is `label`, decoded.
    public static func blocks(in text: [UInt8], label wanted: String) throws(Failure) -> [Block] {
        let begin = Array("-----BEGIN ".utf8)
        let end = Array("-----END ".utf8)
        let dashes = Array("-----".utf8)
        let wantedBytes = Array(wanted.utf8)
        var result: [Block] = []
        var number = 0
        var rest = text[...]
        while let beginAt = find(begin, in: rest) {
            // A BEGIN line must start a line (RFC 7468 §2).
            if beginAt > text.startIndex && text[beginAt - 1] != 0x0A {
                rest = text[(beginAt + begin.count)...]
                continue
            }
            number += 1
            let labelStart = beginAt + begin.count
            guard let labelEnd = find(dashes, in: text[labelStart...]) else { throw .unterminated(block: number) }
            let label = text[labelStart..<labelEnd]
            let bodyStart = labelEnd + dashes.count
            guard let endAt = find(end, in: text[bodyStart...]) else { throw .unterminated(block: number) }
            let endLabelStart = endAt + end.count
            guard let endLabelEnd = find(dashes, in: text[endLabelStart...]) else { throw .unterminated(block: number) }
            guard text[endLabelStart..<endLabelEnd].elementsEqual(label) else { throw .mismatchedEnd(block: number) }
            if label.elementsEqual(wantedBytes) {
                do throws(Base64.Failure) {
                    let der = try Base64.decode(text[bodyStart..<endAt])
                    result.append(Block(number: number, label: wanted, der: der))
                } catch .invalidCharacter {
                    throw hasHeaderLine(text[bodyStart..<endAt]) ? .headers(block: number) : .invalidBase64(block: number)
                } catch {
                    throw .invalidPadding(block: number)
                }
            }
            rest = text[(endLabelEnd + dashes.count)...]
        }
        return result
    }

    /// Whether a line of the body is an RFC 1421 header (`Name: value`, a
    /// colon and a space, which base64 never holds).
    private static func hasHeaderLine(_ body: ArraySlice<UInt8>) -> Bool {
        body.split(separator: 0x0A).contains { line in
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line.index(after: colon) < line.endIndex, line[line.index(after: colon)] == 0x20 else { return false }
            return line[line.startIndex..<colon].allSatisfy { byte in
                (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count, let first = needle.first else { return nil }
        var i = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
