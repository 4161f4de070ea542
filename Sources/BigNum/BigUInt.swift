// BigNum: unsigned integers for public-key verification.
//
// Limb layout: little-endian `UInt64` limbs (limbs[0] is least significant),
// normalised so the top limb is non-zero; zero has no limbs. A Montgomery
// context fixes the width at k = the modulus's limb count, and all its
// operands are k limbs below the modulus.
//
// Timing contract: nothing here is constant-time. Every value this library
// handles is public (keys in certificates, signatures on the wire), so the
// code is written for speed and exactness, and must never be used with
// secret operands.

/// An unsigned integer of any size, little-endian `UInt64` limbs.
public struct BigUInt: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// Little-endian 64-bit limbs with a non-zero top limb; empty for zero.
    public private(set) var limbs: [UInt64]

    /// Takes limbs as given, dropping leading zero limbs.
    public init(limbs: [UInt64]) {
        var limbs = limbs
        while let last = limbs.last, last == 0 { limbs.removeLast() }
        self.limbs = limbs
    }

    /// The value of one 64-bit word.
    public init(_ value: UInt64) { self.init(limbs: [value]) }

    /// Reads an unsigned big-endian byte string (leading zeros allowed).
    /// Inlinable so that callers in other modules get a specialised copy: the
    /// generic one built a reversed array through the runtime's generic
    /// metadata on every RSA key (≈ 2% of a fresh chain evaluation).
    /// Leading zero octets are skipped before the limbs are sized (an
    /// INTEGER's sign octet would otherwise leave a zero top limb, and
    /// dropping it copies the array).
    @inlinable
    public init<C: Collection>(bigEndian bytes: C) where C.Element == UInt8 {
        let significant = bytes.drop { $0 == 0 }
        let count = significant.count
        var limbs = [UInt64](repeating: 0, count: (count + 7) / 8)
        var position = count  // bytes from the end: position − 1 is the least significant
        for byte in significant {
            position -= 1
            limbs[position / 8] |= UInt64(byte) << UInt64(8 * (position % 8))
        }
        self.init(limbs: limbs)  // no zero limb to drop, so nothing is copied
    }

    /// Whether the value is zero, which has no limbs.
    @usableFromInline package var isZero: Bool { limbs.isEmpty }

    /// Significant bits: 0 for zero.
    @usableFromInline package var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    /// Whether bit `index` (0 = least significant) is set.
    @usableFromInline package func bit(_ index: Int) -> Bool {
        let limb = index / 64
        return limb < limbs.count && (limbs[limb] >> UInt64(index % 64)) & 1 == 1
    }

    /// Big-endian bytes left-padded to `count`, or nil when the value needs more.
    @usableFromInline package func bigEndianBytes(count: Int) -> [UInt8]? {
        guard (bitWidth + 7) / 8 <= count else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        for (i, limb) in limbs.enumerated() {
            for j in 0..<8 {
                let position = count - 1 - (i * 8 + j)
                if position >= 0 { bytes[position] = UInt8(truncatingIfNeeded: limb >> UInt64(j * 8)) }
            }
        }
        return bytes
    }

    /// Numeric order; variable-time, like everything in this module.
    public static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        lhs.limbs.withUnsafeBufferPointer { l in
            rhs.limbs.withUnsafeBufferPointer { r in compare(l, r) < 0 }
        }
    }

    /// Hexadecimal, most significant digit first, "0" for zero.
    public var description: String {
        guard let top = limbs.last else { return "0" }
        var text = String(top, radix: 16)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb, radix: 16)
            text += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return text
    }

    /// −1, 0 or 1 for two normalised limb sequences.
    static func compare(_ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count - 1
        while i >= 0 {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }
}
