import SHA2

// Ed25519 signature verification (RFC 8032 §5.1.7), PureEdDSA only: no
// context, no prehash (Ed25519ctx / Ed25519ph are not used in X.509,
// RFC 8410 §3).
//
// Timing: verification handles public data only — the public key, the
// message and the signature all travel in the clear (a certificate, its
// TBS bytes, its signature) — so nothing here needs to be constant-time.
// The field, scalar and point code branches and indexes tables by value
// where that is faster; none of it may be reused for signing.
//
// Equation: cofactorless. We accept exactly when
//     encode([S]B − [k]A) == R (as bytes),  k = SHA-512(R ‖ A ‖ M) mod L,
// the §5.1.7 step 3 equation [S]B = R + [k]A without the optional factor 8,
// checked by re-encoding instead of decoding R (what BoringSSL, Go's
// crypto/ed25519 and ring do). Why:
// - it agrees with those verifiers on every signature, so a certificate
//   accepted elsewhere is accepted here and vice versa (cofactored
//   verifiers accept some signatures with small-order components that
//   these refuse; Wycheproof's vectors are written for the cofactorless
//   outcome);
// - encoding always yields the canonical form, so an R with y ≥ p or a
//   "negative zero" x can never match: non-canonical R is refused without
//   a separate check, and R is never decompressed (one square root saved);
// - signature malleability is closed by S < L (step 1) together with the
//   byte comparison.
// The public key is decoded strictly (§5.1.3): y < p, no sign bit on x = 0,
// and y must give a square. Small-order keys are accepted, as RFC 8032 and
// the verifiers above do; refusing them is a policy for the caller.

/// An Ed25519 public key (RFC 8032 §5.1.5), decoded and checked once.
public struct Ed25519PublicKey: Sendable {
#if PUREX509_SIZE_FIRST
    // The size-first configuration (the `SizeFirst` trait, docs/embedded.md):
    // the compact path, with the same verdicts (CompactEd25519.swift).
    private let compact: CompactEd25519PublicKey

    /// The 32 encoded bytes as little-endian words.
    var encoded: (UInt64, UInt64, UInt64, UInt64) { compact.encodedWords }

    /// Decodes as the default configuration does (below).
#if hasAttribute(export)
    @export(interface)
#endif
    public init(rawRepresentation: ArraySlice<UInt8>) throws(ECError) {
        compact = try CompactEd25519PublicKey(rawRepresentation: rawRepresentation)
    }

    /// Verifies as the default configuration does (below).
#if hasAttribute(export)
    @export(interface)
#endif
    public func verify(signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) throws(ECError) {
        try compact.verify(signature: signature, message: message)
    }
#else
    /// The 32 encoded bytes as little-endian words, hashed into k.
    let encoded: (UInt64, UInt64, UInt64, UInt64)
    /// −A, the point the double-scalar multiplication adds.
    let negatedPoint: EdwardsPoint

    /// RFC 8032 §5.1.3: exactly 32 bytes. Refuses a non-canonical encoding
    /// (y ≥ p) or x = 0 with the sign bit set (`malformedPublicKey`), and a
    /// y with no square root, which is no point of the curve (`pointNotOnCurve`).
#if hasAttribute(export)
    @export(interface)
#endif
    public init(rawRepresentation: ArraySlice<UInt8>) throws(ECError) {
        guard let words = Self.littleEndianWords(rawRepresentation, offset: 0, count: 32) else {
            throw .malformedPublicKey
        }
        let encoded = (words.0, words.1, words.2, words.3)
        let point = try Self.decode(encoded)
        self.encoded = encoded
        self.negatedPoint = point.negated
    }

    /// RFC 8032 §5.1.7. `signature` is R ‖ S, 64 bytes (else
    /// `malformedSignature`); S ≥ L is `signatureOutOfRange`; an R that is not
    /// the canonical encoding of [S]B − [k]A, including any non-canonical R,
    /// is `signatureMismatch`. Returns when the signature is valid.
#if hasAttribute(export)
    @export(interface)
#endif
    public func verify(signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) throws(ECError) {
        guard signature.count == 64,
              let r = Self.littleEndianWords(signature, offset: 0, count: 64),
              let sWords = Self.littleEndianWords(signature, offset: 32, count: 64)
        else { throw .malformedSignature }
        // Step 1: S must be below L.
        guard let s = Ed25519Scalar(canonicalWords: sWords.0, sWords.1, sWords.2, sWords.3) else {
            throw .signatureOutOfRange
        }
        // Step 2: k = SHA-512(R ‖ A ‖ M) as a little-endian integer mod L.
        var hash = SHA512()
        var rBytes = (r.0.littleEndian, r.1.littleEndian, r.2.littleEndian, r.3.littleEndian)
        withUnsafeBytes(of: &rBytes) { hash.update($0) }
        var aBytes = (encoded.0.littleEndian, encoded.1.littleEndian, encoded.2.littleEndian, encoded.3.littleEndian)
        withUnsafeBytes(of: &aBytes) { hash.update($0) }
        hash.update(message)
        let k = Ed25519Scalar(reducing: hash.finalize())
        // Step 3, cofactorless: encode([S]B + [k](−A)) must equal R byte for byte.
        let check = Edwards25519DoubleScalar.multiply(baseScalar: s, pointScalar: k, point: negatedPoint)
        let encodedCheck = check.encodedWords()
        guard encodedCheck.0 == r.0, encodedCheck.1 == r.1, encodedCheck.2 == r.2, encodedCheck.3 == r.3 else {
            throw .signatureMismatch
        }
    }
#endif

    /// RFC 8032 §5.1.3 decoding, strict: every refusal is an error.
    static func decode(_ words: (UInt64, UInt64, UInt64, UInt64)) throws(ECError) -> EdwardsPoint {
        typealias F = FieldElement25519
        // Step 1: y is the low 255 bits and must be below p; bit 255 is x_0.
        let y = F(littleEndian: words.0, words.1, words.2, words.3)
        guard y.isCanonicalEncoding else { throw .malformedPublicKey }
        let xSign = words.3 >> 63 == 1
        // Step 2: x² = u/v with u = y² − 1, v = d·y² + 1; candidate
        // x = u·v³·(u·v⁷)^((p−5)/8).
        let yy = y.squared()
        let u = yy - F.one
        let v = F.d * yy + F.one
        let v3 = v.squared() * v
        let v7 = v3.squared() * v
        var x = u * v3 * (u * v7).powerPMinus5Over8()
        // Step 3: v·x² = u, or −u (then multiply by √−1), or no root exists.
        let vxx = v * x.squared()
        if !(vxx == u) {
            guard vxx == -u else { throw .pointNotOnCurve }
            x = x * F.sqrtMinusOne
        }
        // Step 4: x = 0 has one encoding, with x_0 = 0.
        if x.isZero && xSign { throw .malformedPublicKey }
        if x.isNegative != xSign { x = -x }
        return EdwardsPoint(x: x, y: y, z: F.one, t: x * y)
    }

    /// Four little-endian words from bytes[offset ..< offset + 32] of a
    /// slice that must hold exactly `count` bytes; nil otherwise. Offsets
    /// are relative to the slice, whatever its start index.
    static func littleEndianWords(_ bytes: ArraySlice<UInt8>, offset: Int, count: Int) -> (UInt64, UInt64, UInt64, UInt64)? {
        guard bytes.count == count, offset >= 0, offset <= count - 32 else { return nil }
        return bytes.withUnsafeBytes { raw in
            (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
             UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)),
             UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)),
             UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
        }
    }
}
