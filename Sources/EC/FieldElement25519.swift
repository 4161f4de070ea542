// Arithmetic modulo p = 2^255 − 19, the field of Curve25519 / edwards25519
// (RFC 8032 §5.1, RFC 7748 §4.1).
//
// Layout: five unsigned 51-bit limbs, least significant first, in UInt64
// fields; value = Σ limb[i]·2^(51·i). Limbs may exceed 51 bits between
// operations, and the value need not be below p until `encoded()`.
//
// Bounds, which keep every intermediate inside its integer type:
// - "reduced": every limb < 2^51 + 2^20. `*`, `squared()`, `-` and the
//   constants return reduced elements.
// - `+` does not carry: the sum of two reduced elements has limbs < 2^52.01,
//   and of four < 2^53.01.
// - `*` and `squared()` accept limbs < 2^54. With 2^255 ≡ 19, a column sum is
//   then below 77·2^108 < 2^115, so it fits a UInt128 accumulator; the top
//   column has no factor 19, so the carry out of limb 4 is below 2^60.
// - `-` accepts limbs < 2^54 in the minuend and ≤ 2^54 − 152 in the
//   subtrahend (it adds 8p first) and carries, so its result is reduced.
//
// Nothing here is constant-time: Ed25519 verification handles public data
// only (see Ed25519.swift).

struct FieldElement25519: Sendable {
    typealias Limbs = (UInt64, UInt64, UInt64, UInt64, UInt64)

    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64

    static let mask51: UInt64 = (1 << 51) - 1

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        self.l0 = l0
        self.l1 = l1
        self.l2 = l2
        self.l3 = l3
        self.l4 = l4
    }

    @inline(__always)
    init(limbs: Limbs) {
        self.init(limbs.0, limbs.1, limbs.2, limbs.3, limbs.4)
    }

    static let zero = FieldElement25519(0, 0, 0, 0, 0)
    static let one = FieldElement25519(1, 0, 0, 0, 0)

    /// The low 255 bits of 32 little-endian bytes (RFC 8032 §5.1.2); the
    /// caller has read bit 255 (the sign of x) separately. The result may be
    /// ≥ p; `isCanonical(_:)` tells.
    @inline(__always)
    init(littleEndian word0: UInt64, _ word1: UInt64, _ word2: UInt64, _ word3: UInt64) {
        let mask = Self.mask51
        self.init(word0 & mask,
                  ((word0 >> 51) | (word1 << 13)) & mask,
                  ((word1 >> 38) | (word2 << 26)) & mask,
                  ((word2 >> 25) | (word3 << 39)) & mask,
                  (word3 >> 12) & mask)
    }

    /// Whether a 255-bit value read by `init(littleEndian:)` is below p: it
    /// is not exactly when every limb is all ones except the lowest, which
    /// is at least 2^51 − 19 (p ≤ y < 2^255).
    var isCanonicalEncoding: Bool {
        let mask = Self.mask51
        return !(l4 == mask && l3 == mask && l2 == mask && l1 == mask && l0 >= mask - 18)
    }

    // MARK: Ring operations

    @inline(__always)
    static func + (a: Self, b: Self) -> Self {
        Self(a.l0 &+ b.l0, a.l1 &+ b.l1, a.l2 &+ b.l2, a.l3 &+ b.l3, a.l4 &+ b.l4)
    }

    /// a − b as a + 8p − b, then one carry pass.
    @inline(__always)
    static func - (a: Self, b: Self) -> Self {
        // 8p in this layout: 8·(2^51 − 19) in limb 0, 8·(2^51 − 1) above.
        let low: UInt64 = 0x3FFF_FFFF_FFFF_68
        let high: UInt64 = 0x3FFF_FFFF_FFFF_F8
        return Self(a.l0 &+ low &- b.l0, a.l1 &+ high &- b.l1, a.l2 &+ high &- b.l2,
                    a.l3 &+ high &- b.l3, a.l4 &+ high &- b.l4).carried()
    }

    @inline(__always)
    static prefix func - (a: Self) -> Self { zero - a }

    /// One carry pass: limbs < 2^63 in, reduced out.
    @inline(__always)
    func carried() -> Self {
        let mask = Self.mask51
        var r0 = l0, r1 = l1, r2 = l2, r3 = l3, r4 = l4
        r1 &+= r0 >> 51; r0 &= mask
        r2 &+= r1 >> 51; r1 &= mask
        r3 &+= r2 >> 51; r2 &= mask
        r4 &+= r3 >> 51; r3 &= mask
        r0 &+= (r4 >> 51) &* 19; r4 &= mask
        r1 &+= r0 >> 51; r0 &= mask
        return Self(r0, r1, r2, r3, r4)
    }

    @inline(__always)
    static func product(_ a: UInt64, _ b: UInt64) -> UInt128 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return UInt128(high) &<< 64 | UInt128(low)
    }

    /// Five column sums (each < 2^115, see the bounds above) to a reduced
    /// element: carry up through the columns, fold the top carry back with
    /// 2^255 ≡ 19.
    @inline(__always)
    static func reduce(_ c0: UInt128, _ c1: UInt128, _ c2: UInt128, _ c3: UInt128, _ c4: UInt128) -> Self {
        let mask = mask51
        let r0 = UInt64(truncatingIfNeeded: c0) & mask
        let t1 = c1 &+ (c0 &>> 51)
        let r1 = UInt64(truncatingIfNeeded: t1) & mask
        let t2 = c2 &+ (t1 &>> 51)
        let r2 = UInt64(truncatingIfNeeded: t2) & mask
        let t3 = c3 &+ (t2 &>> 51)
        let r3 = UInt64(truncatingIfNeeded: t3) & mask
        let t4 = c4 &+ (t3 &>> 51)
        let r4 = UInt64(truncatingIfNeeded: t4) & mask
        // t4 < 2^111, so the carry is below 2^60 and 19 times it may pass 64
        // bits: fold its low 51 bits into limb 0 and the rest into limb 1.
        let top = UInt64(truncatingIfNeeded: t4 &>> 51)
        var s0 = r0 &+ (top & mask) &* 19
        var s1 = r1 &+ (top >> 51) &* 19
        s1 &+= s0 >> 51
        s0 &= mask
        return Self(s0, s1, r2, r3, r4)
    }

    @inline(__always)
    static func * (a: Self, b: Self) -> Self {
        // Limb i·j lands at 51·(i+j); above 4 it wraps with factor 19.
        let b1 = b.l1 &* 19, b2 = b.l2 &* 19, b3 = b.l3 &* 19, b4 = b.l4 &* 19
        let c0 = product(a.l0, b.l0) &+ product(a.l1, b4) &+ product(a.l2, b3) &+ product(a.l3, b2) &+ product(a.l4, b1)
        let c1 = product(a.l0, b.l1) &+ product(a.l1, b.l0) &+ product(a.l2, b4) &+ product(a.l3, b3) &+ product(a.l4, b2)
        let c2 = product(a.l0, b.l2) &+ product(a.l1, b.l1) &+ product(a.l2, b.l0) &+ product(a.l3, b4) &+ product(a.l4, b3)
        let c3 = product(a.l0, b.l3) &+ product(a.l1, b.l2) &+ product(a.l2, b.l1) &+ product(a.l3, b.l0) &+ product(a.l4, b4)
        let c4 = product(a.l0, b.l4) &+ product(a.l1, b.l3) &+ product(a.l2, b.l2) &+ product(a.l3, b.l1) &+ product(a.l4, b.l0)
        return reduce(c0, c1, c2, c3, c4)
    }

    @inline(__always)
    func squared() -> Self {
        // The cross products appear twice; double one factor instead.
        let d0 = l0 &* 2, d1 = l1 &* 2
        let l3x19 = l3 &* 19, l4x19 = l4 &* 19
        let c0 = Self.product(l0, l0) &+ Self.product(d1, l4x19) &+ Self.product(l2 &* 2, l3x19)
        let c1 = Self.product(d0, l1) &+ Self.product(l2 &* 2, l4x19) &+ Self.product(l3, l3x19)
        let c2 = Self.product(d0, l2) &+ Self.product(l1, l1) &+ Self.product(l3 &* 2, l4x19)
        let c3 = Self.product(d0, l3) &+ Self.product(d1, l2) &+ Self.product(l4, l4x19)
        let c4 = Self.product(d0, l4) &+ Self.product(d1, l3) &+ Self.product(l2, l2)
        return Self.reduce(c0, c1, c2, c3, c4)
    }

    /// self^(2^count), count ≥ 1.
    func squared(times count: Int) -> Self {
        var result = squared()
        var remaining = count - 1
        while remaining > 0 {
            result = result.squared()
            remaining -= 1
        }
        return result
    }

    // MARK: Exponentiations

    /// (self^(2^250 − 1), self^11): the shared prefix of the addition chains
    /// for p − 2 = 2^255 − 21 and (p − 5)/8 = 2^252 − 3.
    private func power2To250Minus1() -> (Self, Self) {
        let x2 = squared()
        let x9 = x2.squared(times: 2) * self
        let x11 = x9 * x2
        let x2e5m1 = x11.squared() * x9            // 2^5 − 1
        let x2e10m1 = x2e5m1.squared(times: 5) * x2e5m1
        let x2e20m1 = x2e10m1.squared(times: 10) * x2e10m1
        let x2e40m1 = x2e20m1.squared(times: 20) * x2e20m1
        let x2e50m1 = x2e40m1.squared(times: 10) * x2e10m1
        let x2e100m1 = x2e50m1.squared(times: 50) * x2e50m1
        let x2e200m1 = x2e100m1.squared(times: 100) * x2e100m1
        let x2e250m1 = x2e200m1.squared(times: 50) * x2e50m1
        return (x2e250m1, x11)
    }

    /// self^(p − 2) = self^(2^255 − 21): the inverse (Fermat), 0 for 0.
    func inverted() -> Self {
        let (x2e250m1, x11) = power2To250Minus1()
        return x2e250m1.squared(times: 5) * x11
    }

    /// self^((p − 5)/8) = self^(2^252 − 3), the exponent of RFC 8032 §5.1.3 step 3.
    func powerPMinus5Over8() -> Self {
        let (x2e250m1, _) = power2To250Minus1()
        return x2e250m1.squared(times: 2) * self
    }

    // MARK: Canonical form

    /// One carry pass that folds the top carry into limb 0 and stops: limbs
    /// < 2^63 in; limbs 1–4 < 2^51 and limb 0 < 2^51 + 2^17 out. A second pass
    /// leaves every limb < 2^51 (limb 0 can carry only if the fold was large,
    /// and then it is small itself).
    @inline(__always)
    private func foldedOnce() -> Self {
        let mask = Self.mask51
        var r0 = l0, r1 = l1, r2 = l2, r3 = l3, r4 = l4
        r1 &+= r0 >> 51; r0 &= mask
        r2 &+= r1 >> 51; r1 &= mask
        r3 &+= r2 >> 51; r2 &= mask
        r4 &+= r3 >> 51; r3 &= mask
        r0 &+= (r4 >> 51) &* 19; r4 &= mask
        return Self(r0, r1, r2, r3, r4)
    }

    /// The value below p, as limbs < 2^51.
    func canonical() -> Self {
        let mask = Self.mask51
        let r = foldedOnce().foldedOnce()  // value < 2^255
        // value ≥ p exactly when value + 19 ≥ 2^255.
        var q = (r.l0 &+ 19) >> 51
        q = (r.l1 &+ q) >> 51
        q = (r.l2 &+ q) >> 51
        q = (r.l3 &+ q) >> 51
        q = (r.l4 &+ q) >> 51
        var r0 = r.l0 &+ 19 &* q, r1 = r.l1, r2 = r.l2, r3 = r.l3, r4 = r.l4
        r1 &+= r0 >> 51; r0 &= mask
        r2 &+= r1 >> 51; r1 &= mask
        r3 &+= r2 >> 51; r2 &= mask
        r4 &+= r3 >> 51; r3 &= mask
        r4 &= mask  // drops the 2^255 of value + 19 − 2^255
        return Self(r0, r1, r2, r3, r4)
    }

    /// The canonical 32-byte little-endian encoding as four words, bit 255 clear.
    func encodedWords() -> (UInt64, UInt64, UInt64, UInt64) {
        let c = canonical()
        return (c.l0 | (c.l1 << 51),
                (c.l1 >> 13) | (c.l2 << 38),
                (c.l2 >> 26) | (c.l3 << 25),
                (c.l3 >> 39) | (c.l4 << 12))
    }

    /// RFC 8032 §5.1.2: x is "negative" when its canonical value is odd.
    var isNegative: Bool { canonical().l0 & 1 == 1 }

    var isZero: Bool {
        let c = canonical()
        return (c.l0 | c.l1 | c.l2 | c.l3 | c.l4) == 0
    }

    static func == (a: Self, b: Self) -> Bool { (a - b).isZero }
}
