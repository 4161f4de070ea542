import DER
import Symmetric

/// How one encrypted part of the file (a SafeContents or a shrouded key) was encrypted.
package enum EncryptionScheme: Sendable, Equatable, CustomStringConvertible {
    /// RFC 8018 §6.2 PBES2: PBKDF2 with `prf`, then `cipher` in CBC mode.
    case pbes2(prf: DigestFunction, cipher: PBES2Cipher, iterations: Int)
    /// RFC 7292 Appendix C: the PKCS #12 KDF over SHA-1, then `cipher` in CBC mode.
    case pkcs12PBE(PKCS12PBECipher, iterations: Int)

    /// The iteration count of the key derivation.
    package var iterations: Int {
        switch self {
        case .pbes2(_, _, let iterations), .pkcs12PBE(_, let iterations): return iterations
        }
    }

    /// Whether a reader should warn: RC2, 3DES, a SHA-1 PRF, or fewer than 2,048 iterations.
    package var isWeak: Bool {
        if iterations < 2_048 { return true }
        switch self {
        case .pbes2(let prf, let cipher, _): return prf == .sha1 || cipher == .tripleDESCBC
        case .pkcs12PBE: return true
        }
    }

    /// E.g. `PBES2 PBKDF2-HMAC-SHA256 AES-256-CBC, 2048 iterations`.
    package var description: String {
        switch self {
        case .pbes2(let prf, let cipher, let iterations):
            return "PBES2 PBKDF2-HMAC-\(prf.name) \(cipher), \(iterationCount(iterations))"
        case .pkcs12PBE(let cipher, let iterations):
            return "\(cipher), \(iterationCount(iterations))"
        }
    }
}

/// The ciphers PBES2 names (RFC 8018 §B.2; NIST AES OIDs).
package enum PBES2Cipher: Sendable, Equatable, CustomStringConvertible {
    /// AES in CBC mode with a 128-, 192- or 256-bit key.
    case aes128CBC, aes192CBC, aes256CBC
    /// des-ede3-cbc: three-key triple DES in CBC mode.
    case tripleDESCBC

    var keyLength: Int {
        switch self {
        case .aes128CBC: return 16
        case .aes192CBC, .tripleDESCBC: return 24
        case .aes256CBC: return 32
        }
    }

    /// E.g. `AES-256-CBC`.
    package var description: String {
        switch self {
        case .aes128CBC: return "AES-128-CBC"
        case .aes192CBC: return "AES-192-CBC"
        case .aes256CBC: return "AES-256-CBC"
        case .tripleDESCBC: return "DES-EDE3-CBC"
        }
    }
}

/// The PKCS #12 PBE ciphers (RFC 7292 Appendix C); the RC4 ones are not read.
package enum PKCS12PBECipher: Sendable, Equatable, CustomStringConvertible {
    /// pbeWithSHAAnd3-KeyTripleDES-CBC (…12.1.3).
    case tripleDES3Key
    /// pbeWithSHAAnd2-KeyTripleDES-CBC (…12.1.4).
    case tripleDES2Key
    /// pbeWithSHAAnd128BitRC2-CBC (…12.1.5).
    case rc2With128BitKey
    /// pbeWithSHAAnd40BitRC2-CBC (…12.1.6): a 40-bit key, breakable by exhaustive search.
    case rc2With40BitKey

    /// E.g. `pbeWithSHAAnd40BitRC2-CBC`.
    package var description: String {
        switch self {
        case .tripleDES3Key: return "pbeWithSHAAnd3-KeyTripleDES-CBC"
        case .tripleDES2Key: return "pbeWithSHAAnd2-KeyTripleDES-CBC"
        case .rc2With128BitKey: return "pbeWithSHAAnd128BitRC2-CBC"
        case .rc2With40BitKey: return "pbeWithSHAAnd40BitRC2-CBC"
        }
    }
}

extension DigestFunction {
    /// The FIPS 180-4 name without the hyphen's prefix, e.g. `SHA256`.
    var name: String {
        switch self {
        case .sha1: return "SHA1"
        case .sha224: return "SHA224"
        case .sha256: return "SHA256"
        case .sha384: return "SHA384"
        case .sha512: return "SHA512"
        }
    }
}

/// "1 iteration", "2048 iterations".
func iterationCount(_ count: Int) -> String {
    count == 1 ? "1 iteration" : "\(count) iterations"
}
