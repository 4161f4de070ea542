/// SHA-1 (FIPS 180-4 §6.1), for verifying legacy signatures when a caller
/// asks for it by name. Collisions are practical (SHAttered, 2017), so
/// nothing in PureX509 uses it by default and `HashAlgorithm` leaves it out.
public struct InsecureSHA1: HashFunction {
    /// Digest length: 20 bytes (160 bits).
    public static let digestSize = 20
    /// Block length: 64 bytes (512 bits).
    public static let blockSize = 64

    var hash = MerkleDamgard<Compression>(state: (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0))

    /// A SHA-1 state with an empty message.
    public init() {}

    /// Appends `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    /// The 20-byte digest of everything appended so far; the state is left as it was.
    public func finalize() -> Digest {
        let s = hash.finalState()
        return Digest(words: (UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
                              UInt64(s.4) << 32, 0, 0, 0, 0, 0), count: 20)
    }

    enum Compression: CompressionFunction {
        typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32)
        static let blockSize = 64
        static let lengthSize = 8

        @inline(__always) static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &<< n) | (x &>> (32 &- n)) }

        static func compress(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
            // The schedule as a ring of sixteen words on the stack (§6.1.3's
            // alternative method), so hashing allocates nothing.
            var ring: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
                       UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &ring) { raw in
                let w = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for block in 0..<count {
                    let input = blocks + block * 64
                    for t in 0..<16 { w[t] = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self)) }
                    var (a, b, c, d, e) = state
                    for t in 0..<80 {
                        if t >= 16 {
                            w[t & 15] = rotl(w[(t - 3) & 15] ^ w[(t - 8) & 15] ^ w[(t - 14) & 15] ^ w[t & 15], 1)
                        }
                        // §4.1.1: Ch, Parity, Maj, Parity, with §4.2.1's constants.
                        let f: UInt32, k: UInt32
                        switch t {
                        case 0..<20: f = d ^ (b & (c ^ d)); k = 0x5A827999
                        case 20..<40: f = b ^ c ^ d; k = 0x6ED9EBA1
                        case 40..<60: f = (b & c) | (d & (b | c)); k = 0x8F1BBCDC
                        default: f = b ^ c ^ d; k = 0xCA62C1D6
                        }
                        let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[t & 15]
                        (e, d, c, b, a) = (d, c, rotl(b, 30), a, temp)
                    }
                    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
                }
            }
        }
    }
}
