import DER
import PKIX

/// Why a chain was not trusted. Certificate indexes count from the leaf (0)
/// along the path that was being checked; the anchor is the last index.
public enum TrustFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A presented certificate did not parse.
    case malformed(index: Int, DERError)
    /// The certificate expired before the evaluation time.
    case expired(index: Int, notAfter: Int64, at: Int64)
    /// The certificate is not valid yet at the evaluation time.
    case notYetValid(index: Int, notBefore: Int64, at: Int64)
    /// The issuer's key did not verify this certificate's signature.
    case badSignature(index: Int)
    /// No anchor could be reached from the leaf.
    case unknownIssuer(index: Int)
    /// The leaf names neither the DNS name nor the IP address asked for.
    case hostnameMismatch(presented: [String])
    /// The reference identity is not a valid host name or address.
    case invalidReferenceIdentity
    /// A CA's pathLenConstraint is exceeded (RFC 5280 §4.2.1.9).
    case pathLengthExceeded(index: Int)
    /// An issuer is not a CA, or a v1/v2 certificate issues without being an anchor.
    case notACA(index: Int)
    /// The leaf is a CA certificate presented as a server certificate.
    case leafIsCA
    /// keyUsage forbids the use (keyCertSign on issuers, signing or key encipherment on the leaf).
    case keyUsage(index: Int)
    /// extendedKeyUsage does not allow the requested purpose.
    case extendedKeyUsage(index: Int)
    /// A name below a CA falls outside its name constraints.
    case nameConstraintViolation(index: Int)
    /// The certificate's signature algorithm, or its issuer key's algorithm
    /// or curve, is one PureX509 does not implement; named.
    case unsupportedAlgorithm(index: Int, SignatureFailure.Unsupported)
    /// SHA-1 or MD5 signatures, refused by policy; the algorithm.
    case disallowedAlgorithm(index: Int, algorithm: SignatureScheme)
    /// The signature algorithm cannot be used with the issuer's key (ECDSA
    /// with an RSA key, PKCS#1 v1.5 with an RSASSA-PSS key, …).
    case algorithmMismatch(index: Int, algorithm: SignatureScheme, key: SizedKeyType)
    /// The issuer's key is outside the key policy or its algorithm's bounds.
    case weakKey(index: Int, KeyRefusal)
    /// The leaf's own key is outside the key policy (an RSA modulus below
    /// the minimum, a curve not allowed) or of an algorithm PureX509 does
    /// not support.
    case leafKey(SignatureFailure)
    /// A presented certificate breaks a rule of RFC 5280's profile.
    case nonConforming(index: Int, ConformanceRule)
    /// A certificate of the path breaks a rule of Apple's SSL policy (the
    /// `apple` profile; the rule's `section` names the Apple article).
    case appleSSLPolicy(index: Int, AppleRule)
    /// A critical extension PureX509 does not process (RFC 5280 §4.2).
    case unknownCriticalExtension(index: Int)
    /// RFC 5280 §6.1 certificate-policy processing refused the path.
    case policy(index: Int, PolicyFailure)
    /// A work budget ran out; no further path was tried.
    case budgetExceeded(Budget)
    /// The path would be longer than the policy's maximum.
    case pathTooLong
    /// Every path that passed the checks was refused by the caller's
    /// `accept` function: none carried a pinned key or certificate.
    case pinMismatch(PinMismatch)
    /// A CRL the caller supplied lists the certificate as revoked (RFC 5280 §6.3).
    case revoked(index: Int, Revocation)
    /// Revocation information was required and none usable covers the certificate.
    case revocationUnknown(index: Int, RevocationGap)
    /// The leaf's SCTs do not meet the Certificate Transparency policy the
    /// path must meet: the result says which rule, and what each SCT counted for.
    case certificateTransparency(CTResult)

    /// Which limit of `Budgets` ran out.
    public enum Budget: Sendable, Equatable, CustomStringConvertible {
        /// Each is reported when the `Budgets` limit of the same name runs out.
        case signatureChecks, signatureWork, pathBuildingSteps, nameConstraintComparisons, policyGraph

        /// What was counted, for the message.
        public var description: String {
            switch self {
            case .signatureChecks: return "signature checks"
            case .signatureWork: return "signature work (checks weighted by key cost)"
            case .pathBuildingSteps: return "path-building steps"
            case .nameConstraintComparisons: return "name-constraint comparisons"
            case .policyGraph: return "certificate-policy graph size"
            }
        }
    }

    /// How much a failure says about the chain: when every path fails, the
    /// highest-ranked reason is reported (webpki's `most_specific`). Facts
    /// about the leaf itself rank above facts about issuers, which rank above
    /// "no issuer found".
    var rank: Int {
        switch self {
        case .budgetExceeded: return 100
        case .malformed: return 90
        case .hostnameMismatch, .invalidReferenceIdentity: return 85
        case .expired(let index, _, _), .notYetValid(let index, _, _): return index == 0 ? 80 : 60
        case .leafIsCA: return 78
        case .leafKey: return 74
        case .extendedKeyUsage(let index), .keyUsage(let index): return index == 0 ? 76 : 55
        case .unknownCriticalExtension(let index): return index == 0 ? 75 : 54
        case .nonConforming(let index, _), .appleSSLPolicy(let index, _): return index == 0 ? 73 : 53
        case .badSignature: return 50
        case .weakKey, .disallowedAlgorithm, .unsupportedAlgorithm, .algorithmMismatch: return 48
        case .nameConstraintViolation: return 45
        case .policy: return 42
        case .pathLengthExceeded, .notACA: return 40
        // A path that passed every check and carries no pin says more than
        // another path's failure: ranked above the issuer facts, so a pin
        // miss is reported as such rather than as the last decoy's failure.
        case .pinMismatch: return 65
        // A revocation is a fact about a certificate that passed every
        // other check on its path; missing information says less.
        case .revoked(let index, _): return index == 0 ? 79 : 64
        case .revocationUnknown(let index, _): return index == 0 ? 58 : 52
        // A fact of a path that passed every other check, as a revocation is.
        case .certificateTransparency: return 63
        case .pathTooLong: return 30
        case .unknownIssuer: return 10
        }
    }

    /// A stable code for scripts (`purex509 verify --json`).
    public var code: String {
        switch self {
        case .malformed: return "malformed"
        case .expired: return "expired"
        case .notYetValid: return "notYetValid"
        case .badSignature: return "badSignature"
        case .unknownIssuer: return "unknownIssuer"
        case .hostnameMismatch: return "hostnameMismatch"
        case .invalidReferenceIdentity: return "invalidReferenceIdentity"
        case .pathLengthExceeded: return "pathLengthExceeded"
        case .notACA: return "notACA"
        case .leafIsCA: return "leafIsCA"
        case .keyUsage: return "keyUsage"
        case .extendedKeyUsage: return "extendedKeyUsage"
        case .nameConstraintViolation: return "nameConstraintViolation"
        case .unsupportedAlgorithm: return "unsupportedAlgorithm"
        case .disallowedAlgorithm: return "disallowedAlgorithm"
        case .algorithmMismatch: return "algorithmMismatch"
        case .weakKey: return "weakKey"
        case .leafKey: return "leafKey"
        case .unknownCriticalExtension: return "unknownCriticalExtension"
        case .policy: return "policy"
        case .nonConforming: return "nonConforming"
        case .appleSSLPolicy: return "appleSSLPolicy"
        case .budgetExceeded: return "budgetExceeded"
        case .pathTooLong: return "pathTooLong"
        case .pinMismatch: return "pinMismatch"
        case .revoked: return "revoked"
        case .revocationUnknown: return "revocationUnknown"
        case .certificateTransparency: return "certificateTransparency"
        }
    }

    /// The certificate the failure is about, when there is one.
    public var certificateIndex: Int? {
        switch self {
        case .malformed(let i, _), .expired(let i, _, _), .notYetValid(let i, _, _), .badSignature(let i),
             .unknownIssuer(let i), .pathLengthExceeded(let i), .notACA(let i), .keyUsage(let i),
             .extendedKeyUsage(let i), .nameConstraintViolation(let i), .unsupportedAlgorithm(let i, _),
             .disallowedAlgorithm(let i, _), .algorithmMismatch(let i, _, _), .weakKey(let i, _),
             .unknownCriticalExtension(let i), .policy(let i, _), .nonConforming(let i, _), .appleSSLPolicy(let i, _),
             .revoked(let i, _), .revocationUnknown(let i, _):
            return i
        case .hostnameMismatch, .invalidReferenceIdentity, .leafIsCA, .leafKey, .certificateTransparency: return 0
        case .budgetExceeded, .pathTooLong, .pinMismatch: return nil
        }
    }

    /// The failure for certificate `index` whose signature check failed.
    init(_ failure: SignatureFailure, index: Int) {
        switch failure {
        case .unsupportedAlgorithm(let what): self = .unsupportedAlgorithm(index: index, what)
        case .disallowedAlgorithm(let scheme): self = .disallowedAlgorithm(index: index, algorithm: scheme)
        case .schemeMismatch(let algorithm, let key): self = .algorithmMismatch(index: index, algorithm: algorithm, key: key)
        case .keyRefused(let refusal): self = .weakKey(index: index, refusal)
        case .invalidSignature: self = .badSignature(index: index)
        }
    }

    /// The message, with certificates named by path index (`certificate 0` is the leaf).
    public var description: String { describe { "certificate \($0)" } }

    /// The message with each certificate named by `name` (given its index
    /// in the path): the CLI names it by its position in the input and its subject.
    public func describe(_ name: (Int) -> String) -> String {
        switch self {
        case .malformed(let i, let error): return "\(name(i)) is malformed: \(error)"
        case .expired(let i, let notAfter, let at):
            return "\(name(i)) expired at \(CivilTime.iso8601(notAfter)) (evaluated at \(CivilTime.iso8601(at)))"
        case .notYetValid(let i, let notBefore, let at):
            return "\(name(i)) is not valid before \(CivilTime.iso8601(notBefore)) (evaluated at \(CivilTime.iso8601(at)))"
        case .badSignature(let i): return "\(name(i)) has a signature its issuer's key does not verify"
        case .unknownIssuer(let i): return "no trusted issuer found for \(name(i))"
        case .hostnameMismatch(let presented):
            return "the leaf does not name the host; it presents " + (presented.isEmpty ? "no DNS or IP names" : presented.joined(separator: ", "))
        case .invalidReferenceIdentity: return "the requested host name or address is not valid"
        case .pathLengthExceeded(let i): return "\(name(i)) exceeds a CA's path length constraint"
        case .notACA(let i): return "\(name(i)) issues certificates but is not a CA"
        case .leafIsCA: return "the leaf is a CA certificate"
        case .keyUsage(let i): return "\(name(i))'s key usage does not allow this use"
        case .extendedKeyUsage(let i): return "\(name(i))'s extended key usage does not allow the requested purpose"
        case .nameConstraintViolation(let i): return "\(name(i)) has a name outside its issuers' name constraints"
        case .unsupportedAlgorithm(let i, .signatureAlgorithm(let algorithm)):
            return "\(name(i)) is signed with \(algorithm), which PureX509 does not verify"
        case .unsupportedAlgorithm(let i, let what):
            return "\(name(i))'s issuer key uses the " + what.description + ", which PureX509 does not support"
        case .disallowedAlgorithm(let i, let algorithm): return "\(name(i)) is signed with \(algorithm), refused by policy"
        case .algorithmMismatch(let i, let algorithm, let key):
            return "\(name(i)) is signed with \(algorithm), which its issuer's \(key) key cannot have made"
        case .weakKey(let i, let refusal): return "\(name(i))'s issuer key is refused: \(refusal)"
        case .leafKey(let failure): return "the leaf's own key is refused: \(failure)"
        case .unknownCriticalExtension(let i): return "\(name(i)) has a critical extension PureX509 does not process"
        case .policy(let i, let failure): return "\(name(i)): \(failure)"
        case .nonConforming(let i, let rule): return "\(name(i)): \(rule)"
        case .appleSSLPolicy(let i, let rule): return "\(name(i)): \(rule)"
        case .budgetExceeded(let budget): return "verification budget exhausted: \(budget)"
        case .pathTooLong: return "every path to an anchor is longer than the policy allows"
        case .pinMismatch(let mismatch): return mismatch.description
        case .revoked(let i, let revocation):
            return "\(name(i)) is revoked: serial \(Hex.encode(revocation.serialNumber, separator: ":")), since \(CivilTime.iso8601(revocation.date)), reason "
                + (revocation.reason?.name ?? "unspecified (none given)")
        case .revocationUnknown(let i, let gap): return "the revocation status of \(name(i)) is unknown: \(gap)"
        case .certificateTransparency(let result): return "\(name(0)) " + result.shortfall
        }
    }
}

/// Why certificate-policy processing refused a path (RFC 5280 §6.1).
public enum PolicyFailure: Sendable, Equatable, CustomStringConvertible {
    /// A policy OID appears twice in certificatePolicies (§4.2.1.4).
    case duplicatePolicy(OID)
    /// A critical certificatePolicies extension carries a qualifier other
    /// than CPS and user notice, which PureX509 cannot process.
    case unknownQualifier(OID)
    /// policyMappings maps to or from anyPolicy (§6.1.4(a)).
    case mappingWithAnyPolicy
    /// An explicit policy is required (by the caller or a policyConstraints
    /// extension) and no acceptable policy is valid for the path (§6.1.3(f), §6.1.5(g)).
    case noAcceptablePolicy

    /// The reason as a message, without the certificate's index.
    public var description: String {
        switch self {
        case .duplicatePolicy(let oid): return "certificate policy \(oid) appears twice"
        case .unknownQualifier(let oid): return "critical certificate policies carry the unknown qualifier \(oid)"
        case .mappingWithAnyPolicy: return "a policy mapping maps to or from anyPolicy"
        case .noAcceptablePolicy: return "an explicit certificate policy is required and no acceptable policy is valid for the path"
        }
    }
}
