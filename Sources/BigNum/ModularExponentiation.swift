extension MontgomeryContext {
    /// a·b·R⁻¹ mod n: the raw Montgomery product, for tests against a reference.
    @usableFromInline package func montgomeryProduct(_ a: BigUInt, _ b: BigUInt) throws(BigNumError) -> BigUInt {
        let k = limbCount
        let x = try padded(a), y = try padded(b)
        var result = [UInt64](repeating: 0, count: k)
        var scratch = [UInt64](repeating: 0, count: 2 * k + 2)
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

    /// base^exponent mod n, left-to-right binary: for 65537 that is the
    /// conversion in (by division), 16 squarings and one multiplication that
    /// also converts out (17 Montgomery products).
    public func power(_ base: BigUInt, _ exponent: BigUInt) throws(BigNumError) -> BigUInt {
        guard base < modulus, let result = exponentiate(exponent, load: { x, _ in
            base.limbs.withUnsafeBufferPointer { limbs in
                for i in 0..<limbs.count { x[i] = limbs[i] }
            }
            return true
        }) else { throw .operandTooLarge }
        return result
    }

    /// The same for a big-endian base, read straight into the scratch space:
    /// one allocation for scratch and one for the result, nothing else
    /// (what an RSA verification costs).
    public func power(bigEndian base: [UInt8], _ exponent: BigUInt) throws(BigNumError) -> BigUInt {
        let k = limbCount
        let result = exponentiate(exponent) { x, n in
            var limb = 0, shift: UInt64 = 0
            for byte in base.reversed() {
                if limb == k { if byte != 0 { return false } else { continue } }
                x[limb] |= UInt64(byte) << shift
                shift += 8
                if shift == 64 { shift = 0; limb += 1 }
            }
            return Self.isBelow(UnsafeBufferPointer(start: x, count: k), UnsafeBufferPointer(start: n, count: k))
        }
        guard let result else { throw .operandTooLarge }
        return result
    }

    /// Runs the exponentiation on a base that `load` writes into k zeroed
    /// limbs (returning false when it is not below n).
    private func exponentiate(
        _ exponent: BigUInt, load: (UnsafeMutablePointer<UInt64>, UnsafePointer<UInt64>) -> Bool
    ) -> BigUInt? {
        let k = limbCount
        // Scratch, one allocation: the base, its Montgomery form, the
        // accumulator, a product, the products' temporaries, and a copy of n
        // so that every operand of the inner loops sits in one block.
        var scratch = [UInt64](repeating: 0, count: 7 * k + 2)
        var valid = true
        var result = [UInt64](repeating: 0, count: k)
        modulus.limbs.withUnsafeBufferPointer { np in
            scratch.withUnsafeMutableBufferPointer { sp in
                let s = sp.baseAddress!
                let x = s, baseM = s + k, accumulator = s + 2 * k, product = s + 3 * k, t = s + 4 * k
                // t takes 2k + 2 limbs (the products' quotient digits and sum).
                let n = UnsafePointer(s + 6 * k + 2)
                (s + 6 * k + 2).update(from: np.baseAddress!, count: k)
                guard load(x, n) else { valid = false; return }
                guard exponent.bitWidth > 0 else {
                    // x^0 = 1, which is 0 modulo n = 1 (excluded by the context).
                    result.withUnsafeMutableBufferPointer { $0[0] = 1 }
                    return
                }
                Self.convertIn(baseM, x, divisor, k, t)
                accumulator.update(from: baseM, count: k)
                var bit = exponent.bitWidth - 2
                while bit >= 0 {
                    Self.montgomerySquare(product, accumulator, n, n0, k, t)
                    if exponent.bit(bit) {
                        if bit == 0 {
                            // The last multiplication by the plain base leaves
                            // Montgomery form by itself: (a^(e−1)·R)·a·R⁻¹ = a^e,
                            // saving a product to convert out.
                            result.withUnsafeMutableBufferPointer { r in
                                Self.montgomeryMultiply(r.baseAddress!, product, x, n, n0, k, t)
                            }
                            return
                        }
                        Self.montgomeryMultiply(accumulator, product, baseM, n, n0, k, t)
                    } else {
                        accumulator.update(from: product, count: k)
                    }
                    bit -= 1
                }
                // Even exponents (or e = 1): out of Montgomery form by multiplying by 1.
                product.update(repeating: 0, count: k)
                product[0] = 1
                result.withUnsafeMutableBufferPointer { r in
                    Self.montgomeryMultiply(r.baseAddress!, accumulator, product, n, n0, k, t)
                }
            }
        }
        return valid ? BigUInt(limbs: result) : nil
    }

    /// `value` as exactly k limbs, refused unless below the modulus.
    func padded(_ value: BigUInt) throws(BigNumError) -> [UInt64] {
        guard value < modulus else { throw .operandTooLarge }
        return value.limbs + [UInt64](repeating: 0, count: limbCount - value.limbs.count)
    }
}
