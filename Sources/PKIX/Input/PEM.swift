/// PEM text (RFC 7468) to the DER of blocks of one label, for callers that
/// want one kind of block and all or nothing: a reading of `PEMReader`'s
/// blocks, unbounded since the text is already in memory.
///
/// Blocks with other labels are skipped unread; inside a block of the
/// requested label the base64 is strict and a fault is an error naming the
/// block's number (1-based, counting every block in the text), because a
/// damaged certificate must not vanish silently. A block that cannot be
/// framed (no END line, an END of another label) is an error whatever its
/// label, since the blocks after it cannot be trusted to be framed either.
public enum PEM {
    /// Why a block did not decode; `block` is its number, from 1.
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

        /// Whether the block could not be framed at all, which spoils the
        /// text whatever the block's label (its base64 is only judged when
        /// its label is wanted).
        var isFraming: Bool {
            switch self {
            case .mismatchedEnd, .unterminated, .tooLarge: return true
            case .invalidBase64, .invalidPadding, .headers: return false
            }
        }
    }

    /// One decoded block of the wanted label.
    public struct Block: Sendable, Equatable {
        /// The block's number among all blocks of the text, from 1.
        package let number: Int
        /// The label of its BEGIN and END lines (`CERTIFICATE`, …).
        package let label: String
        /// The decoded base64 body, not yet parsed.
        public let der: [UInt8]
    }

    /// The `CERTIFICATE` blocks of `text`, decoded.
    public static func certificates(in text: [UInt8]) throws(Failure) -> [Block] {
        try blocks(in: text, label: "CERTIFICATE")
    }

    /// Whether `bytes` look like PEM rather than DER: a DER certificate starts
    /// with a SEQUENCE tag (0x30), which is `0` in ASCII, never `-----BEGIN`.
    package static func looksLikePEM(_ bytes: [UInt8]) -> Bool {
        PEMReader.find(Array("-----BEGIN ".utf8), in: bytes, from: 0) != nil
    }

    /// The blocks of `text` whose label is `label`, decoded.
    package static func blocks(in text: [UInt8], label wanted: String) throws(Failure) -> [Block] {
        var reader = PEMReader(maximumBlockBytes: .max, maximumLabelBytes: .max)
        var result: [Block] = []
        for block in reader.readAll(text) {
            switch block.der {
            case .failure(let failure) where failure.isFraming || block.hasLabel(wanted): throw failure
            case .success(let der) where block.hasLabel(wanted): result.append(Block(number: block.number, label: wanted, der: der))
            case .success, .failure: continue
            }
        }
        return result
    }
}
