import DER
import PKIX

/// Why a chain was not trusted: the certificate the failure is about, and
/// the reason. Certificate indexes count from the leaf (0) along the path
/// that was being checked; the anchor is the last index.
public struct TrustFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The certificate the failure is about; nil when it is about the
    /// search as a whole (a budget, the path length, the pins).
    public let certificateIndex: Int?
    /// What was wrong with it.
    public let reason: Reason

    /// A failure about the certificate at `certificateIndex`.
    package init(_ certificateIndex: Int?, _ reason: Reason) {
        self.certificateIndex = certificateIndex
        self.reason = reason
    }

    /// A failure about the certificate at `certificateIndex` (0 the leaf;
    /// nil for the search as a whole), for a caller that compares one.
    public init(certificateIndex: Int?, reason: Reason) {
        self.init(certificateIndex, reason)
    }

    /// What a failure found. Each reason's code and rank are one line of
    /// `entry` (TrustFailureReasons.swift); its message is `describe`.
    public enum Reason: Sendable, Equatable {
        /// A presented certificate did not parse.
        case malformed(DERError)
        /// The certificate expired before the evaluation time.
        case expired(notAfter: Int64, at: Int64)
        /// The certificate is not valid yet at the evaluation time.
        case notYetValid(notBefore: Int64, at: Int64)
        /// The issuer's key did not verify this certificate's signature.
        case badSignature
        /// No anchor could be reached from this certificate.
        case unknownIssuer
        /// The leaf names neither the DNS name nor the IP address asked for;
        /// the names it does present.
        case hostnameMismatch(presented: PresentedNames)
        /// The reference identity is not a valid host name or address.
        case invalidReferenceIdentity
        /// A CA's pathLenConstraint is exceeded (RFC 5280 §4.2.1.9).
        case pathLengthExceeded
        /// An issuer is not a CA, or a v1/v2 certificate issues without being an anchor.
        case notACA
        /// The leaf is a CA certificate presented as a server certificate.
        case leafIsCA
        /// keyUsage forbids the use (keyCertSign on issuers, signing or key encipherment on the leaf).
        case keyUsage
        /// extendedKeyUsage does not allow the requested purpose.
        case extendedKeyUsage
        /// A name below a CA falls outside its name constraints.
        case nameConstraintViolation
        /// The certificate's signature algorithm, or its issuer key's algorithm
        /// or curve, is one PureX509 does not implement; named.
        case unsupportedAlgorithm(SignatureFailure.Unsupported)
        /// SHA-1 or MD5 signatures, refused by policy; the algorithm.
        case disallowedAlgorithm(SignatureScheme)
        /// The signature algorithm cannot be used with the issuer's key (ECDSA
        /// with an RSA key, PKCS#1 v1.5 with an RSASSA-PSS key, …).
        case algorithmMismatch(algorithm: SignatureScheme, key: SizedKeyType)
        /// The issuer's key is outside the key policy or its algorithm's bounds.
        case weakKey(KeyRefusal)
        /// The leaf's own key is outside the key policy (an RSA modulus below
        /// the minimum, a curve not allowed) or of an algorithm PureX509 does
        /// not support.
        case leafKey(SignatureFailure)
        /// A presented certificate breaks a rule of RFC 5280's profile.
        case nonConforming(ConformanceRule)
        /// A certificate of the path breaks a rule of Apple's SSL policy (the
        /// `apple` profile; the rule's `section` names the Apple article).
        case appleSSLPolicy(AppleRule)
        /// A critical extension PureX509 does not process (RFC 5280 §4.2).
        case unknownCriticalExtension
        /// RFC 5280 §6.1 certificate-policy processing refused the path.
        case policy(PolicyFailure)
        /// A work budget ran out; no further path was tried.
        case budgetExceeded(Budget)
        /// The path would be longer than the policy's maximum.
        case pathTooLong
        /// Every path that passed the checks was refused by the caller's
        /// `accept` function: none carried a pinned key or certificate.
        case pinMismatch(PinMismatch)
        /// A CRL or OCSP response the caller supplied says the certificate is revoked.
        case revoked(Revocation)
        /// Revocation information was required and none usable covers the certificate.
        case revocationUnknown(RevocationGap)
        /// The leaf's SCTs do not meet the Certificate Transparency policy the
        /// path must meet: the result says which rule, and what each SCT counted for.
        case certificateTransparency(CTResult)
    }

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
        let entry = reason.entry
        return certificateIndex == 0 ? entry.leafRank : entry.issuerRank
    }

    /// A stable code for scripts (`purex509 verify --json`).
    public var code: String { reason.entry.code }

    /// The failure for certificate `index` whose signature check failed.
    init(_ failure: SignatureFailure, index: Int) {
        switch failure {
        case .unsupportedAlgorithm(let what): self.init(index, .unsupportedAlgorithm(what))
        case .disallowedAlgorithm(let scheme): self.init(index, .disallowedAlgorithm(scheme))
        case .schemeMismatch(let algorithm, let key): self.init(index, .algorithmMismatch(algorithm: algorithm, key: key))
        case .keyRefused(let refusal): self.init(index, .weakKey(refusal))
        case .invalidSignature: self.init(index, .badSignature)
        }
    }

    /// The message, with certificates named by path index (`certificate 0` is the leaf).
    public var description: String { describe { "certificate \($0)" } }

    /// The message with each certificate named by `name` (given its index
    /// in the path): the CLI names it by its position in the input and its subject.
    package func describe(_ name: (Int) -> String) -> String {
        // Only the messages about one certificate ask the caller for its name.
        func subject() -> String { name(certificateIndex ?? 0) }
        switch reason {
        case .malformed(let error): return "\(subject()) is malformed: \(error)"
        case .expired(let notAfter, let at):
            return "\(subject()) expired at \(CivilTime.iso8601(notAfter)) (evaluated at \(CivilTime.iso8601(at)))"
        case .notYetValid(let notBefore, let at):
            return "\(subject()) is not valid before \(CivilTime.iso8601(notBefore)) (evaluated at \(CivilTime.iso8601(at)))"
        case .badSignature: return "\(subject()) has a signature its issuer's key does not verify"
        case .unknownIssuer: return "no trusted issuer found for \(subject())"
        case .hostnameMismatch(let presented):
            return "the leaf does not name the host; it presents \(presented)"
        case .invalidReferenceIdentity: return "the requested host name or address is not valid"
        case .pathLengthExceeded: return "\(subject()) exceeds a CA's path length constraint"
        case .notACA: return "\(subject()) issues certificates but is not a CA"
        case .leafIsCA: return "the leaf is a CA certificate"
        case .keyUsage: return "\(subject())'s key usage does not allow this use"
        case .extendedKeyUsage: return "\(subject())'s extended key usage does not allow the requested purpose"
        case .nameConstraintViolation: return "\(subject()) has a name outside its issuers' name constraints"
        case .unsupportedAlgorithm(.signatureAlgorithm(let algorithm)):
            return "\(subject()) is signed with \(algorithm), which PureX509 does not verify"
        case .unsupportedAlgorithm(let what):
            return "\(subject())'s issuer key uses the " + what.description + ", which PureX509 does not support"
        case .disallowedAlgorithm(let algorithm): return "\(subject()) is signed with \(algorithm), refused by policy"
        case .algorithmMismatch(let algorithm, let key):
            return "\(subject()) is signed with \(algorithm), which its issuer's \(key) key cannot have made"
        case .weakKey(let refusal): return "\(subject())'s issuer key is refused: \(refusal)"
        case .leafKey(let failure): return "the leaf's own key is refused: \(failure)"
        case .unknownCriticalExtension: return "\(subject()) has a critical extension PureX509 does not process"
        case .policy(let failure): return "\(subject()): \(failure)"
        case .nonConforming(let rule): return "\(subject()): \(rule)"
        case .appleSSLPolicy(let rule): return "\(subject()): \(rule)"
        case .budgetExceeded(let budget): return "verification budget exhausted: \(budget)"
        case .pathTooLong: return "every path to an anchor is longer than the policy allows"
        case .pinMismatch(let mismatch): return mismatch.description
        case .revoked(let revocation):
            return "\(subject()) is revoked: serial \(Hex.encode(revocation.serialNumber, separator: ":")), since \(CivilTime.iso8601(revocation.date)), reason "
                + (revocation.reason?.name ?? "unspecified (none given)")
        case .revocationUnknown(let gap): return "the revocation status of \(subject()) is unknown: \(gap)"
        case .certificateTransparency(let result): return subject() + " " + result.shortfall
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
    /// A policyConstraints extension requires an explicit policy, and
    /// whether one is valid for the path needs the valid-policy graph,
    /// which `CertificatePolicyInputs.withoutPolicyGraph` leaves out.
    case notProcessed

    /// The reason as a message, without the certificate's index.
    public var description: String {
        switch self {
        case .duplicatePolicy(let oid): return "certificate policy \(oid) appears twice"
        case .unknownQualifier(let oid): return "critical certificate policies carry the unknown qualifier \(oid)"
        case .mappingWithAnyPolicy: return "a policy mapping maps to or from anyPolicy"
        case .noAcceptablePolicy: return "an explicit certificate policy is required and no acceptable policy is valid for the path"
        case .notProcessed: return "an explicit certificate policy is required, and deciding whether one is valid needs the policy graph, which this policy leaves out"
        }
    }
}
