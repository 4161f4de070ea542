// Points of the short Weierstrass curves y² = x³ − 3x + b (FIPS 186-5 /
// SP 800-186 §3.2.1) in Jacobian coordinates: (X, Y, Z) stands for
// (X/Z², Y/Z³), and Z = 0 is the point at infinity.
//
// The formulas are the classic ones (Cohen–Miyaji–Ono 1998; Bernstein–Lange,
// Explicit-Formulas Database): they are not complete, so the exceptional
// inputs are handled by explicit tests — adding infinity, adding a point to
// itself (H = 0, R = 0: double instead) and to its negation (H = 0, R ≠ 0:
// infinity). Wycheproof's EdgeCaseShamirMultiplication vectors steer the
// double-scalar multiplication through exactly these cases.

/// An element of GF(p) as the point formulas use it: `Residue<Field>` for
/// P-256 and P-384, `P521Element` for P-521. Equality and `isZero` compare
/// values mod p, whatever the representation.
protocol CurveFieldElement: Sendable {
    associatedtype Limbs: LimbVector
    /// From the constants' form: x·R mod p (R as in Residue.swift).
    init(montgomery limbs: Limbs)
    /// From an integer below p.
    init(reduced value: Limbs)
    static var zero: Self { get }
    static var one: Self { get }
    var isZero: Bool { get }
    static func == (a: Self, b: Self) -> Bool
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    func squared() -> Self
    func doubled() -> Self
    /// The coordinates of 2P for P = (x, y, z) in Jacobian coordinates, a = −3
    /// (`JacobianPoint.doubled()`). The formula below serves every element
    /// type; one whose sums are cheaper left unreduced supplies its own.
    static func jacobianDoubling(x: Self, y: Self, z: Self) -> (x: Self, y: Self, z: Self)
}

extension Residue: CurveFieldElement {}

extension CurveFieldElement {
    /// EFD dbl-2001-b, 3M + 5S. Infinity doubles to infinity
    /// (Z3 = 2·Y·Z = 0); no point has Y = 0 on a prime-order curve.
    @inline(__always)
    static func jacobianDoubling(x: Self, y: Self, z: Self) -> (x: Self, y: Self, z: Self) {
        let delta = z.squared()
        let gamma = y.squared()
        // 2γ once: 4β = 2·X·(2γ) and 8γ² = 2·(2γ)² take one doubling each
        // where β = X·γ took two and γ² three.
        let twoGamma = gamma.doubled()
        let beta4 = (x * twoGamma).doubled()
        // a = −3: 3X² + aZ⁴ = 3(X − Z²)(X + Z²).
        let t = (x - delta) * (x + delta)
        let alpha = t.doubled() + t
        let x3 = alpha.squared() - beta4.doubled()
        let z3 = (y + z).squared() - gamma - delta
        let y3 = alpha * (beta4 - x3) - twoGamma.squared().doubled()
        return (x3, y3, z3)
    }
}

extension CurveFieldElement {
    /// self^(m − 2) = self⁻¹ for a non-zero self (Fermat), `exponent` = m − 2
    /// for the element's prime modulus m (p, or n for scalars),
    /// left to right over the public exponent. Used once per prepared key
    /// (SplitScalarMultiplication.swift) and as the tests' reference, so the
    /// plain ladder is enough.
    func inverted(exponent: Limbs) -> Self {
        var result = Self.one
        var bit = Limbs.count * 64 - 1
        while bit >= 0 && exponent.bit(bit) == 0 { bit -= 1 }
        while bit >= 0 {
            result = result.squared()
            if exponent.bit(bit) != 0 { result = result * self }
            bit -= 1
        }
        return result
    }
}

/// One of the NIST prime curves; its constants come from scripts/ec-constants.py.
protocol WeierstrassCurve {
    associatedtype Limbs: LimbVector
    associatedtype Field: PrimeModulus where Field.Limbs == Limbs
    associatedtype Order: PrimeModulus where Order.Limbs == Limbs
    associatedtype Element: CurveFieldElement where Element.Limbs == Limbs
    /// b·R mod p, R as in Residue.swift.
    static var b: Limbs { get }
    static var coordinateByteCount: Int { get }
    static var orderBitCount: Int { get }
    static var generatorWindow: Int { get }
    /// The odd multiples of G, affine, times R: x then y per point.
    static var generatorTable: [UInt64] { get }
    /// Digits per part when a scalar's NAF is split in four (SplitScalarMultiplication.swift).
    static var splitSpan: Int { get }
    /// The odd multiples of 2^(j·splitSpan)·G for j = 1, 2, 3, laid out as `generatorTable`.
    static var shiftedGeneratorTable: [UInt64] { get }
}

typealias FieldElement<C: WeierstrassCurve> = C.Element

/// A finite point with affine coordinates (times R, as residues). Only public
/// keys that passed the on-curve check and the generator table build one.
struct AffinePoint<C: WeierstrassCurve>: Sendable {
    var x: FieldElement<C>
    var y: FieldElement<C>

    /// SEC 1 §3.2.2.1 step 3: y² = x³ − 3x + b.
    var isOnCurve: Bool {
        let x2 = x.squared()
        let rhs = (x2 * x) - x.doubled() - x + FieldElement<C>(montgomery: C.b)
        return y.squared() == rhs
    }

    var negated: AffinePoint { AffinePoint(x: x, y: FieldElement<C>.zero - y) }
}

struct JacobianPoint<C: WeierstrassCurve>: Sendable {
    var x: FieldElement<C>
    var y: FieldElement<C>
    var z: FieldElement<C>

    static var infinity: JacobianPoint {
        JacobianPoint(x: .one, y: .one, z: .zero)
    }

    @inline(__always)
    init(x: FieldElement<C>, y: FieldElement<C>, z: FieldElement<C>) {
        self.x = x
        self.y = y
        self.z = z
    }

    @inline(__always)
    init(_ point: AffinePoint<C>) {
        self.init(x: point.x, y: point.y, z: .one)
    }

    var isInfinity: Bool { @inline(__always) get { z.isZero } }

    var negated: JacobianPoint { JacobianPoint(x: x, y: FieldElement<C>.zero - y, z: z) }

    /// 2P with a = −3 (`CurveFieldElement.jacobianDoubling`).
    @inline(__always)
    func doubled() -> JacobianPoint {
        let (x3, y3, z3) = FieldElement<C>.jacobianDoubling(x: x, y: y, z: z)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// `doubled()` as a call, where a point is doubled once (building a
    /// table, an addition's exceptional case): the field kernels are
    /// inlined only into the loops that double hundreds of times, which
    /// keeps the module's size and build time down.
    @inline(never)
    func doubledOutOfLine() -> JacobianPoint { doubled() }

    /// P + Q for any P, Q, infinity included (EFD add-1998-cmo-2, 12M + 4S).
    @inline(__always)
    func adding(_ other: JacobianPoint) -> JacobianPoint {
        adding(JacobianTablePoint(other))
    }

    /// P + Q with Q's Z² and Z³ at hand (11M + 3S).
    func adding(_ other: JacobianTablePoint<C>) -> JacobianPoint {
        if isInfinity { return other.point }
        if other.point.isInfinity { return self }
        let z1z1 = z.squared()
        let u1 = x * other.zSquared
        let u2 = other.point.x * z1z1
        let s1 = y * other.zCubed
        let s2 = other.point.y * z * z1z1
        let h = u2 - u1
        let r = s2 - s1
        if h.isZero {
            // Same x: the same point (double it) or its negation (infinity).
            return r.isZero ? doubledOutOfLine() : .infinity
        }
        let hh = h.squared()
        let hhh = hh * h
        let v = u1 * hh
        let x3 = r.squared() - hhh - v.doubled()
        let y3 = r * (v - x3) - s1 * hhh
        let z3 = z * other.point.z * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for an affine (finite) Q (EFD madd, Z2 = 1: 8M + 3S).
    func adding(_ other: AffinePoint<C>) -> JacobianPoint {
        if isInfinity { return JacobianPoint(other) }
        let z1z1 = z.squared()
        let u2 = other.x * z1z1
        let s2 = other.y * z * z1z1
        let h = u2 - x
        let r = s2 - y
        if h.isZero {
            return r.isZero ? doubledOutOfLine() : .infinity
        }
        let hh = h.squared()
        let hhh = hh * h
        let v = x * hh
        let x3 = r.squared() - hhh - v.doubled()
        let y3 = r * (v - x3) - y * hhh
        let z3 = z * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }
}

/// A point that is added many times (a table entry): Z² and Z³ are kept
/// beside it, so each addition saves a square and a product, and
/// building them costs one of each once.
struct JacobianTablePoint<C: WeierstrassCurve>: Sendable {
    var point: JacobianPoint<C>
    var zSquared: FieldElement<C>
    var zCubed: FieldElement<C>

    @inline(__always)
    init(_ point: JacobianPoint<C>) {
        self.point = point
        zSquared = point.z.squared()
        zCubed = zSquared * point.z
    }

    /// −P: Y negated; Z and its powers are unchanged.
    var negated: JacobianTablePoint {
        var result = self
        result.point = point.negated
        return result
    }
}
