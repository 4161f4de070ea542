/// SHA-256 (FIPS 180-4 §6.2).
public struct SHA256: HashFunction {
    /// Digest length: 32 bytes (256 bits).
    public static let digestSize = 32
    /// Block length: 64 bytes (512 bits).
    public static let blockSize = 64

    var hash = MerkleDamgard<Compression>(state: (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19))

    /// A SHA-256 state with an empty message.
    public init() {}

    /// Appends `bytes` to the message.
#if hasAttribute(export)
    @export(interface)
#endif
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    /// The 32-byte digest of everything appended so far; the state is left as it was.
#if hasAttribute(export)
    @export(interface)
#endif
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

        @inline(__always) static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
        // FIPS 180-4 §4.1.2 names, every one with its rotations nested:
        // ROTR⁷ ⊕ ROTR¹⁸ = ROTR⁷(x ⊕ ROTR¹¹ x), so x is copied once rather
        // than once per rotation (x86 rotates in place, and without BMI2's
        // rorx a copy is an instruction). The rounds are bound by how many
        // instructions issue, not by their chain of dependencies: nesting Σ0
        // and Σ1 too lengthens that chain by two operations but cut 8 % of
        // the instructions (831k → 765k per 16 KiB).
        @inline(__always) static func bigSigma0(_ x: UInt32) -> UInt32 { rotr(rotr(rotr(x, 9) ^ x, 11) ^ x, 2) }
        @inline(__always) static func bigSigma1(_ x: UInt32) -> UInt32 { rotr(rotr(rotr(x, 14) ^ x, 5) ^ x, 6) }
        @inline(__always) static func smallSigma0(_ x: UInt32) -> UInt32 { rotr(x ^ rotr(x, 11), 7) ^ (x &>> 3) }
        @inline(__always) static func smallSigma1(_ x: UInt32) -> UInt32 { rotr(x ^ rotr(x, 2), 17) ^ (x &>> 10) }
        @inline(__always) static func ch(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 { z ^ (x & (y ^ z)) }

        /// One round with the working variables passed in rotated order, so
        /// an unrolled group of eight needs no register moves. Maj(a, b, c) is
        /// b ⊕ ((a ⊕ b) ∧ (b ⊕ c)), and this round's a ⊕ b is the next
        /// round's b ⊕ c, so `bc` carries it over: one operation fewer per
        /// round than the textbook form.
        @inline(__always)
        static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                          _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32,
                          _ bc: inout UInt32) {
            let t1 = h &+ bigSigma1(e) &+ ch(e, f, g) &+ kw
            d &+= t1
            let ab = a ^ b
            h = t1 &+ bigSigma0(a) &+ (b ^ (ab & bc))
            bc = ab
        }

        /// K (§4.2.2): the first 32 bits of the fractional parts of the cube
        /// roots of the first 64 primes.
        static let roundConstants: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
        ]

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

        /// All 64 rounds written out, the schedule (§6.2.2 step 1) computed in
        /// place on sixteen locals: measured 0.48× → 0.66× of OpenSSL's
        /// portable code against the rolled loop (docs/benchmarks.md). The
        /// round constants are read from a table rather than written as
        /// immediates: LLVM moves an immediate to the end of T1's sum, one
        /// more addition after Σ1(e) on the round's critical path (3–5%).
        static func compressUnrolled(_ state: inout State, _ blocks: UnsafeRawPointer, count: Int) {
            roundConstants.withUnsafeBufferPointer { table in
                let k = table.baseAddress!
                for block in 0..<count {
                    let input = blocks + block * 64
                    @inline(__always) func load(_ i: Int) -> UInt32 {
                        UInt32(bigEndian: input.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
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
                    w0 = smallSigma1(w14) &+ w9 &+ smallSigma0(w1) &+ w0
                    round(a, b, c, &d, e, f, g, &h, k[16] &+ w0, &bc)
                    w1 = smallSigma1(w15) &+ w10 &+ smallSigma0(w2) &+ w1
                    round(h, a, b, &c, d, e, f, &g, k[17] &+ w1, &bc)
                    w2 = smallSigma1(w0) &+ w11 &+ smallSigma0(w3) &+ w2
                    round(g, h, a, &b, c, d, e, &f, k[18] &+ w2, &bc)
                    w3 = smallSigma1(w1) &+ w12 &+ smallSigma0(w4) &+ w3
                    round(f, g, h, &a, b, c, d, &e, k[19] &+ w3, &bc)
                    w4 = smallSigma1(w2) &+ w13 &+ smallSigma0(w5) &+ w4
                    round(e, f, g, &h, a, b, c, &d, k[20] &+ w4, &bc)
                    w5 = smallSigma1(w3) &+ w14 &+ smallSigma0(w6) &+ w5
                    round(d, e, f, &g, h, a, b, &c, k[21] &+ w5, &bc)
                    w6 = smallSigma1(w4) &+ w15 &+ smallSigma0(w7) &+ w6
                    round(c, d, e, &f, g, h, a, &b, k[22] &+ w6, &bc)
                    w7 = smallSigma1(w5) &+ w0 &+ smallSigma0(w8) &+ w7
                    round(b, c, d, &e, f, g, h, &a, k[23] &+ w7, &bc)
                    w8 = smallSigma1(w6) &+ w1 &+ smallSigma0(w9) &+ w8
                    round(a, b, c, &d, e, f, g, &h, k[24] &+ w8, &bc)
                    w9 = smallSigma1(w7) &+ w2 &+ smallSigma0(w10) &+ w9
                    round(h, a, b, &c, d, e, f, &g, k[25] &+ w9, &bc)
                    w10 = smallSigma1(w8) &+ w3 &+ smallSigma0(w11) &+ w10
                    round(g, h, a, &b, c, d, e, &f, k[26] &+ w10, &bc)
                    w11 = smallSigma1(w9) &+ w4 &+ smallSigma0(w12) &+ w11
                    round(f, g, h, &a, b, c, d, &e, k[27] &+ w11, &bc)
                    w12 = smallSigma1(w10) &+ w5 &+ smallSigma0(w13) &+ w12
                    round(e, f, g, &h, a, b, c, &d, k[28] &+ w12, &bc)
                    w13 = smallSigma1(w11) &+ w6 &+ smallSigma0(w14) &+ w13
                    round(d, e, f, &g, h, a, b, &c, k[29] &+ w13, &bc)
                    w14 = smallSigma1(w12) &+ w7 &+ smallSigma0(w15) &+ w14
                    round(c, d, e, &f, g, h, a, &b, k[30] &+ w14, &bc)
                    w15 = smallSigma1(w13) &+ w8 &+ smallSigma0(w0) &+ w15
                    round(b, c, d, &e, f, g, h, &a, k[31] &+ w15, &bc)
                    w0 = smallSigma1(w14) &+ w9 &+ smallSigma0(w1) &+ w0
                    round(a, b, c, &d, e, f, g, &h, k[32] &+ w0, &bc)
                    w1 = smallSigma1(w15) &+ w10 &+ smallSigma0(w2) &+ w1
                    round(h, a, b, &c, d, e, f, &g, k[33] &+ w1, &bc)
                    w2 = smallSigma1(w0) &+ w11 &+ smallSigma0(w3) &+ w2
                    round(g, h, a, &b, c, d, e, &f, k[34] &+ w2, &bc)
                    w3 = smallSigma1(w1) &+ w12 &+ smallSigma0(w4) &+ w3
                    round(f, g, h, &a, b, c, d, &e, k[35] &+ w3, &bc)
                    w4 = smallSigma1(w2) &+ w13 &+ smallSigma0(w5) &+ w4
                    round(e, f, g, &h, a, b, c, &d, k[36] &+ w4, &bc)
                    w5 = smallSigma1(w3) &+ w14 &+ smallSigma0(w6) &+ w5
                    round(d, e, f, &g, h, a, b, &c, k[37] &+ w5, &bc)
                    w6 = smallSigma1(w4) &+ w15 &+ smallSigma0(w7) &+ w6
                    round(c, d, e, &f, g, h, a, &b, k[38] &+ w6, &bc)
                    w7 = smallSigma1(w5) &+ w0 &+ smallSigma0(w8) &+ w7
                    round(b, c, d, &e, f, g, h, &a, k[39] &+ w7, &bc)
                    w8 = smallSigma1(w6) &+ w1 &+ smallSigma0(w9) &+ w8
                    round(a, b, c, &d, e, f, g, &h, k[40] &+ w8, &bc)
                    w9 = smallSigma1(w7) &+ w2 &+ smallSigma0(w10) &+ w9
                    round(h, a, b, &c, d, e, f, &g, k[41] &+ w9, &bc)
                    w10 = smallSigma1(w8) &+ w3 &+ smallSigma0(w11) &+ w10
                    round(g, h, a, &b, c, d, e, &f, k[42] &+ w10, &bc)
                    w11 = smallSigma1(w9) &+ w4 &+ smallSigma0(w12) &+ w11
                    round(f, g, h, &a, b, c, d, &e, k[43] &+ w11, &bc)
                    w12 = smallSigma1(w10) &+ w5 &+ smallSigma0(w13) &+ w12
                    round(e, f, g, &h, a, b, c, &d, k[44] &+ w12, &bc)
                    w13 = smallSigma1(w11) &+ w6 &+ smallSigma0(w14) &+ w13
                    round(d, e, f, &g, h, a, b, &c, k[45] &+ w13, &bc)
                    w14 = smallSigma1(w12) &+ w7 &+ smallSigma0(w15) &+ w14
                    round(c, d, e, &f, g, h, a, &b, k[46] &+ w14, &bc)
                    w15 = smallSigma1(w13) &+ w8 &+ smallSigma0(w0) &+ w15
                    round(b, c, d, &e, f, g, h, &a, k[47] &+ w15, &bc)
                    w0 = smallSigma1(w14) &+ w9 &+ smallSigma0(w1) &+ w0
                    round(a, b, c, &d, e, f, g, &h, k[48] &+ w0, &bc)
                    w1 = smallSigma1(w15) &+ w10 &+ smallSigma0(w2) &+ w1
                    round(h, a, b, &c, d, e, f, &g, k[49] &+ w1, &bc)
                    w2 = smallSigma1(w0) &+ w11 &+ smallSigma0(w3) &+ w2
                    round(g, h, a, &b, c, d, e, &f, k[50] &+ w2, &bc)
                    w3 = smallSigma1(w1) &+ w12 &+ smallSigma0(w4) &+ w3
                    round(f, g, h, &a, b, c, d, &e, k[51] &+ w3, &bc)
                    w4 = smallSigma1(w2) &+ w13 &+ smallSigma0(w5) &+ w4
                    round(e, f, g, &h, a, b, c, &d, k[52] &+ w4, &bc)
                    w5 = smallSigma1(w3) &+ w14 &+ smallSigma0(w6) &+ w5
                    round(d, e, f, &g, h, a, b, &c, k[53] &+ w5, &bc)
                    w6 = smallSigma1(w4) &+ w15 &+ smallSigma0(w7) &+ w6
                    round(c, d, e, &f, g, h, a, &b, k[54] &+ w6, &bc)
                    w7 = smallSigma1(w5) &+ w0 &+ smallSigma0(w8) &+ w7
                    round(b, c, d, &e, f, g, h, &a, k[55] &+ w7, &bc)
                    w8 = smallSigma1(w6) &+ w1 &+ smallSigma0(w9) &+ w8
                    round(a, b, c, &d, e, f, g, &h, k[56] &+ w8, &bc)
                    w9 = smallSigma1(w7) &+ w2 &+ smallSigma0(w10) &+ w9
                    round(h, a, b, &c, d, e, f, &g, k[57] &+ w9, &bc)
                    w10 = smallSigma1(w8) &+ w3 &+ smallSigma0(w11) &+ w10
                    round(g, h, a, &b, c, d, e, &f, k[58] &+ w10, &bc)
                    w11 = smallSigma1(w9) &+ w4 &+ smallSigma0(w12) &+ w11
                    round(f, g, h, &a, b, c, d, &e, k[59] &+ w11, &bc)
                    w12 = smallSigma1(w10) &+ w5 &+ smallSigma0(w13) &+ w12
                    round(e, f, g, &h, a, b, c, &d, k[60] &+ w12, &bc)
                    w13 = smallSigma1(w11) &+ w6 &+ smallSigma0(w14) &+ w13
                    round(d, e, f, &g, h, a, b, &c, k[61] &+ w13, &bc)
                    w14 = smallSigma1(w12) &+ w7 &+ smallSigma0(w15) &+ w14
                    round(c, d, e, &f, g, h, a, &b, k[62] &+ w14, &bc)
                    w15 = smallSigma1(w13) &+ w8 &+ smallSigma0(w0) &+ w15
                    round(b, c, d, &e, f, g, h, &a, k[63] &+ w15, &bc)
                    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                             state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
                }
            }
        }
    }
}

extension SHA256 {
    /// The SHA-256 digest of `bytes`, in one call (what Benchmarks/ times
    /// against OpenSSL's one-shot `SHA256`).
    public static func hash(_ bytes: [UInt8]) -> Digest {
        var function = SHA256()
        function.update(bytes)
        return function.finalize()
    }
}
