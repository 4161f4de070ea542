// A temporary stand-in for branch `symmetric`'s module, with the same API,
// so that PKCS12 builds before that branch lands; the merge replaces it.
// Only the hash-based parts work; CBC decryption always refuses.
import SHA2

/// The hash functions HMAC, PBKDF2 and the PKCS#12 KDF run over.
public enum DigestFunction: Sendable, Equatable {
    /// SHA-1 and the SHA-2 functions.
    case sha1, sha224, sha256, sha384, sha512
    /// Output length in bytes.
    public var digestSize: Int {
        switch self { case .sha1: 20; case .sha224: 28; case .sha256: 32; case .sha384: 48; case .sha512: 64 }
    }
    /// Block length in bytes.
    public var blockSize: Int {
        switch self { case .sha1, .sha224, .sha256: 64; case .sha384, .sha512: 128 }
    }
    func hash(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .sha1: return Array(InsecureSHA1.hash(bytes))
        case .sha224: return []
        case .sha256: return Array(HashAlgorithm.sha256.hash(bytes))
        case .sha384: return Array(HashAlgorithm.sha384.hash(bytes))
        case .sha512: return Array(HashAlgorithm.sha512.hash(bytes))
        }
    }
}

/// HMAC (RFC 2104).
public enum HMAC {
    /// The MAC of `message` under `key`.
    public static func authenticationCode(_ function: DigestFunction, key: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> [UInt8] {
        var k = Array(key)
        if k.count > function.blockSize { k = function.hash(k) }
        k += [UInt8](repeating: 0, count: function.blockSize - k.count)
        let inner = function.hash(k.map { $0 ^ 0x36 } + Array(message))
        return function.hash(k.map { $0 ^ 0x5C } + inner)
    }
}

/// PBKDF2 (RFC 8018 §5.2).
public enum PBKDF2 {
    /// Derives `keyLength` bytes.
    public static func deriveKey(_ prf: DigestFunction, password: ArraySlice<UInt8>, salt: ArraySlice<UInt8>, iterations: Int, keyLength: Int) -> [UInt8] {
        var out: [UInt8] = []
        var block: UInt32 = 1
        while out.count < keyLength {
            var u = HMAC.authenticationCode(prf, key: password, message: ArraySlice(Array(salt) + [UInt8(block >> 24), UInt8((block >> 16) & 0xFF), UInt8((block >> 8) & 0xFF), UInt8(block & 0xFF)]))
            var t = u
            if iterations > 1 {
                for _ in 1..<iterations {
                    u = HMAC.authenticationCode(prf, key: password, message: u[...])
                    for i in 0..<t.count { t[i] ^= u[i] }
                }
            }
            out += t
            block += 1
        }
        return Array(out.prefix(keyLength))
    }
}

/// The PKCS#12 key derivation (RFC 7292 Appendix B).
public enum PKCS12KeyDerivation {
    /// The diversifier ID.
    public enum Purpose: Sendable { case encryptionKey, initializationVector, macKey }
    /// Derives `length` bytes.
    public static func deriveKey(_ function: DigestFunction, password: ArraySlice<UInt8>, salt: ArraySlice<UInt8>, iterations: Int, purpose: Purpose, length: Int) -> [UInt8] {
        let v = function.blockSize, u = function.digestSize
        let id: UInt8 = purpose == .encryptionKey ? 1 : (purpose == .initializationVector ? 2 : 3)
        let d = [UInt8](repeating: id, count: v)
        func stretch(_ s: ArraySlice<UInt8>) -> [UInt8] {
            guard !s.isEmpty else { return [] }
            let n = v * ((s.count + v - 1) / v)
            return (0..<n).map { s[s.startIndex + $0 % s.count] }
        }
        var i = stretch(salt) + stretch(password)
        var out: [UInt8] = []
        while true {
            var a = function.hash(d + i)
            if iterations > 1 { for _ in 1..<iterations { a = function.hash(a) } }
            out += a
            if out.count >= length { return Array(out.prefix(length)) }
            let b = stretch(a[...])
            var j = 0
            while j < i.count {
                var carry: UInt16 = 1
                for k in stride(from: v - 1, through: 0, by: -1) {
                    carry += UInt16(i[j + k]) + UInt16(b[k])
                    i[j + k] = UInt8(carry & 0xFF)
                    carry >>= 8
                }
                j += v
            }
            _ = u
        }
    }
    /// UTF-16BE plus two zero bytes; nil gives no bytes.
    public static func bmpPassword(_ password: String?) -> [UInt8] {
        guard let password else { return [] }
        var out: [UInt8] = []
        for unit in password.utf16 { out.append(UInt8(unit >> 8)); out.append(UInt8(unit & 0xFF)) }
        return out + [0, 0]
    }
}

/// The block ciphers CBC decryption supports.
public enum CBCCipher: Sendable, Equatable { case aes, tripleDES, rc2(effectiveKeyBits: Int) }

/// Why a decryption was refused.
public enum SymmetricError: Error, Equatable { case invalidKeyLength(Int), invalidIVLength(Int), ciphertextLength(Int), badPadding }

/// CBC decryption.
public enum CBC {
    /// Not available in the stand-in.
    public static func decrypt(_ cipher: CBCCipher, key: ArraySlice<UInt8>, iv: ArraySlice<UInt8>, ciphertext: ArraySlice<UInt8>) throws(SymmetricError) -> [UInt8] {
        throw .badPadding
    }
}
