// Fixed-width integers for the NIST curves: 4, 6 and 9 little-endian UInt64
// limbs (256, 384 and 576 bits) held in tuples, so a field element or scalar
// lives in registers or on the stack and never on the heap.
//
// The generic code in this module reads limbs through `subscript(index:)`
// with indices that are loop counters below `count`, never values taken from
// input; once specialised and unrolled, every access is at a constant offset
// and the tuple is kept in registers.

/// A fixed number of 64-bit limbs, least significant first.
protocol LimbVector: Sendable {
    /// Number of limbs; a compile-time constant once specialised.
    static var count: Int { get }
    static var zero: Self { get }
    subscript(index: Int) -> UInt64 { get set }
}

struct Limbs4: LimbVector {
    var words: (UInt64, UInt64, UInt64, UInt64)

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        words = (w0, w1, w2, w3)
    }

    static var count: Int { 4 }
    static var zero: Limbs4 { Limbs4(0, 0, 0, 0) }

    subscript(index: Int) -> UInt64 {
        @inline(__always) get { withUnsafeBytes(of: words) { $0.load(fromByteOffset: index &* 8, as: UInt64.self) } }
        @inline(__always) set { withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: newValue, toByteOffset: index &* 8, as: UInt64.self) } }
    }
}

struct Limbs6: LimbVector {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64, _ w5: UInt64) {
        words = (w0, w1, w2, w3, w4, w5)
    }

    static var count: Int { 6 }
    static var zero: Limbs6 { Limbs6(0, 0, 0, 0, 0, 0) }

    subscript(index: Int) -> UInt64 {
        @inline(__always) get { withUnsafeBytes(of: words) { $0.load(fromByteOffset: index &* 8, as: UInt64.self) } }
        @inline(__always) set { withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: newValue, toByteOffset: index &* 8, as: UInt64.self) } }
    }
}

struct Limbs9: LimbVector {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    @inline(__always)
    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64,
         _ w5: UInt64, _ w6: UInt64, _ w7: UInt64, _ w8: UInt64) {
        words = (w0, w1, w2, w3, w4, w5, w6, w7, w8)
    }

    static var count: Int { 9 }
    static var zero: Limbs9 { Limbs9(0, 0, 0, 0, 0, 0, 0, 0, 0) }

    subscript(index: Int) -> UInt64 {
        @inline(__always) get { withUnsafeBytes(of: words) { $0.load(fromByteOffset: index &* 8, as: UInt64.self) } }
        @inline(__always) set { withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: newValue, toByteOffset: index &* 8, as: UInt64.self) } }
    }
}

extension LimbVector {
    /// The big-endian integer in `bytes`, which holds at most `8 · count` octets
    /// (callers check the length first).
    @inline(__always)
    init(bigEndian bytes: UnsafeBufferPointer<UInt8>) {
        var value = Self.zero
        var shift: UInt64 = 0
        var limb = 0
        var offset = bytes.count
        while offset > 0 && limb < Self.count {
            offset -= 1
            value[limb] |= UInt64(bytes[offset]) << shift
            shift += 8
            if shift == 64 { shift = 0; limb += 1 }
        }
        self = value
    }

    var isZero: Bool {
        @inline(__always) get {
            var bits: UInt64 = 0
            for i in 0..<Self.count { bits |= self[i] }
            return bits == 0
        }
    }

    @inline(__always)
    static func equal(_ a: Self, _ b: Self) -> Bool {
        var difference: UInt64 = 0
        for i in 0..<Self.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// a + b, and whether it carried out of the top limb.
    @inline(__always)
    static func add(_ a: Self, _ b: Self) -> (sum: Self, carry: Bool) {
        var sum = Self.zero
        var carry: UInt64 = 0
        for i in 0..<Self.count {
            let (s1, c1) = a[i].addingReportingOverflow(b[i])
            let (s2, c2) = s1.addingReportingOverflow(carry)
            sum[i] = s2
            carry = (c1 ? 1 : 0) | (c2 ? 1 : 0)
        }
        return (sum, carry != 0)
    }

    /// a − b mod 2^(64·count), and whether it borrowed (a < b).
    @inline(__always)
    static func subtract(_ a: Self, _ b: Self) -> (difference: Self, borrow: Bool) {
        var difference = Self.zero
        var borrow: UInt64 = 0
        for i in 0..<Self.count {
            let (d1, b1) = a[i].subtractingReportingOverflow(b[i])
            let (d2, b2) = d1.subtractingReportingOverflow(borrow)
            difference[i] = d2
            borrow = (b1 ? 1 : 0) | (b2 ? 1 : 0)
        }
        return (difference, borrow != 0)
    }

    /// Whether a < b.
    @inline(__always)
    static func less(_ a: Self, _ b: Self) -> Bool {
        subtract(a, b).borrow
    }

    /// Bit `index` (0 = least significant); 0 past the top.
    @inline(__always)
    func bit(_ index: Int) -> UInt64 {
        let limb = index >> 6
        guard limb < Self.count else { return 0 }
        return (self[limb] >> UInt64(index & 63)) & 1
    }

    /// `width` (1…16) bits starting at `index`, zeros past the top.
    @inline(__always)
    func bits(_ index: Int, width: Int) -> UInt64 {
        let limb = index >> 6
        guard limb < Self.count else { return 0 }
        let shift = UInt64(index & 63)
        var window = self[limb] >> shift
        if shift != 0 && limb + 1 < Self.count {
            window |= self[limb + 1] << (64 - shift)
        }
        return window & ((1 << UInt64(width)) - 1)
    }

    /// self >> amount for 0 ≤ amount < 64.
    @inline(__always)
    func shiftedRight(by amount: Int) -> Self {
        guard amount > 0 else { return self }
        var result = Self.zero
        let shift = UInt64(amount)
        for i in 0..<Self.count {
            var word = self[i] >> shift
            if i + 1 < Self.count { word |= self[i + 1] << (64 - shift) }
            result[i] = word
        }
        return result
    }
}
