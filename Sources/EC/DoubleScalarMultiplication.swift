// u1·G + u2·Q, the one point multiplication of ECDSA verification (FIPS
// 186-5 §6.4.2 step 5), by interleaving two width-w NAFs over one chain of
// doublings (Shamir's trick as in Hankerson–Menezes–Vanstone, "Guide to
// Elliptic Curve Cryptography", Alg. 3.51): every doubling serves both
// scalars, and each adds a table point only where its NAF has a digit.
//
// G's table (G, 3G, …, (2^(w−1) − 1)·G, affine) is constant data from
// scripts/ec-constants.py, so its window can be wide (w = 8: 64 points, one
// addition per 9 bits on average). Q's table is built per verification, so
// its window is narrower (w = 5: 8 points, 7 additions to build).
//
// Nothing is allocated: digits and Q's multiples (with their Z², Z³)
// live on the stack, in buffers of a size fixed by the curve. Scalars and
// points are public (see ECDSA.swift), so the digit-dependent branches
// leak nothing secret.

/// Where an odd NAF digit's point sits in a table of odd multiples P, 3P, 5P, …
@inline(__always)
func oddMultipleIndex(_ digit: Int) -> Int { (digit < 0 ? -digit : digit) >> 1 }

extension AffinePoint {
    /// Point `index` of a constant table laid out as `C.generatorTable`: x
    /// then y, each `C.Limbs.count` limbs, times R. The caller bounds `index`.
    @inline(__always)
    init(constantTable table: UnsafeRawPointer, index: Int) {
        let offset = index &* 2 &* C.Limbs.count &* 8
        self.init(x: FieldElement<C>(montgomery: table.load(fromByteOffset: offset, as: C.Limbs.self)),
                  y: FieldElement<C>(montgomery: table.load(fromByteOffset: offset &+ C.Limbs.count &* 8, as: C.Limbs.self)))
    }

    /// This point for a positive NAF digit, its negation for a negative one.
    @inline(__always)
    func signed(_ digit: Int) -> AffinePoint { digit < 0 ? negated : self }
}

/// Q, 3Q, 5Q, …, 15Q: the odd multiples for a width-5 NAF, in a tuple on
/// the stack (`withUnsafeTemporaryAllocation` takes more than 1 KB from the
/// heap, and these are 1.3–2.9 KB). Lookups go through a pointer to it
/// (`point(in:digit:)`): reading the tuple by value copied all of it at
/// every addition, ≈ 1.5 % of a verification.
struct OddMultiples<C: WeierstrassCurve> {
    static var window: Int { 5 }
    typealias Point = JacobianTablePoint<C>
    var points: (Point, Point, Point, Point, Point, Point, Point, Point)

    init(_ q: AffinePoint<C>) {
        let first = JacobianPoint(q)
        // Added seven times: its Z² and Z³ once.
        let twice = Point(first.doubledOutOfLine())
        var next = first
        let entry = Point(first)
        points = (entry, entry, entry, entry, entry, entry, entry, entry)
        withUnsafeMutableBytes(of: &points) { raw in
            for i in 1..<8 {
                next = next.adding(twice)
                raw.storeBytes(of: Point(next), toByteOffset: i &* MemoryLayout<Point>.stride, as: Point.self)
            }
        }
    }

    /// digit·Q for an odd digit with |digit| < 2^(window−1), from the bytes of `points`.
    @inline(__always)
    static func point(in table: UnsafeRawBufferPointer, digit: Int) -> Point {
        let index = oddMultipleIndex(digit) & 7
        let point = table.load(fromByteOffset: index &* MemoryLayout<Point>.stride, as: Point.self)
        return digit < 0 ? point.negated : point
    }
}

enum DoubleScalarMultiplication<C: WeierstrassCurve> {
    /// Writes the width-`window` NAF of `k` into `digits` (zeroed by the
    /// caller, at least one digit per bit of n plus one for the final carry): odd
    /// digits below 2^(window−1) in magnitude, each followed by at least
    /// window − 1 zeros. Reads `window` bits at a time with a carry instead of
    /// subtracting from k (the same digits as HMV Alg. 3.35).
    @inline(__always)
    static func recode(_ k: C.Limbs, window: Int, into digits: UnsafeMutableBufferPointer<Int8>) {
        let length = digits.count
        var carry: UInt64 = 0
        var bit = 0
        while bit < length {
            if k.bit(bit) == carry {
                // Even (0 or 1 + carry 1): a zero digit; the carry moves on.
                bit += 1
                continue
            }
            let width = min(window, length - bit)
            var word = Int(truncatingIfNeeded: k.bits(bit, width: width) &+ carry)
            carry = UInt64(truncatingIfNeeded: (word >> (window - 1)) & 1)
            word -= Int(truncatingIfNeeded: carry) << window
            digits[bit] = Int8(truncatingIfNeeded: word)
            bit += width
        }
    }

    /// u1·G + u2·Q for u1, u2 < n; the result may be the point at infinity.
    static func multiply(generatorScalar u1: C.Limbs, pointScalar u2: C.Limbs, point q: AffinePoint<C>) -> JacobianPoint<C> {
        let length = C.orderBitCount + 1
        var multiples = OddMultiples(q)
        // Two buffers of at most 522 digits: each stays under the 1 KB that
        // withUnsafeTemporaryAllocation takes from the stack.
        return withUnsafeTemporaryAllocation(of: Int8.self, capacity: length) { generatorDigits in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: length) { pointDigits in
                generatorDigits.initialize(repeating: 0)
                pointDigits.initialize(repeating: 0)
                recode(u1, window: C.generatorWindow, into: generatorDigits)
                recode(u2, window: OddMultiples<C>.window, into: pointDigits)
                return withUnsafeBytes(of: &multiples.points) { multiples in
                    C.generatorTable.withUnsafeBufferPointer { table in
                        interleave(generatorDigits, pointDigits, table: table, multiples: multiples)
                    }
                }
            }
        }
    }

    @inline(__always)
    static func interleave(
        _ generatorDigits: UnsafeMutableBufferPointer<Int8>, _ pointDigits: UnsafeMutableBufferPointer<Int8>,
        table: UnsafeBufferPointer<UInt64>, multiples: UnsafeRawBufferPointer
    ) -> JacobianPoint<C> {
        let tableMask = (1 << (C.generatorWindow - 2)) - 1
        // Only a table of the promised size is read; a mismatch would be a
        // generator bug, answered with infinity (a refused signature).
        guard table.count == (tableMask + 1) * 2 * C.Limbs.count, let base = table.baseAddress else { return .infinity }
        let tableBase = UnsafeRawPointer(base)

        var i = generatorDigits.count - 1
        while i >= 0 && generatorDigits[i] == 0 && pointDigits[i] == 0 { i -= 1 }
        var accumulator = JacobianPoint<C>.infinity
        while i >= 0 {
            accumulator = accumulator.doubled()
            let g = Int(generatorDigits[i])
            if g != 0 {
                let point = AffinePoint<C>(constantTable: tableBase, index: oddMultipleIndex(g) & tableMask)
                accumulator = accumulator.adding(point.signed(g))
            }
            let d = Int(pointDigits[i])
            if d != 0 {
                accumulator = accumulator.adding(OddMultiples<C>.point(in: multiples, digit: d))
            }
            i -= 1
        }
        return accumulator
    }
}
