/// A SHA-2 digest of up to 64 bytes, stored inline (no heap allocation).
public struct Digest: Sendable, RandomAccessCollection, Equatable, CustomStringConvertible {
    typealias Storage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// Big-endian words: byte i is byte (i % 8) of word i / 8, most significant first.
    var storage: Storage
    /// Length in bytes, at most 64.
    public let count: Int

    init(words: Storage, count: Int) {
        self.storage = words
        self.count = count
    }

    /// A digest from its bytes (up to 64), as read from a pin or a fingerprint.
    public init?<C: Collection>(bytes: C) where C.Element == UInt8 {
        guard bytes.count <= 64 else { return nil }
        var words: Storage = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            let word = raw.bindMemory(to: UInt64.self)
            for (i, byte) in bytes.enumerated() {
                // Byte i is byte (i % 8) of word i / 8, most significant first.
                word[i / 8] |= UInt64(byte) << UInt64(56 - (i % 8) * 8)
            }
        }
        self.init(words: words, count: bytes.count)
    }

    /// The same from a slice, eight bytes at a time: CT log lookups make one
    /// per SCT, and the generic form walks an enumerated sequence unspecialised
    /// across modules (≈ 50,000 instructions for 32 bytes).
    public init?(bytes: ArraySlice<UInt8>) {
        guard bytes.count <= 64 else { return nil }
        var words: Storage = (0, 0, 0, 0, 0, 0, 0, 0)
        bytes.withUnsafeBytes { input in
            Swift.withUnsafeMutableBytes(of: &words) { output in
                var offset = 0
                while offset + 8 <= input.count {
                    let word = UInt64(bigEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    output.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
                if offset < input.count {
                    var word: UInt64 = 0
                    for i in offset..<input.count { word |= UInt64(input[i]) << UInt64(56 - (i - offset) * 8) }
                    output.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                }
            }
        }
        self.init(words: words, count: bytes.count)
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// Equal to `count`.
    public var endIndex: Int { count }

    /// The byte at `position`, in digest order; traps outside `0..<count`.
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "digest index out of range")
        return Swift.withUnsafeBytes(of: storage) { words in
            let word = words.load(fromByteOffset: (position / 8) * 8, as: UInt64.self)
            return UInt8(truncatingIfNeeded: word >> UInt64(56 - (position % 8) * 8))
        }
    }

    /// Compares every byte whatever the first difference, so the time taken
    /// says nothing about where two digests differ.
    public static func == (lhs: Digest, rhs: Digest) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt64 = 0
        Swift.withUnsafeBytes(of: lhs.storage) { l in
            Swift.withUnsafeBytes(of: rhs.storage) { r in
                for i in 0..<8 {
                    let mask: UInt64 = i * 8 < lhs.count ? ~0 : 0
                    difference |= (l.load(fromByteOffset: i * 8, as: UInt64.self) ^ r.load(fromByteOffset: i * 8, as: UInt64.self)) & mask
                }
            }
        }
        return difference == 0
    }

    /// Whether this digest sorts before `other`, byte by byte as
    /// `lexicographicallyPrecedes` would, eight bytes at a time: a sorted
    /// table of digests (CT log IDs) is searched without walking bytes.
    /// Not constant-time; for public values only.
    public func precedes(_ other: Digest) -> Bool {
        Swift.withUnsafeBytes(of: storage) { l in
            Swift.withUnsafeBytes(of: other.storage) { r in
                let words = (Swift.min(count, other.count) + 7) / 8
                for i in 0..<words {
                    let a = l.load(fromByteOffset: i * 8, as: UInt64.self), b = r.load(fromByteOffset: i * 8, as: UInt64.self)
                    if a != b { return a < b }
                }
                return count < other.count
            }
        }
    }

    /// Lower-case hexadecimal.
    public var description: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Calls `body` with the digest's bytes in order, laid out in a copy on
    /// the stack: HMAC and PBKDF2 feed a digest back into a hash many
    /// thousands of times, and this way neither allocates.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var bigEndian = storage
        Swift.withUnsafeMutableBytes(of: &bigEndian) { raw in
            for i in 0..<8 {
                let word = raw.load(fromByteOffset: i * 8, as: UInt64.self)
                raw.storeBytes(of: word.bigEndian, toByteOffset: i * 8, as: UInt64.self)
            }
        }
        return Swift.withUnsafeBytes(of: &bigEndian) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Compares with bytes in constant time for their length.
    package func matches<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        guard bytes.count == count else { return false }
        var difference: UInt8 = 0
        for (i, byte) in bytes.enumerated() { difference |= byte ^ self[i] }
        return difference == 0
    }
}
