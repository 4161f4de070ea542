import SHA2

// ECDSA verification (FIPS 186-5 §6.4.2) in the fewest bytes of code: the
// size-first configuration's (docs/embedded.md). One non-generic path serves
// P-256, P-384 and P-521 with the runtime-sized arithmetic of
// CompactModulus.swift: Jacobian points with the a = −3 doubling, Shamir's
// simultaneous double-and-add over G, Q and G + Q, s⁻¹ by Fermat, and the
// x(R) comparison without inverting Z — no tables of G, no windows, nothing
// unrolled. It decides exactly as ECDSAVerification does (the same encodings
// refused with the same errors, the same exceptional cases); the tests run
// the signature vectors through both. Public values only (ECDSA.swift).

/// One curve's constants (CompactCurveConstants.swift, generated).
struct CompactCurve: Sendable {
    let field: CompactModulus
    let order: CompactModulus
    /// b·R mod p.
    let b: CompactLimbs
    /// G, times R mod p.
    let generatorX: CompactLimbs
    let generatorY: CompactLimbs
    let coordinateByteCount: Int
    let orderBitCount: Int

    static func of(_ curve: ECDSACurve) -> CompactCurve {
        switch curve {
        case .p256: return p256
        case .p384: return p384
        case .p521: return p521
        }
    }
}

/// (X, Y, Z) for (X/Z², Y/Z³), times R; Z = 0 is the point at infinity.
struct CompactPoint: Sendable {
    var x: CompactLimbs
    var y: CompactLimbs
    var z: CompactLimbs
}

/// A public key checked to be on its curve, coordinates times R.
package struct CompactECDSAPublicKey: Sendable {
    let curve: ECDSACurve
    let x: CompactLimbs
    let y: CompactLimbs

    /// The checks of `ECDSAPublicKey.init(curve:uncompressedPoint:)`, with its errors.
    package init(curve: ECDSACurve, uncompressedPoint encoded: ArraySlice<UInt8>) throws(ECError) {
        let parameters = CompactCurve.of(curve)
        let field = parameters.field
        let length = parameters.coordinateByteCount
        guard let prefix = encoded.first else { throw .malformedPublicKey }
        if prefix == 0x00 && encoded.count == 1 { throw .pointNotOnCurve }
        guard prefix == 0x04, encoded.count == 1 + 2 * length else { throw .malformedPublicKey }
        let x = encoded.startIndex + 1, y = x + length
        let coordinates = (CompactLimbs(bigEndianLength: length) { encoded[x + $0] },
                           CompactLimbs(bigEndianLength: length) { encoded[y + $0] })
        guard field.less(coordinates.0, field.modulus), field.less(coordinates.1, field.modulus) else { throw .malformedPublicKey }
        self.curve = curve
        self.x = field.montgomery(coordinates.0)
        self.y = field.montgomery(coordinates.1)
        // y² = x³ − 3x + b; the cofactor is 1, so nQ = O holds for every point on the curve.
        let x2 = field.product(self.x, self.x)
        let threeX = field.sum(field.sum(self.x, self.x), self.x)
        let right = field.sum(field.difference(field.product(x2, self.x), threeX), parameters.b)
        guard field.equal(field.product(self.y, self.y), right) else { throw .pointNotOnCurve }
    }

    /// The checks and verdicts of `ECDSAPublicKey.verify(signature:digest:)`.
    package func verify(signature: ArraySlice<UInt8>, digest: Digest) throws(ECError) {
        let parameters = CompactCurve.of(curve)
        let (r, s) = try CompactECDSA.signatureScalars(signature, parameters)
        guard CompactECDSA.verify(key: self, r: r, s: s, e: CompactECDSA.digestScalar(digest, parameters), parameters) else {
            throw .signatureMismatch
        }
    }
}

enum CompactECDSA {
    /// r and s from a strict DER `SEQUENCE { r INTEGER, s INTEGER }`, each in [1, n − 1].
    static func signatureScalars(_ signature: ArraySlice<UInt8>, _ curve: CompactCurve) throws(ECError) -> (r: CompactLimbs, s: CompactLimbs) {
        let order = curve.order
        return try ECDSASignatureEncoding.scalars(signature, maximumLength: (curve.orderBitCount + 7) / 8) { length, byte in
            let value = CompactLimbs(bigEndianLength: length, byte)
            return !order.isZero(value) && order.less(value, order.modulus) ? value : nil
        }
    }

    /// The digest's leftmost bits(n) bits, reduced mod n (one subtraction: e < 2n).
    static func digestScalar(_ digest: Digest, _ curve: CompactCurve) -> CompactLimbs {
        let order = curve.order
        let taken = min(digest.count, (curve.orderBitCount + 7) / 8)
        var e = CompactLimbs(bigEndianLength: taken) { digest[$0] }
        let excess = UInt64(taken * 8 - min(taken * 8, curve.orderBitCount))
        if excess > 0 {
            for i in 0..<order.count {
                let above = i + 1 < order.count ? e[i + 1] << (64 - excess) : 0
                e[i] = e[i] >> excess | above
            }
        }
        let (reduced, borrow) = order.subtract(e, order.modulus)
        return borrow != 0 ? e : reduced
    }

    /// FIPS 186-5 §6.4.2 steps 4–8 for r, s in [1, n − 1].
    static func verify(key: CompactECDSAPublicKey, r: CompactLimbs, s: CompactLimbs, e: CompactLimbs, _ curve: CompactCurve) -> Bool {
        let order = curve.order, field = curve.field
        // w·R = (s·R)⁻¹·R²·R⁻¹…: the inverse of s's Montgomery form is w's.
        let w = order.inverse(order.montgomery(s))
        // A product with w·R gives the plain u1 = e·w and u2 = r·w.
        let u1 = order.product(e, w), u2 = order.product(r, w)
        let g = CompactPoint(x: curve.generatorX, y: curve.generatorY, z: field.one)
        let q = CompactPoint(x: key.x, y: key.y, z: field.one)
        let sum = add(g, q, field)
        var point = CompactPoint(x: field.one, y: field.one, z: CompactLimbs())
        var bit = curve.orderBitCount - 1
        while bit >= 0 {
            point = double(point, field)
            let limb = bit >> 6, shift = UInt64(bit & 63)
            switch ((u1[limb] >> shift) & 1, (u2[limb] >> shift) & 1) {
            case (1, 0): point = add(point, g, field)
            case (0, 1): point = add(point, q, field)
            case (1, 1): point = add(point, sum, field)
            default: break
            }
            bit -= 1
        }
        guard !field.isZero(point.z) else { return false }
        // x(R) = X/Z² < p < 2n, so x(R) mod n = r iff X = r·Z² or X = (r + n)·Z² with r + n < p.
        let z2 = field.product(point.z, point.z)
        if field.equal(field.product(field.montgomery(r), z2), point.x) { return true }
        var shifted = CompactLimbs()
        var carry: UInt64 = 0
        for i in 0..<field.count { shifted[i] = addWithCarry(r[i], order.modulus[i], &carry) }
        guard carry == 0, field.less(shifted, field.modulus) else { return false }
        return field.equal(field.product(field.montgomery(shifted), z2), point.x)
    }

    /// 2P for a = −3 (Bernstein–Lange dbl-2001-b); infinity stays infinity.
    static func double(_ p: CompactPoint, _ field: CompactModulus) -> CompactPoint {
        let delta = field.product(p.z, p.z)
        let gamma = field.product(p.y, p.y)
        let beta = field.product(p.x, gamma)
        let t = field.product(field.difference(p.x, delta), field.sum(p.x, delta))
        let alpha = field.sum(field.sum(t, t), t)
        let beta4 = field.sum(field.sum(beta, beta), field.sum(beta, beta))
        let x = field.difference(field.product(alpha, alpha), field.sum(beta4, beta4))
        let yz = field.sum(p.y, p.z)
        let z = field.difference(field.difference(field.product(yz, yz), gamma), delta)
        let gamma2 = field.product(gamma, gamma)
        let gamma8 = field.sum(field.sum(field.sum(gamma2, gamma2), field.sum(gamma2, gamma2)),
                               field.sum(field.sum(gamma2, gamma2), field.sum(gamma2, gamma2)))
        let y = field.difference(field.product(alpha, field.difference(beta4, x)), gamma8)
        return CompactPoint(x: x, y: y, z: z)
    }

    /// P + Q with the exceptional cases the formulas leave out: either at
    /// infinity, P = Q (double), P = −Q (infinity).
    static func add(_ p: CompactPoint, _ q: CompactPoint, _ field: CompactModulus) -> CompactPoint {
        if field.isZero(p.z) { return q }
        if field.isZero(q.z) { return p }
        let z1z1 = field.product(p.z, p.z), z2z2 = field.product(q.z, q.z)
        let u1 = field.product(p.x, z2z2), u2 = field.product(q.x, z1z1)
        let s1 = field.product(field.product(p.y, q.z), z2z2)
        let s2 = field.product(field.product(q.y, p.z), z1z1)
        let h = field.difference(u2, u1), r = field.difference(s2, s1)
        if field.isZero(h) {
            return field.isZero(r) ? double(p, field) : CompactPoint(x: field.one, y: field.one, z: CompactLimbs())
        }
        let hh = field.product(h, h)
        let hhh = field.product(h, hh)
        let v = field.product(u1, hh)
        let x = field.difference(field.difference(field.product(r, r), hhh), field.sum(v, v))
        let y = field.difference(field.product(r, field.difference(v, x)), field.product(s1, hhh))
        let z = field.product(field.product(p.z, q.z), h)
        return CompactPoint(x: x, y: y, z: z)
    }
}
