import SHA2

// Ed25519 verification (RFC 8032 §5.1.7) in the fewest bytes of code: the
// size-first configuration's (docs/embedded.md). It reuses the runtime-sized
// Montgomery arithmetic of CompactModulus.swift, which size-first ECDSA
// links anyway, with p = 2^255 − 19 and L in four limbs; one addition
// formula, complete on edwards25519, serves for doubling too; a plain
// Straus–Shamir double-and-add over B, −A and B − A replaces the windows and
// the table of B; one exponentiation gives the inverse and the square root;
// k is reduced mod L one bit at a time. Several times the instructions of
// the default path (Ed25519.swift and the files it names), a fraction of
// its code.
//
// It decides exactly as the default path does, error for error, and for the
// same reasons (Ed25519.swift): the key decoded strictly (y < p, no sign bit
// on x = 0, y must give a square; small-order keys accepted), S < L, and the
// cofactorless equation checked by re-encoding [S]B − [k]A and comparing
// bytes with R, which is never decoded. The tests run every Ed25519 vector
// through both. Public values only.

/// A point (X : Y : Z : T) in extended coordinates, x = X/Z, y = Y/Z,
/// x·y = T/Z, each coordinate times R mod p.
struct CompactEdwardsPoint: Sendable {
    var x: CompactLimbs
    var y: CompactLimbs
    var z: CompactLimbs
    var t: CompactLimbs
}

/// An Ed25519 public key, decoded and checked once.
package struct CompactEd25519PublicKey: Sendable {
    /// The 32 encoded bytes as four little-endian limbs, hashed into k.
    let encoded: CompactLimbs
    /// −A's affine coordinates, times R mod p.
    let negatedX: CompactLimbs
    let negatedY: CompactLimbs

    /// The checks of `Ed25519PublicKey.init(rawRepresentation:)` (RFC 8032 §5.1.3), with its errors.
    package init(rawRepresentation bytes: ArraySlice<UInt8>) throws(ECError) {
        guard bytes.count == 32 else { throw .malformedPublicKey }
        let field = CompactEd25519Constants.field
        encoded = CompactEd25519.littleEndian(bytes)
        // Step 1: y is the low 255 bits and must be below p; bit 255 is x_0.
        let sign = encoded[3] >> 63
        var y = encoded
        y[3] &= ~(1 << 63)
        guard field.less(y, field.modulus) else { throw .malformedPublicKey }
        y = field.montgomery(y)
        // Step 2: x² = u/v with u = y² − 1, v = d·y² + 1, here both doubled
        // (the quotient is the same) so that 2d, the addition's constant,
        // serves; candidate x = u·v³·(u·v⁷)^((p−5)/8).
        let two = field.sum(field.one, field.one)
        let yy = field.product(y, y)
        let u = field.difference(field.sum(yy, yy), two)
        let v = field.sum(field.product(CompactEd25519Constants.twiceD, yy), two)
        let v3 = field.product(field.product(v, v), v)
        let v7 = field.product(field.product(v3, v3), v)
        var x = field.product(field.product(u, v3), field.power(field.product(u, v7), CompactEd25519Constants.pMinus5Over8))
        // Step 3: v·x² = u, or −u (then multiply by √−1), or no root exists.
        let vxx = field.product(v, field.product(x, x))
        if !field.equal(vxx, u) {
            guard field.equal(vxx, field.difference(CompactLimbs(), u)) else { throw .pointNotOnCurve }
            x = field.product(x, CompactEd25519Constants.sqrtMinusOne)
        }
        // Step 4: x = 0 has one encoding, with x_0 = 0. Stored negated: −A
        // is what the multiplication adds, so −x takes the opposite sign.
        if field.isZero(x) && sign == 1 { throw .malformedPublicKey }
        if field.plain(x)[0] & 1 == sign { x = field.difference(CompactLimbs(), x) }
        negatedX = x
        negatedY = y
    }

    /// The encoding as four little-endian words (`Ed25519PublicKey.encoded`).
    var encodedWords: (UInt64, UInt64, UInt64, UInt64) { (encoded[0], encoded[1], encoded[2], encoded[3]) }

    /// The checks and verdicts of `Ed25519PublicKey.verify(signature:message:)`.
    package func verify(signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) throws(ECError) {
        guard signature.count == 64 else { throw .malformedSignature }
        let field = CompactEd25519Constants.field, order = CompactEd25519Constants.order
        let r = CompactEd25519.littleEndian(signature.prefix(32))
        let s = CompactEd25519.littleEndian(signature.suffix(32))
        // Step 1: S must be below L.
        guard order.less(s, order.modulus) else { throw .signatureOutOfRange }
        // Step 2: k = SHA-512(R ‖ A ‖ M) as a little-endian integer mod L.
        var hash = SHA512()
        hash.update(signature.prefix(32))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { a in
            for i in 0..<32 { a[i] = UInt8(truncatingIfNeeded: encoded[i >> 3] >> UInt64((i & 7) << 3)) }
            hash.update(UnsafeRawBufferPointer(a))
        }
        hash.update(message)
        let k = CompactEd25519.reduced(hash.finalize())
        // Step 3, cofactorless: encode([S]B + [k](−A)) must equal R byte for byte.
        let negatedA = CompactEdwardsPoint(x: negatedX, y: negatedY, z: field.one, t: field.product(negatedX, negatedY))
        let check = CompactEd25519.multiply(s, k, negatedA)
        guard field.equal(CompactEd25519.encoded(check), r) else { throw .signatureMismatch }
    }
}

enum CompactEd25519 {
    /// 32 bytes as a little-endian integer in four limbs.
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> CompactLimbs {
        let start = bytes.startIndex
        return CompactLimbs(bigEndianLength: 32) { bytes[start + 31 - $0] }
    }

    /// A 64-byte digest as a little-endian integer mod L, one bit at a time
    /// from the top: r ← 2r + bit, each step one modular sum or two.
    static func reduced(_ digest: Digest) -> CompactLimbs {
        let order = CompactEd25519Constants.order
        var unit = CompactLimbs()
        unit[0] = 1
        var r = CompactLimbs()
        var bit = 8 * digest.count - 1
        while bit >= 0 {
            r = order.sum(r, r)
            if (digest[bit >> 3] >> UInt8(bit & 7)) & 1 != 0 { r = order.sum(r, unit) }
            bit -= 1
        }
        return r
    }

    /// [s]B + [k]P by one chain of doublings, adding B, P or B + P at each
    /// bit; s and k are below L < 2^253.
    static func multiply(_ s: CompactLimbs, _ k: CompactLimbs, _ p: CompactEdwardsPoint) -> CompactEdwardsPoint {
        let field = CompactEd25519Constants.field
        let bx = CompactEd25519Constants.baseX, by = CompactEd25519Constants.baseY
        let b = CompactEdwardsPoint(x: bx, y: by, z: field.one, t: field.product(bx, by))
        let sum = add(b, p)
        var point = CompactEdwardsPoint(x: CompactLimbs(), y: field.one, z: field.one, t: CompactLimbs())
        var bit = 252
        while bit >= 0 {
            point = add(point, point)
            let limb = bit >> 6, shift = UInt64(bit & 63)
            switch ((s[limb] >> shift) & 1, (k[limb] >> shift) & 1) {
            case (1, 0): point = add(point, b)
            case (0, 1): point = add(point, p)
            case (1, 1): point = add(point, sum)
            default: break
            }
            bit -= 1
        }
        return point
    }

    /// P + Q by Hisil, Wong, Carter and Dawson's "add-2008-hwcd-3" with
    /// a = −1, k = 2d. With d not a square and −1 a square mod p the formula
    /// is complete on edwards25519: right for P = Q, the identity and
    /// small-order points alike, so it doubles too.
    static func add(_ p: CompactEdwardsPoint, _ q: CompactEdwardsPoint) -> CompactEdwardsPoint {
        let field = CompactEd25519Constants.field
        let a = field.product(field.difference(p.y, p.x), field.difference(q.y, q.x))
        let b = field.product(field.sum(p.y, p.x), field.sum(q.y, q.x))
        let c = field.product(field.product(p.t, q.t), CompactEd25519Constants.twiceD)
        let zz = field.product(p.z, q.z)
        let d = field.sum(zz, zz)
        let e = field.difference(b, a), f = field.difference(d, c)
        let g = field.sum(d, c), h = field.sum(b, a)
        return CompactEdwardsPoint(x: field.product(e, f), y: field.product(g, h),
                                   z: field.product(f, g), t: field.product(e, h))
    }

    /// RFC 8032 §5.1.2: y below p, with the sign of x in bit 255.
    static func encoded(_ p: CompactEdwardsPoint) -> CompactLimbs {
        let field = CompactEd25519Constants.field
        let zInverse = field.inverse(p.z)
        var y = field.plain(field.product(p.y, zInverse))
        y[3] |= field.plain(field.product(p.x, zInverse))[0] << 63
        return y
    }
}
