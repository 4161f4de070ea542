// GF(p) for P-521, p = 2^521 − 1 (FIPS 186-5 / SP 800-186 §3.2.1.5): a
// Mersenne prime, so 2^521 ≡ 1 and a double-width product reduces by adding
// its bits above 521 to its low 521 bits (Solinas, "Generalized Mersenne
// numbers", 1999) — cheaper than a Montgomery reduction, which would cost as
// many multiplications as the product itself. Field elements are therefore
// plain integers below p (the constants use R = 1).
//
// Products are formed in radix 2^58 (P521FieldKernels.swift): nine 58-bit
// limbs leave six bits of headroom per 64-bit word, so a column of nine
// products sums in 128 bits without carry handling, and the high half folds
// onto the low one inside each column (2^522 ≡ 2). Elements are stored in
// the saturated 9 × 64 form the rest of the module uses; splitting into and
// packing out of radix 2^58 costs a few shifts per limb.

/// Nine limbs of 58 bits (the top one 57): x = Σ limbs.i · 2^(58·i).
struct Limbs58 {
    var limbs: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    static var mask: UInt64 { (1 << 58) - 1 }

    /// The radix-2^58 digits of a < 2^522.
    @inline(__always)
    init(splitting a: Limbs9) {
        let mask = Limbs58.mask
        limbs = (a.words.0 & mask,
                 (a.words.0 >> 58 | a.words.1 << 6) & mask,
                 (a.words.1 >> 52 | a.words.2 << 12) & mask,
                 (a.words.2 >> 46 | a.words.3 << 18) & mask,
                 (a.words.3 >> 40 | a.words.4 << 24) & mask,
                 (a.words.4 >> 34 | a.words.5 << 30) & mask,
                 (a.words.5 >> 28 | a.words.6 << 36) & mask,
                 (a.words.6 >> 22 | a.words.7 << 42) & mask,
                 a.words.7 >> 16 | a.words.8 << 48)
    }

    /// Σ c[k]·2^(58k) mod p, each column c[k] below 2^125, canonical.
    @inline(__always)
    static func reduce(_ c0: UInt128, _ c1: UInt128, _ c2: UInt128, _ c3: UInt128, _ c4: UInt128,
                       _ c5: UInt128, _ c6: UInt128, _ c7: UInt128, _ c8: UInt128) -> Limbs9 {
        let mask = UInt128(Limbs58.mask)
        // Carry each column into the next; bit 521 and above (c8 >> 57) wrap to bit 0 (2^521 ≡ 1).
        var c = c0
        let r0 = c & mask; c = c1 &+ (c >> 58)
        let r1 = c & mask; c = c2 &+ (c >> 58)
        let r2 = c & mask; c = c3 &+ (c >> 58)
        let r3 = c & mask; c = c4 &+ (c >> 58)
        let r4 = c & mask; c = c5 &+ (c >> 58)
        let r5 = c & mask; c = c6 &+ (c >> 58)
        let r6 = c & mask; c = c7 &+ (c >> 58)
        let r7 = c & mask; c = c8 &+ (c >> 58)
        let r8 = c & (mask >> 1)
        // The wrapped carry is below 2^70; one more pass leaves limbs 0–7
        // below 2^58 and limb 8 below 2^58: a value below 2^522.
        c = r0 &+ (c >> 57)
        let s0 = UInt64(truncatingIfNeeded: c & mask); c = r1 &+ (c >> 58)
        let s1 = UInt64(truncatingIfNeeded: c & mask); c = r2 &+ (c >> 58)
        let s2 = UInt64(truncatingIfNeeded: c & mask); c = r3 &+ (c >> 58)
        let s3 = UInt64(truncatingIfNeeded: c & mask); c = r4 &+ (c >> 58)
        let s4 = UInt64(truncatingIfNeeded: c & mask); c = r5 &+ (c >> 58)
        let s5 = UInt64(truncatingIfNeeded: c & mask); c = r6 &+ (c >> 58)
        let s6 = UInt64(truncatingIfNeeded: c & mask); c = r7 &+ (c >> 58)
        let s7 = UInt64(truncatingIfNeeded: c & mask); c = r8 &+ (c >> 58)
        let s8 = UInt64(truncatingIfNeeded: c)
        let packed = Limbs9(s0 | s1 << 58, s1 >> 6 | s2 << 52, s2 >> 12 | s3 << 46, s3 >> 18 | s4 << 40,
                            s4 >> 24 | s5 << 34, s5 >> 30 | s6 << 28, s6 >> 36 | s7 << 22, s7 >> 42 | s8 << 16,
                            s8 >> 48)
        return P521.Field.canonical(packed)
    }
}

/// a·b as a 128-bit integer (one multiplication instruction).
@inline(__always)
func wide(_ a: UInt64, _ b: UInt64) -> UInt128 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return UInt128(high) << 64 | UInt128(low)
}

extension P521.Field {
    /// v mod p for v < 2^522: fold bit 521 onto bit 0, then subtract p once
    /// if the result reached it (p itself becomes 0).
    @inline(__always)
    static func canonical(_ v: Limbs9) -> Limbs9 {
        var low = v
        low.words.8 &= 0x1FF
        let carry = Limbs9(v.words.8 >> 9, 0, 0, 0, 0, 0, 0, 0, 0)
        // low < 2^521 and carry ≤ 1: at most 2^521 = p + 1.
        let sum = Limbs9.add(low, carry).sum
        let (reduced, borrow) = Limbs9.subtract(sum, modulus)
        return Limbs9.select(0 &- borrow, sum, reduced)
    }
}
