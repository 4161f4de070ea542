// Points of edwards25519, −x² + y² = 1 + d·x²·y² over GF(2^255 − 19)
// (RFC 8032 §5.1), in the coordinate systems of Hisil, Wong, Carter and
// Dawson, "Twisted Edwards Curves Revisited" (ASIACRYPT 2008), with a = −1:
//
// - extended (X:Y:Z:T), x = X/Z, y = Y/Z, x·y = T/Z: what an addition needs;
// - projective (X:Y:Z): what a doubling needs (T is not read, so a doubling
//   that follows a doubling skips computing it);
// - completed ((E:G), (H:F)), x = E/G, y = H/F: the raw output of both
//   formulas, turned into extended (4M) or projective (3M) as the next step
//   requires;
// - cached (Y+X, Y−X, 2Z, 2d·T) and affine cached (y+x, y−x, 2d·x·y): the
//   second operand of an addition, prepared once per table entry.
//
// The addition law is complete on this curve (d is not a square, a = −1 is),
// so no input point, small-order or not, needs a special case.

/// Extended coordinates (X:Y:Z:T) with X·Y = Z·T.
struct EdwardsPoint: Sendable {
    var x: FieldElement25519
    var y: FieldElement25519
    var z: FieldElement25519
    var t: FieldElement25519

    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)

    /// −P = (−X : Y : Z : −T).
    var negated: EdwardsPoint { EdwardsPoint(x: -x, y: y, z: z, t: -t) }

    var projective: EdwardsProjectivePoint { EdwardsProjectivePoint(x: x, y: y, z: z) }

    var cached: EdwardsCachedPoint {
        EdwardsCachedPoint(yPlusX: y + x, yMinusX: y - x, twiceZ: z + z, twiceDT: t * FieldElement25519.twiceD)
    }

    /// HWCD "add-2008-hwcd-3" (k = 2d), with the second operand cached.
    @inline(__always)
    static func + (p: EdwardsPoint, q: EdwardsCachedPoint) -> EdwardsCompletedPoint {
        let a = (p.y - p.x) * q.yMinusX
        let b = (p.y + p.x) * q.yPlusX
        let c = p.t * q.twiceDT
        let d = p.z * q.twiceZ
        return EdwardsCompletedPoint(e: b - a, f: d - c, g: d + c, h: b + a)
    }

    /// P − Q: the same formula with −Q = (Y−X, Y+X, 2Z, −2dT).
    @inline(__always)
    static func - (p: EdwardsPoint, q: EdwardsCachedPoint) -> EdwardsCompletedPoint {
        let a = (p.y - p.x) * q.yPlusX
        let b = (p.y + p.x) * q.yMinusX
        let c = p.t * q.twiceDT
        let d = p.z * q.twiceZ
        return EdwardsCompletedPoint(e: b - a, f: d + c, g: d - c, h: b + a)
    }

    /// Mixed addition: Q has Z = 1, so D = 2·Z1 costs no multiplication.
    @inline(__always)
    static func + (p: EdwardsPoint, q: EdwardsAffineCachedPoint) -> EdwardsCompletedPoint {
        let a = (p.y - p.x) * q.yMinusX
        let b = (p.y + p.x) * q.yPlusX
        let c = p.t * q.twiceDXY
        let d = p.z + p.z
        return EdwardsCompletedPoint(e: b - a, f: d - c, g: d + c, h: b + a)
    }

    @inline(__always)
    static func - (p: EdwardsPoint, q: EdwardsAffineCachedPoint) -> EdwardsCompletedPoint {
        let a = (p.y - p.x) * q.yPlusX
        let b = (p.y + p.x) * q.yMinusX
        let c = p.t * q.twiceDXY
        let d = p.z + p.z
        return EdwardsCompletedPoint(e: b - a, f: d + c, g: d - c, h: b + a)
    }
}

/// Projective coordinates (X:Y:Z).
struct EdwardsProjectivePoint: Sendable {
    var x: FieldElement25519
    var y: FieldElement25519
    var z: FieldElement25519

    static let identity = EdwardsProjectivePoint(x: .zero, y: .one, z: .one)

    /// HWCD "dbl-2008-hwcd" with a = −1; the signs of (H, F) are flipped
    /// together, which leaves y = H/F unchanged:
    /// x' = 2XY / (Y² − X²), y' = (X² + Y²) / (2Z² − Y² + X²).
    @inline(__always)
    func doubled() -> EdwardsCompletedPoint {
        let xx = x.squared()
        let yy = y.squared()
        let zz2 = z.squared()
        let g = yy - xx
        let h = xx + yy
        return EdwardsCompletedPoint(e: (x + y).squared() - h, f: (zz2 + zz2) - g, g: g, h: h)
    }

    /// RFC 8032 §5.1.2 encoding: y, with the sign of x in bit 255, as four
    /// little-endian words.
    func encodedWords() -> (UInt64, UInt64, UInt64, UInt64) {
        let zInverse = z.inverted()
        let affineX = x * zInverse
        var words = (y * zInverse).encodedWords()
        if affineX.isNegative { words.3 |= 1 << 63 }
        return words
    }
}

/// The output of an addition or doubling: x = E/G, y = H/F.
struct EdwardsCompletedPoint: Sendable {
    var e: FieldElement25519
    var f: FieldElement25519
    var g: FieldElement25519
    var h: FieldElement25519

    @inline(__always)
    var extended: EdwardsPoint { EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h) }

    @inline(__always)
    var projective: EdwardsProjectivePoint { EdwardsProjectivePoint(x: e * f, y: g * h, z: f * g) }
}

/// (Y+X, Y−X, 2Z, 2d·T) of an extended point.
struct EdwardsCachedPoint: Sendable {
    var yPlusX: FieldElement25519
    var yMinusX: FieldElement25519
    var twiceZ: FieldElement25519
    var twiceDT: FieldElement25519
}

/// (y+x, y−x, 2d·x·y) of an affine point: the form of the base-point table.
struct EdwardsAffineCachedPoint: Sendable {
    var yPlusX: FieldElement25519
    var yMinusX: FieldElement25519
    var twiceDXY: FieldElement25519
}
