import SHA2

// Scalars modulo the group order L = 2^252 + 27742317777372353535851937790883648493
// (RFC 8032 §5.1): S read from a signature, which must already be below L
// (§5.1.7 step 1), and k = SHA-512(R ‖ A ‖ M) mod L (§5.1.7 step 2), reduced
// from 512 bits by Barrett's method with 64-bit limbs (Menezes, van
// Oorschot, Vanstone, Handbook of Applied Cryptography, algorithm 14.42).
// Fixed width: the same limb operations whatever the value, at most two
// final subtractions of L. Nothing secret passes through here.

/// An integer below L as four little-endian 64-bit words.
struct Ed25519Scalar: Sendable, Equatable {
    var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    /// L, little-endian words.
    static let order = Ed25519Scalar(w0: 0x5812_631A_5CF5_D3ED, w1: 0x14DE_F9DE_A2F7_9CD6, w2: 0, w3: 0x1000_0000_0000_0000)

    /// ⌊2^512 / L⌋, five little-endian words (260 bits): Barrett's μ for b = 2^64, k = 4.
    static let barrettMu: (UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0xED9C_E5A3_0A2C_131B, 0x2106_215D_0863_29A7, 0xFFFF_FFFF_FFFF_FFEB, 0xFFFF_FFFF_FFFF_FFFF, 0xF)

    /// S from a signature's second half: nil unless S < L, the check that
    /// keeps signatures non-malleable (RFC 8032 §5.1.7 step 1, §8.4).
    init?(canonicalWords w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        let value = Ed25519Scalar(w0: w0, w1: w1, w2: w2, w3: w3)
        guard value.isBelow(Self.order) else { return nil }
        self = value
    }

    init(w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3
    }

    func isBelow(_ other: Ed25519Scalar) -> Bool {
        if w3 != other.w3 { return w3 < other.w3 }
        if w2 != other.w2 { return w2 < other.w2 }
        if w1 != other.w1 { return w1 < other.w1 }
        return w0 < other.w0
    }

    /// Word i (0–3), 0 above.
    @inline(__always)
    func word(_ i: Int) -> UInt64 {
        switch i {
        case 0: return w0
        case 1: return w1
        case 2: return w2
        case 3: return w3
        default: return 0
        }
    }

    /// A 64-byte digest read as a little-endian integer (RFC 8032 §5.1.7
    /// step 2 interprets SHA-512's output that way), reduced modulo L.
    init(reducing digest: Digest) {
        self = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8 + 10 + 5) { scratch in
            let x = scratch.baseAddress!
            let q2 = x + 8
            let r2 = x + 18
            for i in 0..<(8 + 10 + 5) { x[i] = 0 }
            var position = 0
            for byte in digest {
                // A SHA-512 digest has 64 bytes; the guard keeps any other
                // count from writing past x[7].
                guard position < 64 else { break }
                x[position >> 3] |= UInt64(byte) << UInt64((position & 7) << 3)
                position += 1
            }
            // q2 = q1·μ with q1 = ⌊x / b^3⌋ = x[3...7].
            for i in 0..<5 {
                var carry: UInt64 = 0
                for j in 0..<5 {
                    let (high, low) = x[3 + i].multipliedFullWidth(by: Self.muWord(j))
                    let (sum1, o1) = low.addingReportingOverflow(q2[i + j])
                    let (sum2, o2) = sum1.addingReportingOverflow(carry)
                    q2[i + j] = sum2
                    // high ≤ 2^64 − 2, so the two carries fit.
                    carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                }
                q2[i + 5] = carry
            }
            // q3 = ⌊q2 / b^5⌋ = q2[5...9]; r2 = q3·L mod b^5.
            for i in 0..<5 {
                var carry: UInt64 = 0
                for j in 0..<(5 - i) {
                    let (high, low) = q2[5 + i].multipliedFullWidth(by: Self.order.word(j))
                    let (sum1, o1) = low.addingReportingOverflow(r2[i + j])
                    let (sum2, o2) = sum1.addingReportingOverflow(carry)
                    r2[i + j] = sum2
                    carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                }
            }
            // r = (x mod b^5) − r2 mod b^5; HAC 14.42 bounds it below 3L.
            var r = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            var borrow = false
            (r.0, borrow) = Self.subtract(x[0], r2[0], borrow)
            (r.1, borrow) = Self.subtract(x[1], r2[1], borrow)
            (r.2, borrow) = Self.subtract(x[2], r2[2], borrow)
            (r.3, borrow) = Self.subtract(x[3], r2[3], borrow)
            (r.4, _) = Self.subtract(x[4], r2[4], borrow)
            for _ in 0..<2 {
                let (d0, b0) = Self.subtract(r.0, Self.order.w0, false)
                let (d1, b1) = Self.subtract(r.1, Self.order.w1, b0)
                let (d2, b2) = Self.subtract(r.2, Self.order.w2, b1)
                let (d3, b3) = Self.subtract(r.3, Self.order.w3, b2)
                let (d4, b4) = Self.subtract(r.4, 0, b3)
                if !b4 { r = (d0, d1, d2, d3, d4) }
            }
            return Ed25519Scalar(w0: r.0, w1: r.1, w2: r.2, w3: r.3)
        }
    }

    @inline(__always)
    static func muWord(_ i: Int) -> UInt64 {
        switch i {
        case 0: return barrettMu.0
        case 1: return barrettMu.1
        case 2: return barrettMu.2
        case 3: return barrettMu.3
        default: return barrettMu.4
        }
    }

    @inline(__always)
    static func subtract(_ a: UInt64, _ b: UInt64, _ borrow: Bool) -> (UInt64, Bool) {
        let (d1, o1) = a.subtractingReportingOverflow(b)
        let (d2, o2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
        return (d2, o1 || o2)
    }
}
