// AES decryption (FIPS 197) over the bitsliced core in AESBitsliced.swift.
// The key schedule runs its S-box through the same circuit, so no table is
// indexed by key bytes either; only the key length (public) picks a path.

/// An expanded AES key, its round keys in slice form (replicated across
/// the four block lanes), ready for the inverse cipher.
struct AESDecryptionKey {
    /// 8 words per round key, rounds + 1 round keys.
    private(set) var roundKeys: [UInt64]
    /// Nr: 10, 12 or 14.
    let rounds: Int

    /// nil unless `key` is 16, 24 or 32 bytes long.
    init?(key: ArraySlice<UInt8>) {
        let nk = key.count / 4
        guard key.count == 16 || key.count == 24 || key.count == 32 else { return nil }
        rounds = nk + 6
        // FIPS 197 §5.2, words with byte 0 in the low bits (so RotWord is a
        // rotation right by 8 and Rcon lands in the low byte).
        let totalWords = 4 * (rounds + 1)
        var w = [UInt32](repeating: 0, count: totalWords)
        for i in 0..<nk {
            let base = key.startIndex + 4 * i
            w[i] = UInt32(key[base]) | UInt32(key[base + 1]) << 8 | UInt32(key[base + 2]) << 16 | UInt32(key[base + 3]) << 24
        }
        var rcon: UInt32 = 1
        for i in nk..<totalWords {
            var temp = w[i - 1]
            if i % nk == 0 {
                temp = Self.subWord((temp &>> 8) | (temp &<< 24)) ^ rcon
                // xtime on the public round constant.
                rcon = (rcon &<< 1) ^ ((rcon &>> 7) * 0x11B)
            } else if nk > 6 && i % nk == 4 {
                temp = Self.subWord(temp)
            }
            w[i] = w[i - nk] ^ temp
        }
        var slices = [UInt64](repeating: 0, count: 8 * (rounds + 1))
        for round in 0...rounds {
            let low = UInt64(w[4 * round]) | UInt64(w[4 * round + 1]) << 32
            let high = UInt64(w[4 * round + 2]) | UInt64(w[4 * round + 3]) << 32
            let s = AESSlices(words: low, high, low, high, low, high, low, high)
            let base = 8 * round
            (slices[base], slices[base + 1], slices[base + 2], slices[base + 3]) = (s.q0, s.q1, s.q2, s.q3)
            (slices[base + 4], slices[base + 5], slices[base + 6], slices[base + 7]) = (s.q4, s.q5, s.q6, s.q7)
        }
        for i in w.indices { w[i] = 0 }
        roundKeys = slices
    }

    /// SubWord through the bitsliced S-box: bit i of byte j goes to bit j of slice i.
    static func subWord(_ word: UInt32) -> UInt32 {
        var lanes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &lanes) { raw in
            let q = raw.bindMemory(to: UInt64.self)
            for i in 0..<8 {
                var slice: UInt64 = 0
                for j in 0..<4 { slice |= UInt64((word &>> UInt32(8 * j + i)) & 1) &<< UInt64(j) }
                q[i] = slice
            }
        }
        var s = AESSlices(q0: lanes.0, q1: lanes.1, q2: lanes.2, q3: lanes.3, q4: lanes.4, q5: lanes.5, q6: lanes.6, q7: lanes.7)
        s.subBytes()
        let out = [s.q0, s.q1, s.q2, s.q3, s.q4, s.q5, s.q6, s.q7]
        var result: UInt32 = 0
        for i in 0..<8 {
            for j in 0..<4 { result |= UInt32(truncatingIfNeeded: (out[i] &>> UInt64(j)) & 1) &<< UInt32(8 * j + i) }
        }
        return result
    }

    /// The inverse cipher (FIPS 197 §5.3) on four blocks in slice form.
    @inline(__always)
    func decrypt(_ state: inout AESSlices, _ keys: UnsafePointer<UInt64>) {
        state.addRoundKey(keys + 8 * rounds)
        var round = rounds - 1
        while round > 0 {
            state.inverseShiftRows()
            state.inverseSubBytes()
            state.addRoundKey(keys + 8 * round)
            state.inverseMixColumns()
            round -= 1
        }
        state.inverseShiftRows()
        state.inverseSubBytes()
        state.addRoundKey(keys)
    }

    /// CBC decryption of `count` blocks from `input` to `output` (which may
    /// not overlap), four at a time: the four inverse ciphers share every
    /// instruction, and CBC decryption has no chaining between them.
    func decryptCBC(iv: UnsafeRawPointer, input: UnsafeRawPointer, output: UnsafeMutableRawPointer, count: Int) {
        roundKeys.withUnsafeBufferPointer { keyBuffer in
            let keys = keyBuffer.baseAddress!
            var done = 0
            while done < count {
                let batch = min(4, count - done)
                let source = input + 16 * done
                var loaded: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &loaded) { $0.baseAddress!.copyMemory(from: source, byteCount: 16 * batch) }
                var state = AESSlices(words: UInt64(littleEndian: loaded.0), UInt64(littleEndian: loaded.1),
                                      UInt64(littleEndian: loaded.2), UInt64(littleEndian: loaded.3),
                                      UInt64(littleEndian: loaded.4), UInt64(littleEndian: loaded.5),
                                      UInt64(littleEndian: loaded.6), UInt64(littleEndian: loaded.7))
                decrypt(&state, keys)
                var plain = state.words()
                // P_i = D(C_i) ⊕ C_(i−1), a word at a time; C_0 is the IV.
                withUnsafeMutableBytes(of: &plain) { raw in
                    for i in 0..<(2 * batch) {
                        let chained = done == 0 && i < 2 ? iv.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
                                                         : source.loadUnaligned(fromByteOffset: 8 * i - 16, as: UInt64.self)
                        let word = raw.load(fromByteOffset: 8 * i, as: UInt64.self).littleEndian ^ chained
                        (output + 16 * done).storeBytes(of: word, toByteOffset: 8 * i, as: UInt64.self)
                    }
                }
                done += batch
            }
        }
    }
}
