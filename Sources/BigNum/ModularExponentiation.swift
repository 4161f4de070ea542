extension MontgomeryContext {
    /// a·b·R⁻¹ mod n: the raw Montgomery product, for tests against a reference.
    @usableFromInline package func montgomeryProduct(_ a: BigUInt, _ b: BigUInt) throws(BigNumError) -> BigUInt {
        let k = limbCount
        let x = try padded(a), y = try padded(b)
        var result = [UInt64](repeating: 0, count: k)
        // The products' scratch, then n reversed.
        var scratch = [UInt64](repeating: 0, count: Self.productScratch(k) + k)
        modulus.limbs.withUnsafeBufferPointer { n in
            x.withUnsafeBufferPointer { xp in
                y.withUnsafeBufferPointer { yp in
                    result.withUnsafeMutableBufferPointer { r in
                        scratch.withUnsafeMutableBufferPointer { t in
                            let nr = t.baseAddress! + Self.productScratch(k)
                            Self.reverse(n.baseAddress!, into: nr, k)
                            Self.montgomeryMultiply(r.baseAddress!, xp.baseAddress!, yp.baseAddress!, n.baseAddress!, nr, n0, k, t.baseAddress!)
                        }
                    }
                }
            }
        }
        return BigUInt(limbs: result)
    }

    /// base^exponent mod n, left-to-right binary: for 65537 that is the
    /// conversion in (by division), 16 squarings and one multiplication that
    /// also converts out (17 Montgomery products).
    public func power(_ base: BigUInt, _ exponent: BigUInt) throws(BigNumError) -> BigUInt {
        guard base < modulus else { throw .operandTooLarge }
        let result = withExponentiation(exponent, load: { x, _ in
            base.limbs.withUnsafeBufferPointer { limbs in
                for i in 0..<limbs.count { x[i] = limbs[i] }
            }
            return true
        }, body: { BigUInt(limbs: Array($0)) })
        guard let result else { throw .operandTooLarge }
        return result
    }

    /// The same for a big-endian base: one allocation, for the result.
    public func power(bigEndian base: [UInt8], _ exponent: BigUInt) throws(BigNumError) -> BigUInt {
        let result = base.withUnsafeBufferPointer { bytes in
            withPower(bigEndian: bytes, exponent) { BigUInt(limbs: Array($0)) }
        }
        guard let result else {
            throw .operandTooLarge
        }
        return result
    }

    /// base^exponent mod n for a big-endian base, read straight into the
    /// scratch space, handed to `body` as k little-endian limbs; nil when
    /// the base is not below n. Nothing is allocated for moduli up to
    /// `StackScratch.limbCount / 10` limbs (4,480 bits): what an RSA
    /// verification costs.
    @usableFromInline package func withPower<R>(
        bigEndian base: UnsafeBufferPointer<UInt8>, _ exponent: BigUInt, _ body: (UnsafeBufferPointer<UInt64>) -> R
    ) -> R? {
        let k = limbCount
        return withExponentiation(exponent, load: { x, n in
            var limb = 0, shift: UInt64 = 0
            for byte in base.reversed() {
                if limb == k { if byte != 0 { return false } else { continue } }
                x[limb] |= UInt64(byte) << shift
                shift += 8
                if shift == 64 { shift = 0; limb += 1 }
            }
            return Self.isBelow(UnsafeBufferPointer(start: x, count: k), UnsafeBufferPointer(start: n, count: k))
        }, body: body)
    }

    /// Runs the exponentiation on a base that `load` writes into k zeroed
    /// limbs (returning false when it is not below n, which makes the
    /// result nil), and hands the k limbs of the result to `body`.
    private func withExponentiation<R>(
        _ exponent: BigUInt, load: (UnsafeMutablePointer<UInt64>, UnsafePointer<UInt64>) -> Bool,
        body: (UnsafeBufferPointer<UInt64>) -> R
    ) -> R? {
        let k = limbCount
        // One block: the result, the base, its Montgomery form, the
        // accumulator, a product, a copy of n and n reversed (so that every
        // operand of the inner loops sits together), then the products'
        // temporaries.
        return StackScratch.with(7 * k + Self.productScratch(k)) { s -> R? in
            let result = s, x = s + k, baseM = s + 2 * k, accumulator = s + 3 * k, product = s + 4 * k
            let n = UnsafePointer(s + 5 * k), nr = UnsafePointer(s + 6 * k), t = s + 7 * k
            modulus.limbs.withUnsafeBufferPointer { (s + 5 * k).update(from: $0.baseAddress!, count: k) }
            Self.reverse(n, into: s + 6 * k, k)
            guard load(x, n) else { return nil }
            exponentiate(exponent, result, x, baseM, accumulator, product, n, nr, t)
            return body(UnsafeBufferPointer(start: result, count: k))
        }
    }

    /// result = x^exponent mod n, with x < n loaded; the other pointers are
    /// k limbs of scratch each but t, which is `productScratch(k)`.
    private func exponentiate(
        _ exponent: BigUInt, _ result: UnsafeMutablePointer<UInt64>, _ x: UnsafeMutablePointer<UInt64>,
        _ baseM: UnsafeMutablePointer<UInt64>, _ accumulator: UnsafeMutablePointer<UInt64>,
        _ product: UnsafeMutablePointer<UInt64>, _ n: UnsafePointer<UInt64>, _ nr: UnsafePointer<UInt64>,
        _ t: UnsafeMutablePointer<UInt64>
    ) {
        let k = limbCount
        guard exponent.bitWidth > 0 else {
            // x^0 = 1, which is 0 modulo n = 1 (excluded by the context).
            result[0] = 1
            return
        }
        Self.convertIn(baseM, x, divisor, k, t)  // 2k + 1 limbs of t
        accumulator.update(from: baseM, count: k)
        var bit = exponent.bitWidth - 2
        while bit >= 0 {
            Self.montgomerySquare(product, accumulator, n, nr, n0, k, t)
            if exponent.bit(bit) {
                if bit == 0 {
                    // The last multiplication by the plain base leaves
                    // Montgomery form by itself: (a^(e−1)·R)·a·R⁻¹ = a^e,
                    // saving a product to convert out.
                    Self.montgomeryMultiply(result, product, x, n, nr, n0, k, t)
                    return
                }
                Self.montgomeryMultiply(accumulator, product, baseM, n, nr, n0, k, t)
            } else {
                accumulator.update(from: product, count: k)
            }
            bit -= 1
        }
        // Even exponents (or e = 1): out of Montgomery form by multiplying by 1.
        product.update(repeating: 0, count: k)
        product[0] = 1
        Self.montgomeryMultiply(result, accumulator, product, n, nr, n0, k, t)
    }

    /// `value` as exactly k limbs, refused unless below the modulus.
    func padded(_ value: BigUInt) throws(BigNumError) -> [UInt64] {
        guard value < modulus else { throw .operandTooLarge }
        return value.limbs + [UInt64](repeating: 0, count: limbCount - value.limbs.count)
    }
}
