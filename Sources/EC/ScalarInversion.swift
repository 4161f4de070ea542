// s⁻¹ mod n for ECDSA verification (FIPS 186-5 §6.4.2 step 4) by Bernstein
// and Yang's divsteps ("Fast constant-time gcd computation and modular
// inversion", 2019, §8 and §11). A divstep maps (δ, f, g), f odd, to
//   (1 − δ, g, (g − f)/2)  if δ > 0 and g is odd,
//   (1 + δ, f, (g + f)/2)  if δ ≤ 0 and g is odd,
//   (1 + δ, f, g/2)        if g is even,
// and from f = m, g = a, δ = 1 reaches g = 0 with f = ±gcd(m, a) within
// ⌊(49·d + 57)/17⌋ steps for d-bit inputs (their Theorem 11.2).
//
// The steps' choices depend only on the low bits, so they run in batches of
// 62 on the low 64 bits of f and g, collecting the batch as a matrix T with
// 2^62·(f', g') = T·(f, g); T is then applied once to the whole f and g,
// and to d and e, which keep f ≡ d·a and g ≡ e·a (mod m). Whole numbers are
// held in limbs of 62 bits, so a limb times a matrix entry (at most 2^62)
// and their sums fit 128 bits. About 25 products of whole numbers for a
// 256-bit n, where the binary extended Euclidean algorithm this replaced
// took ~500 subtractions and halvings of them (docs/benchmarks.md).
//
// The running time depends on s, which is public (see ECDSA.swift);
// Residue.inverse() (Fermat) stays the reference the arithmetic tests
// compare it with.

/// A signed integer in up to ten limbs of 62 bits, least significant first:
/// limbs below the top one in [0, 2^62), the top one signed.
struct SignedLimbs62: Sendable {
    var limbs: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)

    static var zero: SignedLimbs62 { SignedLimbs62(limbs: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    static var mask: Int64 { (1 << 62) - 1 }

    subscript(index: Int) -> Int64 {
        @inline(__always) get {
            switch index {
            case 0: return limbs.0
            case 1: return limbs.1
            case 2: return limbs.2
            case 3: return limbs.3
            case 4: return limbs.4
            case 5: return limbs.5
            case 6: return limbs.6
            case 7: return limbs.7
            case 8: return limbs.8
            default: return limbs.9
            }
        }
        @inline(__always) set {
            switch index {
            case 0: limbs.0 = newValue
            case 1: limbs.1 = newValue
            case 2: limbs.2 = newValue
            case 3: limbs.3 = newValue
            case 4: limbs.4 = newValue
            case 5: limbs.5 = newValue
            case 6: limbs.6 = newValue
            case 7: limbs.7 = newValue
            case 8: limbs.8 = newValue
            default: limbs.9 = newValue
            }
        }
    }
}

/// 2^62·(f', g') = (u·f + v·g, q·f + r·g) for the 62 divsteps of a batch;
/// |u| + |v| and |q| + |r| are at most 2^62.
struct DivstepMatrix {
    var u: Int64, v: Int64, q: Int64, r: Int64
}

extension LimbVector {
    /// Limbs of 62 bits that hold any value of `count` 64-bit limbs and a sign.
    @inline(__always)
    static var limbs62: Int { 64 * count / 62 + 1 }
}

extension PrimeModulus {
    /// a⁻¹ mod m for the (odd, prime) modulus and 0 < a < m (0 for a = 0),
    /// as a plain value, not in Montgomery form.
    static func inverse(_ a: Limbs) -> Limbs {
        guard !a.isZero else { return Limbs.zero }
        let n = Limbs.limbs62
        let m = SignedLimbs62(modulus, limbs: n)
        var f = m, g = SignedLimbs62(a, limbs: n)
        var d = SignedLimbs62.zero, e = SignedLimbs62.zero
        e[0] = 1
        var delta = 1
        // The theorem's bound, in whole batches; the loop ends long before
        // it for almost every input (g reaches 0).
        let bits = 64 * Limbs.count
        var batches = ((49 * bits + 57) / 17 + 61) / 62
        while !g.isZero(limbs: n) && batches > 0 {
            batches -= 1
            let t = DivstepMatrix.batch(&delta, f: UInt64(bitPattern: f[0]), g: UInt64(bitPattern: g[0]))
            SignedLimbs62.applyMatrix(t, &f, &g, plus: 0, 0, times: m, limbs: n)
            SignedLimbs62.applyModulo(t, &d, &e, modulus: m, negativeInverse: negativeInverse, limbs: n)
        }
        // f = ±1: d·a ≡ ±1.
        if f[n - 1] < 0 { d = SignedLimbs62.negatedModulo(d, modulus: m, limbs: n) }
        return d.limbVector(Limbs.self, limbs: n)
    }
}

extension DivstepMatrix {
    /// 62 divsteps on the low 64 bits of f (odd) and g: each step needs only
    /// the lowest bit of g, and after i steps the low 64 − i bits are still
    /// exact. A run of zeros in g is taken in one shift.
    @inline(__always)
    static func batch(_ delta: inout Int, f f0: UInt64, g g0: UInt64) -> DivstepMatrix {
        var f = f0, g = g0
        var u: Int64 = 1, v: Int64 = 0, q: Int64 = 0, r: Int64 = 1
        var done = 0
        while true {
            let zeros = min(g.trailingZeroBitCount, 62 - done)
            g >>= UInt64(zeros)
            u &<<= Int64(zeros)
            v &<<= Int64(zeros)
            delta += zeros
            done += zeros
            if done == 62 { break }
            if delta > 0 {
                (f, g) = (g, (g &- f) >> 1)
                (u, v, q, r) = (q &<< 1, r &<< 1, q &- u, r &- v)
                delta = 1 - delta
            } else {
                g = (g &+ f) >> 1
                (u, v, q, r) = (u &<< 1, v &<< 1, q &+ u, r &+ v)
                delta = 1 + delta
            }
            done += 1
        }
        return DivstepMatrix(u: u, v: v, q: q, r: r)
    }
}

extension SignedLimbs62 {
    /// (x, y) ← (T·(x, y) + (kx·m, ky·m)) / 2^62, for sums the caller has
    /// made divisible by 2^62: f and g by the choice of T (kx = ky = 0), d
    /// and e by the choice of kx and ky (`applyModulo`). Each column (three
    /// limbs times factors up to 2^62, plus the carry) is below 2^127.
    @inline(__always)
    static func applyMatrix(_ t: DivstepMatrix, _ x: inout SignedLimbs62, _ y: inout SignedLimbs62,
                            plus kx: Int64, _ ky: Int64, times m: SignedLimbs62, limbs n: Int) {
        let mask = Int128(SignedLimbs62.mask)
        var cx = wide(t.u, x[0]) &+ wide(t.v, y[0]) &+ wide(kx, m[0])
        var cy = wide(t.q, x[0]) &+ wide(t.r, y[0]) &+ wide(ky, m[0])
        cx &>>= 62
        cy &>>= 62
        for i in 1..<n {
            cx &+= wide(t.u, x[i]) &+ wide(t.v, y[i]) &+ wide(kx, m[i])
            cy &+= wide(t.q, x[i]) &+ wide(t.r, y[i]) &+ wide(ky, m[i])
            x[i - 1] = Int64(truncatingIfNeeded: cx & mask)
            y[i - 1] = Int64(truncatingIfNeeded: cy & mask)
            cx &>>= 62
            cy &>>= 62
        }
        x[n - 1] = Int64(truncatingIfNeeded: cx)
        y[n - 1] = Int64(truncatingIfNeeded: cy)
    }

    /// (d, e) ← T·(d, e) / 2^62 mod m, for d, e in [0, m): a multiple k·m
    /// with 0 ≤ k < 2^62 makes each sum divisible by 2^62 (a Montgomery
    /// step, k = sum·(−m⁻¹) mod 2^62, from the modulus's constant), which
    /// leaves it in (−m, 2m); one correction brings it back.
    @inline(__always)
    static func applyModulo(_ t: DivstepMatrix, _ d: inout SignedLimbs62, _ e: inout SignedLimbs62,
                            modulus m: SignedLimbs62, negativeInverse: UInt64, limbs n: Int) {
        let low = UInt64(bitPattern: SignedLimbs62.mask)
        let kd = Int64(bitPattern: (UInt64(bitPattern: t.u &* d[0] &+ t.v &* e[0]) &* negativeInverse) & low)
        let ke = Int64(bitPattern: (UInt64(bitPattern: t.q &* d[0] &+ t.r &* e[0]) &* negativeInverse) & low)
        applyMatrix(t, &d, &e, plus: kd, ke, times: m, limbs: n)
        d = reducedOnce(d, modulus: m, limbs: n)
        e = reducedOnce(e, modulus: m, limbs: n)
    }

    /// x mod m for x in (−m, 2m).
    @inline(__always)
    static func reducedOnce(_ x: SignedLimbs62, modulus m: SignedLimbs62, limbs n: Int) -> SignedLimbs62 {
        if x[n - 1] < 0 { return sum(x, m, sign: 1, limbs: n) }
        let less = sum(x, m, sign: -1, limbs: n)
        return less[n - 1] < 0 ? x : less
    }

    /// m − d for d in [0, m), 0 for d = 0.
    @inline(__always)
    static func negatedModulo(_ d: SignedLimbs62, modulus m: SignedLimbs62, limbs n: Int) -> SignedLimbs62 {
        d.isZero(limbs: n) ? d : sum(m, d, sign: -1, limbs: n)
    }
}

extension SignedLimbs62 {
    /// The value of `x` (below 2^(64·count)) in `n` limbs.
    @inline(__always)
    init<L: LimbVector>(_ x: L, limbs n: Int) {
        self = .zero
        for i in 0..<n {
            let bit = 62 * i, word = bit / 64, shift = bit % 64
            guard word < L.count else { break }
            var value = x[word] >> UInt64(shift)
            if shift > 2 && word + 1 < L.count { value |= x[word + 1] << UInt64(64 - shift) }
            self[i] = Int64(bitPattern: value) & SignedLimbs62.mask
        }
    }

    /// The value, non-negative and below 2^(64·count), as 64-bit limbs.
    @inline(__always)
    func limbVector<L: LimbVector>(_: L.Type, limbs n: Int) -> L {
        var result = L.zero
        for i in 0..<n {
            let bit = 62 * i, word = bit / 64, shift = bit % 64
            let value = UInt64(bitPattern: self[i])
            if word < L.count { result[word] |= value << UInt64(shift) }
            if shift > 2 && word + 1 < L.count { result[word + 1] |= value >> UInt64(64 - shift) }
        }
        return result
    }

    @inline(__always)
    func isZero(limbs n: Int) -> Bool {
        var bits: Int64 = 0
        for i in 0..<n { bits |= self[i] }
        return bits == 0
    }

    /// a + sign·b, limbs carried back into [0, 2^62) below the top.
    @inline(__always)
    static func sum(_ a: SignedLimbs62, _ b: SignedLimbs62, sign: Int64, limbs n: Int) -> SignedLimbs62 {
        var result = SignedLimbs62.zero
        var carry: Int64 = 0
        for i in 0..<(n - 1) {
            let limb = a[i] &+ sign &* b[i] &+ carry
            result[i] = limb & mask
            carry = limb >> 62
        }
        result[n - 1] = a[n - 1] &+ sign &* b[n - 1] &+ carry
        return result
    }
}

/// a·b as a signed 128-bit integer (one multiplication instruction).
@inline(__always)
private func wide(_ a: Int64, _ b: Int64) -> Int128 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return Int128(high) &<< 64 | Int128(low)
}
