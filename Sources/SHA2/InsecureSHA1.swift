/// SHA-1 (FIPS 180-4 §6.1), for verifying legacy signatures when a caller
/// asks for it by name. Collisions are practical (SHAttered, 2017), so
/// nothing in PureX509 uses it by default and `HashAlgorithm` leaves it out.
package struct InsecureSHA1: HashFunction {
    /// Digest length: 20 bytes (160 bits).
    package static let digestSize = 20
    /// Block length: 64 bytes (512 bits).
    package static let blockSize = 64

    var hash = MerkleDamgard<Compression>(state: (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0))

    /// A SHA-1 state with an empty message.
    package init() {}

    /// Appends `bytes` to the message.
#if hasAttribute(export)
    @export(interface)
#endif
    package mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    /// The 20-byte digest of everything appended so far; the state is left as it was.
#if hasAttribute(export)
    @export(interface)
#endif
    package func finalize() -> Digest {
        let s = hash.finalState()
        return Digest(words: (UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
                              UInt64(s.4) << 32, 0, 0, 0, 0, 0), count: 20)
    }

    enum Compression: CompressionFunction {
        typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32)
        static let blockSize = 64
        static let lengthSize = 8

        @inline(__always) static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &<< n) | (x &>> (32 &- n)) }

        // §4.1.1's functions: Ch for rounds 0–19, Parity for 20–39 and
        // 60–79, Maj for 40–59 (written with one operation fewer than the
        // textbook form).
        @inline(__always) static func ch(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { z ^ (x & (y ^ z)) }
        @inline(__always) static func parity(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { x ^ y ^ z }
        @inline(__always) static func maj(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { (x & y) | (z & (x | y)) }

        /// One round (§6.1.2 step 3) with the working variables passed in
        /// rotated order, so that five rounds in a row need no moves: the
        /// caller's next round takes (e, a, b, c, d).
        @inline(__always)
        static func round(_ f: (UInt32, UInt32, UInt32) -> UInt32, _ a: UInt32, _ b: inout UInt32,
                          _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ kw: UInt32) {
            e = e &+ rotl(a, 5) &+ f(b, c, d) &+ kw
            b = rotl(b, 30)
        }

        /// Twenty rounds with one function and one constant (§4.2.1), five
        /// at a time so that the variables come back to their places.
        @inline(__always)
        static func rounds(_ f: (UInt32, UInt32, UInt32) -> UInt32, _ k: UInt32, from first: Int,
                           _ w: UnsafePointer<UInt32>, _ v: inout State) {
            var (a, b, c, d, e) = v
            var t = first
            while t < first + 20 {
                round(f, a, &b, c, d, &e, k &+ w[t])
                round(f, e, &a, b, c, &d, k &+ w[t + 1])
                round(f, d, &e, a, b, &c, k &+ w[t + 2])
                round(f, c, &d, e, a, &b, k &+ w[t + 3])
                round(f, b, &c, d, e, &a, k &+ w[t + 4])
                t += 5
            }
            v = (a, b, c, d, e)
        }

        static func compress(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
            // The whole 80-word schedule (§6.1.2 step 1) in a stack tuple, so
            // hashing allocates nothing and the rounds read a plain array.
            var schedule: (Block, Block, Block, Block, Block) = (zeroBlock, zeroBlock, zeroBlock, zeroBlock, zeroBlock)
            withUnsafeMutableBytes(of: &schedule) { raw in
                let w = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for block in 0..<count {
                    let input = blocks + block * 64
                    for t in 0..<16 { w[t] = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self)) }
                    for t in 16..<80 { w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
                    var v = state
                    rounds(ch, 0x5A827999, from: 0, w, &v)
                    rounds(parity, 0x6ED9EBA1, from: 20, w, &v)
                    rounds(maj, 0x8F1BBCDC, from: 40, w, &v)
                    rounds(parity, 0xCA62C1D6, from: 60, w, &v)
                    state = (state.0 &+ v.0, state.1 &+ v.1, state.2 &+ v.2, state.3 &+ v.3, state.4 &+ v.4)
                }
            }
        }

        /// Sixteen schedule words.
        typealias Block = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
                           UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        static let zeroBlock: Block = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }
}
