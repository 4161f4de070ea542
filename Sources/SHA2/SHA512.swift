/// SHA-512 (FIPS 180-4 §6.4).
public struct SHA512: HashFunction {
    /// Digest length: 64 bytes (512 bits).
    public static let digestSize = 64
    /// Block length: 128 bytes (1024 bits).
    public static let blockSize = 128

    var hash = MerkleDamgard<SHA512Compression>(state: (
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179))

    /// A SHA-512 state with an empty message.
    public init() {}

    /// Appends `bytes` to the message.
#if hasAttribute(export)
    @export(interface)
#endif
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    /// The 64-byte digest of everything appended so far; the state is left as it was.
#if hasAttribute(export)
    @export(interface)
#endif
    public func finalize() -> Digest { Digest(words: hash.finalState(), count: 64) }
}

/// SHA-384 (FIPS 180-4 §6.5): SHA-512 with its own initial value, truncated to 48 bytes.
public struct SHA384: HashFunction {
    /// Digest length: 48 bytes (384 bits), the first six words of the final state.
    public static let digestSize = 48
    /// Block length: 128 bytes (1024 bits), as for SHA-512.
    public static let blockSize = 128

    var hash = MerkleDamgard<SHA512Compression>(state: (
        0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
        0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4))

    /// A SHA-384 state with an empty message.
    public init() {}

    /// Appends `bytes` to the message.
#if hasAttribute(export)
    @export(interface)
#endif
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    /// The 48-byte digest of everything appended so far; the state is left as it was.
#if hasAttribute(export)
    @export(interface)
#endif
    public func finalize() -> Digest {
        let s = hash.finalState()
        return Digest(words: (s.0, s.1, s.2, s.3, s.4, s.5, 0, 0), count: 48)
    }
}

enum SHA512Compression: CompressionFunction {
    typealias State = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    static let blockSize = 128
    static let lengthSize = 16

    /// FIPS 180-4 §4.2.3: the first 64 bits of the fractional parts of the
    /// cube roots of the first 80 primes.
    static let k: [UInt64] = [
        0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
        0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
        0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
        0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
        0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
        0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
        0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
        0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
        0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
        0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
        0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
        0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
        0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
        0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
        0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
        0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
    ]

    @inline(__always) static func rotr(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }
    // FIPS 180-4 §4.1.3 names, the rotations nested as in SHA-256 (one
    // copy of x per function instead of one per rotation; SHA256.swift
    // says why): 561k → 512k instructions per 16 KiB.
    @inline(__always) static func bigSigma0(_ x: UInt64) -> UInt64 { rotr(rotr(rotr(x, 5) ^ x, 6) ^ x, 28) }
    @inline(__always) static func bigSigma1(_ x: UInt64) -> UInt64 { rotr(rotr(rotr(x, 23) ^ x, 4) ^ x, 14) }
    @inline(__always) static func smallSigma0(_ x: UInt64) -> UInt64 { rotr(x ^ rotr(x, 7), 1) ^ (x &>> 7) }
    @inline(__always) static func smallSigma1(_ x: UInt64) -> UInt64 { rotr(x ^ rotr(x, 42), 19) ^ (x &>> 6) }
    @inline(__always) static func ch(_ x: UInt64, _ y: UInt64, _ z: UInt64) -> UInt64 { z ^ (x & (y ^ z)) }

    /// One round, the working variables passed in rotated order and
    /// Maj(a, b, c) as b ⊕ ((a ⊕ b) ∧ (b ⊕ c)) with `bc` carried from the
    /// round before, as in SHA-256 (SHA256.swift says why).
    @inline(__always)
    static func round(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
                      _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ kw: UInt64,
                      _ bc: inout UInt64) {
        let t1 = h &+ bigSigma1(e) &+ ch(e, f, g) &+ kw
        d &+= t1
        let ab = a ^ b
        h = t1 &+ bigSigma0(a) &+ (b ^ (ab & bc))
        bc = ab
    }

    /// The configuration's compression: the rolled loop when built size-first
    /// (RolledCompression.swift), else every round written out.
    @inline(__always)
    static func compress(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
#if PUREX509_SIZE_FIRST
        compressRolled(&state, blocks, count: count)
#else
        compressUnrolled(&state, blocks, count: count)
#endif
    }

    /// The message schedule on sixteen locals, computed in place: the first
    /// sixteen rounds read the block, then four passes of sixteen rounds
    /// each extend the schedule as they go. (The earlier form kept W in
    /// memory behind a pointer and ran at 0.52× of OpenSSL's SHA-512;
    /// docs/benchmarks.md.)
    static func compressUnrolled(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
        k.withUnsafeBufferPointer { table in
            let k = table.baseAddress!
            for block in 0..<count {
                let input = blocks + block * 128
                @inline(__always) func load(_ i: Int) -> UInt64 {
                    UInt64(bigEndian: input.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                }
                var w0 = load(0), w1 = load(1), w2 = load(2), w3 = load(3)
                var w4 = load(4), w5 = load(5), w6 = load(6), w7 = load(7)
                var w8 = load(8), w9 = load(9), w10 = load(10), w11 = load(11)
                var w12 = load(12), w13 = load(13), w14 = load(14), w15 = load(15)
                var (a, b, c, d, e, f, g, h) = state
                var bc = b ^ c
                round(a, b, c, &d, e, f, g, &h, k[0] &+ w0, &bc)
                round(h, a, b, &c, d, e, f, &g, k[1] &+ w1, &bc)
                round(g, h, a, &b, c, d, e, &f, k[2] &+ w2, &bc)
                round(f, g, h, &a, b, c, d, &e, k[3] &+ w3, &bc)
                round(e, f, g, &h, a, b, c, &d, k[4] &+ w4, &bc)
                round(d, e, f, &g, h, a, b, &c, k[5] &+ w5, &bc)
                round(c, d, e, &f, g, h, a, &b, k[6] &+ w6, &bc)
                round(b, c, d, &e, f, g, h, &a, k[7] &+ w7, &bc)
                round(a, b, c, &d, e, f, g, &h, k[8] &+ w8, &bc)
                round(h, a, b, &c, d, e, f, &g, k[9] &+ w9, &bc)
                round(g, h, a, &b, c, d, e, &f, k[10] &+ w10, &bc)
                round(f, g, h, &a, b, c, d, &e, k[11] &+ w11, &bc)
                round(e, f, g, &h, a, b, c, &d, k[12] &+ w12, &bc)
                round(d, e, f, &g, h, a, b, &c, k[13] &+ w13, &bc)
                round(c, d, e, &f, g, h, a, &b, k[14] &+ w14, &bc)
                round(b, c, d, &e, f, g, h, &a, k[15] &+ w15, &bc)
                var t = 16
                while t < 80 {
                    w0 = smallSigma1(w14) &+ w9 &+ smallSigma0(w1) &+ w0
                    round(a, b, c, &d, e, f, g, &h, k[t] &+ w0, &bc)
                    w1 = smallSigma1(w15) &+ w10 &+ smallSigma0(w2) &+ w1
                    round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w1, &bc)
                    w2 = smallSigma1(w0) &+ w11 &+ smallSigma0(w3) &+ w2
                    round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w2, &bc)
                    w3 = smallSigma1(w1) &+ w12 &+ smallSigma0(w4) &+ w3
                    round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w3, &bc)
                    w4 = smallSigma1(w2) &+ w13 &+ smallSigma0(w5) &+ w4
                    round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w4, &bc)
                    w5 = smallSigma1(w3) &+ w14 &+ smallSigma0(w6) &+ w5
                    round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w5, &bc)
                    w6 = smallSigma1(w4) &+ w15 &+ smallSigma0(w7) &+ w6
                    round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w6, &bc)
                    w7 = smallSigma1(w5) &+ w0 &+ smallSigma0(w8) &+ w7
                    round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w7, &bc)
                    w8 = smallSigma1(w6) &+ w1 &+ smallSigma0(w9) &+ w8
                    round(a, b, c, &d, e, f, g, &h, k[t &+ 8] &+ w8, &bc)
                    w9 = smallSigma1(w7) &+ w2 &+ smallSigma0(w10) &+ w9
                    round(h, a, b, &c, d, e, f, &g, k[t &+ 9] &+ w9, &bc)
                    w10 = smallSigma1(w8) &+ w3 &+ smallSigma0(w11) &+ w10
                    round(g, h, a, &b, c, d, e, &f, k[t &+ 10] &+ w10, &bc)
                    w11 = smallSigma1(w9) &+ w4 &+ smallSigma0(w12) &+ w11
                    round(f, g, h, &a, b, c, d, &e, k[t &+ 11] &+ w11, &bc)
                    w12 = smallSigma1(w10) &+ w5 &+ smallSigma0(w13) &+ w12
                    round(e, f, g, &h, a, b, c, &d, k[t &+ 12] &+ w12, &bc)
                    w13 = smallSigma1(w11) &+ w6 &+ smallSigma0(w14) &+ w13
                    round(d, e, f, &g, h, a, b, &c, k[t &+ 13] &+ w13, &bc)
                    w14 = smallSigma1(w12) &+ w7 &+ smallSigma0(w15) &+ w14
                    round(c, d, e, &f, g, h, a, &b, k[t &+ 14] &+ w14, &bc)
                    w15 = smallSigma1(w13) &+ w8 &+ smallSigma0(w0) &+ w15
                    round(b, c, d, &e, f, g, h, &a, k[t &+ 15] &+ w15, &bc)
                    t &+= 16
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                         state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }
    }
}
