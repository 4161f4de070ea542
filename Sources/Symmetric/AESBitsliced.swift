// AES in bitsliced form, so that no step branches on or indexes memory by
// a secret byte (FIPS 197 names throughout).
//
// Layout: four 16-byte blocks are held as eight 64-bit slices; slice i
// holds bit i of all 64 bytes, byte k of block b at bit 16·b + k. With
// FIPS 197's column-major state (byte k is row k mod 4, column k / 4) a
// slice is four 16-bit lanes (one per block), each four 4-bit columns,
// each four rows. Every AES step becomes a fixed sequence of shifts, masks
// and logic on the eight words:
// - SubBytes is a Boolean circuit (Boyar and Peralta's 113-gate S-box,
//   published in "A depth-16 circuit for the AES S-box", 2011);
//   InvSubBytes wraps it in the inverse affine map, since
//   S⁻¹ = G ∘ S ∘ G with G(y) = A⁻¹(y ⊕ 0x63);
// - InvShiftRows moves each row's bits within their lane;
// - InvMixColumns is MixColumns after multiplying each column by
//   {05}+{04}x² (FIPS 197's inverse matrix factors that way), with xtime
//   as a re-wiring of the slices.
// Entering and leaving the layout is an 8×8 bit transpose inside each
// loaded word followed by an 8×8 byte transpose across the eight words.

/// Four AES blocks in bitsliced form; `q0` holds bit 0 of every byte.
struct AESSlices {
    var q0: UInt64, q1: UInt64, q2: UInt64, q3: UInt64, q4: UInt64, q5: UInt64, q6: UInt64, q7: UInt64

    @inline(__always)
    init(q0: UInt64, q1: UInt64, q2: UInt64, q3: UInt64, q4: UInt64, q5: UInt64, q6: UInt64, q7: UInt64) {
        (self.q0, self.q1, self.q2, self.q3, self.q4, self.q5, self.q6, self.q7) = (q0, q1, q2, q3, q4, q5, q6, q7)
    }

    /// Swaps the bits of `a` selected by `mask << shift` with the bits of `b` selected by `mask`.
    @inline(__always)
    static func swapMove(_ a: inout UInt64, _ b: inout UInt64, _ shift: UInt64, _ mask: UInt64) {
        let t = ((a &>> shift) ^ b) & mask
        b ^= t
        a ^= t &<< shift
    }

    /// Transposes the 8×8 bit matrix whose row j is byte j (little-endian) of `x`.
    @inline(__always)
    static func transposeBits(_ x: UInt64) -> UInt64 {
        var x = x
        var t = (x ^ (x &>> 7)) & 0x00AA_00AA_00AA_00AA
        x ^= t ^ (t &<< 7)
        t = (x ^ (x &>> 14)) & 0x0000_CCCC_0000_CCCC
        x ^= t ^ (t &<< 14)
        t = (x ^ (x &>> 28)) & 0x0000_0000_F0F0_F0F0
        x ^= t ^ (t &<< 28)
        return x
    }

    /// Transposes the 8×8 byte matrix whose row g is word g (bytes little-endian).
    @inline(__always)
    static func transposeBytes(_ w0: inout UInt64, _ w1: inout UInt64, _ w2: inout UInt64, _ w3: inout UInt64,
                               _ w4: inout UInt64, _ w5: inout UInt64, _ w6: inout UInt64, _ w7: inout UInt64) {
        swapMove(&w0, &w4, 32, 0x0000_0000_FFFF_FFFF)
        swapMove(&w1, &w5, 32, 0x0000_0000_FFFF_FFFF)
        swapMove(&w2, &w6, 32, 0x0000_0000_FFFF_FFFF)
        swapMove(&w3, &w7, 32, 0x0000_0000_FFFF_FFFF)
        swapMove(&w0, &w2, 16, 0x0000_FFFF_0000_FFFF)
        swapMove(&w1, &w3, 16, 0x0000_FFFF_0000_FFFF)
        swapMove(&w4, &w6, 16, 0x0000_FFFF_0000_FFFF)
        swapMove(&w5, &w7, 16, 0x0000_FFFF_0000_FFFF)
        swapMove(&w0, &w1, 8, 0x00FF_00FF_00FF_00FF)
        swapMove(&w2, &w3, 8, 0x00FF_00FF_00FF_00FF)
        swapMove(&w4, &w5, 8, 0x00FF_00FF_00FF_00FF)
        swapMove(&w6, &w7, 8, 0x00FF_00FF_00FF_00FF)
    }

    /// The slices of four blocks given as eight little-endian words:
    /// word 2·b is bytes 0–7 of block b, word 2·b + 1 bytes 8–15.
    @inline(__always)
    init(words w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64, _ w5: UInt64, _ w6: UInt64, _ w7: UInt64) {
        var x0 = Self.transposeBits(w0), x1 = Self.transposeBits(w1), x2 = Self.transposeBits(w2), x3 = Self.transposeBits(w3)
        var x4 = Self.transposeBits(w4), x5 = Self.transposeBits(w5), x6 = Self.transposeBits(w6), x7 = Self.transposeBits(w7)
        Self.transposeBytes(&x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7)
        (q0, q1, q2, q3, q4, q5, q6, q7) = (x0, x1, x2, x3, x4, x5, x6, x7)
    }

    /// The inverse of `init(words:…)`: the eight little-endian words of the four blocks.
    @inline(__always)
    func words() -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        var (x0, x1, x2, x3, x4, x5, x6, x7) = (q0, q1, q2, q3, q4, q5, q6, q7)
        Self.transposeBytes(&x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7)
        return (Self.transposeBits(x0), Self.transposeBits(x1), Self.transposeBits(x2), Self.transposeBits(x3),
                Self.transposeBits(x4), Self.transposeBits(x5), Self.transposeBits(x6), Self.transposeBits(x7))
    }

    /// AddRoundKey with a round key already in slice form (eight words at `key`).
    @inline(__always)
    mutating func addRoundKey(_ key: UnsafePointer<UInt64>) {
        q0 ^= key[0]; q1 ^= key[1]; q2 ^= key[2]; q3 ^= key[3]
        q4 ^= key[4]; q5 ^= key[5]; q6 ^= key[6]; q7 ^= key[7]
    }

    /// SubBytes: the S-box circuit on all 64 bytes at once. The circuit's
    /// inputs U0…U7 and outputs S0…S7 run from the most significant bit.
    @inline(__always)
    mutating func subBytes() {
        let u0 = q7, u1 = q6, u2 = q5, u3 = q4, u4 = q3, u5 = q2, u6 = q1, u7 = q0
        // Top linear layer.
        let t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5, t5 = u4 ^ u6
        let t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6, t9 = u7 ^ t7, t10 = t6 ^ t7
        let t11 = u1 ^ u5, t12 = u2 ^ u5, t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11
        let t16 = t5 ^ t12, t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19
        let t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10, t25 = t20 ^ t17
        let t26 = t3 ^ t16, t27 = t1 ^ t12
        // Shared non-linear middle: inversion in GF(2^8) through GF(2^4).
        let m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7, m5 = m4 ^ m1
        let m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6, m9 = t20 & t17, m10 = m9 ^ m6
        let m11 = t1 & t15, m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11
        let m16 = m3 ^ m2, m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13
        let m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23, m25 = m22 & m20
        let m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25, m29 = m28 & m27, m30 = m26 & m24
        let m31 = m20 & m23, m32 = m27 & m31, m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34
        let m36 = m24 ^ m25, m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36
        let m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40, m45 = m42 ^ m41
        let m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9
        let m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27, m54 = m41 & t10, m55 = m44 & t13
        let m56 = m40 & t23, m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20
        let m61 = m42 & t1, m62 = m45 & t4, m63 = m41 & t2
        // Bottom linear layer, with the affine constant 0x63 as the four NOTs.
        let l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55, l4 = m54 ^ m58
        let l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53
        let l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61
        let l15 = m55 ^ l1, l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4
        let l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2, l24 = l15 ^ l9
        let l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14, l29 = l11 ^ l17
        q7 = l6 ^ l24
        q6 = ~(l16 ^ l26)
        q5 = ~(l19 ^ l28)
        q4 = l6 ^ l21
        q3 = l20 ^ l22
        q2 = l25 ^ l29
        q1 = ~(l13 ^ l27)
        q0 = ~(l6 ^ l23)
    }

    /// G(y) = A⁻¹(y ⊕ 0x63): bit i of the result is y(i+2) ⊕ y(i+5) ⊕ y(i+7)
    /// (indices mod 8), complemented for the set bits of 0x05.
    @inline(__always)
    mutating func inverseAffine() {
        let y0 = q0, y1 = q1, y2 = q2, y3 = q3, y4 = q4, y5 = q5, y6 = q6, y7 = q7
        q0 = ~(y2 ^ y5 ^ y7)
        q1 = y3 ^ y6 ^ y0
        q2 = ~(y4 ^ y7 ^ y1)
        q3 = y5 ^ y0 ^ y2
        q4 = y6 ^ y1 ^ y3
        q5 = y7 ^ y2 ^ y4
        q6 = y0 ^ y3 ^ y5
        q7 = y1 ^ y4 ^ y6
    }

    /// InvSubBytes = G ∘ SubBytes ∘ G.
    @inline(__always)
    mutating func inverseSubBytes() {
        inverseAffine()
        subBytes()
        inverseAffine()
    }

    /// InvShiftRows on one slice: row r of column c takes row r of column c − r.
    @inline(__always)
    static func inverseShiftRows(_ x: UInt64) -> UInt64 {
        (x & 0x1111_1111_1111_1111)
            | ((x &<< 4) & 0x2220_2220_2220_2220) | ((x &>> 12) & 0x0002_0002_0002_0002)
            | ((x &<< 8) & 0x4400_4400_4400_4400) | ((x &>> 8) & 0x0044_0044_0044_0044)
            | ((x &<< 12) & 0x8000_8000_8000_8000) | ((x &>> 4) & 0x0888_0888_0888_0888)
    }

    @inline(__always)
    mutating func inverseShiftRows() {
        q0 = Self.inverseShiftRows(q0); q1 = Self.inverseShiftRows(q1)
        q2 = Self.inverseShiftRows(q2); q3 = Self.inverseShiftRows(q3)
        q4 = Self.inverseShiftRows(q4); q5 = Self.inverseShiftRows(q5)
        q6 = Self.inverseShiftRows(q6); q7 = Self.inverseShiftRows(q7)
    }

    /// Row r of each column takes row r + 1.
    @inline(__always)
    static func rotateRows1(_ x: UInt64) -> UInt64 {
        ((x &>> 1) & 0x7777_7777_7777_7777) | ((x &<< 3) & 0x8888_8888_8888_8888)
    }

    /// Row r of each column takes row r + 2.
    @inline(__always)
    static func rotateRows2(_ x: UInt64) -> UInt64 {
        ((x &>> 2) & 0x3333_3333_3333_3333) | ((x &<< 2) & 0xCCCC_CCCC_CCCC_CCCC)
    }

    /// InvMixColumns. FIPS 197's matrix [0e 0b 0d 09] is [02 03 01 01] ×
    /// [05 00 04 00] (circulants commute), so each column is first mapped to
    /// u(r) = a(r) ⊕ {04}·(a(r) ⊕ a(r+2)) and then through MixColumns,
    /// b(r) = {02}·(u(r) ⊕ u(r+1)) ⊕ u(r+1) ⊕ u(r+2) ⊕ u(r+3).
    @inline(__always)
    mutating func inverseMixColumns() {
        // t = a ⊕ rot2(a), then {04}·t: xtime twice, as slice re-wiring.
        let t0 = q0 ^ Self.rotateRows2(q0), t1 = q1 ^ Self.rotateRows2(q1)
        let t2 = q2 ^ Self.rotateRows2(q2), t3 = q3 ^ Self.rotateRows2(q3)
        let t4 = q4 ^ Self.rotateRows2(q4), t5 = q5 ^ Self.rotateRows2(q5)
        let t6 = q6 ^ Self.rotateRows2(q6), t7 = q7 ^ Self.rotateRows2(q7)
        // {02}·t: (t7, t0⊕t7, t1, t2⊕t7, t3⊕t7, t4, t5, t6); {04}·t applies it again.
        let d0 = t7, d1 = t0 ^ t7, d2 = t1, d3 = t2 ^ t7, d4 = t3 ^ t7, d5 = t4, d6 = t5, d7 = t6
        let u0 = q0 ^ d7, u1 = q1 ^ d0 ^ d7, u2 = q2 ^ d1, u3 = q3 ^ d2 ^ d7
        let u4 = q4 ^ d3 ^ d7, u5 = q5 ^ d4, u6 = q6 ^ d5, u7 = q7 ^ d6
        // MixColumns: v = u ⊕ rot1(u); b = {02}·v ⊕ rot1(u) ⊕ rot2(v).
        let r0 = Self.rotateRows1(u0), r1 = Self.rotateRows1(u1), r2 = Self.rotateRows1(u2), r3 = Self.rotateRows1(u3)
        let r4 = Self.rotateRows1(u4), r5 = Self.rotateRows1(u5), r6 = Self.rotateRows1(u6), r7 = Self.rotateRows1(u7)
        let v0 = u0 ^ r0, v1 = u1 ^ r1, v2 = u2 ^ r2, v3 = u3 ^ r3
        let v4 = u4 ^ r4, v5 = u5 ^ r5, v6 = u6 ^ r6, v7 = u7 ^ r7
        q0 = v7 ^ r0 ^ Self.rotateRows2(v0)
        q1 = v0 ^ v7 ^ r1 ^ Self.rotateRows2(v1)
        q2 = v1 ^ r2 ^ Self.rotateRows2(v2)
        q3 = v2 ^ v7 ^ r3 ^ Self.rotateRows2(v3)
        q4 = v3 ^ v7 ^ r4 ^ Self.rotateRows2(v4)
        q5 = v4 ^ r5 ^ Self.rotateRows2(v5)
        q6 = v5 ^ r6 ^ Self.rotateRows2(v6)
        q7 = v6 ^ r7 ^ Self.rotateRows2(v7)
    }
}
