// DERReader: the one forward-only cursor every parser in PureX509 uses.
//
// It reads a borrowed buffer (valid only inside the `withUnsafeBufferPointer`
// call that produced it) and returns positions, never copies: every result is
// a `Range<Int>` of absolute offsets into that buffer, so a certificate can
// keep ranges into its single DER array. All offset arithmetic is checked
// against `end` before any byte is read; no input can make it trap.
//
// The buffer itself stays internal to DER (`@usableFromInline`, so that the
// reader's inlined bodies can use it; no other module can name it):
// `UnsafeBufferPointer`'s subscript is bounds-checked only in debug builds,
// so every read — here and in every module above — goes through
// `subscript(offset:)`, `copy(_:)` or `bytes(_:equal:)`, which check the
// offset against the buffer in release builds too. A logic error in a parser
// then stops the process instead of reading memory outside the certificate
// (docs/security.md, "Bounds").

/// A cursor over `buffer[position..<end]`.
@usableFromInline package struct DERReader {
    /// Constructed values nested deeper than this are refused. A certificate
    /// needs about 13 levels at most (Certificate › TBS › [3] › Extensions ›
    /// Extension › OCTET STRING › NameConstraints › subtrees › GeneralSubtree ›
    /// [4] › Name › RDN › AttributeTypeAndValue); 32 leaves room for any real
    /// structure while bounding recursion an attacker could ask for.
    @inlinable package static var maximumDepth: Int { 32 }

    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
    /// Storage of `position`; settable inside the module only.
    @usableFromInline var _position: Int
    /// Absolute offset of the next unread byte.
    @inlinable package var position: Int { _position }
    /// Absolute offset one past the last byte this reader may read.
    @usableFromInline package let end: Int
    /// How many constructed elements enclose this reader's range; at most `maximumDepth`.
    @usableFromInline package let depth: Int

    /// A reader over the whole buffer.
    @inlinable package init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        self._position = 0
        self.end = buffer.count
        self.depth = 0
    }

    /// A reader over `range` of `buffer`, clamped to the buffer so that a
    /// stale range can only read less, never out of bounds.
    @inlinable package init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, depth: Int = 0) {
        let upper = min(max(range.upperBound, 0), buffer.count)
        self.buffer = buffer
        self._position = min(max(range.lowerBound, 0), upper)
        self.end = upper
        self.depth = depth
    }

    /// Runs `body` on a reader over `bytes`, then refuses trailing bytes.
    @inlinable package static func parse<T>(
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

    /// Whether every byte up to `end` has been consumed.
    @inlinable package var isAtEnd: Bool { position >= end }

    /// The byte at an absolute offset that an earlier read returned,
    /// checked against the buffer in every build.
    @inlinable @inline(__always)
    package subscript(offset: Int) -> UInt8 {
        // One unsigned comparison covers negative offsets too.
        precondition(UInt(bitPattern: offset) < UInt(bitPattern: buffer.count), "DERReader: offset outside the buffer")
        return buffer[offset]
    }

    /// The bytes at `range`, checked against the buffer once in every
    /// build; walking them with their iterator needs no further check.
    @inlinable package func bytes(in range: Range<Int>) -> DERBytes {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "DERReader: range outside the buffer")
        return DERBytes(base: UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// A copy of the bytes at `range` (an OID, a name attribute's value).
    @inlinable package func copy(_ range: Range<Int>) -> [UInt8] { Array(bytes(in: range).base) }

    /// A reader over `range` of the same buffer (clamped to it), at `depth`
    /// or, by default, at this reader's depth.
    @inlinable package func reader(over range: Range<Int>, depth: Int? = nil) -> DERReader {
        DERReader(buffer, range: range, depth: depth ?? self.depth)
    }

    /// Runs `body` on a reader over `range` of `bytes` (the whole array by
    /// default); the reader is valid only inside the call.
    @inlinable package static func withReader<T, E: Error>(
        over bytes: [UInt8], range: Range<Int>? = nil, _ body: (inout DERReader) throws(E) -> T
    ) throws(E) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) -> T in
            var reader = DERReader(buffer, range: range ?? 0..<buffer.count)
            return try body(&reader)
        }
    }

    /// Runs `body` on a reader over `bytes`, whose offsets count from the
    /// slice's first byte (0), not from its position in a larger array.
    @inlinable package static func withReader<T, E: Error>(
        over bytes: ArraySlice<UInt8>, _ body: (inout DERReader) throws(E) -> T
    ) throws(E) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) -> T in
            var reader = DERReader(buffer)
            return try body(&reader)
        }
    }

    /// The tag of the next element, without consuming it.
    @inlinable package func peekTag() -> DERTag? {
        position < end ? DERTag(rawValue: self[position]) : nil
    }

    /// Reads one element's header and skips over its content.
    @inlinable package mutating func readElement() throws(DERError) -> DERElement {
        let start = position
        guard position < end else { throw DERError(.truncated, at: start) }
        // The unread bytes, checked against the buffer once; the guards below
        // compare with `rest.count`, the same bound its checked subscript
        // uses, so the optimiser folds the per-byte checks into them.
        let rest = bytes(in: position..<end)
        let tagByte = rest[0]
        // X.690 §8.1.2.4: tag number 31 in the low bits announces the high form.
        guard tagByte & 0x1F != 0x1F else { throw DERError(.highTagNumber, at: start) }
        guard rest.count > 1 else { throw DERError(.truncated, at: start) }
        let first = rest[1]
        var header = 2
        var length: Int
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            // X.690 §10.1: 0x80 would be the indefinite form, which DER forbids.
            guard count != 0 else { throw DERError(.indefiniteLength, at: start) }
            guard count <= 4 else { throw DERError(.lengthFieldTooLong, at: start) }
            guard rest.count - header >= count else { throw DERError(.truncated, at: start) }
            // X.690 §10.1: minimal octets means no leading zero octet and no
            // long form for a length the short form could carry.
            guard rest[header] != 0 else { throw DERError(.nonMinimalLength, at: start) }
            // Accumulated in UInt64: four octets overflow a 32-bit Int
            // (wasm32), where `Int` shifts would wrap to a negative length.
            var wide: UInt64 = 0
            for i in header..<(header + count) { wide = (wide << 8) | UInt64(rest[i]) }
            header += count
            guard wide >= 0x80 else { throw DERError(.nonMinimalLength, at: start) }
            guard wide <= UInt64(rest.count - header) else { throw DERError(.lengthPastEnd, at: start) }
            length = Int(wide)
        }
        guard length <= rest.count - header else { throw DERError(.lengthPastEnd, at: start) }
        let content = start + header
        _position = content + length
        return DERElement(tag: DERTag(rawValue: tagByte), start: start, value: content..<(content + length))
    }

    /// Reads one element and requires its tag.
    @inlinable package mutating func read(_ tag: DERTag) throws(DERError) -> DERElement {
        let start = position
        let element = try readElement()
        guard element.tag == tag else {
            _position = start
            throw DERError(.unexpectedTag, at: start)
        }
        return element
    }

    /// Reads the next element only when it carries `tag`.
    @inlinable package mutating func readIfPresent(_ tag: DERTag) throws(DERError) -> DERElement? {
        guard peekTag() == tag else { return nil }
        return try readElement()
    }

    /// A reader over a constructed element's content, one level deeper.
    @inlinable package func nested(_ element: DERElement) throws(DERError) -> DERReader {
        guard depth < DERReader.maximumDepth else { throw DERError(.nestingTooDeep, at: element.start) }
        return DERReader(buffer, range: element.value, depth: depth + 1)
    }

    /// Reads an element with `tag`, hands its content to `body`, and refuses
    /// content that `body` left unread (webpki's `nested`, cryptobyte's `ReadASN1`).
    @inlinable package mutating func readNested<T>(
        _ tag: DERTag, _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        let element = try read(tag)
        var inner = try nested(element)
        let value = try body(&inner)
        try inner.expectEnd()
        return value
    }

    /// Refuses anything left between the cursor and the end.
    @inlinable package func expectEnd() throws(DERError) {
        guard position >= end else { throw DERError(.trailingBytes, at: position) }
    }

    /// Whether the bytes at `range` equal `expected`; false for a range
    /// that is not inside the buffer.
    @inlinable package func bytes(_ range: Range<Int>, equal expected: [UInt8]) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count, range.count == expected.count else { return false }
        return DERBytes.equal(bytes(in: range).base, expected)
    }

    /// Whether two ranges of the buffer hold the same bytes; false when
    /// either is not inside the buffer.
    @inlinable package func bytes(_ lhs: Range<Int>, equal rhs: Range<Int>) -> Bool {
        guard lhs.count == rhs.count, lhs.lowerBound >= 0, rhs.lowerBound >= 0,
              lhs.upperBound <= buffer.count, rhs.upperBound <= buffer.count else { return false }
        return DERBytes.equal(bytes(in: lhs).base, bytes(in: rhs).base)
    }
}

/// A range of a reader's buffer, checked once when the reader made it.
/// Iteration stops at its own end, so a loop over it cannot read outside
/// the range; the subscript checks each index.
@usableFromInline package struct DERBytes: Sequence {
    @usableFromInline let base: UnsafeBufferPointer<UInt8>

    @inlinable @inline(__always)
    init(base: UnsafeBufferPointer<UInt8>) { self.base = base }

    /// Number of bytes in the range.
    @inlinable package var count: Int { base.count }
    /// The range's first byte, or nil when it is empty.
    @inlinable package var first: UInt8? { base.first }

    /// The byte at `index`, counted from the range's start (0); traps outside the range in every build.
    @inlinable @inline(__always)
    package subscript(index: Int) -> UInt8 {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count), "DERBytes: index outside the range")
        return base[index]
    }

    /// Walks the bytes in order and stops at the range's end.
    @inlinable package func makeIterator() -> UnsafeBufferPointer<UInt8>.Iterator { base.makeIterator() }

    /// Byte equality; every index is below both counts, so no read strays.
    @inlinable
    static func equal<B: RandomAccessCollection<UInt8>>(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: B) -> Bool where B.Index == Int {
        guard lhs.count == rhs.count else { return false }
        var j = rhs.startIndex
        for i in 0..<lhs.count {
            if lhs[i] != rhs[j] { return false }
            j += 1
        }
        return true
    }
}
