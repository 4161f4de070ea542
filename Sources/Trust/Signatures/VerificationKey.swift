import BigNum
import DER
import EC
import PKIX
import RSA
import SHA2

/// A SubjectPublicKeyInfo made ready to verify signatures: decoded,
/// bounds-checked and (for RSA) with its Montgomery context, once per key.
/// The trust store keeps one per anchor; an intermediate's is built when
/// the path builder first needs it.
public enum VerificationKey: Sendable {
    /// An rsaEncryption key (RFC 3279 §2.3.1): PKCS#1 v1.5 and PSS signatures.
    case rsa(RSAPublicKey)
    /// An id-RSASSA-PSS key (RFC 4055 §1.2): PSS signatures only, and when
    /// the key carries parameters, only signatures whose hash and mask hash
    /// equal them and whose salt is at least as long.
    case rsaPSS(RSAPublicKey, restriction: PSSParameters?)
    /// An id-ecPublicKey on P-256, P-384 or P-521 (RFC 5480), point checked on the curve.
    case ecdsa(ECDSAPublicKey)
    /// An Ed25519 key (RFC 8410 §4), decoded strictly.
    case ed25519(Ed25519PublicKey)

    /// Prepares the key of `certificate`, or says why it cannot be used.
    package static func prepare(_ certificate: Certificate) -> Result<VerificationKey, SignatureFailure> {
        prepare(certificate.publicKey)
    }

    /// Prepares a key parsed from a SubjectPublicKeyInfo on its own.
    public static func prepare(subjectPublicKeyInfo der: [UInt8]) -> Result<VerificationKey, SignatureFailure> {
        do {
            return prepare(try PublicKey(subjectPublicKeyInfo: der))
        } catch {
            return .failure(.keyRefused(.invalidKey(reason: .malformedSubjectPublicKeyInfo(error))))
        }
    }

    /// Prepares a decoded key, a certificate's or one of an SPKI on its own:
    /// by its key type (`KeyType.verificationKey(of:)`), or named unsupported.
    static func prepare(_ key: PublicKey) -> Result<VerificationKey, SignatureFailure> {
        if let type = key.type { return type.verificationKey(of: key) }
        // RFC 5480 §2.1.1: only namedCurve parameters; others stay unsupported, by name.
        if key.isECPublicKey {
            return .failure(.unsupportedAlgorithm(.curve(key.namedCurve.map { AlgorithmName(oidContent: $0[...]) }
                ?? AlgorithmName(oid: nil, name: "explicit or implicit curve parameters"))))
        }
        return .failure(.unsupportedAlgorithm(.keyAlgorithm(AlgorithmName(oidContent: key.algorithm.algorithm))))
    }

    /// The key made ready to verify many signatures, as
    /// `TrustStore.precomputeKeys()` does for each anchor: an ECDSA key with
    /// its precomputed multiples
    /// (`ECDSAPublicKey.withPrecomputedMultiples()`); any other as it is.
    package func withPrecomputation() -> VerificationKey {
        if case .ecdsa(let key) = self { return .ecdsa(key.withPrecomputedMultiples()) }
        return self
    }

    /// What one verification with this key costs, in units of an RSA-2048 or
    /// P-256 verification (measured here, docs/benchmarks.md; rounded up):
    /// RSA grows with the square of the modulus (e = 65537 is 17 products),
    /// a curve's is its key type's (`KeyType.verificationCost`: P-384 ≈ 4,
    /// P-521 ≈ 8; `Budgets.signatureWork`). A key with precomputed
    /// multiples is charged the same: the budget stays an upper bound.
    package var cost: Int {
        switch self {
        case .rsa(let key), .rsaPSS(let key, _):
            let units = (key.modulusBits + 2047) / 2048
            let exponentFactor = max(1, (key.exponent.bitWidth + 16) / 17)
            return units * units * exponentFactor
        case .ecdsa, .ed25519: return type.verificationCost
        }
    }

    /// The key's type and size, as a message shows it.
    public var description: String { sizedType.description }

    /// The key table's type of the key.
    package var type: KeyType {
        switch self {
        case .rsa: return .rsa
        case .rsaPSS: return .rsaPSS
        case .ecdsa(let key): return .ecdsa(key.curve)
        case .ed25519: return .ed25519
        }
    }

    /// The key's type and size, as the key policy judges it and a refusal
    /// (`SignatureFailure.schemeMismatch`) names it.
    package var sizedType: SizedKeyType {
        switch self {
        case .rsa(let key), .rsaPSS(let key, _): return SizedKeyType(type, sizeInBits: key.modulusBits)
        case .ecdsa, .ed25519: return SizedKeyType(type, sizeInBits: type.fixedSizeInBits ?? 0)
        }
    }

    /// The failure `prepare(key)` would return, or nil, without building an
    /// rsaEncryption key (its bounds are checked on the octets): a leaf's
    /// key is checked on every evaluation and verifies nothing.
    static func refusal(of key: PublicKey) -> SignatureFailure? {
        if case .rsa? = key.type, case let (modulus, exponent)? = key.rsaComponents {
            if let refusal = rsaParametersRefusal(key) { return refusal }
            do {
                try RSAPublicKey.validate(modulusOctets: modulus, exponentOctets: exponent)
                return nil
            } catch {
                return .keyRefused(.invalidKey(reason: .rsa(error)))
            }
        }
        if case .failure(let failure) = prepare(key) { return failure }
        return nil
    }

    /// RFC 3279 §2.3.1: an rsaEncryption key's parameters MUST be NULL
    /// (Chromium's verify_signed_data cases refuse absent and non-NULL ones).
    static func rsaParametersRefusal(_ key: PublicKey) -> SignatureFailure? {
        guard let parameters = key.algorithm.parameters, parameters.elementsEqual([0x05, 0x00]) else {
            return .keyRefused(.invalidKey(reason: .rsaParametersNotNull))
        }
        return nil
    }

    static func rsaKey(_ modulus: ArraySlice<UInt8>, _ exponent: ArraySlice<UInt8>) -> Result<RSAPublicKey, SignatureFailure> {
        do {
            return .success(try RSAPublicKey(modulusOctets: modulus, exponentOctets: exponent))
        } catch {
            return .failure(.keyRefused(.invalidKey(reason: .rsa(error))))
        }
    }

}

extension KeyType {
    /// How a key of this type is made ready to verify signatures (the
    /// verification key of `key`, whose type this is), or why it cannot be:
    /// one arm per algorithm, each calling its primitive; an ECDSA curve
    /// needs no arm of its own.
    func verificationKey(of key: PublicKey) -> Result<VerificationKey, SignatureFailure> {
        switch self {
        case .rsa:
            guard case let (modulus, exponent)? = key.rsaComponents else { break }
            if let refusal = VerificationKey.rsaParametersRefusal(key) { return .failure(refusal) }
            return VerificationKey.rsaKey(modulus, exponent).map { .rsa($0) }
        case .rsaPSS:
            guard case let (modulus, exponent)? = key.rsaComponents else { break }
            var restriction: PSSParameters? = nil
            if let parameters = key.algorithm.parameters {
                // RFC 4055 §1.2: parameters, when present, restrict the key; unreadable ones make it unusable.
                guard let read = try? PSSParameters(derEncoded: Array(parameters)) else {
                    return .failure(.keyRefused(.invalidKey(reason: .unreadablePSSParameters)))
                }
                restriction = read
            }
            return VerificationKey.rsaKey(modulus, exponent).map { .rsaPSS($0, restriction: restriction) }
        case .ecdsa(let curve):
            do {
                return .success(.ecdsa(try ECDSAPublicKey(curve: curve, uncompressedPoint: key.key)))
            } catch {
                return .failure(.keyRefused(.invalidKey(reason: .ecdsa(error))))
            }
        case .ed25519:
            // RFC 8410 §3: the parameters MUST be absent.
            guard key.algorithm.parameters == nil else {
                return .failure(.keyRefused(.invalidKey(reason: .ed25519ParametersPresent)))
            }
            do {
                return .success(.ed25519(try Ed25519PublicKey(rawRepresentation: key.key)))
            } catch {
                return .failure(.keyRefused(.invalidKey(reason: .ed25519(error))))
            }
        case .ed448:
            break
        }
        return .failure(.unsupportedAlgorithm(.keyAlgorithm(AlgorithmName(oidContent: key.algorithm.algorithm))))
    }
}

/// A key's type and size, without the key: what the key policy judges
/// (`KeyPolicy.refusal(of:)`) and a refusal names.
public struct SizedKeyType: Sendable, Equatable, CustomStringConvertible {
    /// The key table's type.
    public let type: KeyType
    /// An RSA key's modulus bits; a curve's field size.
    public let sizeInBits: Int

    /// A key of `type` and `sizeInBits`.
    package init(_ type: KeyType, sizeInBits: Int) {
        self.type = type
        self.sizeInBits = sizeInBits
    }

    /// `RSA-2048`, `RSASSA-PSS RSA-2048`, `ECDSA P-256` or `Ed25519`.
    public var description: String {
        switch type {
        case .rsa: return "RSA-\(sizeInBits)"
        case .rsaPSS: return "RSASSA-PSS RSA-\(sizeInBits)"
        case .ecdsa: return "ECDSA " + (type.curveName ?? type.description)
        case .ed25519, .ed448: return type.description
        }
    }
}

/// An algorithm or curve as a message names it: the OID, and a name when
/// PureX509 knows one.
public struct AlgorithmName: Sendable, Equatable, CustomStringConvertible {
    /// The OID; nil when there is none to show (explicit curve parameters).
    package let oid: OID?
    /// A name given where there is no OID to look up.
    private let givenName: String?

    /// An algorithm as a message should name it; give at least one of the two.
    package init(oid: OID?, name: String?) {
        self.oid = oid
        self.givenName = name
    }

    /// The OID alone: its short name is looked up only when a message asks,
    /// so a program that never prints a refusal links no table of names.
    init(oidContent: ArraySlice<UInt8>) {
        self.init(oid: OID(der: Array(oidContent)), name: nil)
    }

    /// A short name (`P-256`) when PureX509 knows the OID.
    public var name: String? { givenName ?? oid?.shortName }

    /// `name (oid)`, or whichever of the two is known.
    public var description: String {
        switch (name, oid) {
        case (let name?, let oid?): return name + " (" + oid.description + ")"
        case (let name?, nil): return name
        case (nil, let oid?): return oid.description
        case (nil, nil): return "an unnamed algorithm"
        }
    }
}
