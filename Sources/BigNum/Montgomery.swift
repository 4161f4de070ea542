/// Why a modulus cannot carry a Montgomery context.
public enum BigNumError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Montgomery reduction needs an odd modulus greater than one.
    case modulusNotOddOrTooSmall
    /// An operand is not below the modulus.
    case operandTooLarge

    public var description: String {
        switch self {
        case .modulusNotOddOrTooSmall: return "modulus must be odd and greater than 1"
        case .operandTooLarge: return "operand is not below the modulus"
        }
    }
}

/// Montgomery arithmetic modulo an odd n of k limbs, with R = 2^(64k).
///
/// Set up once per modulus: n′ = −n⁻¹ mod 2^64 by Newton iteration and
/// R² mod n by doubling and Montgomery squaring, so no general division is
/// ever needed (BearSSL's i31 code takes the same road).
public struct MontgomeryContext: Sendable {
    public let modulus: BigUInt
    /// −n⁻¹ mod 2^64.
    let n0: UInt64
    /// R² mod n, k limbs.
    let rSquared: [UInt64]

    public var limbCount: Int { modulus.limbs.count }

    public init(modulus: BigUInt) throws(BigNumError) {
        guard let low = modulus.limbs.first, low & 1 == 1, modulus.bitWidth > 1 else {
            throw .modulusNotOddOrTooSmall
        }
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits each step: 1 → 64 in 6.
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- low &* inverse) }
        n0 = 0 &- inverse
        rSquared = Self.computeRSquared(modulus, n0: n0)
    }

    /// R² mod n: first R mod n by doubling 2^(bits−1) up to 2^(64k); then
    /// 2^m·R mod n by m more doublings; then s Montgomery squarings, each
    /// doubling the exponent, reach 2^(m·2^s)·R = R² mod n when
    /// m·2^s = 64k. A doubling costs k limb operations and a squaring 2k²
    /// multiplications, so m is kept near 128 (measured: 25 µs → 11 µs per
    /// 2048-bit key against starting from the odd part of k).
    static func computeRSquared(_ modulus: BigUInt, n0: UInt64) -> [UInt64] {
        let n = modulus.limbs
        let k = n.count
        let bits = modulus.bitWidth
        var x = [UInt64](repeating: 0, count: k)
        x[(bits - 1) / 64] = 1 << UInt64((bits - 1) % 64)  // 2^(bits−1) < n
        var squarings = 6
        var rest = k
        while rest % 2 == 0 { rest /= 2; squarings += 1 }
        while squarings > 0 && (64 * k) >> squarings < 128 { squarings -= 1 }
        let m = (64 * k) >> squarings
        let doublings = 64 * k - bits + 1 + m
        n.withUnsafeBufferPointer { np in
            x.withUnsafeMutableBufferPointer { xp in
                for _ in 0..<doublings { doubleModulo(xp, np) }
            }
        }
        var scratch = [UInt64](repeating: 0, count: 2 * k + 2)
        var result = [UInt64](repeating: 0, count: k)
        n.withUnsafeBufferPointer { np in
            scratch.withUnsafeMutableBufferPointer { t in
                for _ in 0..<squarings {
                    x.withUnsafeBufferPointer { xp in
                        result.withUnsafeMutableBufferPointer { rp in
                            montgomeryMultiply(rp.baseAddress!, xp.baseAddress!, xp.baseAddress!, np.baseAddress!, n0, k, t.baseAddress!)
                        }
                    }
                    swap(&x, &result)
                }
            }
        }
        return x
    }

    /// x ← 2x mod n for x < n (k limbs each).
    static func doubleModulo(_ x: UnsafeMutableBufferPointer<UInt64>, _ n: UnsafeBufferPointer<UInt64>) {
        var carry: UInt64 = 0
        for i in 0..<x.count {
            let limb = x[i]
            x[i] = (limb << 1) | carry
            carry = limb >> 63
        }
        if carry == 1 || !isBelow(UnsafeBufferPointer(x), n) { subtract(x, n) }
    }

    static func isBelow(_ a: UnsafeBufferPointer<UInt64>, _ n: UnsafeBufferPointer<UInt64>) -> Bool {
        var i = a.count - 1
        while i >= 0 {
            if a[i] != n[i] { return a[i] < n[i] }
            i -= 1
        }
        return false
    }

    /// a ← a − n (mod 2^(64k)); returns the borrow out.
    @discardableResult
    static func subtract(_ a: UnsafeMutableBufferPointer<UInt64>, _ n: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var borrow: UInt64 = 0
        for i in 0..<a.count {
            let (d1, b1) = a[i].subtractingReportingOverflow(n[i])
            let (d2, b2) = d1.subtractingReportingOverflow(borrow)
            a[i] = d2
            borrow = (b1 ? 1 : 0) &+ (b2 ? 1 : 0)
        }
        return borrow
    }
}
