import SHA2

// The Ed25519 public key of a private key (RFC 8032 §5.1.5): hash the
// 32-byte seed with SHA-512, clamp the low half into the scalar s, encode
// s·B. The seed and s are secret, so the multiplication is constant time,
// unlike verification's (Ed25519.swift): a fixed 4-bit window over
// 0·B … 15·B, each entry picked by reading all sixteen and keeping one with
// a mask (ConstantTimeSelection.swift). The HWCD addition is complete on
// edwards25519 (Edwards25519Point.swift), so the identity entry of a zero
// window needs no special case. The table is built from B at each call.

extension Ed25519PublicKey {
    /// RFC 8032 §5.1.5: the public key (32 bytes) of a 32-byte private key seed.
    ///
    /// A seed of any other length is `malformedPrivateKey`. The derivation
    /// takes the same steps for every seed and indexes no memory with it.
    public init(privateSeed: ArraySlice<UInt8>) throws(ECError) {
        guard privateSeed.count == 32 else { throw .malformedPrivateKey }
        // Steps 1–2: h = SHA-512(seed); s = the clamped low 32 bytes, little-endian.
        var hash = SHA512()
        privateSeed.withUnsafeBytes { hash.update($0) }
        let h = hash.finalize()
        var s = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        for i in 0..<32 {
            let octet = UInt64(h[i]) << UInt64((i & 7) << 3)
            switch i >> 3 {
            case 0: s.0 |= octet
            case 1: s.1 |= octet
            case 2: s.2 |= octet
            default: s.3 |= octet
            }
        }
        // Clear the three low bits (a multiple of the cofactor 8) and bit 255; set bit 254.
        s.0 &= ~7
        s.3 = (s.3 & ~(1 << 63)) | (1 << 62)
        // Steps 3–4: A = s·B, encoded.
        let encoded = Ed25519KeyDerivation.multiplyBase(s).constantTimeEncodedWords()
        // A multiple of B always decodes; a failure here would be an arithmetic bug.
        try self.init(rawRepresentation: Ed25519KeyDerivation.bytes(encoded)[...])
    }

    /// The 32 encoded bytes (RFC 8032 §5.1.2): what `init(rawRepresentation:)`
    /// took, or what `init(privateSeed:)` computed.
    package var rawRepresentation: [UInt8] { Ed25519KeyDerivation.bytes(encoded) }
}

enum Ed25519KeyDerivation {
    static var window: Int { 4 }

    /// Four little-endian words as 32 octets.
    static func bytes(_ words: (UInt64, UInt64, UInt64, UInt64)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        for i in 0..<8 {
            let shift = UInt64(i << 3)
            out[i] = UInt8(truncatingIfNeeded: words.0 >> shift)
            out[8 + i] = UInt8(truncatingIfNeeded: words.1 >> shift)
            out[16 + i] = UInt8(truncatingIfNeeded: words.2 >> shift)
            out[24 + i] = UInt8(truncatingIfNeeded: words.3 >> shift)
        }
        return out
    }

    /// s·B for a 256-bit s, in constant time.
    static func multiplyBase(_ s: (UInt64, UInt64, UInt64, UInt64)) -> EdwardsProjectivePoint {
        typealias F = FieldElement25519
        let entries = 1 << window
        // B in the base table's affine form (y+x, y−x, 2d·x·y): its first point.
        let base = Ed25519BaseTable.oddMultiples.withUnsafeBufferPointer { table in
            EdwardsAffineCachedPoint(yPlusX: F(table[0], table[1], table[2], table[3], table[4]),
                                     yMinusX: F(table[5], table[6], table[7], table[8], table[9]),
                                     twiceDXY: F(table[10], table[11], table[12], table[13], table[14]))
        }
        return withUnsafeTemporaryAllocation(of: EdwardsCachedPoint.self, capacity: entries) { table in
            table.initialize(repeating: EdwardsPoint.identity.cached)
            var multiple = EdwardsPoint.identity
            for k in 1..<entries {
                multiple = (multiple + base).extended
                table[k] = multiple.cached
            }
            var accumulator = EdwardsPoint.identity
            var position = 256
            while position > 0 {
                position -= window
                var doubling = accumulator.projective
                for _ in 0..<(window - 1) { doubling = doubling.doubled().projective }
                accumulator = doubling.doubled().extended
                let word = position >> 6 == 0 ? s.0 : position >> 6 == 1 ? s.1 : position >> 6 == 2 ? s.2 : s.3
                let digit = (word >> UInt64(position & 63)) & UInt64(entries - 1)
                let identity = EdwardsPoint.identity.cached
                var entry = identity
                for k in 0..<entries {
                    let mask = maskIfEqual(digit, UInt64(k))
                    entry = EdwardsCachedPoint(yPlusX: F.select(mask, table[k].yPlusX, entry.yPlusX),
                                               yMinusX: F.select(mask, table[k].yMinusX, entry.yMinusX),
                                               twiceZ: F.select(mask, table[k].twiceZ, entry.twiceZ),
                                               twiceDT: F.select(mask, table[k].twiceDT, entry.twiceDT))
                }
                accumulator = (accumulator + entry).extended
            }
            return accumulator.projective
        }
    }
}

extension EdwardsProjectivePoint {
    /// RFC 8032 §5.1.2 as `encodedWords()`, with the sign of x moved into
    /// bit 255 by a shift instead of a branch.
    func constantTimeEncodedWords() -> (UInt64, UInt64, UInt64, UInt64) {
        let zInverse = z.inverted()
        var words = (y * zInverse).encodedWords()
        words.3 |= ((x * zInverse).canonical().l0 & 1) << 63
        return words
    }
}
