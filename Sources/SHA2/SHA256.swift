/// SHA-256 (FIPS 180-4 §6.2).
public struct SHA256: HashFunction {
    public static let digestSize = 32
    public static let blockSize = 64

    var hash = MerkleDamgard<Compression>(state: (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19))

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    public func finalize() -> Digest {
        let s = hash.finalState()
        return Digest(words: (
            UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
            UInt64(s.4) << 32 | UInt64(s.5), UInt64(s.6) << 32 | UInt64(s.7), 0, 0, 0, 0), count: 32)
    }

    enum Compression: CompressionFunction {
        typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        static let blockSize = 64
        static let lengthSize = 8

        /// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of
        /// the cube roots of the first 64 primes.
        static let k: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
        ]

        @inline(__always) static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
        // FIPS 180-4 §4.1.2 names.
        @inline(__always) static func bigSigma0(_ x: UInt32) -> UInt32 { rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22) }
        @inline(__always) static func bigSigma1(_ x: UInt32) -> UInt32 { rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25) }
        @inline(__always) static func smallSigma0(_ x: UInt32) -> UInt32 { rotr(x, 7) ^ rotr(x, 18) ^ (x &>> 3) }
        @inline(__always) static func smallSigma1(_ x: UInt32) -> UInt32 { rotr(x, 17) ^ rotr(x, 19) ^ (x &>> 10) }
        @inline(__always) static func ch(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { z ^ (x & (y ^ z)) }
        @inline(__always) static func maj(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { (x & y) | (z & (x | y)) }

        /// One round with the working variables passed in rotated order, so
        /// an unrolled group of eight needs no register moves.
        @inline(__always)
        static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                          _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
            let t1 = h &+ bigSigma1(e) &+ ch(e, f, g) &+ kw
            d &+= t1
            h = t1 &+ bigSigma0(a) &+ maj(a, b, c)
        }

        static func compress(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
            var w: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
                    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            k.withUnsafeBufferPointer { kp in
                let k = kp.baseAddress!
                withUnsafeMutableBytes(of: &w) { raw in
                    let w = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                    for block in 0..<count {
                        let input = blocks + block * 64
                        for i in 0..<16 { w[i] = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
                        var (a, b, c, d, e, f, g, h) = state
                        var i = 0
                        while i < 64 {
                            if i >= 16 {
                                // The schedule (§6.2.2 step 1) kept as a ring of 16 words.
                                for j in i..<(i + 8) {
                                    w[j & 15] = smallSigma1(w[(j - 2) & 15]) &+ w[(j - 7) & 15]
                                        &+ smallSigma0(w[(j - 15) & 15]) &+ w[j & 15]
                                }
                            }
                            round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i & 15])
                            round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ w[(i + 1) & 15])
                            round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ w[(i + 2) & 15])
                            round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ w[(i + 3) & 15])
                            round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ w[(i + 4) & 15])
                            round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ w[(i + 5) & 15])
                            round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ w[(i + 6) & 15])
                            round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ w[(i + 7) & 15])
                            i += 8
                        }
                        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                                 state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
                    }
                }
            }
        }
    }
}
