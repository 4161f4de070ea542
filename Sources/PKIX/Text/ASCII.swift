/// ASCII case folding on bytes. Host names, pins and name comparisons in
/// the core are ASCII by rule, and `String.lowercased()` would pull the
/// Unicode tables into Embedded builds.
@usableFromInline package enum ASCII {
    /// `byte` with A–Z mapped to a–z; every other byte, non-ASCII included, unchanged.
    @inlinable @inline(__always)
    @usableFromInline package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }

    /// A copy of `bytes` with A–Z mapped to a–z, byte by byte.
    @inlinable
    @usableFromInline package static func lowercased<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        bytes.map(lowercased)
    }

    /// Equality under ASCII case folding, without building either string.
    @inlinable
    @usableFromInline package static func equalIgnoringCase<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        a.count == b.count && zip(a, b).allSatisfy { lowercased($0) == lowercased($1) }
    }
}
