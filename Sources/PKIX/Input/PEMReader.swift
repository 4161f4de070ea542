/// The one PEM reader (RFC 7468): finds and decodes the blocks of a text
/// that may arrive in pieces, so that a 200 MB bundle is read with memory
/// bounded by its largest block. Fed with `append`, closed with `finish`,
/// asked with `next`; a whole text is one `append` and one `finish`
/// (`PEMReader.blocks(in:)`).
///
/// Every block is reported, whatever its label, with its number among all
/// blocks of the text (from 1) and the byte offset of its BEGIN line, and
/// is decoded on its own, so that a damaged second block is blamed on block
/// 2 and the valid first block is kept. Text outside blocks is ignored
/// (explanations, `openssl x509 -text` dumps); CRLF and LF both end lines.
/// A BEGIN counts only at the start of a line (RFC 7468 §2). A block with no
/// END line ends the scan (nothing after it can be framed), and so does a
/// block that runs past `maximumBlockBytes` or a label longer than
/// `maximumLabelBytes`, since keeping either would let one line of input
/// take any amount of memory.
package struct PEMReader: Sendable {
    /// One block: where it is and what it decoded to.
    package struct Block: Sendable, Equatable {
        /// Its number among every block of the text, from 1.
        package let number: Int
        /// The byte offset of its `-----BEGIN` in the whole text.
        package let offset: Int
        /// The label of its BEGIN line (`CERTIFICATE`, `X509 CRL`, …), as
        /// read (invalid UTF-8 shown as U+FFFD).
        package let label: String
        /// The decoded base64 body, or why the block is unusable (the
        /// failure carries the same block number).
        package let der: Result<[UInt8], PEM.Failure>

        /// A block as the reader reports it.
        package init(number: Int, offset: Int, label: String, der: Result<[UInt8], PEM.Failure>) {
            self.number = number
            self.offset = offset
            self.label = label
            self.der = der
        }

        /// Whether the label is `wanted`, byte for byte.
        package func hasLabel(_ wanted: String) -> Bool { label.utf8.elementsEqual(wanted.utf8) }
    }

    /// What `next()` found.
    package enum Step: Sendable {
        /// The next block, complete.
        case block(Block)
        /// Nothing can be decided before more text arrives.
        case needMore
        /// The text is finished and every block was reported.
        case done
    }

    /// Far above any certificate (the largest in the system bundle is about
    /// 2 KB of PEM) and large CRLs; small enough to bound memory.
    package static let maximumBlockBytes = 16 << 20
    /// Labels are short words (RFC 7468 §2).
    package static let maximumLabelBytes = 256

    private static let begin = Array("-----BEGIN ".utf8), end = Array("-----END ".utf8), dashes = Array("-----".utf8)

    private let blockLimit: Int
    private let labelLimit: Int
    private var buffer: [UInt8] = []
    /// The first byte not yet consumed; the byte before it stays in the buffer for the line-start check.
    private var start = 0
    /// Bytes dropped from the front of `buffer` so far.
    private var dropped = 0
    private var finished = false
    private var stopped = false
    /// For a block begun at `start` but not yet ended: how far (counted from
    /// the start of the text) its searches have looked.
    private var pending: Int? = nil
    /// Blocks reported so far.
    package private(set) var blockCount = 0

    /// A reader bounded by `maximumBlockBytes` and `maximumLabelBytes`;
    /// `Int.max` for either reads a text already whole in memory without
    /// that bound.
    package init(maximumBlockBytes: Int = PEMReader.maximumBlockBytes, maximumLabelBytes: Int = PEMReader.maximumLabelBytes) {
        blockLimit = maximumBlockBytes
        labelLimit = maximumLabelBytes
    }

    /// Every block of a whole text, in order (bounded as the default reader is).
    package static func blocks(in text: [UInt8]) -> [Block] {
        var reader = PEMReader()
        return reader.readAll(text)
    }

    /// Every block of `text`, given whole: one `append`, one `finish`.
    package mutating func readAll(_ text: [UInt8]) -> [Block] {
        append(text[...])
        finish()
        var result: [Block] = []
        while case .block(let block) = next() { result.append(block) }
        return result
    }

    /// Adds the next piece of the text.
    package mutating func append(_ chunk: ArraySlice<UInt8>) {
        // Keep one byte before `start`, for the line-start check of a BEGIN there.
        let keep = max(start - 1, 0)
        if keep > 0 && keep >= buffer.count / 2 {
            buffer.removeSubrange(0..<keep)
            dropped += keep
            start -= keep
        }
        buffer += chunk
    }

    /// Says the text has ended: a block still open is then reported as unterminated.
    package mutating func finish() { finished = true }

    /// The next block, or whether more text is needed or the text is done.
    package mutating func next() -> Step {
        while !stopped {
            guard let beginAt = Self.find(Self.begin, in: buffer, from: start) else {
                if finished { return .done }
                // Keep the tail that could be the first bytes of a BEGIN line.
                start = max(start, buffer.count - Self.begin.count + 1)
                return .needMore
            }
            let atLineStart = beginAt == 0 ? dropped == 0 : buffer[beginAt - 1] == 0x0A
            guard atLineStart else {
                start = beginAt + Self.begin.count
                continue
            }
            let labelStart = beginAt + Self.begin.count
            let labelBound = Self.adding(labelStart, labelLimit)
            // A block that spans several pieces resumes each search where the
            // last one stopped, less the longest END line (which may have
            // arrived cut in two), so a large block costs one pass over its
            // bytes, not one per piece.
            let endLine = Self.adding(Self.end.count + Self.dashes.count, labelLimit)
            let resume = pending.map { $0 - dropped > endLine ? max($0 - dropped - endLine, labelStart) : labelStart } ?? labelStart
            // Looking further than a label's bound for the dashes that end
            // it would rescan a hostile line on every piece.
            let labelEnd = Self.find(Self.dashes, in: buffer, from: labelStart, before: labelBound)
            if labelEnd == nil && (finished || buffer.count >= labelBound) {
                return stop(beginAt, labelStart, nil) { .unterminated(block: $0) }
            }
            if let labelEnd, let endAt = Self.find(Self.end, in: buffer, from: max(labelEnd + Self.dashes.count, resume)),
               let closeAt = Self.find(Self.dashes, in: buffer, from: endAt + Self.end.count) {
                start = closeAt + Self.dashes.count
                pending = nil
                blockCount += 1
                return .block(Block(number: blockCount, offset: dropped + beginAt, label: label(labelStart, labelEnd),
                                    der: decode(label: labelStart..<labelEnd, body: labelEnd + Self.dashes.count..<endAt,
                                                endLabel: endAt + Self.end.count..<closeAt)))
            }
            start = beginAt
            pending = dropped + buffer.count
            if buffer.count - beginAt > blockLimit {
                let limit = blockLimit
                return stop(beginAt, labelStart, labelEnd) { .tooLarge(block: $0, limit: limit) }
            }
            guard finished else { return .needMore }
            return stop(beginAt, labelStart, labelEnd) { .unterminated(block: $0) }
        }
        return .done
    }

    /// The last block: one that cannot be framed, after which nothing can.
    private mutating func stop(_ beginAt: Int, _ labelStart: Int, _ labelEnd: Int?, _ failure: (Int) -> PEM.Failure) -> Step {
        stopped = true
        blockCount += 1
        return .block(Block(number: blockCount, offset: dropped + beginAt, label: label(labelStart, labelEnd),
                            der: .failure(failure(blockCount))))
    }

    private func label(_ from: Int, _ to: Int?) -> String {
        String(decoding: buffer[from..<(to ?? from)], as: UTF8.self)
    }

    /// One framed block's body, strictly: the END label must repeat the
    /// BEGIN label, and the base64 must be canonical.
    private func decode(label: Range<Int>, body: Range<Int>, endLabel: Range<Int>) -> Result<[UInt8], PEM.Failure> {
        guard buffer[endLabel].elementsEqual(buffer[label]) else { return .failure(.mismatchedEnd(block: blockCount)) }
        do throws(Base64.Failure) {
            return .success(try Base64.decode(buffer[body]))
        } catch .invalidCharacter {
            return .failure(Self.hasHeaderLine(buffer[body]) ? .headers(block: blockCount) : .invalidBase64(block: blockCount))
        } catch {
            return .failure(.invalidPadding(block: blockCount))
        }
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

    /// `a + b`, or `Int.max` where that would overflow (an unbounded limit).
    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, before limit: Int = .max) -> Int? {
        let last = min(haystack.count, limit) - needle.count
        guard let first = needle.first, start >= 0, start <= last else { return nil }
        var i = start
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
