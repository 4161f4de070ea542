import DER

/// Why an elliptic-curve key or signature was refused. One type for ECDSA
/// and Ed25519, so the Trust seam maps both the same way.
public enum ECError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The public key's encoding is not one this module accepts: wrong length
    /// or prefix, a coordinate not below p, a non-canonical Ed25519 encoding.
    case malformedPublicKey
    /// SEC 1 §3.2.2 / RFC 8032 §5.1.3: the decoded point is not on the curve
    /// (or, for ECDSA, is the point at infinity).
    case pointNotOnCurve
    /// The Ecdsa-Sig-Value is not strict DER (RFC 3279 §2.2.3), or an Ed25519
    /// signature is not 64 bytes.
    case malformedSignature
    /// r or s outside [1, n−1] (FIPS 186-5 §6.4.2 step 2), or Ed25519's
    /// S not below L (RFC 8032 §5.1.7 step 1).
    case signatureOutOfRange
    /// The verification equation does not hold: a bad signature.
    case signatureMismatch
    /// A private key of the wrong length: an ECDSA scalar empty or longer
    /// than the order n's octets (SEC 1 §2.3.7), an Ed25519 seed other than
    /// 32 bytes (RFC 8032 §5.1.5).
    case malformedPrivateKey
    /// An ECDSA private scalar d outside [1, n − 1] (SEC 1 §3.2.1): 0, n, or
    /// more, which no key pair has.
    case privateKeyOutOfRange

    /// A short English explanation, e.g. `signature does not match`.
    public var description: String {
        switch self {
        case .malformedPublicKey: return "malformed elliptic-curve public key"
        case .pointNotOnCurve: return "public key point is not on the curve"
        case .malformedSignature: return "malformed signature encoding"
        case .signatureOutOfRange: return "signature value out of range"
        case .signatureMismatch: return "signature does not match"
        case .malformedPrivateKey: return "private key has the wrong length"
        case .privateKeyOutOfRange: return "private scalar is not in [1, n-1]"
        }
    }
}
