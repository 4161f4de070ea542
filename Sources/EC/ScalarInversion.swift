// s⁻¹ mod n for ECDSA verification (FIPS 186-5 §6.4.2 step 4) by the binary
// extended Euclidean algorithm (HAC Algorithm 14.61, specialised to an odd
// prime modulus as in Algorithm 2.22 of Hankerson–Menezes–Vanstone, "Guide
// to Elliptic Curve Cryptography"): only shifts, additions and subtractions,
// about 2·bits(n) steps, against bits(n) squarings and ~bits(n)/2
// Montgomery products for Fermat's s^(n−2). Its running time depends on s,
// which is public (see ECDSA.swift); Residue.inverse() stays the reference
// the arithmetic tests compare it with.

extension LimbVector {
    /// a⁻¹ mod m for an odd prime m and 0 < a < m. Invariants: x1·a ≡ u and
    /// x2·a ≡ v (mod m), with x1, x2 in [0, m); gcd(u, v) = gcd(a, m) = 1, so
    /// one of u, v reaches 1.
    static func inverse(_ a: Self, modulo m: Self) -> Self {
        var one = Self.zero
        one[0] = 1
        var u = a, v = m
        var x1 = one, x2 = Self.zero
        // Each pass removes at least one bit from u or v; the bound only guards
        // against a caller breaking the precondition (a = 0 or a ≥ m).
        // u and v stay odd-or-positive: with gcd(u, v) = 1 neither reaches 0
        // unless a was 0, so the halving loops below always end.
        guard !a.isZero else { return Self.zero }
        var budget = 2 * 64 * Self.count + 2
        while !equal(u, one) && !equal(v, one) && budget > 0 {
            budget -= 1
            while u[0] & 1 == 0 {
                u = halved(u, top: 0)
                x1 = halved(x1, modulo: m)
            }
            while v[0] & 1 == 0 {
                v = halved(v, top: 0)
                x2 = halved(x2, modulo: m)
            }
            let (difference, borrow) = subtract(u, v)
            if borrow == 0 {
                u = difference
                x1 = subtracted(x1, x2, modulo: m)
            } else {
                v = subtract(v, u).difference
                x2 = subtracted(x2, x1, modulo: m)
            }
        }
        return equal(u, one) ? x1 : x2
    }

    /// x / 2 mod m for x < m, m odd: x/2 if x is even, (x + m)/2 otherwise,
    /// with the carry of x + m shifted back in at the top.
    @inline(__always)
    static func halved(_ x: Self, modulo m: Self) -> Self {
        let (sum, carry) = add(x, select(0 &- (x[0] & 1), m, zero))
        return halved(sum, top: carry)
    }

    /// a − b mod m for a, b < m.
    @inline(__always)
    static func subtracted(_ a: Self, _ b: Self, modulo m: Self) -> Self {
        let (difference, borrow) = subtract(a, b)
        return borrow == 0 ? difference : add(difference, m).sum
    }
}
