// The P-521 field element the curve arithmetic uses: radix 2^58, limbs
// below 2^60 rather than a value below p (P521Field.swift), so that
// additions are nine limb additions and one pass that moves each limb's
// excess to its neighbour, and products skip the packing and final
// subtraction. Only comparisons (`isZero`, `==`) make a value
// canonical — a handful per point addition, against a dozen products.

struct P521Element: CurveFieldElement {
    var value: Limbs58

    @inline(__always)
    init(_ value: Limbs58) { self.value = value }

    /// From the constants' form: a plain integer below p (R = 1).
    @inline(__always)
    init(montgomery limbs: Limbs9) { value = Limbs58(splitting: limbs) }

    /// From an integer below p.
    @inline(__always)
    init(reduced limbs: Limbs9) { value = Limbs58(splitting: limbs) }

    static var zero: P521Element { P521Element(Limbs58(0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    static var one: P521Element { P521Element(Limbs58(1, 0, 0, 0, 0, 0, 0, 0, 0)) }

    var isZero: Bool { value.packed().isZero }

    static func == (a: P521Element, b: P521Element) -> Bool {
        Limbs9.equal(a.value.packed(), b.value.packed())
    }

    @inline(__always)
    static func * (a: P521Element, b: P521Element) -> P521Element {
        P521Element(Limbs58.product(a.value, b.value))
    }

    @inline(__always)
    func squared() -> P521Element { P521Element(Limbs58.square(value)) }

    @inline(__always)
    static func + (a: P521Element, b: P521Element) -> P521Element {
        P521Element(unreducedSum(a, b).value.normalized())
    }

    /// a − b as a + 32p − b: 32p's limbs (2^63 − 32, and 2^62 − 32 at the
    /// top) exceed b's, which are below 2^60 here and below 2^61.7 (2^61 +
    /// 2^15 at the top) for the unreduced sums of `jacobianDoubling`, so no
    /// limb goes negative; the sum stays below 2^64.
    @inline(__always)
    static func - (a: P521Element, b: P521Element) -> P521Element {
        let x = a.value.limbs, y = b.value.limbs
        let low: UInt64 = (1 << 63) - 32, top: UInt64 = (1 << 62) - 32
        return P521Element(Limbs58(x.0 &+ (low &- y.0), x.1 &+ (low &- y.1), x.2 &+ (low &- y.2),
                                   x.3 &+ (low &- y.3), x.4 &+ (low &- y.4), x.5 &+ (low &- y.5),
                                   x.6 &+ (low &- y.6), x.7 &+ (low &- y.7), x.8 &+ (top &- y.8)).normalized())
    }

    /// a + b limb by limb, not normalised: only where the bounds of
    /// `jacobianDoubling` allow the result as an operand.
    @inline(__always)
    private static func unreducedSum(_ a: P521Element, _ b: P521Element) -> P521Element {
        let x = a.value.limbs, y = b.value.limbs
        return P521Element(Limbs58(x.0 &+ y.0, x.1 &+ y.1, x.2 &+ y.2, x.3 &+ y.3, x.4 &+ y.4,
                                   x.5 &+ y.5, x.6 &+ y.6, x.7 &+ y.7, x.8 &+ y.8))
    }

    /// dbl-2001-b as the generic formula computes it, with the sums that
    /// only feed a product or a difference left unreduced: five
    /// normalisations instead of fourteen, and (Y + Z)² − (γ + δ) as one
    /// difference. Bounds, from limbs below 2^60 on entry: a product leaves
    /// limbs below P = 3·2^58 + 2^13 (top 2^59 + 2^12), a difference below
    /// 2^58 + 2^7. 2γ and 4β are below 2P, X + δ below 2^60 + P, 3t below
    /// 3P, 8β below 4P (top below 2^61 + 2^14) — every product operand
    /// below 2^61.3, so a column stays below 17·2^122.6 < 2^128, and every
    /// subtrahend below 32p's limbs. The results are differences: limbs
    /// below 2^58 + 2^7.
    @inline(__always)
    static func jacobianDoubling(x: P521Element, y: P521Element, z: P521Element)
        -> (x: P521Element, y: P521Element, z: P521Element) {
        let delta = z.squared()
        let gamma = y.squared()
        let twoGamma = unreducedSum(gamma, gamma)
        let xTwoGamma = x * twoGamma
        let beta4 = unreducedSum(xTwoGamma, xTwoGamma)
        let t = (x - delta) * unreducedSum(x, delta)
        let alpha = unreducedSum(unreducedSum(t, t), t)
        let x3 = alpha.squared() - unreducedSum(beta4, beta4)
        let z3 = unreducedSum(y, z).squared() - unreducedSum(gamma, delta)
        let twoGammaSquared = twoGamma.squared()
        let y3 = alpha * (beta4 - x3) - unreducedSum(twoGammaSquared, twoGammaSquared)
        return (x3, y3, z3)
    }

    @inline(__always)
    func doubled() -> P521Element { self + self }
}
