import PureX509

/// Finds the PEM blocks of a text that may arrive in pieces, so that a
/// 200 MB bundle is read with memory bounded by its largest block. Fed with `append`, closed with `finish`, asked with
/// `next`; the whole-file reader (`InputFile.blocks(in:)`) is one `append`
/// and one `finish`.
///
/// A BEGIN counts only at the start of a line (RFC 7468 §2), as in `PEM`;
/// a block with no END line ends the scan (nothing after it can be framed),
/// and so does a block that runs past `maximumBlockBytes`, since keeping
/// it would let one line of input take any amount of memory.
struct PEMScanner {
    enum Step {
        case block(InputFile.Block)
        /// Nothing can be decided before more text arrives.
        case needMore
        case done
    }

    /// Far above any certificate (the largest in the system bundle is about
    /// 2 KB of PEM) and large CRLs; small enough to bound memory.
    static let maximumBlockBytes = 16 << 20
    static let maximumLabelBytes = 256

    private static let begin = Array("-----BEGIN ".utf8), end = Array("-----END ".utf8), dashes = Array("-----".utf8)

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
    private(set) var blockCount = 0

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        // Keep one byte before `start`, for the line-start check of a BEGIN there.
        let keep = max(start - 1, 0)
        if keep > 0 && keep >= buffer.count / 2 {
            buffer.removeSubrange(0..<keep)
            dropped += keep
            start -= keep
        }
        buffer += chunk
    }

    mutating func finish() { finished = true }

    mutating func next() -> Step {
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
            // A block that spans several pieces resumes each search where the
            // last one stopped, less the longest END line (which may have
            // arrived cut in two), so a large block costs one pass over its
            // bytes, not one per piece.
            let endLine = Self.end.count + Self.maximumLabelBytes + Self.dashes.count
            let resume = pending.map { max($0 - dropped - endLine, labelStart) } ?? labelStart
            // Labels are short words (RFC 7468 §2); looking further for the
            // dashes that end one would rescan a hostile line on every piece.
            let labelEnd = Self.find(Self.dashes, in: buffer, from: labelStart, before: labelStart + Self.maximumLabelBytes)
            if labelEnd == nil && (finished || buffer.count >= labelStart + Self.maximumLabelBytes) {
                stopped = true
                blockCount += 1
                return .block(InputFile.Block(number: blockCount, label: label(labelStart, nil), der: .failure(.unterminated(block: blockCount))))
            }
            if let labelEnd, let endAt = Self.find(Self.end, in: buffer, from: max(labelEnd + Self.dashes.count, resume)),
               let closeAt = Self.find(Self.dashes, in: buffer, from: endAt + Self.end.count) {
                start = closeAt + Self.dashes.count
                pending = nil
                return .block(decode(Array(buffer[beginAt..<start]), label: label(labelStart, labelEnd)))
            }
            start = beginAt
            pending = dropped + buffer.count
            let number = blockCount + 1
            if buffer.count - beginAt > Self.maximumBlockBytes {
                stopped = true
                blockCount = number
                return .block(InputFile.Block(number: number, label: label(labelStart, labelEnd),
                                              der: .failure(.tooLarge(block: number, limit: Self.maximumBlockBytes))))
            }
            guard finished else { return .needMore }
            stopped = true
            blockCount = number
            return .block(InputFile.Block(number: number, label: label(labelStart, labelEnd), der: .failure(.unterminated(block: number))))
        }
        return .done
    }

    private func label(_ from: Int, _ to: Int?) -> String {
        String(decoding: buffer[from..<(to ?? from)], as: UTF8.self)
    }

    /// One complete block, decoded by `PEM` on its own so that one bad block
    /// cannot hide the others; its number is its place in the whole text.
    private mutating func decode(_ text: [UInt8], label: String) -> InputFile.Block {
        blockCount += 1
        let number = blockCount
        let der: Result<[UInt8], PEM.Failure>
        do {
            der = .success(try PEM.blocks(in: text, label: label).first?.der ?? [])
        } catch {
            der = .failure(Self.renumbered(error, number))
        }
        return InputFile.Block(number: number, label: label, der: der)
    }

    /// `PEM` numbers the one block it was given 1; give it back its place in the file.
    private static func renumbered(_ failure: PEM.Failure, _ number: Int) -> PEM.Failure {
        switch failure {
        case .invalidBase64: return .invalidBase64(block: number)
        case .invalidPadding: return .invalidPadding(block: number)
        case .mismatchedEnd: return .mismatchedEnd(block: number)
        case .unterminated: return .unterminated(block: number)
        case .headers: return .headers(block: number)
        case .tooLarge(_, let limit): return .tooLarge(block: number, limit: limit)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, before limit: Int = .max) -> Int? {
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
