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
        let x = a.value.limbs, y = b.value.limbs
        return P521Element(Limbs58(x.0 &+ y.0, x.1 &+ y.1, x.2 &+ y.2, x.3 &+ y.3, x.4 &+ y.4,
                                   x.5 &+ y.5, x.6 &+ y.6, x.7 &+ y.7, x.8 &+ y.8).normalized())
    }

    /// a − b as a + 8p − b: 8p's limbs (2^61 − 8, and 2^60 − 8 at the top)
    /// exceed b's (below 2^60 − 8), so no limb goes negative.
    @inline(__always)
    static func - (a: P521Element, b: P521Element) -> P521Element {
        let x = a.value.limbs, y = b.value.limbs
        let low: UInt64 = (1 << 61) - 8, top: UInt64 = (1 << 60) - 8
        return P521Element(Limbs58(x.0 &+ (low &- y.0), x.1 &+ (low &- y.1), x.2 &+ (low &- y.2),
                                   x.3 &+ (low &- y.3), x.4 &+ (low &- y.4), x.5 &+ (low &- y.5),
                                   x.6 &+ (low &- y.6), x.7 &+ (low &- y.7), x.8 &+ (top &- y.8)).normalized())
    }

    @inline(__always)
    func doubled() -> P521Element { self + self }
}
