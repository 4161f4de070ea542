// Into Montgomery form by division. x·R mod n is the remainder of the
// 2k-limb number x·2^(64k) by n; k steps of schoolbook division (Knuth,
// TAOCP 4.3.1, algorithm D) compute it with k² multiplications. The usual
// route, a Montgomery product with R² mod n, costs 2k² per base plus R² mod
// n per key (itself k² by division steps). A fresh key is the common case
// here (every intermediate of a chain), so dividing directly leaves nothing
// to set up per key but the normalised modulus and one reciprocal.
// Measured for RSA-2048: key setup 2.19 µs → 0.11 µs; the conversion costs
// about what the product it replaces did (its multiply-subtract loop
// carries one chain through every limb); a fresh chain evaluation 61 → 59 µs.

extension MontgomeryContext {
    /// r = x·R mod n for x < n. `u` is 2k + 1 limbs of scratch; r may be u.
    ///
    /// u holds x·2^shift in its top k limbs and zeros below. Step i looks at
    /// the k + 1 limbs starting at u + i, i = k − 1 down to 0: widening the
    /// window by the zero limb below is the multiplication by 2^64, and the
    /// step reduces the window modulo d = n·2^shift, leaving its top limb
    /// zero. The last window holds (x·R mod n)·2^shift.
    static func convertIn(
        _ r: UnsafeMutablePointer<UInt64>, _ x: UnsafePointer<UInt64>, _ divisor: Divisor, _ k: Int,
        _ u: UnsafeMutablePointer<UInt64>
    ) {
        let shift = UInt64(divisor.shift)
        u.update(repeating: 0, count: 2 * k + 1)
        // x < n, so x·2^shift < d < 2^(64k): nothing spills into u[2k].
        Divisor.shiftLeft(x, into: u + k, count: k, by: divisor.shift)
        divisor.limbs.withUnsafeBufferPointer { d in
            var i = k
            while i > 0 {
                i -= 1
                reduceWindow(u + i, d.baseAddress!, divisor, k)
            }
        }
        for j in 0..<k {
            r[j] = u[j] >> shift | (shift == 0 ? 0 : u[j + 1] << (64 - shift))
        }
    }

    /// w ← w mod d for a (k + 1)-limb w < d·2^64: one quotient digit.
    @inline(__always)
    static func reduceWindow(_ w: UnsafeMutablePointer<UInt64>, _ d: UnsafePointer<UInt64>, _ divisor: Divisor, _ k: Int) {
        // From the top two limbs against d's top limb (d normalised), the
        // estimate is at least the true digit and at most two more.
        let estimate = w[k] >= divisor.top ? UInt64.max : divisor.quotient(w[k], w[k - 1])
        // w − estimate·d, the product's high limb and the borrow carried
        // together: estimate·d[j] + carry < 2^128 − 2^64, so the high limb
        // plus one still fits.
        var carry: UInt64 = 0
        for j in 0..<k {
            let product = UInt128(estimate) &* UInt128(d[j]) &+ UInt128(carry)
            // The difference's high limb is 0, or all ones on a borrow: written
            // this way the borrow stays in the flags instead of becoming a branch.
            let difference = UInt128(w[j]) &- (product & UInt128(UInt64.max))
            w[j] = UInt64(truncatingIfNeeded: difference)
            carry = UInt64(truncatingIfNeeded: product &>> 64) &- UInt64(truncatingIfNeeded: difference &>> 64)
        }
        var negative: Bool
        (w[k], negative) = w[k].subtractingReportingOverflow(carry)
        // Too large by one or two: add d back until the sum carries out.
        while negative {
            var carry = false
            for j in 0..<k {
                let (s1, c1) = w[j].addingReportingOverflow(d[j])
                let (s2, c2) = s1.addingReportingOverflow(carry ? 1 : 0)
                w[j] = s2
                carry = c1 || c2
            }
            let carriedOut: Bool
            (w[k], carriedOut) = w[k].addingReportingOverflow(carry ? 1 : 0)
            negative = !carriedOut
        }
    }
}

extension MontgomeryContext {
    /// The modulus shifted left until its top bit is set, and what dividing
    /// by its top limb needs: the reciprocal of Möller and Granlund
    /// ("Improved division by invariant integers", IEEE Trans. Computers,
    /// 2011), so that each quotient digit costs two multiplications instead
    /// of a 128-by-64-bit division through the runtime.
    struct Divisor: Sendable {
        let limbs: [UInt64]
        let shift: Int
        let top: UInt64
        /// ⌊(2^128 − 1) / top⌋ − 2^64.
        let reciprocal: UInt64

        init(_ modulus: BigUInt) {
            let n = modulus.limbs
            let k = n.count
            let shift = n[k - 1].leadingZeroBitCount
            if shift == 0 {
                // Already normalised, as the moduli of RSA's usual sizes
                // (2048, 3072, 4096 bits) are: share the modulus's limbs.
                limbs = n
            } else {
                var d = [UInt64](repeating: 0, count: k)
                n.withUnsafeBufferPointer { source in
                    d.withUnsafeMutableBufferPointer { Self.shiftLeft(source.baseAddress!, into: $0.baseAddress!, count: k, by: shift) }
                }
                limbs = d
            }
            self.shift = shift
            top = limbs[k - 1]
            // (2^128 − 1 − top·2^64) / top: the high limb ~top is below top.
            reciprocal = top.dividingFullWidth((~top, UInt64.max)).quotient
        }

        /// The low `count` limbs of x·2^shift, shift < 64.
        static func shiftLeft(_ x: UnsafePointer<UInt64>, into r: UnsafeMutablePointer<UInt64>, count: Int, by shift: Int) {
            let s = UInt64(shift)
            for i in 0..<count {
                r[i] = x[i] << s | (s == 0 || i == 0 ? 0 : x[i - 1] >> (64 - s))
            }
        }

        /// ⌊(high·2^64 + low) / top⌋ for high < top (their algorithm 4).
        @inline(__always)
        func quotient(_ high: UInt64, _ low: UInt64) -> UInt64 {
            let product = reciprocal.multipliedFullWidth(by: high)
            let (q0, carry) = product.low.addingReportingOverflow(low)
            var q1 = product.high &+ high &+ 1 &+ (carry ? 1 : 0)
            var remainder = low &- q1 &* top
            if remainder > q0 {
                q1 &-= 1
                remainder &+= top
            }
            if remainder >= top { q1 &+= 1 }
            return q1
        }
    }
}
