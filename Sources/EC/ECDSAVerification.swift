import SHA2

// The steps of ECDSA signature verification (FIPS 186-5 §6.4.2, SEC 1 v2
// §4.1.4) for one curve, and the decoding of their inputs: the public key
// (SEC 1 §2.3.4), the Ecdsa-Sig-Value (RFC 3279 §2.2.3) and the digest.

enum ECDSAVerification<C: WeierstrassCurve> {
    typealias Scalar = Residue<C.Order>

    /// Octets of a scalar mod n: ⌈bits(n) / 8⌉.
    static var scalarByteCount: Int { (C.orderBitCount + 7) / 8 }

    /// SEC 1 §2.3.4 for the uncompressed form only. Compressed (02/03) and
    /// hybrid (06/07) encodings are refused: RFC 5480 §2.2 makes the
    /// uncompressed form mandatory in certificates, and webpki and Go's
    /// crypto/x509 refuse the others there too; accepting them would add a
    /// square root for no certificate that exists.
    static func publicKey(_ encoded: ArraySlice<UInt8>) throws(ECError) -> AffinePoint<C> {
        let length = C.coordinateByteCount
        guard let prefix = encoded.first else { throw .malformedPublicKey }
        // SEC 1 §2.3.4 step 1: the single octet 00 is the point at infinity, never a public key (§3.2.2.1 step 1).
        if prefix == 0x00 && encoded.count == 1 { throw .pointNotOnCurve }
        guard prefix == 0x04, encoded.count == 1 + 2 * length else { throw .malformedPublicKey }
        let x = encoded.startIndex + 1, y = x + length
        let coordinates = (C.Limbs(bigEndianLength: length) { encoded[x + $0] },
                           C.Limbs(bigEndianLength: length) { encoded[y + $0] })
        // SEC 1 §3.2.2.1 step 2: each coordinate an integer in [0, p − 1].
        guard C.Limbs.less(coordinates.0, C.Field.modulus), C.Limbs.less(coordinates.1, C.Field.modulus) else {
            throw .malformedPublicKey
        }
        let point = AffinePoint<C>(x: FieldElement<C>(reduced: coordinates.0), y: FieldElement<C>(reduced: coordinates.1))
        // SEC 1 §3.2.2.1 step 3. Step 4 (nQ = O) holds for every point: the cofactor is 1.
        guard point.isOnCurve else { throw .pointNotOnCurve }
        return point
    }

    /// r and s from `SEQUENCE { r INTEGER, s INTEGER }` in strict DER, each in [1, n − 1].
    static func signatureScalars(_ signature: ArraySlice<UInt8>) throws(ECError) -> (r: C.Limbs, s: C.Limbs) {
        try ECDSASignatureEncoding.scalars(signature, maximumLength: scalarByteCount) { length, byte in
            let value = C.Limbs(bigEndianLength: length, byte)
            return !value.isZero && C.Limbs.less(value, C.Order.modulus) ? value : nil
        }
    }

    /// e from the digest (FIPS 186-5 §6.4.2 step 3, SEC 1 §4.1.4 step 5):
    /// its leftmost bits(n) bits as an integer, then reduced mod n — one
    /// subtraction suffices, as e < 2^bits(n) < 2n.
    static func digestScalar(_ digest: Digest) -> C.Limbs {
        let taken = min(digest.count, scalarByteCount)
        var e = C.Limbs.zero
        for i in 0..<taken {
            let position = taken - 1 - i  // octets from the least significant end
            e[position >> 3] |= UInt64(digest[i]) << UInt64((position & 7) << 3)
        }
        if taken * 8 > C.orderBitCount {
            e = e.shiftedRight(by: taken * 8 - C.orderBitCount)
        }
        let (reduced, borrow) = C.Limbs.subtract(e, C.Order.modulus)
        return borrow != 0 ? e : reduced
    }

    /// FIPS 186-5 §6.4.2 steps 4–8 for r, s already in [1, n − 1], through
    /// Q's precomputed multiples when the key has them (SplitScalarMultiplication.swift).
    static func verify(key: AffinePoint<C>, multiples: PrecomputedMultiples<C>?, r: C.Limbs, s: C.Limbs, e: C.Limbs) -> Bool {
        // Step 4: w = s⁻¹ mod n (ScalarInversion.swift), into Montgomery form (w·R).
        let w = Scalar(reduced: C.Order.inverse(s))
        // Step 5: a Montgomery product with w·R gives the plain u1 = e·w and u2 = r·w.
        let u1 = (Scalar(montgomery: e) * w).limbs
        let u2 = (Scalar(montgomery: r) * w).limbs
        let point = if let multiples {
            SplitScalarMultiplication<C>.multiply(generatorScalar: u1, pointScalar: u2, multiples: multiples)
        } else {
            DoubleScalarMultiplication<C>.multiply(generatorScalar: u1, pointScalar: u2, point: key)
        }
        // Step 6: R = O is a refusal.
        guard !point.isInfinity else { return false }
        // Steps 7–8: x(R) mod n = r without inverting Z. x(R) = X/Z² < p < 2n,
        // so x(R) mod n = r iff X = r·Z², or X = (r + n)·Z² where r + n < p.
        let z2 = point.z.squared()
        if FieldElement<C>(reduced: r) * z2 == point.x { return true }
        let (shifted, carry) = C.Limbs.add(r, C.Order.modulus)
        guard carry == 0, C.Limbs.less(shifted, C.Field.modulus) else { return false }
        return FieldElement<C>(reduced: shifted) * z2 == point.x
    }

    /// The whole of §6.4.2 for an encoded signature, with Q's multiples when the key has them.
    static func verify(key: AffinePoint<C>, multiples: PrecomputedMultiples<C>?, signature: ArraySlice<UInt8>, digest: Digest) throws(ECError) {
        let (r, s) = try signatureScalars(signature)
        guard verify(key: key, multiples: multiples, r: r, s: s, e: digestScalar(digest)) else { throw .signatureMismatch }
    }
}
