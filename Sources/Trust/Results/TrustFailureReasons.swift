import DER
import PKIX

// The failure reasons as data: one line each with the code scripts read
// and how much the reason says about a chain, for the leaf and for an
// issuer, when every path fails and the most telling failure is reported.
// A new reason is its case (TrustFailure.swift), its line here, its
// message in `describe`, and its code in Vectors/error-codes/codes.txt,
// which ErrorCodeTests holds to this table.

extension TrustFailure.Reason {
    /// The reason's code, and its rank when it concerns the leaf and when
    /// it concerns an issuer (or nothing in particular).
    var entry: (code: String, leafRank: Int, issuerRank: Int) {
        switch self {
        case .budgetExceeded: return ("budgetExceeded", 100, 100)
        case .malformed: return ("malformed", 90, 90)
        case .hostnameMismatch: return ("hostnameMismatch", 85, 85)
        case .invalidReferenceIdentity: return ("invalidReferenceIdentity", 85, 85)
        case .expired: return ("expired", 80, 60)
        case .notYetValid: return ("notYetValid", 80, 60)
        // A revocation is a fact about a certificate that passed every
        // other check on its path; missing information says less.
        case .revoked: return ("revoked", 79, 64)
        case .leafIsCA: return ("leafIsCA", 78, 78)
        case .extendedKeyUsage: return ("extendedKeyUsage", 76, 55)
        case .keyUsage: return ("keyUsage", 76, 55)
        case .unknownCriticalExtension: return ("unknownCriticalExtension", 75, 54)
        case .leafKey: return ("leafKey", 74, 74)
        case .nonConforming: return ("nonConforming", 73, 53)
        case .appleSSLPolicy: return ("appleSSLPolicy", 73, 53)
        // A path that passed every check and carries no pin says more than
        // another path's failure: ranked above the issuer facts, so a pin
        // miss is reported as such rather than as the last decoy's failure.
        case .pinMismatch: return ("pinMismatch", 65, 65)
        // A fact of a path that passed every other check, as a revocation is.
        case .certificateTransparency: return ("certificateTransparency", 63, 63)
        case .revocationUnknown: return ("revocationUnknown", 58, 52)
        case .badSignature: return ("badSignature", 50, 50)
        case .weakKey: return ("weakKey", 48, 48)
        case .disallowedAlgorithm: return ("disallowedAlgorithm", 48, 48)
        case .unsupportedAlgorithm: return ("unsupportedAlgorithm", 48, 48)
        case .algorithmMismatch: return ("algorithmMismatch", 48, 48)
        case .nameConstraintViolation: return ("nameConstraintViolation", 45, 45)
        case .policy: return ("policy", 42, 42)
        case .pathLengthExceeded: return ("pathLengthExceeded", 40, 40)
        case .notACA: return ("notACA", 40, 40)
        case .pathTooLong: return ("pathTooLong", 30, 30)
        case .unknownIssuer: return ("unknownIssuer", 10, 10)
        }
    }
}

// The package's spellings of each failure, position and reason together,
// so a check reads `throw .expired(index: i, notAfter: n, at: t)`. Reasons
// about the leaf alone carry position 0; those about the search, none.
extension TrustFailure {
    package static func malformed(index: Int, _ error: DERError) -> TrustFailure { TrustFailure(index, .malformed(error)) }
    package static func expired(index: Int, notAfter: Int64, at: Int64) -> TrustFailure { TrustFailure(index, .expired(notAfter: notAfter, at: at)) }
    package static func notYetValid(index: Int, notBefore: Int64, at: Int64) -> TrustFailure {
        TrustFailure(index, .notYetValid(notBefore: notBefore, at: at))
    }
    package static func badSignature(index: Int) -> TrustFailure { TrustFailure(index, .badSignature) }
    package static func unknownIssuer(index: Int) -> TrustFailure { TrustFailure(index, .unknownIssuer) }
    package static func hostnameMismatch(presented: PresentedNames) -> TrustFailure { TrustFailure(0, .hostnameMismatch(presented: presented)) }
    package static var invalidReferenceIdentity: TrustFailure { TrustFailure(0, .invalidReferenceIdentity) }
    package static func pathLengthExceeded(index: Int) -> TrustFailure { TrustFailure(index, .pathLengthExceeded) }
    package static func notACA(index: Int) -> TrustFailure { TrustFailure(index, .notACA) }
    package static var leafIsCA: TrustFailure { TrustFailure(0, .leafIsCA) }
    package static func keyUsage(index: Int) -> TrustFailure { TrustFailure(index, .keyUsage) }
    package static func extendedKeyUsage(index: Int) -> TrustFailure { TrustFailure(index, .extendedKeyUsage) }
    package static func nameConstraintViolation(index: Int) -> TrustFailure { TrustFailure(index, .nameConstraintViolation) }
    package static func unsupportedAlgorithm(index: Int, _ what: SignatureFailure.Unsupported) -> TrustFailure {
        TrustFailure(index, .unsupportedAlgorithm(what))
    }
    package static func disallowedAlgorithm(index: Int, algorithm: SignatureScheme) -> TrustFailure {
        TrustFailure(index, .disallowedAlgorithm(algorithm))
    }
    package static func algorithmMismatch(index: Int, algorithm: SignatureScheme, key: SizedKeyType) -> TrustFailure {
        TrustFailure(index, .algorithmMismatch(algorithm: algorithm, key: key))
    }
    package static func weakKey(index: Int, _ refusal: KeyRefusal) -> TrustFailure { TrustFailure(index, .weakKey(refusal)) }
    package static func leafKey(_ failure: SignatureFailure) -> TrustFailure { TrustFailure(0, .leafKey(failure)) }
    package static func nonConforming(index: Int, _ rule: ConformanceRule) -> TrustFailure { TrustFailure(index, .nonConforming(rule)) }
    package static func appleSSLPolicy(index: Int, _ rule: AppleRule) -> TrustFailure { TrustFailure(index, .appleSSLPolicy(rule)) }
    package static func unknownCriticalExtension(index: Int) -> TrustFailure { TrustFailure(index, .unknownCriticalExtension) }
    package static func policy(index: Int, _ failure: PolicyFailure) -> TrustFailure { TrustFailure(index, .policy(failure)) }
    package static func budgetExceeded(_ budget: Budget) -> TrustFailure { TrustFailure(nil, .budgetExceeded(budget)) }
    package static var pathTooLong: TrustFailure { TrustFailure(nil, .pathTooLong) }
    package static func pinMismatch(_ mismatch: PinMismatch) -> TrustFailure { TrustFailure(nil, .pinMismatch(mismatch)) }
    package static func revoked(index: Int, _ revocation: Revocation) -> TrustFailure { TrustFailure(index, .revoked(revocation)) }
    package static func revocationUnknown(index: Int, _ gap: RevocationGap) -> TrustFailure { TrustFailure(index, .revocationUnknown(gap)) }
    package static func certificateTransparency(_ result: CTResult) -> TrustFailure { TrustFailure(0, .certificateTransparency(result)) }
}
