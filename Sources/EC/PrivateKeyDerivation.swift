// The public key Q = d·G of an ECDSA private key (SEC 1 §3.2.1), for
// matching a key read from a PKCS#12 file or a PKCS#8 / SEC1 structure to
// its certificate when the file does not carry Q.
//
// d is secret, so unlike verification (ECDSA.swift) this path is constant
// time: the scalar is validated with masks, and the multiplication is a
// fixed 4-bit window over the multiples 0·G … 15·G — every window doubles
// four times and adds one table entry, the entry picked by reading all
// sixteen and keeping one with a mask (ConstantTimeSelection.swift), the
// addition complete (CompleteProjectivePoint.swift), so a zero window or an
// accumulator equal to the entry takes the same steps as any other. The
// table is built from G at each call: 15 additions against 64–131 windows,
// and no constant table to trust.

extension ECDSACurve {
    /// The uncompressed public point (0x04 || X || Y, big-endian, field-size coordinates) of the private scalar `d`
    /// (big-endian bytes, leading zeros allowed, up to the order's byte length). Throws when d is 0 or ≥ n.
    ///
    /// An empty `privateScalar`, or one longer than n's octets (32, 48 or 66),
    /// is `malformedPrivateKey`; d = 0 or d ≥ n is `privateKeyOutOfRange`.
    /// The multiplication takes the same steps for every d, and neither it nor
    /// the range check branches on d's bits or indexes memory with them.
    public func publicKey(privateScalar: ArraySlice<UInt8>) throws(ECError) -> [UInt8] {
        switch self {
        case .p256: return try PrivateKeyDerivation<P256>.publicKey(privateScalar)
        case .p384: return try PrivateKeyDerivation<P384>.publicKey(privateScalar)
        case .p521: return try PrivateKeyDerivation<P521>.publicKey(privateScalar)
        }
    }
}

enum PrivateKeyDerivation<C: WeierstrassCurve> where C.Element: ConstantTimeFieldElement {
    typealias Point = CompleteProjectivePoint<C>

    /// Bits per window, and the table's 2^window entries.
    static var window: Int { 4 }

    static func publicKey(_ privateScalar: ArraySlice<UInt8>) throws(ECError) -> [UInt8] {
        let d = try scalar(privateScalar)
        return multiplyGenerator(d).uncompressedEncoding()
    }

    /// d from its big-endian octets, in [1, n − 1]. The length is public
    /// (it is the encoding's); the range is decided from masks, and only the
    /// final accept or refuse branches.
    static func scalar(_ bytes: ArraySlice<UInt8>) throws(ECError) -> C.Limbs {
        guard !bytes.isEmpty, bytes.count <= (C.orderBitCount + 7) / 8 else { throw .malformedPrivateKey }
        let start = bytes.startIndex
        let d = C.Limbs(bigEndianLength: bytes.count) { bytes[start + $0] }
        var bits: UInt64 = 0
        for i in 0..<C.Limbs.count { bits |= d[i] }
        // Non-zero, and below n: the subtraction d − n borrows.
        let accepted = ~maskIfZero(bits) & (0 &- C.Limbs.subtract(d, C.Order.modulus).borrow)
        guard accepted != 0 else { throw .privateKeyOutOfRange }
        return d
    }

    /// d·G for any d below 2^(4·⌈bits(n)/4⌉), in constant time.
    static func multiplyGenerator(_ d: C.Limbs) -> Point {
        let entries = 1 << window
        let generator = C.generatorTable.withUnsafeBufferPointer { table in
            // G is the first point of the verification table (x then y, times R).
            let limbs = C.Limbs.count
            var x = C.Limbs.zero, y = C.Limbs.zero
            for i in 0..<limbs {
                x[i] = table[i]
                y[i] = table[limbs + i]
            }
            return Point(AffinePoint<C>(x: FieldElement<C>(montgomery: x), y: FieldElement<C>(montgomery: y)))
        }
        return withUnsafeTemporaryAllocation(of: Point.self, capacity: entries) { table in
            table.initialize(repeating: .identity)
            table[1] = generator
            for k in 2..<entries { table[k] = table[k - 1].adding(generator) }
            var accumulator = Point.identity
            var position = (C.orderBitCount + window - 1) / window * window
            while position > 0 {
                position -= window
                for _ in 0..<window { accumulator = accumulator.doubled() }
                let digit = d.bits(position, width: window)
                var entry = Point.identity
                for k in 0..<entries {
                    entry = Point.select(maskIfEqual(digit, UInt64(k)), table[k], entry)
                }
                accumulator = accumulator.adding(entry)
            }
            return accumulator
        }
    }
}
