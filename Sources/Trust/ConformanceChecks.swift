import PKIX

// RFC 5280 rules on how a certificate of the path is made (issue 11 item 3),
// each one named check. They hold for every certificate the peer presents
// (the leaf and intermediates); anchors are the caller's, trusted as given.

/// A rule of RFC 5280's certificate profile that a presented certificate breaks.
public enum ConformanceRule: Sendable, Equatable, CustomStringConvertible {
    /// §4.2.1.1: authorityKeyIdentifier MUST be non-critical.
    case criticalAuthorityKeyIdentifier
    /// §4.2.1.2: subjectKeyIdentifier MUST be non-critical.
    case criticalSubjectKeyIdentifier
    /// §4.2.2.1: authorityInfoAccess MUST be non-critical.
    case criticalAuthorityInfoAccess
    /// §4.2.1.10: nameConstraints only in CA certificates.
    case nameConstraintsOutsideCA
    /// §4.2.1.3: keyCertSign asserted without basicConstraints cA TRUE.
    case keyCertSignWithoutCA
    /// §4.2.1.3: keyUsage MUST be present in a certificate whose key signs certificates.
    case missingKeyUsage

    public var description: String {
        switch self {
        case .criticalAuthorityKeyIdentifier: return "authorityKeyIdentifier is marked critical (RFC 5280 §4.2.1.1)"
        case .criticalSubjectKeyIdentifier: return "subjectKeyIdentifier is marked critical (RFC 5280 §4.2.1.2)"
        case .criticalAuthorityInfoAccess: return "authorityInfoAccess is marked critical (RFC 5280 §4.2.2.1)"
        case .nameConstraintsOutsideCA: return "nameConstraints in a certificate that is not a CA (RFC 5280 §4.2.1.10)"
        case .keyCertSignWithoutCA: return "keyCertSign is asserted but basicConstraints does not say cA (RFC 5280 §4.2.1.3)"
        case .missingKeyUsage: return "a CA that signs certificates has no keyUsage (RFC 5280 §4.2.1.3)"
        }
    }
}

extension Verifier {
    /// The rules that hold for any presented certificate.
    static func conformance(_ certificate: Certificate) -> ConformanceRule? {
        let extensions = certificate.extensions
        if extensions.authorityKeyIdentifier?.critical == true { return .criticalAuthorityKeyIdentifier }
        if extensions.subjectKeyIdentifier?.critical == true { return .criticalSubjectKeyIdentifier }
        if extensions.authorityInformationAccess?.critical == true { return .criticalAuthorityInfoAccess }
        let isCA = extensions.basicConstraints?.isCA == true
        if extensions.nameConstraints != nil && !isCA { return .nameConstraintsOutsideCA }
        if extensions.keyUsage?.usage.contains(.keyCertSign) == true && !isCA { return .keyCertSignWithoutCA }
        return nil
    }

    /// The rules for a presented certificate whose key signs the one below it.
    static func issuerConformance(_ certificate: Certificate) -> ConformanceRule? {
        if let rule = conformance(certificate) { return rule }
        // §4.2.1.9 also asks CAs to mark basicConstraints critical, but path
        // validation (§6.1) does not check it and PKITS 4.6.4 ("Valid
        // basicConstraints Not Critical") expects such a path to verify.
        if certificate.extensions.keyUsage == nil { return .missingKeyUsage }
        return nil
    }
}
