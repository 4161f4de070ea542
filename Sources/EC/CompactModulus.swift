// Arithmetic modulo an odd m of up to nine 64-bit limbs, with the limb count
// a value rather than a type: the size-first configuration's field and
// scalars for all three NIST curves (CompactECDSA.swift), and for Ed25519
// its field and the reduction mod L (CompactEd25519.swift). One copy of each
// loop serves P-256, P-384 and P-521, where the default configuration
// specialises and unrolls a kernel per curve (Residue.swift and the
// generated kernels) — about 300 KB of wasm against about 10 KB, at
// several times the instructions. Montgomery form throughout, R =
// 2^(64·count), every value kept below m. Nothing here is constant-time:
// it handles public values only (ECDSA.swift).

/// Up to nine limbs, least significant first; the modulus says how many are used.
struct CompactLimbs: Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0)

    init() {}

    /// From the generated constants (CompactCurveConstants.swift), least significant limb first.
    init(words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Indices come from loops bounded by a modulus's count (≤ 9), never from
    /// input. A switch over the fields, as Limbs9's, not a raw view of the
    /// tuple: that read stale limbs in Embedded wasm32 builds (docs/embedded.md).
    subscript(index: Int) -> UInt64 {
        get {
            switch index {
            case 0: return words.0
            case 1: return words.1
            case 2: return words.2
            case 3: return words.3
            case 4: return words.4
            case 5: return words.5
            case 6: return words.6
            case 7: return words.7
            default: return words.8
            }
        }
        set {
            switch index {
            case 0: words.0 = newValue
            case 1: words.1 = newValue
            case 2: words.2 = newValue
            case 3: words.3 = newValue
            case 4: words.4 = newValue
            case 5: words.5 = newValue
            case 6: words.6 = newValue
            case 7: words.7 = newValue
            default: words.8 = newValue
            }
        }
    }

    /// The big-endian integer of `length` octets, `byte(0)` the most
    /// significant; callers keep `length` within the curve's sizes, so at
    /// most nine limbs (octets beyond them are not read).
    init(bigEndianLength length: Int, _ byte: (Int) -> UInt8) {
        var position = 0
        while position < length && position < 72 {
            self[position >> 3] |= UInt64(byte(length - 1 - position)) << UInt64((position & 7) << 3)
            position += 1
        }
    }
}

/// An odd modulus m < 2^(64·count) and its Montgomery constants.
struct CompactModulus: Sendable {
    let modulus: CompactLimbs
    /// Limbs in use, 1…9.
    let count: Int
    /// −m⁻¹ mod 2^64.
    let negativeInverse: UInt64
    /// R mod m: 1 in Montgomery form.
    let one: CompactLimbs
    /// R² mod m: converts into Montgomery form with one product.
    let rSquared: CompactLimbs

    func isZero(_ a: CompactLimbs) -> Bool {
        var bits: UInt64 = 0
        for i in 0..<count { bits |= a[i] }
        return bits == 0
    }

    func equal(_ a: CompactLimbs, _ b: CompactLimbs) -> Bool {
        var difference: UInt64 = 0
        for i in 0..<count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// a − b over `count` limbs and the borrow out.
    func subtract(_ a: CompactLimbs, _ b: CompactLimbs) -> (difference: CompactLimbs, borrow: UInt64) {
        var result = CompactLimbs()
        var borrow: UInt64 = 0
        for i in 0..<count { result[i] = subtractWithBorrow(a[i], b[i], &borrow) }
        return (result, borrow)
    }

    /// Whether a < b.
    func less(_ a: CompactLimbs, _ b: CompactLimbs) -> Bool { subtract(a, b).borrow != 0 }

    /// (a + b) mod m for a, b < m.
    func sum(_ a: CompactLimbs, _ b: CompactLimbs) -> CompactLimbs {
        var result = CompactLimbs()
        var carry: UInt64 = 0
        for i in 0..<count { result[i] = addWithCarry(a[i], b[i], &carry) }
        let (reduced, borrow) = subtract(result, modulus)
        // The sum is below 2m: m comes off when it carried out or is not below m.
        return carry != 0 || borrow == 0 ? reduced : result
    }

    /// (a − b) mod m for a, b < m.
    func difference(_ a: CompactLimbs, _ b: CompactLimbs) -> CompactLimbs {
        let (result, borrow) = subtract(a, b)
        guard borrow != 0 else { return result }
        var wrapped = CompactLimbs()
        var carry: UInt64 = 0
        for i in 0..<count { wrapped[i] = addWithCarry(result[i], modulus[i], &carry) }
        return wrapped
    }

    /// a·b·R⁻¹ mod m for a, b < m: the coarsely integrated operand scanning
    /// form (Koç, Acar and Kaliski 1996), one pass of multiplication and one
    /// of reduction per limb of b, the running value in `count` + 2 limbs.
    func product(_ a: CompactLimbs, _ b: CompactLimbs) -> CompactLimbs {
        var t = CompactLimbs()
        var high: UInt64 = 0
        for i in 0..<count {
            let multiplier = b[i]
            var carry: UInt64 = 0
            for j in 0..<count {
                let step = multiplyAdd(a[j], multiplier, t[j], carry)
                t[j] = step.low
                carry = step.high
            }
            var top: UInt64 = 0
            high = addWithCarry(high, carry, &top)
            // t + q·m is divisible by 2^64: shift it down one limb.
            let q = t[0] &* negativeInverse
            carry = multiplyAdd(q, modulus[0], t[0], 0).high
            for j in 1..<count {
                let step = multiplyAdd(q, modulus[j], t[j], carry)
                t[j - 1] = step.low
                carry = step.high
            }
            var overflow: UInt64 = 0
            t[count - 1] = addWithCarry(high, carry, &overflow)
            high = top &+ overflow
        }
        // t < 2m: one subtraction at most.
        let (reduced, borrow) = subtract(t, modulus)
        return high != 0 || borrow == 0 ? reduced : t
    }

    /// x·R mod m for x < m.
    func montgomery(_ x: CompactLimbs) -> CompactLimbs { product(x, rSquared) }

    /// x from x·R: a product with 1.
    func plain(_ x: CompactLimbs) -> CompactLimbs {
        var unit = CompactLimbs()
        unit[0] = 1
        return product(x, unit)
    }

    /// a⁻¹ (in Montgomery form, as a is) for a non-zero a and prime m:
    /// a^(m − 2) by Fermat.
    func inverse(_ a: CompactLimbs) -> CompactLimbs {
        var two = CompactLimbs()
        two[0] = 2
        return power(a, subtract(modulus, two).difference)
    }

    /// a^exponent (in Montgomery form, as a is), left to right over the
    /// public exponent's `count` limbs: the one exponentiation of the
    /// size-first paths (inverses, and Ed25519's square root).
    func power(_ a: CompactLimbs, _ exponent: CompactLimbs) -> CompactLimbs {
        var result = one
        var bit = count * 64 - 1
        while bit >= 0 {
            result = product(result, result)
            if (exponent[bit >> 6] >> UInt64(bit & 63)) & 1 != 0 { result = product(result, a) }
            bit -= 1
        }
        return result
    }
}
