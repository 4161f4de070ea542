/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): the tests' one source of pseudo-random input.
///
/// Seeded, so a failure reproduces from the seed in the test; a few lines, so
/// the same sequence is easy to write in Python, where some expected values
/// (the Ed25519 random-input counts) were computed. Not for secrets.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `words` outputs as bytes, each word least significant byte first: the
    /// order the Python twin of the Ed25519 random-input tests writes them in.
    public mutating func bytes(words: Int) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<words {
            let word = next()
            for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(i)))) }
        }
        return out
    }
}
