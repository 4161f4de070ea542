import SHA2

/// PBKDF2 (RFC 8018 §5.2) with HMAC as the pseudo-random function: what
/// PBES2 and PBMAC1 (RFC 9579) PKCS#12 files use to turn a password into keys.
public enum PBKDF2 {
    /// The first `keyLength` bytes of PBKDF2-HMAC-`prf`(password, salt, iterations).
    ///
    /// The cost is `iterations` × ⌈`keyLength` / `prf.digestSize`⌉ HMACs and
    /// is the caller's to bound: a file that asks for 2^31 iterations must be
    /// refused before this is called. `iterations` below 1 counts as 1 (RFC
    /// 8018 requires a positive count); `keyLength` of 0 or less gives `[]`.
    public static func deriveKey(_ prf: DigestFunction, password: ArraySlice<UInt8>, salt: ArraySlice<UInt8>, iterations: Int, keyLength: Int) -> [UInt8] {
        guard keyLength > 0 else { return [] }
        return prf.dispatch(Derivation(password: password, salt: salt, iterations: max(iterations, 1), keyLength: keyLength))
    }

    struct Derivation: DigestBody {
        let password: ArraySlice<UInt8>
        let salt: ArraySlice<UInt8>
        let iterations: Int
        let keyLength: Int

        func run<H: HashFunction>(_ type: H.Type) -> [UInt8] {
            let keyed = KeyedHash<H>(key: password)
            var output: [UInt8] = []
            // Capped so that an unchecked length cannot trap here; the caller bounds it.
            output.reserveCapacity(min(keyLength, 1 << 16))
            var blockIndex: UInt32 = 1
            while output.count < keyLength {
                // U_1 = PRF(P, S || INT(i)).
                var first = keyed.start()
                first.update(salt)
                withUnsafeBytes(of: blockIndex.bigEndian) { first.update($0) }
                var u = keyed.finish(first)
                // T = U_1 ⊕ … ⊕ U_c, accumulated in a stack tuple: the loop
                // below is the hot path and makes no heap allocation.
                var t: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &t) { accumulator in
                    u.withUnsafeBytes { accumulator.copyMemory(from: $0) }
                    for _ in 1..<iterations {
                        u = u.withUnsafeBytes { keyed.authenticate($0) }
                        u.withUnsafeBytes { bytes in
                            for i in 0..<bytes.count { accumulator[i] ^= bytes[i] }
                        }
                    }
                    let take = min(H.digestSize, keyLength - output.count)
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: accumulator[0..<take]))
                    for i in 0..<accumulator.count { accumulator[i] = 0 }
                }
                blockIndex &+= 1
            }
            return output
        }
    }
}
