// DES (FIPS 46-3) and 3DES-EDE (NIST SP 800-67), decryption only, for the
// pbeWithSHAAnd3-KeyTripleDES-CBC scheme of older PKCS#12 files.
//
// Table-driven and bit-serial: the S-boxes are indexed by data and key
// bits, so this is not constant-time (docs/security.md, "Symmetric
// primitives", says why that is acceptable for legacy-file decryption).
// Speed hardly matters: such files hold a few kilobytes.

/// DES's fixed tables, with FIPS 46-3's 1-based bit numbers counted from the most significant bit.
enum DESTables {
    /// IP, the initial permutation.
    static let initialPermutation: [UInt8] = [
        58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
        62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
        57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
        61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
    ]
    /// IP⁻¹, the final permutation.
    static let finalPermutation: [UInt8] = [
        40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31,
        38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21, 61, 29,
        36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27,
        34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49, 17, 57, 25,
    ]
    /// E, the expansion of the 32-bit half to 48 bits.
    static let expansion: [UInt8] = [
        32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17,
        16, 17, 18, 19, 20, 21, 20, 21, 22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
    ]
    /// P, the permutation after the S-boxes.
    static let permutation: [UInt8] = [
        16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
        2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
    ]
    /// PC-1: the key's 56 non-parity bits, as C0 then D0.
    static let permutedChoice1: [UInt8] = [
        57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
        10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
        63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
        14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
    ]
    /// PC-2: the 48 bits of a round key from CnDn.
    static let permutedChoice2: [UInt8] = [
        14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
        41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
    ]
    /// Left rotations of C and D before each round.
    static let rotations: [Int] = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1]
    /// S1…S8, each 4 rows of 16, row-major.
    static let substitution: [[UInt8]] = [
        [14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,
         0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
         4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,
         15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13],
        [15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,
         3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
         0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,
         13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9],
        [10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,
         13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
         13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,
         1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12],
        [7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,
         13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
         10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,
         3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14],
        [2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,
         14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
         4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,
         11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3],
        [12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,
         10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
         9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,
         4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13],
        [4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,
         13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
         1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,
         6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12],
        [13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,
         1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
         7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,
         2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11],
    ]

    /// Output bit k (from the most significant) is input bit `table[k]` of a `width`-bit input.
    static func permute(_ input: UInt64, width: Int, _ table: [UInt8]) -> UInt64 {
        var output: UInt64 = 0
        for position in table {
            output = (output &<< 1) | ((input &>> UInt64(width - Int(position))) & 1)
        }
        return output
    }
}

/// One DES key's sixteen 48-bit round keys.
struct DESKey {
    let roundKeys: [UInt64]

    /// Parity bits (the low bit of each key byte) are ignored, as FIPS 46-3 allows.
    init(_ key: UInt64) {
        let cd = DESTables.permute(key, width: 64, DESTables.permutedChoice1)
        var c = cd &>> 28, d = cd & 0x0FFF_FFFF
        var keys: [UInt64] = []
        keys.reserveCapacity(16)
        for shift in DESTables.rotations {
            c = ((c &<< UInt64(shift)) | (c &>> UInt64(28 - shift))) & 0x0FFF_FFFF
            d = ((d &<< UInt64(shift)) | (d &>> UInt64(28 - shift))) & 0x0FFF_FFFF
            keys.append(DESTables.permute(c &<< 28 | d, width: 56, DESTables.permutedChoice2))
        }
        roundKeys = keys
    }

    /// The cipher function f(R, K).
    static func feistel(_ right: UInt64, _ roundKey: UInt64) -> UInt64 {
        let mixed = DESTables.permute(right, width: 32, DESTables.expansion) ^ roundKey
        var substituted: UInt64 = 0
        for box in 0..<8 {
            let six = Int((mixed &>> UInt64(42 - 6 * box)) & 0x3F)
            // Outer bits pick the row, the inner four the column.
            let row = (six & 0x20) >> 4 | (six & 1), column = (six >> 1) & 0xF
            substituted = (substituted &<< 4) | UInt64(DESTables.substitution[box][row * 16 + column])
        }
        return DESTables.permute(substituted, width: 32, DESTables.permutation)
    }

    /// Encrypts one block, or decrypts it (round keys in reverse order).
    func process(_ block: UInt64, decrypting: Bool) -> UInt64 {
        let permuted = DESTables.permute(block, width: 64, DESTables.initialPermutation)
        var left = permuted &>> 32, right = permuted & 0xFFFF_FFFF
        for round in 0..<16 {
            let key = roundKeys[decrypting ? 15 - round : round]
            (left, right) = (right, left ^ Self.feistel(right, key))
        }
        // The last round's halves are not swapped: R16 L16 goes into IP⁻¹.
        return DESTables.permute(right &<< 32 | left, width: 64, DESTables.finalPermutation)
    }
}

/// A 3DES-EDE key: decryption is D(K1, E(K2, D(K3, block))).
struct TripleDESKey {
    let k1: DESKey, k2: DESKey, k3: DESKey

    /// nil unless `key` is 24 bytes (K1 K2 K3) or 16 bytes (K1 K2, with K3 = K1).
    init?(key: ArraySlice<UInt8>) {
        guard key.count == 24 || key.count == 16 else { return nil }
        func word(_ index: Int) -> UInt64 {
            var value: UInt64 = 0
            for byte in key.dropFirst(8 * index).prefix(8) { value = value &<< 8 | UInt64(byte) }
            return value
        }
        k1 = DESKey(word(0))
        k2 = DESKey(word(1))
        k3 = key.count == 24 ? DESKey(word(2)) : k1
    }

    func decryptBlock(_ block: UInt64) -> UInt64 {
        k1.process(k2.process(k3.process(block, decrypting: true), decrypting: false), decrypting: true)
    }

    func decryptCBC(iv: UnsafeRawPointer, input: UnsafeRawPointer, output: UnsafeMutableRawPointer, count: Int) {
        var previous = UInt64(bigEndian: iv.loadUnaligned(as: UInt64.self))
        for i in 0..<count {
            let block = UInt64(bigEndian: input.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
            output.storeBytes(of: (decryptBlock(block) ^ previous).bigEndian, toByteOffset: 8 * i, as: UInt64.self)
            previous = block
        }
    }
}
