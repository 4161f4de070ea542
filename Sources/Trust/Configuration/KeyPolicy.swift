import DER
import EC
import PKIX
import RSA

/// Which issuer keys a path may use, checked on every edge before any
/// signature work.
public struct KeyPolicy: Sendable, Equatable {
    /// RSA moduli below this many bits are refused. 2048: CA/Browser Forum
    /// Baseline Requirements §6.1.5 (and NIST SP 800-131A since 2014).
    public var minimumRSAModulusBits = 2048
    /// The curves (and Ed25519) whose keys may sign. All that PureX509
    /// implements by default, as webpki and Go accept them.
    public var allowedCurves: AllowedCurves = .all

    /// Defaults: a 2048-bit RSA minimum and every implemented curve.
    public init(minimumRSAModulusBits: Int = 2048, allowedCurves: AllowedCurves = .all) {
        self.minimumRSAModulusBits = minimumRSAModulusBits
        self.allowedCurves = allowedCurves
    }
}

extension KeyPolicy {
    /// The one key-policy check, for issuer keys (on the edge they sign,
    /// from the prepared key) and the leaf's key (from the parsed key): an
    /// RSA modulus below the minimum, or a curve left out of
    /// `allowedCurves`.
    func refusal(of key: SizedKeyType) -> KeyRefusal? {
        switch key.type {
        case .rsa, .rsaPSS:
            let bits = key.sizeInBits
            return bits < minimumRSAModulusBits ? .rsaModulusTooSmall(bits: bits, minimum: minimumRSAModulusBits) : nil
        default:
            return allowedCurves.allows(key.type) ? nil : .curveNotAllowed(key.type)
        }
    }

    /// The same check judged from a parsed SubjectPublicKeyInfo alone (no
    /// key object is built). Keys of other algorithms are for the key
    /// preparation to name. The leaf's key is judged so, and an issuer key
    /// on an edge the signature cache answered, whose preparation and
    /// admission ran under the policy of an earlier evaluation.
    func refusal(of key: PublicKey) -> KeyRefusal? {
        guard let type = key.type else { return nil }
        return refusal(of: SizedKeyType(type, sizeInBits: key.sizeInBits))
    }
}

/// A set of the elliptic curves PureX509 verifies on, keyed by the key
/// table's `KeyType.policyBit`. Other curves (secp256k1, brainpool, …) are
/// not in it because they are not implemented, and keys on them are reported
/// as unsupported, by name.
public struct AllowedCurves: OptionSet, Sendable {
    /// One bit per key type, its `KeyType.policyBit`.
    public let rawValue: UInt8
    /// A set from its bits (see the static members).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set of one key type; empty for a type without a policy bit (RSA, Ed448).
    public init(_ type: KeyType) { rawValue = type.policyBit.map { 1 << $0 } ?? 0 }

    /// NIST P-256 (secp256r1) ECDSA keys.
    public static let p256 = AllowedCurves(.ecdsa(.p256))
    /// NIST P-384 (secp384r1) ECDSA keys.
    public static let p384 = AllowedCurves(.ecdsa(.p384))
    /// NIST P-521 (secp521r1) ECDSA keys.
    public static let p521 = AllowedCurves(.ecdsa(.p521))
    /// Ed25519 keys (RFC 8410).
    public static let ed25519 = AllowedCurves(.ed25519)
    /// Every curve PureX509 implements (each key type of the table with a
    /// policy bit): the default.
    public static let all = AllowedCurves(rawValue: KeyAlgorithm.all.reduce(0) { $0 | AllowedCurves($1.type).rawValue })

    /// Whether keys of `type` may sign. A type without a policy bit (RSA,
    /// bounded by its size; Ed448, which nothing verifies) is not this set's
    /// to refuse.
    package func allows(_ type: KeyType) -> Bool {
        guard let bit = type.policyBit else { return true }
        return rawValue & (1 << bit) != 0
    }
}

/// Why an issuer's key was refused before its signature was looked at.
public enum KeyRefusal: Sendable, Equatable, CustomStringConvertible {
    /// An RSA modulus below the policy minimum.
    case rsaModulusTooSmall(bits: Int, minimum: Int)
    /// A supported curve (a key type with a policy bit) that the policy's
    /// `allowedCurves` leaves out.
    case curveNotAllowed(KeyType)
    /// The key's encoding is outside what its algorithm allows (an RSA
    /// modulus outside 1024–16384 bits or an even one, a point not on its
    /// curve, parameters where none may be); `reason` says which.
    case invalidKey(reason: InvalidKeyReason)

    /// The reason as a message fragment, which `TrustFailure` messages embed.
    public var description: String {
        switch self {
        case .rsaModulusTooSmall(let bits, let minimum): return "RSA modulus of \(bits) bits is below the policy minimum of \(minimum)"
        case .curveNotAllowed(let type): return "keys on " + (type.curveName ?? type.description) + " are not allowed by the policy"
        case .invalidKey(let reason): return "invalid key: " + reason.description
        }
    }
}

/// Why a key's encoding is outside what its algorithm allows
/// (`KeyRefusal.invalidKey`): a rule of the key's RFC, or the typed error of
/// the module that decodes it.
public enum InvalidKeyReason: Sendable, Equatable, CustomStringConvertible {
    /// A SubjectPublicKeyInfo given on its own (not inside a certificate) does not parse.
    case malformedSubjectPublicKeyInfo(DERError)
    /// RFC 3279 §2.3.1: an rsaEncryption key's parameters are absent or not NULL.
    case rsaParametersNotNull
    /// RFC 4055 §1.2: an id-RSASSA-PSS key carries parameters that do not parse.
    case unreadablePSSParameters
    /// The RSA modulus or exponent is out of bounds or badly encoded.
    case rsa(RSAError)
    /// The ECDSA point is malformed, compressed, at infinity or off its curve.
    case ecdsa(ECError)
    /// RFC 8410 §3: an Ed25519 key's parameters are present.
    case ed25519ParametersPresent
    /// The Ed25519 key is of the wrong length or does not decode to a point.
    case ed25519(ECError)

    /// The reason as a message fragment, after "invalid key: ".
    public var description: String {
        switch self {
        case .malformedSubjectPublicKeyInfo(let error): return error.description
        case .rsaParametersNotNull: return "rsaEncryption parameters must be NULL"
        case .unreadablePSSParameters: return "unreadable RSASSA-PSS key parameters"
        case .rsa(let error): return error.description
        case .ecdsa(let error), .ed25519(let error): return error.description
        case .ed25519ParametersPresent: return "Ed25519 key parameters must be absent"
        }
    }
}
