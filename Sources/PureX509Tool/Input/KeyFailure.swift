// Why a key-shaped input gives `pin` no pin: each reason a value with its
// one sentence, so that `pin` sorts failures into exit codes by case and the
// messages users see are written once.
import PureX509

enum KeyFailure: Error, CustomStringConvertible {
    case malformed(DERError)
    /// Well-formed but unacceptable: a private value out of range, or an
    /// embedded public key that is not the private key's (exit 1, as malformed).
    case refused(Refusal)
    /// A CRL or an encrypted key: nothing to hash without a secret.
    case noPublicKey(Absence)
    case unsupported(Unsupported)

    var description: String {
        switch self {
        case .malformed(let error): return "malformed: \(error)"
        case .refused(let reason): return reason.description
        case .noPublicKey(let reason): return reason.description
        case .unsupported(let reason): return reason.description
        }
    }

    /// Why a well-formed private key is refused.
    enum Refusal: CustomStringConvertible {
        /// The private scalar or seed is out of range for `algorithm`.
        case invalidPrivateKey(KeyAlgorithm, ECError)
        /// The public key the structure carries is not the one its private key gives.
        case publicKeyMismatch

        var description: String {
            switch self {
            case .invalidPrivateKey(let algorithm, let error):
                if algorithm == .ed25519 { return "the Ed25519 private key is invalid: \(error) (RFC 8410 §7: a 32-byte seed)" }
                return "the \(algorithm.curveName ?? algorithm.name) private key is invalid: \(error)"
            case .publicKeyMismatch:
                return "the public key inside the private key does not match the one computed from the private key; refusing to pin (the key is damaged or was assembled from two keys)"
            }
        }
    }

    /// Why an input holds no public key to hash.
    enum Absence: CustomStringConvertible {
        case crl
        case ocspResponse
        case encryptedPrivateKey
        /// A SEC1 key on its own without [0] parameters.
        case ecKeyWithoutCurve
        /// An EC key on a curve PureX509 cannot compute on, without [1].
        case ecKeyWithoutPublicKey
        /// A PKCS#8 key of another algorithm without RFC 5958's publicKey.
        case privateKeyWithoutPublicKey(OID)

        var description: String {
            switch self {
            case .crl: return "a CRL holds no public key to pin (`purex509 inspect` shows it; `verify --crl` checks revocation with it)"
            case .ocspResponse: return "an OCSP response holds no public key to pin (`purex509 inspect` shows it and its responder certificates; `verify --ocsp-response` checks the leaf with it)"
            case .encryptedPrivateKey: return "an encrypted private key: decrypt it first (openssl pkey -in FILE -out PLAIN)"
            case .ecKeyWithoutCurve: return "the EC private key names no curve ([0] parameters absent)"
            case .ecKeyWithoutPublicKey:
                return "the EC private key has no publicKey [1] field (RFC 5915 §3), and PureX509 computes one only on P-256, P-384 and P-521 — pin the public key instead"
            case .privateKeyWithoutPublicKey(let oid):
                return "the private key (algorithm OID \(oid)) carries no public key (RFC 5958 publicKey absent); PureX509 computes one only for EC P-256/384/521 and Ed25519 keys — pin the public key instead"
            }
        }
    }

    /// What `pin` does not read this way.
    enum Unsupported: CustomStringConvertible {
        /// A certificate goes to the certificate parser instead.
        case certificate
        /// A PKCS#12 file goes to the PKCS#12 reader instead.
        case pkcs12
        /// The key table has no derivation for this key type.
        case noDerivation(KeyAlgorithm)

        var description: String {
            switch self {
            case .certificate: return "a certificate is pinned by its own parser"
            case .pkcs12: return "a PKCS#12 file is pinned by its own reader"
            case .noDerivation(let algorithm): return "PureX509 computes no public key for \(algorithm.name) keys"
            }
        }
    }
}
