// Montgomery products by product scanning (Koç, Acar and Kaliski's FIPS,
// "finely integrated product scanning", 1996): column by column, every
// a[i]·b[j] and m[i]·n[j] with i + j = column is added into a three-limb
// accumulator that lives in registers, and the column's low limb is either
// cleared by choosing the next quotient digit m[column] (the first k
// columns) or written out as a limb of the result (the last k). Operand
// scanning (FIOS, used before) loads, adds and stores a limb of t for every
// product; here t is touched once per column, which measured ≈ 2× faster
// for 2048-bit moduli.
//
// Both kernels are `@inline(never)`: inlined into a throwing caller, the
// unrolled variant of these loops was miscompiled by Swift 6.3.1 when the
// module was built with multi-threaded whole-module optimisation (SwiftPM's
// release default), corrupting the caller's error register; the call costs
// nothing measurable against ≈ 1,500 products.

extension MontgomeryContext {
    /// Scratch limbs a product needs for a k-limb modulus (`t` below).
    @inline(__always)
    static func productScratch(_ k: Int) -> Int { 3 * k + 2 }

    /// r = a·b·R⁻¹ mod n for a, b < n. `nr` is n with its limbs in reverse
    /// order (the caller writes it once per modulus); `t` is
    /// `productScratch(k)` limbs: the quotient digits, the k + 1 limbs of
    /// the sum, then b reversed. r may alias a or b because they are read
    /// only before r is written.
    ///
    /// Every column walks one operand up and the other down; with the
    /// downward one stored reversed, both advance by the same index, and
    /// the inner loop keeps one counter instead of a counter and a second
    /// pointer (8 instructions a product instead of 9 on x86-64).
    @inline(never)
    static func montgomeryMultiply(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        _ n: UnsafePointer<UInt64>, _ nr: UnsafePointer<UInt64>, _ n0: UInt64, _ k: Int, _ t: UnsafeMutablePointer<UInt64>
    ) {
        let m = t, sum = t + k, br = t + 2 * k + 2
        reverse(b, into: br, k)
        var column = ColumnAccumulator()
        for c in 0..<k {
            column.addColumn(a, br + (k &- 1 &- c), c &+ 1)
            column.clearLowLimb(column: c, m, n, nr + (k &- 1 &- c), n0)
        }
        for c in k..<(2 * k &- 1) {
            let first = c &- k &+ 1
            column.addColumn(a + first, br, k &- first)
            column.addColumn(m + first, nr, k &- first)
            sum[c &- k] = column.shiftOut()
        }
        sum[k &- 1] = column.shiftOut()
        sum[k] = column.shiftOut()
        reduceOnce(r, sum, n, k)
    }

    /// r = a²·R⁻¹ mod n for a < n. Each column's cross products a[i]·a[j],
    /// i < j, are summed once and doubled (k(k−1)/2 products instead of
    /// k²), then the square a[c/2]² and the reduction terms are added.
    /// Exponentiation by 65537 is 16 squarings and one multiplication, so
    /// this is where the time goes. Same arguments, scratch and aliasing as
    /// the product above.
    @inline(never)
    static func montgomerySquare(
        _ r: UnsafeMutablePointer<UInt64>, _ a: UnsafePointer<UInt64>,
        _ n: UnsafePointer<UInt64>, _ nr: UnsafePointer<UInt64>, _ n0: UInt64, _ k: Int, _ t: UnsafeMutablePointer<UInt64>
    ) {
        let m = t, sum = t + k, ar = t + 2 * k + 2
        reverse(a, into: ar, k)
        var column = ColumnAccumulator()
        for c in 0..<(2 * k &- 1) {
            // Cross products of this column: i < j = c − i, both below k.
            var cross = ColumnAccumulator()
            let first = c < k ? 0 : c &- k &+ 1
            cross.addColumn(a + first, ar + (k &- 1 &- c &+ first), (c &+ 1) / 2 &- first)
            cross.double()
            if c & 1 == 0 { cross.add(a[c >> 1], a[c >> 1]) }
            column.add(cross)
            if c < k {
                column.clearLowLimb(column: c, m, n, nr + (k &- 1 &- c), n0)
            } else {
                column.addColumn(m + first, nr, k &- first)
                sum[c &- k] = column.shiftOut()
            }
        }
        sum[k &- 1] = column.shiftOut()
        sum[k] = column.shiftOut()
        reduceOnce(r, sum, n, k)
    }

    /// r[i] = x[k − 1 − i].
    @inline(__always)
    static func reverse(_ x: UnsafePointer<UInt64>, into r: UnsafeMutablePointer<UInt64>, _ k: Int) {
        for i in 0..<k { r[i] = x[k &- 1 &- i] }
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
}

extension ColumnAccumulator {
    /// Ends one of the first k columns: adds the reduction products
    /// m[j]·n[c − j], j < c (`nc` is the reversed modulus from n[c] on),
    /// then picks the quotient digit m[c] that makes the column's low limb
    /// zero and shifts that zero limb out.
    @inline(__always)
    mutating func clearLowLimb(
        column c: Int, _ m: UnsafeMutablePointer<UInt64>, _ n: UnsafePointer<UInt64>, _ nc: UnsafePointer<UInt64>, _ n0: UInt64
    ) {
        addColumn(m, nc, c)
        let q = lowLimb &* n0
        m[c] = q
        add(q, n[0])
        _ = shiftOut()
    }
}
