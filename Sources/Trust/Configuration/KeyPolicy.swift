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
    func refusal(of kind: VerificationKey.Kind) -> KeyRefusal? {
        switch kind {
        case .rsa(let bits), .rsaPSS(let bits):
            return bits < minimumRSAModulusBits ? .rsaModulusTooSmall(bits: bits, minimum: minimumRSAModulusBits) : nil
        case .ecdsa(let curve): return allowedCurves.allows(curve) ? nil : .curveNotAllowed(curve)
        case .ed25519: return allowedCurves.allows(.ed25519) ? nil : .curveNotAllowed(.ed25519)
        }
    }

    /// The same check judged from a parsed SubjectPublicKeyInfo alone (no
    /// key object is built). Keys of other algorithms are for the key
    /// preparation to name. The leaf's key is judged so, and an issuer key
    /// on an edge the signature cache answered, whose preparation and
    /// admission ran under the policy of an earlier evaluation.
    func refusal(of key: PublicKey) -> KeyRefusal? {
        VerificationKey.Kind(key).flatMap { refusal(of: $0) }
    }
}

/// The curve of an elliptic-curve key (and Ed25519's), as Trust names it
/// everywhere: key kinds, the key policy and its refusals. PKIX's
/// `PublicKey.NamedCurve` and EC's `ECDSACurve` are mapped to it here and
/// nowhere else.
public enum KeyCurve: Sendable, Equatable, CustomStringConvertible {
    /// NIST P-256 (secp256r1), ECDSA.
    case p256
    /// NIST P-384 (secp384r1), ECDSA.
    case p384
    /// NIST P-521 (secp521r1), ECDSA.
    case p521
    /// edwards25519, Ed25519 (RFC 8410).
    case ed25519

    /// The key table's entry of this curve: its name, OID and policy bit.
    public var keyAlgorithm: KeyAlgorithm {
        guard let curve = ecdsa else { return .ed25519 }
        return .ecdsa(curve)
    }

    /// `P-256`, `P-384`, `P-521` or `Ed25519`, as the key table names the curve.
    public var description: String { keyAlgorithm.curveDisplayName ?? "" }

    /// What one verification on the curve costs, in units of a P-256
    /// verification (measured here, docs/benchmarks.md; rounded up). The
    /// table's `verificationCost`, kept as a switch the compiler folds because
    /// every signature check reads it; `KeyAlgorithmTableTests` holds the two equal.
    var cost: Int {
        switch self {
        case .p256, .ed25519: return 1
        case .p384: return 4
        case .p521: return 8
        }
    }

    /// The namedCurve OID (RFC 5480 §2.1.1.1); nil for Ed25519, named by its algorithm OID.
    var oid: OID? { keyAlgorithm.namedCurve.map { OID(der: $0) } }

    /// The policy's bit for the curve.
    var member: AllowedCurves { AllowedCurves(rawValue: 1 << curveBit) }

    /// The table's `policyBit`, a switch for the same reason as `cost`.
    var curveBit: UInt8 {
        switch self {
        case .p256: return 0
        case .p384: return 1
        case .p521: return 2
        case .ed25519: return 3
        }
    }

    /// The curve PKIX decoded from an id-ecPublicKey's namedCurve; nil for others.
    init?(_ named: PublicKey.NamedCurve) {
        switch named {
        case .p256: self = .p256
        case .p384: self = .p384
        case .p521: self = .p521
        case .other: return nil
        }
    }

    /// The curve of an EC key.
    init(_ curve: ECDSACurve) {
        switch curve {
        case .p256: self = .p256
        case .p384: self = .p384
        case .p521: self = .p521
        }
    }

    /// The EC module's curve, for an ECDSA curve.
    var ecdsa: ECDSACurve? {
        switch self {
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        case .ed25519: return nil
        }
    }
}

/// A set of the elliptic curves PureX509 verifies on. Other curves
/// (secp256k1, brainpool, …) are not in it because they are not
/// implemented, and keys on them are reported as unsupported, by name.
public struct AllowedCurves: OptionSet, Sendable {
    /// One bit per curve, as the static members define them.
    public let rawValue: UInt8
    /// A set from its bits (see the static members).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// NIST P-256 (secp256r1) ECDSA keys.
    public static let p256 = KeyCurve.p256.member
    /// NIST P-384 (secp384r1) ECDSA keys.
    public static let p384 = KeyCurve.p384.member
    /// NIST P-521 (secp521r1) ECDSA keys.
    public static let p521 = KeyCurve.p521.member
    /// Ed25519 keys (RFC 8410).
    public static let ed25519 = KeyCurve.ed25519.member
    /// Every curve PureX509 implements: the default.
    public static let all: AllowedCurves = [.p256, .p384, .p521, .ed25519]

    /// Whether keys on `curve` may sign.
    public func allows(_ curve: KeyCurve) -> Bool { contains(curve.member) }
}

/// Why an issuer's key was refused before its signature was looked at.
public enum KeyRefusal: Sendable, Equatable, CustomStringConvertible {
    /// An RSA modulus below the policy minimum.
    case rsaModulusTooSmall(bits: Int, minimum: Int)
    /// A supported curve that the policy's `allowedCurves` leaves out.
    case curveNotAllowed(KeyCurve)
    /// The key's encoding is outside what its algorithm allows (an RSA
    /// modulus outside 1024–16384 bits or an even one, a point not on its
    /// curve, parameters where none may be); `reason` says which.
    case invalidKey(reason: InvalidKeyReason)

    /// The reason as a message fragment, which `TrustFailure` messages embed.
    public var description: String {
        switch self {
        case .rsaModulusTooSmall(let bits, let minimum): return "RSA modulus of \(bits) bits is below the policy minimum of \(minimum)"
        case .curveNotAllowed(let curve): return "keys on \(curve) are not allowed by the policy"
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
