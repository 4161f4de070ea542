// u1·G + u2·Q for a key that verifies many signatures — a trust anchor's,
// which signs every intermediate below it — with multiples of Q computed
// once, when the key is prepared, instead of per verification.
//
// The plain multiplication (DoubleScalarMultiplication.swift) needs one
// doubling per bit of n, because Q's table holds only Q's small odd
// multiples; the doublings are about two thirds of its work. Here each
// scalar's width-w NAF is cut into four parts of `splitSpan` digits, digit
// i standing for d·2^(i mod span)·(2^(span·⌊i/span⌋)·P); with the odd
// multiples of 2^(j·span)·P at hand for j = 0…3 (for G: constants from
// scripts/ec-constants.py; for Q: `PrecomputedMultiples`), one chain of
// span − 1 doublings serves all eight parts (the fixed-base comb idea of
// Lim and Lee, 1994, over NAF digits; HMV "Guide to ECC" §3.3.2). The
// additions stay one per non-zero digit — G's as before, Q's fewer, as
// its window is 6 rather than 5 — and every table point is affine, so
// each is a mixed addition.
//
// Building Q's multiples costs about one plain verification (3·span + 4
// doublings, 4·(2^(w−2) − 1) additions, one shared inversion and 64
// conversions to affine); it pays back
// from the second signature the key checks. Nothing here is secret (see
// ECDSA.swift), and a verification still allocates nothing: the multiples
// are built, and allocated, once per key.

/// The odd multiples P, 3P, …, (2^(w−1) − 1)·P of 2^(j·span)·Q for j = 0…3, affine.
struct PrecomputedMultiples<C: WeierstrassCurve>: Sendable {
    static var parts: Int { 4 }
    static var window: Int { 6 }
    static var pointsPerPart: Int { 1 << (window - 2) }

    /// Part j's multiples at j·pointsPerPart ..< (j + 1)·pointsPerPart.
    let points: [AffinePoint<C>]

    init(_ q: AffinePoint<C>) {
        let perPart = Self.pointsPerPart
        var jacobian: [JacobianPoint<C>] = []
        jacobian.reserveCapacity(Self.parts * perPart)
        var base = JacobianPoint(q)
        for part in 0..<Self.parts {
            if part > 0 {
                for _ in 0..<C.splitSpan { base = base.doubledOutOfLine() }
            }
            // k·2^(j·span)·Q is finite for the odd k < 2^(w−1) used here: n, Q's order, is an odd prime above k.
            let twice = JacobianTablePoint(base.doubledOutOfLine())
            var next = base
            jacobian.append(next)
            for _ in 1..<perPart {
                next = next.adding(twice)
                jacobian.append(next)
            }
        }
        points = Self.affine(jacobian)
    }

    /// Every point to affine with one inversion (Montgomery's trick): the
    /// running products z1, z1·z2, … are inverted once and unwound.
    static func affine(_ jacobian: [JacobianPoint<C>]) -> [AffinePoint<C>] {
        var prefix: [FieldElement<C>] = []
        prefix.reserveCapacity(jacobian.count)
        var running = FieldElement<C>.one
        for point in jacobian {
            running = running * point.z
            prefix.append(running)
        }
        var inverse = running.inverted(exponent: C.Field.inversionExponent)
        var result = [AffinePoint<C>](repeating: AffinePoint(x: .zero, y: .zero), count: jacobian.count)
        var index = jacobian.count - 1
        while index >= 0 {
            let point = jacobian[index]
            // 1/z_i = (z1⋯z_(i−1)) · (z1⋯z_i)⁻¹; then drop z_i from the running inverse.
            let zInverse = index > 0 ? inverse * prefix[index - 1] : inverse
            inverse = inverse * point.z
            let zInverse2 = zInverse.squared()
            result[index] = AffinePoint(x: point.x * zInverse2, y: point.y * zInverse2 * zInverse)
            index -= 1
        }
        return result
    }
}

enum SplitScalarMultiplication<C: WeierstrassCurve> {
    typealias Multiples = PrecomputedMultiples<C>

    /// u1·G + u2·Q for u1, u2 < n and Q's multiples; the result may be the point at infinity.
    static func multiply(generatorScalar u1: C.Limbs, pointScalar u2: C.Limbs, multiples: Multiples) -> JacobianPoint<C> {
        let span = C.splitSpan
        let length = span * Multiples.parts
        // The NAF of an integer below n has at most bits(n) + 1 digits; the parts must hold them all.
        guard length >= C.orderBitCount + 1, multiples.points.count == Multiples.parts * Multiples.pointsPerPart else {
            return .infinity
        }
        return withUnsafeTemporaryAllocation(of: Int8.self, capacity: length) { generatorDigits in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: length) { pointDigits in
                generatorDigits.initialize(repeating: 0)
                pointDigits.initialize(repeating: 0)
                DoubleScalarMultiplication<C>.recode(u1, window: C.generatorWindow, into: generatorDigits)
                DoubleScalarMultiplication<C>.recode(u2, window: Multiples.window, into: pointDigits)
                return C.generatorTable.withUnsafeBufferPointer { first in
                    C.shiftedGeneratorTable.withUnsafeBufferPointer { shifted in
                        multiples.points.withUnsafeBufferPointer { points in
                            interleave(generatorDigits, pointDigits, generator: (first, shifted), points: points)
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    static func interleave(
        _ generatorDigits: UnsafeMutableBufferPointer<Int8>, _ pointDigits: UnsafeMutableBufferPointer<Int8>,
        generator: (first: UnsafeBufferPointer<UInt64>, shifted: UnsafeBufferPointer<UInt64>),
        points: UnsafeBufferPointer<AffinePoint<C>>
    ) -> JacobianPoint<C> {
        let span = C.splitSpan
        let parts = Multiples.parts
        let limbCount = C.Limbs.count
        let generatorPerPart = 1 << (C.generatorWindow - 2)
        // Only tables of the promised sizes are read; a mismatch would be a
        // generator bug, answered with infinity (a refused signature).
        guard generator.first.count == generatorPerPart * 2 * limbCount,
              generator.shifted.count == (parts - 1) * generatorPerPart * 2 * limbCount,
              let firstBase = generator.first.baseAddress, let shiftedBase = generator.shifted.baseAddress,
              let pointBase = points.baseAddress else { return .infinity }

        @inline(__always)
        func generatorPoint(part: Int, digit: Int) -> AffinePoint<C> {
            let index = oddMultipleIndex(digit) & (generatorPerPart - 1)
            let point = part == 0 ? AffinePoint<C>(constantTable: UnsafeRawPointer(firstBase), index: index)
                : AffinePoint<C>(constantTable: UnsafeRawPointer(shiftedBase), index: (part - 1) &* generatorPerPart &+ index)
            return point.signed(digit)
        }

        @inline(__always)
        func keyPoint(part: Int, digit: Int) -> AffinePoint<C> {
            pointBase[part &* Multiples.pointsPerPart &+ (oddMultipleIndex(digit) & (Multiples.pointsPerPart - 1))].signed(digit)
        }

        func anyDigit(at position: Int) -> Bool {
            for part in 0..<parts where generatorDigits[part * span + position] != 0 || pointDigits[part * span + position] != 0 {
                return true
            }
            return false
        }

        var position = span - 1
        while position >= 0 && !anyDigit(at: position) { position -= 1 }
        var accumulator = JacobianPoint<C>.infinity
        while position >= 0 {
            accumulator = accumulator.doubled()
            for part in 0..<parts {
                let g = Int(generatorDigits[part &* span &+ position])
                if g != 0 { accumulator = accumulator.adding(generatorPoint(part: part, digit: g)) }
                let d = Int(pointDigits[part &* span &+ position])
                if d != 0 { accumulator = accumulator.adding(keyPoint(part: part, digit: d)) }
            }
            position -= 1
        }
        return accumulator
    }
}
