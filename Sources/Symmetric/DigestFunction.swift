// The symmetric layer: what opening a PKCS#12 file needs and nothing more —
// HMAC, PBKDF2 (RFC 8018), the PKCS#12 key derivation (RFC 7292 Appendix B)
// and CBC decryption with AES, 3DES and RC2. Nothing here encrypts.
//
// These functions touch secrets (passwords, derived keys, private-key
// plaintext). HMAC and the derivations run the same work whatever the
// password; AES and the padding check neither branch on nor index memory by
// secret data; 3DES and RC2 are table-driven, which docs/security.md
// explains ("Symmetric primitives").
//
// Every public entry takes `ArraySlice<UInt8>` and works inside the
// hashes' inline state: no existentials (Embedded Swift), and PBKDF2's
// inner loop allocates nothing.

import SHA2

/// The hash functions a PKCS#12 file can name for its MAC, its key
/// derivation or PBKDF2's pseudo-random function.
public enum DigestFunction: Sendable, Equatable, CustomStringConvertible {
    /// SHA-1 (FIPS 180-4): still the most common PKCS#12 MAC digest.
    case sha1
    /// SHA-224, SHA-256, SHA-384 and SHA-512 (FIPS 180-4).
    case sha224, sha256, sha384, sha512

    /// Digest length in bytes: 20, 28, 32, 48 or 64.
    package var digestSize: Int {
        switch self {
        case .sha1: return InsecureSHA1.digestSize
        case .sha224: return SHA224.digestSize
        case .sha256: return SHA256.digestSize
        case .sha384: return SHA384.digestSize
        case .sha512: return SHA512.digestSize
        }
    }

    /// Block length in bytes: 64 for SHA-1, SHA-224 and SHA-256, 128 for SHA-384 and SHA-512.
    package var blockSize: Int {
        switch self {
        case .sha1: return InsecureSHA1.blockSize
        case .sha224: return SHA224.blockSize
        case .sha256: return SHA256.blockSize
        case .sha384: return SHA384.blockSize
        case .sha512: return SHA512.blockSize
        }
    }

    /// The FIPS 180-4 name, e.g. `SHA-256`.
    public var description: String {
        switch self {
        case .sha1: return "SHA-1"
        case .sha224: return "SHA-224"
        case .sha256: return "SHA-256"
        case .sha384: return "SHA-384"
        case .sha512: return "SHA-512"
        }
    }

    /// Runs `body` specialised for this function's hash type: the one place
    /// the run-time choice turns into a generic parameter.
    func dispatch<Body: DigestBody>(_ body: Body) -> Body.R {
        switch self {
        case .sha1: return body.run(InsecureSHA1.self)
        case .sha224: return body.run(SHA224.self)
        case .sha256: return body.run(SHA256.self)
        case .sha384: return body.run(SHA384.self)
        case .sha512: return body.run(SHA512.self)
        }
    }
}

/// A computation generic over the hash, for `DigestFunction.dispatch`
/// (a protocol with a generic method, since closures cannot be generic).
protocol DigestBody {
    associatedtype R
    func run<H: HashFunction>(_ type: H.Type) -> R
}
