extension MontgomeryContext {
    /// a·b·R⁻¹ mod n: the raw Montgomery product, for tests against a reference.
    public func montgomeryProduct(_ a: BigUInt, _ b: BigUInt) throws(BigNumError) -> BigUInt {
        let k = limbCount
        let x = try padded(a), y = try padded(b)
        var result = [UInt64](repeating: 0, count: k)
        var scratch = [UInt64](repeating: 0, count: k + 2)
        modulus.limbs.withUnsafeBufferPointer { n in
            x.withUnsafeBufferPointer { xp in
                y.withUnsafeBufferPointer { yp in
                    result.withUnsafeMutableBufferPointer { r in
                        scratch.withUnsafeMutableBufferPointer { t in
                            Self.montgomeryMultiply(r.baseAddress!, xp.baseAddress!, yp.baseAddress!, n.baseAddress!, n0, k, t.baseAddress!)
                        }
                    }
                }
            }
        }
        return BigUInt(limbs: result)
    }

    /// base^exponent mod n, left-to-right binary: for 65537 that is 16
    /// squarings and one multiplication, plus the two conversions. One
    /// scratch allocation and the result.
    public func power(_ base: BigUInt, _ exponent: BigUInt) throws(BigNumError) -> BigUInt {
        let k = limbCount
        let x = try padded(base)
        guard exponent.bitWidth > 0 else { return BigUInt(1) < modulus ? BigUInt(1) : BigUInt(limbs: []) }
        // Scratch: the base in Montgomery form, the accumulator, a product buffer, CIOS temporaries.
        var scratch = [UInt64](repeating: 0, count: 4 * k + 2)
        var result = [UInt64](repeating: 0, count: k)
        modulus.limbs.withUnsafeBufferPointer { np in
            rSquared.withUnsafeBufferPointer { rr in
                x.withUnsafeBufferPointer { xp in
                    scratch.withUnsafeMutableBufferPointer { sp in
                        let n = np.baseAddress!, s = sp.baseAddress!
                        let baseM = s, accumulator = s + k, product = s + 2 * k, t = s + 3 * k
                        Self.montgomeryMultiply(baseM, xp.baseAddress!, rr.baseAddress!, n, n0, k, t)
                        accumulator.update(from: baseM, count: k)
                        var bit = exponent.bitWidth - 2
                        while bit >= 0 {
                            Self.montgomeryMultiply(product, accumulator, accumulator, n, n0, k, t)
                            if exponent.bit(bit) {
                                Self.montgomeryMultiply(accumulator, product, baseM, n, n0, k, t)
                            } else {
                                accumulator.update(from: product, count: k)
                            }
                            bit -= 1
                        }
                        // Out of Montgomery form: multiply by 1.
                        product.update(repeating: 0, count: k)
                        product[0] = 1
                        result.withUnsafeMutableBufferPointer { r in
                            Self.montgomeryMultiply(r.baseAddress!, accumulator, product, n, n0, k, t)
                        }
                    }
                }
            }
        }
        return BigUInt(limbs: result)
    }

    /// `value` as exactly k limbs, refused unless below the modulus.
    func padded(_ value: BigUInt) throws(BigNumError) -> [UInt64] {
        guard value < modulus else { throw .operandTooLarge }
        return value.limbs + [UInt64](repeating: 0, count: limbCount - value.limbs.count)
    }
}
