// Plain arithmetic beside the Montgomery contexts: a product, a difference
// and a remainder, for checks that run once per key rather than per
// signature (a PKCS #12 reader checking that an RSA private key's primes
// and exponents belong to its modulus, RFC 8017 §3.2).
//
// The module's timing contract holds here too: all of it is variable-time
// (the loops run over the operands' lengths and the remainder branches on
// every bit of the dividend). A caller that feeds it secret values says
// what that exposes.

extension BigUInt {
    /// self · other, schoolbook: limbs(self) × limbs(other) word products.
    @usableFromInline package func multiplied(by other: BigUInt) -> BigUInt {
        guard !isZero, !other.isZero else { return BigUInt(limbs: []) }
        var product = [UInt64](repeating: 0, count: limbs.count + other.limbs.count)
        limbs.withUnsafeBufferPointer { a in
            other.limbs.withUnsafeBufferPointer { b in
                product.withUnsafeMutableBufferPointer { p in
                    for i in 0..<a.count {
                        var carry: UInt64 = 0
                        for j in 0..<b.count {
                            let (high, low) = a[i].multipliedFullWidth(by: b[j])
                            let (sum1, c1) = low.addingReportingOverflow(p[i + j])
                            let (sum2, c2) = sum1.addingReportingOverflow(carry)
                            p[i + j] = sum2
                            // high ≤ 2^64 − 2, so high plus two carries still fits.
                            carry = high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
                        }
                        p[i + b.count] = carry
                    }
                }
            }
        }
        return BigUInt(limbs: product)
    }

    /// self − other, or nil when other is larger.
    @usableFromInline package func subtracting(_ other: BigUInt) -> BigUInt? {
        guard !(self < other) else { return nil }
        var difference = limbs
        var borrow = false
        for i in 0..<difference.count {
            let subtrahend = i < other.limbs.count ? other.limbs[i] : 0
            let (d1, b1) = difference[i].subtractingReportingOverflow(subtrahend)
            let (d2, b2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            difference[i] = d2
            borrow = b1 || b2
        }
        return BigUInt(limbs: difference)
    }

    /// self mod divisor, or nil for a zero divisor.
    ///
    /// Bit by bit (shift the remainder left, bring in the next bit,
    /// subtract the divisor when it fits): bitWidth(self) steps of about
    /// 3·limbs(divisor) word operations each, which `remainderCost` states
    /// for a caller that budgets it. No quotient digit is estimated, so
    /// there is no correction step to get wrong.
    @usableFromInline package func remainder(dividingBy divisor: BigUInt) -> BigUInt? {
        guard !divisor.isZero else { return nil }
        if self < divisor { return self }
        let k = divisor.limbs.count
        // k + 1 limbs: the shifted remainder is below 2·divisor.
        var r = [UInt64](repeating: 0, count: k + 1)
        let m = divisor.limbs + [0]
        r.withUnsafeMutableBufferPointer { r in
            m.withUnsafeBufferPointer { m in
                var bitIndex = bitWidth
                while bitIndex > 0 {
                    bitIndex -= 1
                    var carry: UInt64 = bit(bitIndex) ? 1 : 0
                    for i in 0...k {
                        let next = r[i] >> 63
                        r[i] = r[i] << 1 | carry
                        carry = next
                    }
                    if Self.compare(r, m) >= 0 {
                        var borrow = false
                        for i in 0...k {
                            let (d1, b1) = r[i].subtractingReportingOverflow(m[i])
                            let (d2, b2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
                            r[i] = d2
                            borrow = b1 || b2
                        }
                    }
                }
            }
        }
        return BigUInt(limbs: r)
    }

    /// Word operations `remainder(dividingBy:)` spends for a dividend of
    /// `dividendBits` and a divisor of `divisorLimbs` limbs: a bound to
    /// charge before calling it.
    @usableFromInline package static func remainderCost(dividendBits: Int, divisorLimbs: Int) -> Int {
        let (cost, overflow) = max(dividendBits, 0).multipliedReportingOverflow(by: 3 * (max(divisorLimbs, 0) + 1))
        return overflow ? Int.max : cost
    }

    /// Compares equal-width little-endian limb buffers (top limb last).
    private static func compare(_ a: UnsafeMutableBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>) -> Int {
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }
}
