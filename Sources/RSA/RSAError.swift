import DER

/// Why an RSA key or signature was refused.
public enum RSAError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key's DER does not follow RFC 3279 §2.3.1 / RFC 8017 A.1.1.
    case malformedKey(DERError)
    /// Modulus outside 1024–16384 bits, even, or negative.
    case modulusOutOfBounds(bits: Int)
    /// Public exponent even, below 3, or at least 2^33.
    case exponentOutOfBounds
    /// RFC 8017 §8.2.2 step 1: the signature is not k octets long.
    case signatureLengthMismatch(expected: Int, actual: Int)
    /// RFC 8017 §5.2.2 step 1: the signature representative is not below n.
    case signatureOutOfRange
    /// The recovered encoding differs from the one expected: a bad signature.
    case signatureMismatch
    /// RFC 8017 §9.1.2: the modulus is too short for the hash and salt.
    case encodingTooShort
    /// RSASSA-PSS-params that are malformed or name an unsupported hash or mask.
    case invalidPSSParameters

    /// A short English explanation, with the sizes for the cases that carry them.
    public var description: String {
        switch self {
        case .malformedKey(let error): return "malformed RSA key: \(error)"
        case .modulusOutOfBounds(let bits): return "RSA modulus of \(bits) bits is outside 1024–16384 bits, even or negative"
        case .exponentOutOfBounds: return "RSA public exponent outside 3 ≤ e < 2^33 or even"
        case .signatureLengthMismatch(let expected, let actual): return "signature of \(actual) bytes for a \(expected)-byte modulus"
        case .signatureOutOfRange: return "signature value not below the modulus"
        case .signatureMismatch: return "signature does not match"
        case .encodingTooShort: return "modulus too short for the digest and salt"
        case .invalidPSSParameters: return "invalid or unsupported RSASSA-PSS parameters"
        }
    }
}
