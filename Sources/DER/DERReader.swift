// DERReader: the one forward-only cursor every parser in PureX509 uses.
//
// It reads a borrowed buffer (valid only inside the `withUnsafeBufferPointer`
// call that produced it) and returns positions, never copies: every result is
// a `Range<Int>` of absolute offsets into that buffer, so a certificate can
// keep ranges into its single DER array. All offset arithmetic is checked
// against `end` before any byte is read; no input can make it trap.

/// A cursor over `buffer[position..<end]`.
public struct DERReader {
    /// Constructed values nested deeper than this are refused. A certificate
    /// needs about 13 levels at most (Certificate › TBS › [3] › Extensions ›
    /// Extension › OCTET STRING › NameConstraints › subtrees › GeneralSubtree ›
    /// [4] › Name › RDN › AttributeTypeAndValue); 32 leaves room for any real
    /// structure while bounding recursion an attacker could ask for.
    public static let maximumDepth = 32

    public let buffer: UnsafeBufferPointer<UInt8>
    public private(set) var position: Int
    public let end: Int
    public let depth: Int

    /// A reader over the whole buffer.
    public init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        self.position = 0
        self.end = buffer.count
        self.depth = 0
    }

    /// A reader over `range` of `buffer`, clamped to the buffer so that a
    /// stale range can only read less, never out of bounds.
    public init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, depth: Int = 0) {
        let upper = min(max(range.upperBound, 0), buffer.count)
        self.buffer = buffer
        self.position = min(max(range.lowerBound, 0), upper)
        self.end = upper
        self.depth = depth
    }

    /// Runs `body` on a reader over `bytes`, then refuses trailing bytes.
    public static func parse<T>(
        _ bytes: [UInt8], _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        var failure: DERError? = nil
        let result: T? = bytes.withUnsafeBufferPointer { buffer in
            var reader = DERReader(buffer)
            do throws(DERError) {
                let value = try body(&reader)
                try reader.expectEnd()
                return value
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        guard let result else { throw DERError(.truncated, at: 0) }
        return result
    }

    public var isAtEnd: Bool { position >= end }

    /// The byte at an absolute offset that an earlier read returned.
    @inline(__always)
    public subscript(offset: Int) -> UInt8 { buffer[offset] }

    /// The tag of the next element, without consuming it.
    public func peekTag() -> DERTag? {
        position < end ? DERTag(rawValue: buffer[position]) : nil
    }

    /// Reads one element's header and skips over its content.
    public mutating func readElement() throws(DERError) -> DERElement {
        let start = position
        guard position < end else { throw DERError(.truncated, at: start) }
        let tagByte = buffer[position]
        // X.690 §8.1.2.4: tag number 31 in the low bits announces the high form.
        guard tagByte & 0x1F != 0x1F else { throw DERError(.highTagNumber, at: start) }
        var cursor = position + 1
        guard cursor < end else { throw DERError(.truncated, at: start) }
        let first = buffer[cursor]
        cursor += 1
        var length: Int
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            // X.690 §10.1: 0x80 would be the indefinite form, which DER forbids.
            guard count != 0 else { throw DERError(.indefiniteLength, at: start) }
            guard count <= 4 else { throw DERError(.lengthFieldTooLong, at: start) }
            guard end - cursor >= count else { throw DERError(.truncated, at: start) }
            // X.690 §10.1: minimal octets means no leading zero octet and no
            // long form for a length the short form could carry.
            guard buffer[cursor] != 0 else { throw DERError(.nonMinimalLength, at: start) }
            // Accumulated in UInt64: four octets overflow a 32-bit Int
            // (wasm32), where `Int` shifts would wrap to a negative length.
            var wide: UInt64 = 0
            for i in 0..<count { wide = (wide << 8) | UInt64(buffer[cursor + i]) }
            cursor += count
            guard wide >= 0x80 else { throw DERError(.nonMinimalLength, at: start) }
            guard wide <= UInt64(end - cursor) else { throw DERError(.lengthPastEnd, at: start) }
            length = Int(wide)
        }
        guard length <= end - cursor else { throw DERError(.lengthPastEnd, at: start) }
        position = cursor + length
        return DERElement(tag: DERTag(rawValue: tagByte), start: start, value: cursor..<(cursor + length))
    }

    /// Reads one element and requires its tag.
    public mutating func read(_ tag: DERTag) throws(DERError) -> DERElement {
        let start = position
        let element = try readElement()
        guard element.tag == tag else {
            position = start
            throw DERError(.unexpectedTag, at: start)
        }
        return element
    }

    /// Reads the next element only when it carries `tag`.
    public mutating func readIfPresent(_ tag: DERTag) throws(DERError) -> DERElement? {
        guard peekTag() == tag else { return nil }
        return try readElement()
    }

    /// A reader over a constructed element's content, one level deeper.
    public func nested(_ element: DERElement) throws(DERError) -> DERReader {
        guard depth < DERReader.maximumDepth else { throw DERError(.nestingTooDeep, at: element.start) }
        return DERReader(buffer, range: element.value, depth: depth + 1)
    }

    /// Reads an element with `tag`, hands its content to `body`, and refuses
    /// content that `body` left unread (webpki's `nested`, cryptobyte's `ReadASN1`).
    public mutating func readNested<T>(
        _ tag: DERTag, _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        let element = try read(tag)
        var inner = try nested(element)
        let value = try body(&inner)
        try inner.expectEnd()
        return value
    }

    /// Refuses anything left between the cursor and the end.
    public func expectEnd() throws(DERError) {
        guard position >= end else { throw DERError(.trailingBytes, at: position) }
    }

    /// Whether the bytes at `range` equal `expected`; false for a range
    /// that is not inside the buffer.
    public func bytes(_ range: Range<Int>, equal expected: [UInt8]) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count, range.count == expected.count else { return false }
        var i = 0
        for offset in range {
            if buffer[offset] != expected[i] { return false }
            i += 1
        }
        return true
    }
}
