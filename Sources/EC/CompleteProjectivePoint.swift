// Points of y² = x³ − 3x + b in homogeneous projective coordinates
// (X:Y:Z) = (X/Z, Y/Z), the identity (0:1:0), with the complete formulas of
// Renes, Costello and Batina, "Complete addition formulas for prime order
// elliptic curves" (EUROCRYPT 2016), Algorithms 4 (addition) and 6
// (doubling) for a = −3.
//
// Why these and not the Jacobian formulas of WeierstrassCurve.swift: those
// need tests for infinity, P = Q and P = −Q, and the answers would branch on
// the secret scalar during key derivation. These give the right sum for
// every pair of inputs on a prime-order curve, the identity and equal
// points included, with the same operations every time. They cost more
// (12M + 2 products by b per addition), which does not matter for a key
// derived once; verification keeps its faster formulas.

struct CompleteProjectivePoint<C: WeierstrassCurve>: Sendable where C.Element: ConstantTimeFieldElement {
    typealias F = FieldElement<C>
    var x: F
    var y: F
    var z: F

    static var identity: CompleteProjectivePoint { CompleteProjectivePoint(x: .zero, y: .one, z: .zero) }

    @inline(__always)
    init(x: F, y: F, z: F) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ point: AffinePoint<C>) {
        self.init(x: point.x, y: point.y, z: .one)
    }

    /// a where `mask` is all ones, b where it is zero.
    @inline(__always)
    static func select(_ mask: UInt64, _ a: Self, _ b: Self) -> Self {
        Self(x: F.select(mask, a.x, b.x), y: F.select(mask, a.y, b.y), z: F.select(mask, a.z, b.z))
    }

    /// P + Q for any P, Q (RCB Algorithm 4).
    func adding(_ q: Self) -> Self {
        let b = F(montgomery: C.b)
        var t0 = x * q.x
        var t1 = y * q.y
        var t2 = z * q.z
        var t3 = (x + y) * (q.x + q.y)
        var t4 = t0 + t1
        t3 = t3 - t4
        t4 = (y + z) * (q.y + q.z)
        var x3 = t1 + t2
        t4 = t4 - x3
        x3 = (x + z) * (q.x + q.z)
        var y3 = t0 + t2
        y3 = x3 - y3
        var z3 = b * t2
        x3 = y3 - z3
        z3 = x3.doubled()
        x3 = x3 + z3
        z3 = t1 - x3
        x3 = t1 + x3
        y3 = b * y3
        t1 = t2.doubled()
        t2 = t1 + t2
        y3 = y3 - t2
        y3 = y3 - t0
        t1 = y3.doubled()
        y3 = t1 + y3
        t1 = t0.doubled()
        t0 = t1 + t0
        t0 = t0 - t2
        t1 = t4 * y3
        t2 = t0 * y3
        y3 = x3 * z3
        y3 = y3 + t2
        x3 = t3 * x3
        x3 = x3 - t1
        z3 = t4 * z3
        t1 = t3 * t0
        z3 = z3 + t1
        return Self(x: x3, y: y3, z: z3)
    }

    /// 2P for any P (RCB Algorithm 6).
    func doubled() -> Self {
        let b = F(montgomery: C.b)
        var t0 = x.squared()
        let t1 = y.squared()
        var t2 = z.squared()
        var t3 = x * y
        t3 = t3.doubled()
        var z3 = x * z
        z3 = z3.doubled()
        var y3 = b * t2
        y3 = y3 - z3
        var x3 = y3.doubled()
        y3 = x3 + y3
        x3 = t1 - y3
        y3 = t1 + y3
        y3 = x3 * y3
        x3 = x3 * t3
        t3 = t2.doubled()
        t2 = t2 + t3
        z3 = b * z3
        z3 = z3 - t2
        z3 = z3 - t0
        t3 = z3.doubled()
        z3 = z3 + t3
        t3 = t0.doubled()
        t0 = t3 + t0
        t0 = t0 - t2
        t0 = t0 * z3
        y3 = y3 + t0
        t0 = y * z
        t0 = t0.doubled()
        z3 = t0 * z3
        x3 = x3 - z3
        z3 = t0 * t1
        z3 = z3.doubled().doubled()
        return Self(x: x3, y: y3, z: z3)
    }

    /// SEC 1 §2.3.3 uncompressed: 04 ‖ X ‖ Y, big-endian, `C.coordinateByteCount`
    /// octets each. Z⁻¹ by Fermat over the public exponent p − 2, so the
    /// steps do not depend on the point. The identity has no affine form; it
    /// comes out as zeros (a derivation refuses d = 0 before getting here).
    func uncompressedEncoding() -> [UInt8] {
        let zInverse = z.inverted(exponent: C.Field.inversionExponent)
        let affineX = (x * zInverse).canonicalValue, affineY = (y * zInverse).canonicalValue
        let length = C.coordinateByteCount
        var encoded = [UInt8](repeating: 0x04, count: 1 + 2 * length)
        for i in 0..<length {
            // Octet i from the least significant end of each coordinate.
            let shift = UInt64((i & 7) << 3)
            encoded[length - i] = UInt8(truncatingIfNeeded: affineX[i >> 3] >> shift)
            encoded[2 * length - i] = UInt8(truncatingIfNeeded: affineY[i >> 3] >> shift)
        }
        return encoded
    }
}
