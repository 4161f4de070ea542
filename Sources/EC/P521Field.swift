// GF(p) for P-521, p = 2^521 − 1 (FIPS 186-5 / SP 800-186 §3.2.1.5): a
// Mersenne prime, so 2^521 ≡ 1 and a double-width product reduces by adding
// its bits above 521 to its low 521 bits (Solinas, "Generalized Mersenne
// numbers", 1999) — cheaper than a Montgomery reduction, which would cost as
// many multiplications as the product itself.
//
// Elements live in radix 2^58 (`Limbs58`, the curve's `P521Element`): nine
// limbs of 58 bits leave six bits of headroom per 64-bit word, so a column
// of nine products sums in 128 bits without carry handling, the high half
// folds onto the low one inside each column (2^522 ≡ 2), and additions need
// no carry chain. Limbs are kept below 2^60, and values made canonical
// only where they are compared (`packed()`). The constants
// and `Residue<P521.Field>` (the arithmetic tests) use the saturated 9 × 64
// form with R = 1.

/// Nine limbs of 58 bits: x = Σ limbs.i · 2^(58·i), each limb below
/// 2^60 − 8 (sums and products leave them a little above 2^58 or 2^59),
/// x not necessarily below p. Position 9 would be 2^522 ≡ 2, so whatever
/// passes limb 8 wraps to limb 0 doubled.
struct Limbs58: Sendable {
    var limbs: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    static var mask: UInt64 { (1 << 58) - 1 }

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64,
         _ l5: UInt64, _ l6: UInt64, _ l7: UInt64, _ l8: UInt64) {
        limbs = (l0, l1, l2, l3, l4, l5, l6, l7, l8)
    }

    /// The radix-2^58 digits of a < 2^522 given in 64-bit limbs.
    @inline(__always)
    init(splitting a: Limbs9) {
        let mask = Limbs58.mask
        self.init(a.words.0 & mask,
                  (a.words.0 >> 58 | a.words.1 << 6) & mask,
                  (a.words.1 >> 52 | a.words.2 << 12) & mask,
                  (a.words.2 >> 46 | a.words.3 << 18) & mask,
                  (a.words.3 >> 40 | a.words.4 << 24) & mask,
                  (a.words.4 >> 34 | a.words.5 << 30) & mask,
                  (a.words.5 >> 28 | a.words.6 << 36) & mask,
                  (a.words.6 >> 22 | a.words.7 << 42) & mask,
                  a.words.7 >> 16 | a.words.8 << 48)
    }

    /// Σ c[k]·2^(58k) mod p for columns c[k] below 2^128, as limbs below
    /// 3·2^58 + 2^13. Each column is cut into bits 0–57, 58–115 and 116–127,
    /// and each piece is added to the limb it lands on, wrapped doubled past
    /// limb 8. The nine sums are independent of each other: a carry pass
    /// from limb to limb would be a chain of 18 dependent steps after every
    /// product, and it is left to the next addition or product, which accept
    /// limbs of this size (docs/benchmarks.md, P-521).
    @inline(__always)
    static func reduce(_ c0: UInt128, _ c1: UInt128, _ c2: UInt128, _ c3: UInt128, _ c4: UInt128,
                       _ c5: UInt128, _ c6: UInt128, _ c7: UInt128, _ c8: UInt128) -> Limbs58 {
        Limbs58(low(c0) &+ (middle(c8) &+ high(c7)) &<< 1,
                low(c1) &+ middle(c0) &+ high(c8) &<< 1,
                low(c2) &+ middle(c1) &+ high(c0),
                low(c3) &+ middle(c2) &+ high(c1),
                low(c4) &+ middle(c3) &+ high(c2),
                low(c5) &+ middle(c4) &+ high(c3),
                low(c6) &+ middle(c5) &+ high(c4),
                low(c7) &+ middle(c6) &+ high(c5),
                low(c8) &+ middle(c7) &+ high(c6))
    }

    @inline(__always)
    private static func low(_ c: UInt128) -> UInt64 { UInt64(truncatingIfNeeded: c) & mask }

    @inline(__always)
    private static func middle(_ c: UInt128) -> UInt64 { UInt64(truncatingIfNeeded: c >> 58) & mask }

    @inline(__always)
    private static func high(_ c: UInt128) -> UInt64 { UInt64(truncatingIfNeeded: c >> 116) }

    /// The same value mod p with limbs below 2^58 + 2^7, for limbs of any
    /// size: each limb keeps its low 58 bits and takes the bits its lower
    /// neighbour has above them (limb 0 takes limb 8's, doubled). Like
    /// `reduce`, nine independent sums rather than a carry chain.
    @inline(__always)
    func normalized() -> Limbs58 {
        let mask = Limbs58.mask
        return Limbs58((limbs.0 & mask) &+ (limbs.8 >> 58) &<< 1,
                       (limbs.1 & mask) &+ (limbs.0 >> 58),
                       (limbs.2 & mask) &+ (limbs.1 >> 58),
                       (limbs.3 & mask) &+ (limbs.2 >> 58),
                       (limbs.4 & mask) &+ (limbs.3 >> 58),
                       (limbs.5 & mask) &+ (limbs.4 >> 58),
                       (limbs.6 & mask) &+ (limbs.5 >> 58),
                       (limbs.7 & mask) &+ (limbs.6 >> 58),
                       (limbs.8 & mask) &+ (limbs.7 >> 58))
    }

    /// The canonical value (below p) in 64-bit limbs: a full carry pass so
    /// the limbs are disjoint bit fields, packed, then P521.Field.canonical.
    @inline(__always)
    func packed() -> Limbs9 {
        let mask = Limbs58.mask
        var t = limbs.0; let s0 = t & mask
        t = limbs.1 &+ (t >> 58); let s1 = t & mask
        t = limbs.2 &+ (t >> 58); let s2 = t & mask
        t = limbs.3 &+ (t >> 58); let s3 = t & mask
        t = limbs.4 &+ (t >> 58); let s4 = t & mask
        t = limbs.5 &+ (t >> 58); let s5 = t & mask
        t = limbs.6 &+ (t >> 58); let s6 = t & mask
        t = limbs.7 &+ (t >> 58); let s7 = t & mask
        let s8 = limbs.8 &+ (t >> 58)
        // Limbs below 2^60 leave s8 below 2^61: its bits past 64 − 16 land
        // in word 8, below 2^13.
        let value = Limbs9(s0 | s1 << 58, s1 >> 6 | s2 << 52, s2 >> 12 | s3 << 46, s3 >> 18 | s4 << 40,
                           s4 >> 24 | s5 << 34, s5 >> 30 | s6 << 28, s6 >> 36 | s7 << 22, s7 >> 42 | s8 << 16,
                           s8 >> 48)
        return P521.Field.canonical(value)
    }
}

/// a·b as a 128-bit integer (one multiplication instruction).
@inline(__always)
func wide(_ a: UInt64, _ b: UInt64) -> UInt128 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return UInt128(high) << 64 | UInt128(low)
}

extension P521.Field {
    /// v mod p for v < 2^525: fold bits 521 and up onto bit 0, then subtract
    /// p once if the result reached it (p itself becomes 0).
    @inline(__always)
    static func canonical(_ v: Limbs9) -> Limbs9 {
        var low = v
        low.words.8 &= 0x1FF
        let carry = Limbs9(v.words.8 >> 9, 0, 0, 0, 0, 0, 0, 0, 0)
        // low < 2^521 and carry < 16: at most p + 15, so one subtraction leaves it below p.
        let sum = Limbs9.add(low, carry).sum
        let (reduced, borrow) = Limbs9.subtract(sum, modulus)
        return Limbs9.select(0 &- borrow, sum, reduced)
    }

    /// a·b mod p for a, b < p in 64-bit limbs (Residue<P521.Field>).
    static func product(_ a: Limbs9, _ b: Limbs9) -> Limbs9 {
        Limbs58.product(Limbs58(splitting: a), Limbs58(splitting: b)).packed()
    }

    static func square(_ a: Limbs9) -> Limbs9 {
        Limbs58.square(Limbs58(splitting: a)).packed()
    }
}
