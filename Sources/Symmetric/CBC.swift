/// The block ciphers PKCS#12 files use in CBC mode.
public enum CBCCipher: Sendable, Equatable {
    /// AES (FIPS 197); a 16-, 24- or 32-byte key picks AES-128, -192 or -256. Constant-time.
    case aes
    /// 3DES-EDE (NIST SP 800-67): a 24-byte key (K1 K2 K3), or 16 bytes for
    /// the two-key variant (K3 = K1). Table-driven (docs/security.md).
    case tripleDES
    /// RC2 (RFC 2268) with a 1–128-byte key and the given effective key size
    /// in bits (40 and 128 in PKCS#12 files). Table-driven (docs/security.md).
    case rc2(effectiveKeyBits: Int)

    /// The block size in bytes: 16 for AES, 8 for 3DES and RC2.
    package var blockSize: Int {
        switch self {
        case .aes: return 16
        case .tripleDES, .rc2: return 8
        }
    }
}

/// CBC-mode decryption (NIST SP 800-38A §6.2) with PKCS#7 padding (RFC 5652 §6.3).
public enum CBC {
    /// Decrypts and removes PKCS#7 padding (padding check constant-time).
    ///
    /// The padding is checked without branching on or indexing by the
    /// plaintext: every byte of the last block is examined whatever the
    /// padding length, so the time taken does not say how the padding was
    /// wrong (a padding oracle needs exactly that). Only the final
    /// accept/refuse is a branch.
    package static func decrypt(_ cipher: CBCCipher, key: ArraySlice<UInt8>, iv: ArraySlice<UInt8>, ciphertext: ArraySlice<UInt8>) throws(SymmetricError) -> [UInt8] {
        guard !ciphertext.isEmpty else { throw .ciphertextLength(0) }
        var plaintext = try decryptWithoutPadding(cipher, key: key, iv: iv, ciphertext: ciphertext)
        let padding = Padding.pkcs7Length(plaintext, blockSize: cipher.blockSize)
        guard padding != 0 else {
            wipe(&plaintext)
            throw .badPadding
        }
        plaintext.removeLast(padding)
        return plaintext
    }

    /// Decrypts without touching padding (for the NIST known-answer tests).
    public static func decryptWithoutPadding(_ cipher: CBCCipher, key: ArraySlice<UInt8>, iv: ArraySlice<UInt8>, ciphertext: ArraySlice<UInt8>) throws(SymmetricError) -> [UInt8] {
        let blockSize = cipher.blockSize
        guard iv.count == blockSize else { throw .invalidIVLength(iv.count) }
        guard ciphertext.count % blockSize == 0 else { throw .ciphertextLength(ciphertext.count) }
        switch cipher {
        case .aes:
            guard let expanded = AESDecryptionKey(key: key) else { throw .invalidKeyLength(key.count) }
            return run(iv: iv, ciphertext: ciphertext) { expanded.decryptCBC(iv: $0, input: $1, output: $2, count: $3 / 16) }
        case .tripleDES:
            guard let expanded = TripleDESKey(key: key) else { throw .invalidKeyLength(key.count) }
            return run(iv: iv, ciphertext: ciphertext) { expanded.decryptCBC(iv: $0, input: $1, output: $2, count: $3 / 8) }
        case .rc2(let effectiveKeyBits):
            guard let expanded = RC2Key(key: key, effectiveKeyBits: effectiveKeyBits) else { throw .invalidKeyLength(key.count) }
            return run(iv: iv, ciphertext: ciphertext) { expanded.decryptCBC(iv: $0, input: $1, output: $2, count: $3 / 8) }
        }
    }

    /// Hands `body` the IV, the ciphertext, a fresh output buffer and the byte count.
    private static func run(iv: ArraySlice<UInt8>, ciphertext: ArraySlice<UInt8>,
                            _ body: (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int) -> Void) -> [UInt8] {
        let count = ciphertext.count
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            iv.withUnsafeBytes { ivBytes in
                ciphertext.withUnsafeBytes { input in
                    body(ivBytes.baseAddress!, input.baseAddress!, UnsafeMutableRawPointer(output.baseAddress!), count)
                }
            }
            initialized = count
        }
    }

    private static func wipe(_ bytes: inout [UInt8]) {
        for i in bytes.indices { bytes[i] = 0 }
    }
}

/// PKCS#7 padding, checked in constant time.
enum Padding {
    /// The padding length n (1…blockSize) if the last n bytes of `plaintext`
    /// all equal n, else 0. Reads the whole last block whatever its
    /// contents; the comparisons are turned into masks, not branches.
    static func pkcs7Length(_ plaintext: [UInt8], blockSize: Int) -> Int {
        guard plaintext.count >= blockSize, blockSize > 0, blockSize <= 255 else { return 0 }
        let n = UInt32(plaintext[plaintext.count - 1])
        // good = all ones while the padding holds, from n's range check on.
        var good = lessOrEqualMask(1, n) & lessOrEqualMask(n, UInt32(blockSize))
        for i in 1...blockSize {
            let byte = UInt32(plaintext[plaintext.count - i])
            // Byte i from the end is padding when i <= n; it must then equal n.
            let inPadding = lessOrEqualMask(UInt32(i), n)
            good &= ~(inPadding & nonZeroMask(byte ^ n))
        }
        return Int(n & good)
    }

    /// All ones when a <= b (both below 2^31), else 0.
    @inline(__always)
    static func lessOrEqualMask(_ a: UInt32, _ b: UInt32) -> UInt32 {
        // b − a is negative exactly when a > b; its sign bit spreads to a mask.
        let difference = b &- a
        return (difference &>> 31) &- 1
    }

    /// All ones when x ≠ 0, else 0.
    @inline(__always)
    static func nonZeroMask(_ x: UInt32) -> UInt32 {
        0 &- ((x | (0 &- x)) &>> 31)
    }
}
