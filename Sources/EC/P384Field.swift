// GF(p) for P-384, p = 2^384 − 2^128 − 2^96 + 2^32 − 1 (FIPS 186-5 /
// SP 800-186 §3.2.1.4). Since 2^384 ≡ 2^128 + 2^96 − 2^32 + 1 (mod p), the
// high half H of a 768-bit product folds onto the low half L as
// L + H + H·2^128 + H·2^96 − H·2^32 (Solinas, "Generalized Mersenne
// numbers", 1999; the NIST routine of FIPS 186-2 D.2.4 in 64-bit limbs):
// additions and shifts where a Montgomery reduction needs 36 products. Field
// elements are therefore plain integers below p (the constants use R = 1);
// the 768-bit products come from P384FieldKernels.swift.

extension P384.Field {
    /// t mod p for t = Σ t[i]·2^(64i) < p², canonical.
    @inline(__always)
    static func reduce(_ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64, _ t4: UInt64, _ t5: UInt64,
                       _ h0: UInt64, _ h1: UInt64, _ h2: UInt64, _ h3: UInt64, _ h4: UInt64, _ h5: UInt64) -> Limbs6 {
        // First fold: X = L + H + H·2^128 + G·2^64 − G with G = H·2^32 (seven
        // limbs), column by column in signed 128-bit sums; X < 2^513. A column
        // stays within ±2^67, so the wrapping operators never wrap.
        let g0 = h0 << 32, g1 = h1 << 32 | h0 >> 32, g2 = h2 << 32 | h1 >> 32, g3 = h3 << 32 | h2 >> 32
        let g4 = h4 << 32 | h3 >> 32, g5 = h5 << 32 | h4 >> 32, g6 = h5 >> 32
        var acc = Int128(t0) &+ Int128(h0) &- Int128(g0)
        let x0 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(t1) &+ Int128(h1) &+ Int128(g0) &- Int128(g1)
        let x1 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(t2) &+ Int128(h2) &+ Int128(h0) &+ Int128(g1) &- Int128(g2)
        let x2 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(t3) &+ Int128(h3) &+ Int128(h1) &+ Int128(g2) &- Int128(g3)
        let x3 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(t4) &+ Int128(h4) &+ Int128(h2) &+ Int128(g3) &- Int128(g4)
        let x4 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(t5) &+ Int128(h5) &+ Int128(h3) &+ Int128(g4) &- Int128(g5)
        let x5 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(h4) &+ Int128(g5) &- Int128(g6)
        let x6 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(h5) &+ Int128(g6)
        let x7 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        let x8 = UInt64(truncatingIfNeeded: acc)

        // Second fold of H' = (x6, x7, x8) < 2^129: Y < 2^384 + 2^258.
        let f0 = x6 << 32, f1 = x7 << 32 | x6 >> 32, f2 = x8 << 32 | x7 >> 32, f3 = x8 >> 32
        acc = Int128(x0) &+ Int128(x6) &- Int128(f0)
        let y0 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(x1) &+ Int128(x7) &+ Int128(f0) &- Int128(f1)
        let y1 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(x2) &+ Int128(x8) &+ Int128(x6) &+ Int128(f1) &- Int128(f2)
        let y2 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(x3) &+ Int128(x7) &+ Int128(f2) &- Int128(f3)
        let y3 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(x4) &+ Int128(x8) &+ Int128(f3)
        let y4 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        acc &+= Int128(x5)
        let y5 = UInt64(truncatingIfNeeded: acc); acc >>= 64
        let top = UInt64(truncatingIfNeeded: acc)

        // Y < 2p: subtract p once when Y reached it (top set, or no borrow).
        let y = Limbs6(y0, y1, y2, y3, y4, y5)
        let (reduced, borrow) = Limbs6.subtract(y, modulus)
        return Limbs6.select(0 &- (top | (borrow ^ 1)), reduced, y)
    }
}
