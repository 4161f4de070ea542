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
        var scratch = [UInt64](repeating: 0, count: k + 2)
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

    /// r = a²·R⁻¹ mod n for a < n, by separated operand scanning: the
    /// square is formed with each cross product once and doubled (k(k−1)/2
    /// products instead of k²), then reduced limb by limb. `t` is 2k + 2
    /// limbs of scratch; r may not alias a. Exponentiation by 65537 is 16
    /// squarings and one multiplication, so this is where the time goes.
    @inline(__always)
    static func montgomerySquare(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>,
        _ n: UnsafePointer<UInt64>, _ n0: UInt64, _ k: Int, _ t: UnsafeMutablePointer<UInt64>
    ) {
        t.update(repeating: 0, count: 2 * k + 2)
        // Cross products a[i]·a[j], i < j.
        for i in 0..<(k - 1) {
            let ai = UInt128(a[i])
            var carry: UInt64 = 0
            for j in (i + 1)..<k {
                let sum = ai &* UInt128(a[j]) &+ UInt128(t[i + j]) &+ UInt128(carry)
                t[i + j] = UInt64(truncatingIfNeeded: sum)
                carry = UInt64(truncatingIfNeeded: sum &>> 64)
            }
            t[i + k] = carry
        }
        // Double them, then add the squares a[i]².
        var top: UInt64 = 0
        for i in 0..<(2 * k) {
            let limb = t[i]
            t[i] = (limb << 1) | top
            top = limb >> 63
        }
        var carry: UInt64 = 0
        for i in 0..<k {
            let square = UInt128(a[i]) &* UInt128(a[i])
            let low = UInt128(t[2 * i]) &+ UInt128(UInt64(truncatingIfNeeded: square)) &+ UInt128(carry)
            t[2 * i] = UInt64(truncatingIfNeeded: low)
            let high = UInt128(t[2 * i + 1]) &+ (square &>> 64) &+ (low &>> 64)
            t[2 * i + 1] = UInt64(truncatingIfNeeded: high)
            carry = UInt64(truncatingIfNeeded: high &>> 64)
        }
        t[2 * k] = carry
        // Montgomery reduction: clear the low k limbs one at a time.
        for i in 0..<k {
            let m = UInt128(t[i] &* n0)
            var c: UInt64 = 0
            for j in 0..<k {
                let sum = m &* UInt128(n[j]) &+ UInt128(t[i + j]) &+ UInt128(c)
                t[i + j] = UInt64(truncatingIfNeeded: sum)
                c = UInt64(truncatingIfNeeded: sum &>> 64)
            }
            var index = i + k
            while c != 0 && index <= 2 * k {
                let (sum, overflow) = t[index].addingReportingOverflow(c)
                t[index] = sum
                c = overflow ? 1 : 0
                index += 1
            }
        }
        reduceOnce(r, t + k, n, k)
    }

    /// r = t mod n for a (k + 1)-limb t < 2n: one conditional subtraction,
    /// the last step of both Montgomery products.
    @inline(__always)
    static func reduceOnce(_ r: UnsafeMutablePointer<UInt64>, _ t: UnsafePointer<UInt64>, _ n: UnsafePointer<UInt64>, _ k: Int) {
        if t[k] == 0 && isBelow(UnsafeBufferPointer(start: t, count: k), UnsafeBufferPointer(start: n, count: k)) {
            r.update(from: t, count: k)
            return
        }
        var borrow: UInt64 = 0
        for i in 0..<k {
            let (d1, b1) = t[i].subtractingReportingOverflow(n[i])
            let (d2, b2) = d1.subtractingReportingOverflow(borrow)
            r[i] = d2
            borrow = (b1 ? 1 : 0) &+ (b2 ? 1 : 0)
        }
    }

    /// r = a·b·R⁻¹ mod n, FIOS (Koç, Acar, Kaliski 1996) for a, b < n.
    /// `t` is k + 2 limbs of scratch; r may not alias a or b.
    @inline(__always)
    static func montgomeryMultiply(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        _ n: UnsafePointer<UInt64>, _ n0: UInt64, _ k: Int, _ t: UnsafeMutablePointer<UInt64>
    ) {
        // Products are formed in UInt128 so that the carries stay in the
        // flags: with Bool carries LLVM emitted branches, which mispredict on
        // random limbs and made 3072-bit moduli 10× slower than 2048-bit ones.
        // a·b + t + carry < 2^128, so the wrapping operators never wrap.
        // FIOS: each outer step adds a·b[i] and m·n in one pass over t, so
        // t is loaded and stored once per limb (CIOS did it twice).
        t.update(repeating: 0, count: k + 2)
        for i in 0..<k {
            let bi = UInt128(b[i])
            let first = UInt128(a[0]) &* bi &+ UInt128(t[0])
            let m = UInt128(UInt64(truncatingIfNeeded: first) &* n0)
            var productCarry = UInt64(truncatingIfNeeded: first &>> 64)
            var reductionCarry = UInt64(truncatingIfNeeded: (m &* UInt128(n[0]) &+ UInt128(UInt64(truncatingIfNeeded: first))) &>> 64)
            for j in 1..<k {
                let product = UInt128(a[j]) &* bi &+ UInt128(t[j]) &+ UInt128(productCarry)
                productCarry = UInt64(truncatingIfNeeded: product &>> 64)
                let reduced = m &* UInt128(n[j]) &+ UInt128(UInt64(truncatingIfNeeded: product)) &+ UInt128(reductionCarry)
                reductionCarry = UInt64(truncatingIfNeeded: reduced &>> 64)
                t[j - 1] = UInt64(truncatingIfNeeded: reduced)
            }
            let top = UInt128(t[k]) &+ UInt128(productCarry) &+ UInt128(reductionCarry)
            t[k - 1] = UInt64(truncatingIfNeeded: top)
            t[k] = UInt64(truncatingIfNeeded: top &>> 64)
        }
        reduceOnce(r, t, n, k)
    }
}
