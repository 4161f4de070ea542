// [s]B + [k]P in one pass of doublings (Straus–Shamir), each scalar in
// width-w non-adjacent form: the verification equation's right-hand side
// needs [S]B − [k]A, and one shared chain of ~253 doublings is cheaper than
// two scalar multiplications.
//
// B's odd multiples come from the generated constant table (width 8: 64
// points, one addition per ~9 bits of S); P's odd multiples are built per
// call on the stack (width 5: 8 points, one addition per ~6 bits of k, the
// width where building a bigger table costs more than it saves). The digits
// and that table live on the stack: no heap.
//
// Variable time by design: s, k and P are public (see Ed25519.swift).

enum Edwards25519DoubleScalar {
    /// wNAF width for the per-call multiples of P: 1P, 3P, …, 15P.
    static let pointWidth = 5
    static let pointTableCount = 1 << (pointWidth - 2)

    /// Eight cached points (1,280 bytes) as one tuple: a local value, so it
    /// lives on the stack. (`withUnsafeTemporaryAllocation` moves requests
    /// over 1 KiB to the heap.)
    typealias PointTable = (EdwardsCachedPoint, EdwardsCachedPoint, EdwardsCachedPoint, EdwardsCachedPoint,
                            EdwardsCachedPoint, EdwardsCachedPoint, EdwardsCachedPoint, EdwardsCachedPoint)

    /// [s]B + [k]P, with s and k below L.
    static func multiply(baseScalar s: Ed25519Scalar, pointScalar k: Ed25519Scalar,
                         point: EdwardsPoint) -> EdwardsProjectivePoint {
        let first = point.cached
        var storage: PointTable = (first, first, first, first, first, first, first, first)
        return withUnsafeMutablePointer(to: &storage) { tuple in
            tuple.withMemoryRebound(to: EdwardsCachedPoint.self, capacity: pointTableCount) { multiples in
                // multiples[i] = (2i+1)·P.
                let twiceP = point.projective.doubled().extended
                for i in 1..<pointTableCount {
                    multiples[i] = (twiceP + multiples[i - 1]).extended.cached
                }
                // 512 one-byte digits: under the 1 KiB stack limit.
                return withUnsafeTemporaryAllocation(of: Int8.self, capacity: 512) { digits in
                    let sDigits = digits.baseAddress!
                    let kDigits = sDigits + 256
                    let sEnd = s.nonAdjacentForm(width: Ed25519BaseTable.width, into: sDigits)
                    let kEnd = k.nonAdjacentForm(width: pointWidth, into: kDigits)
                    return Ed25519BaseTable.oddMultiples.withUnsafeBufferPointer { base in
                        var r = EdwardsProjectivePoint.identity
                        var i = max(sEnd, kEnd) - 1
                        while i >= 0 {
                            var t = r.doubled()
                            let kDigit = Int(kDigits[i])
                            if kDigit > 0 {
                                t = t.extended + multiples[kDigit >> 1]
                            } else if kDigit < 0 {
                                t = t.extended - multiples[(-kDigit) >> 1]
                            }
                            let sDigit = Int(sDigits[i])
                            if sDigit > 0 {
                                t = t.extended + baseMultiple(base, sDigit >> 1)
                            } else if sDigit < 0 {
                                t = t.extended - baseMultiple(base, (-sDigit) >> 1)
                            }
                            r = t.projective
                            i -= 1
                        }
                        return r
                    }
                }
            }
        }
    }

    /// (2i+1)·B from the table's 15 limbs at 15·i.
    @inline(__always)
    static func baseMultiple(_ table: UnsafeBufferPointer<UInt64>, _ i: Int) -> EdwardsAffineCachedPoint {
        let o = 15 * i
        return EdwardsAffineCachedPoint(
            yPlusX: FieldElement25519(table[o], table[o + 1], table[o + 2], table[o + 3], table[o + 4]),
            yMinusX: FieldElement25519(table[o + 5], table[o + 6], table[o + 7], table[o + 8], table[o + 9]),
            twiceDXY: FieldElement25519(table[o + 10], table[o + 11], table[o + 12], table[o + 13], table[o + 14]))
    }
}

extension Ed25519Scalar {
    /// The width-`width` non-adjacent form (2 ≤ width ≤ 8): digits[i] is 0 or
    /// odd with |digits[i]| < 2^(width−1), Σ digits[i]·2^i = self, and any
    /// two non-zero digits are at least `width` apart. Needs room for 256
    /// digits; the scalar is below L < 2^253, so the last carry lands at
    /// bit 254 at most. Returns one past the highest non-zero digit.
    func nonAdjacentForm(width: Int, into digits: UnsafeMutablePointer<Int8>) -> Int {
        for i in 0..<256 { digits[i] = 0 }
        let windowMask = (UInt64(1) << UInt64(width)) - 1
        let half = 1 << (width - 1)
        var carry = 0
        var position = 0
        var end = 0
        while position < 256 {
            let index = position >> 6
            let shift = UInt64(position & 63)
            var bits = word(index) >> shift
            if shift != 0 { bits |= word(index + 1) << (64 - shift) }
            let window = carry + Int(bits & windowMask)
            if window & 1 == 0 {
                // Bit (with carry) is 0 here: no digit, look at the next bit.
                position += 1
                continue
            }
            if window < half {
                digits[position] = Int8(window)
                carry = 0
            } else {
                digits[position] = Int8(window - 2 * half)
                carry = 1
            }
            end = position + 1
            position += width
        }
        return end
    }
}
