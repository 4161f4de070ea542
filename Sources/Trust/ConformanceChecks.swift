import PKIX

// RFC 5280 rules on how a certificate of the path is made (issue 11 item 3),
// each one named check. They hold for every certificate the peer presents
// (the leaf and intermediates); anchors are the caller's and are checked by
// the anchor rules (PathChecks.swift) instead. Three of them bend under the
// `compatible` profile (ValidationProfile).

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
    /// §4.2.1.1: a certificate that is not self-signed carries
    /// authorityKeyIdentifier with a keyIdentifier.
    case missingAuthorityKeyIdentifier
    /// §4.2.1.2: a CA certificate carries subjectKeyIdentifier.
    case missingSubjectKeyIdentifier
    /// §4.1.2.2: the serial number is positive.
    case serialNumberNotPositive
    /// §4.1.2.2: the serial number is at most 20 octets.
    case serialNumberTooLong
    /// §4.2.1.6: a dNSName is in the preferred name syntax (RFC 1034 §3.5
    /// as relaxed by RFC 1123 §2.1), with at most a whole-label wildcard
    /// on the left.
    case malformedDNSName
    /// §4.2.1.3: keyUsage MUST be present in a certificate whose key signs certificates.
    case missingKeyUsage
    /// §4.2.1.9: a CA certificate whose key verifies certificate signatures
    /// MUST mark basicConstraints critical.
    case nonCriticalBasicConstraints

    /// The rules for any presented certificate, in the order they are checked.
    static let presented: [ConformanceRule] = [
        .criticalAuthorityKeyIdentifier, .criticalSubjectKeyIdentifier, .criticalAuthorityInfoAccess,
        .nameConstraintsOutsideCA, .keyCertSignWithoutCA, .missingAuthorityKeyIdentifier, .missingSubjectKeyIdentifier,
        .serialNumberNotPositive, .serialNumberTooLong, .malformedDNSName,
    ]
    /// The rules for a presented certificate whose key signs the one below it.
    static let issuer: [ConformanceRule] = presented + [.missingKeyUsage, .nonCriticalBasicConstraints]

    /// The RFC 5280 section that states the rule.
    public var section: String {
        switch self {
        case .criticalAuthorityKeyIdentifier, .missingAuthorityKeyIdentifier: return "RFC 5280 §4.2.1.1"
        case .criticalSubjectKeyIdentifier, .missingSubjectKeyIdentifier: return "RFC 5280 §4.2.1.2"
        case .criticalAuthorityInfoAccess: return "RFC 5280 §4.2.2.1"
        case .nameConstraintsOutsideCA: return "RFC 5280 §4.2.1.10"
        case .keyCertSignWithoutCA, .missingKeyUsage: return "RFC 5280 §4.2.1.3"
        case .serialNumberNotPositive, .serialNumberTooLong: return "RFC 5280 §4.1.2.2"
        case .malformedDNSName: return "RFC 5280 §4.2.1.6"
        case .nonCriticalBasicConstraints: return "RFC 5280 §4.2.1.9"
        }
    }

    /// A stable name for scripts.
    public var code: String {
        switch self {
        case .criticalAuthorityKeyIdentifier: return "criticalAuthorityKeyIdentifier"
        case .criticalSubjectKeyIdentifier: return "criticalSubjectKeyIdentifier"
        case .criticalAuthorityInfoAccess: return "criticalAuthorityInfoAccess"
        case .nameConstraintsOutsideCA: return "nameConstraintsOutsideCA"
        case .keyCertSignWithoutCA: return "keyCertSignWithoutCA"
        case .missingAuthorityKeyIdentifier: return "missingAuthorityKeyIdentifier"
        case .missingSubjectKeyIdentifier: return "missingSubjectKeyIdentifier"
        case .serialNumberNotPositive: return "serialNumberNotPositive"
        case .serialNumberTooLong: return "serialNumberTooLong"
        case .malformedDNSName: return "malformedDNSName"
        case .missingKeyUsage: return "missingKeyUsage"
        case .nonCriticalBasicConstraints: return "nonCriticalBasicConstraints"
        }
    }

    /// What the rule asks, for the trace.
    var checkDescription: String {
        switch self {
        case .criticalAuthorityKeyIdentifier: return "authorityKeyIdentifier is not critical"
        case .criticalSubjectKeyIdentifier: return "subjectKeyIdentifier is not critical"
        case .criticalAuthorityInfoAccess: return "authorityInfoAccess is not critical"
        case .nameConstraintsOutsideCA: return "nameConstraints only in a CA"
        case .keyCertSignWithoutCA: return "keyCertSign only in a CA"
        case .missingAuthorityKeyIdentifier: return "authorityKeyIdentifier with a keyIdentifier"
        case .missingSubjectKeyIdentifier: return "a CA has subjectKeyIdentifier"
        case .serialNumberNotPositive: return "the serial number is positive"
        case .serialNumberTooLong: return "the serial number is at most 20 octets"
        case .malformedDNSName: return "every dNSName is a valid host name"
        case .missingKeyUsage: return "an issuer has keyUsage"
        case .nonCriticalBasicConstraints: return "an issuer's basicConstraints is critical"
        }
    }

    /// What the certificate breaks, with the section, for failure messages.
    public var description: String {
        switch self {
        case .criticalAuthorityKeyIdentifier: return "authorityKeyIdentifier is marked critical (RFC 5280 §4.2.1.1)"
        case .criticalSubjectKeyIdentifier: return "subjectKeyIdentifier is marked critical (RFC 5280 §4.2.1.2)"
        case .criticalAuthorityInfoAccess: return "authorityInfoAccess is marked critical (RFC 5280 §4.2.2.1)"
        case .nameConstraintsOutsideCA: return "nameConstraints in a certificate that is not a CA (RFC 5280 §4.2.1.10)"
        case .keyCertSignWithoutCA: return "keyCertSign is asserted but basicConstraints does not say cA (RFC 5280 §4.2.1.3)"
        case .missingAuthorityKeyIdentifier:
            return "a certificate that is not self-signed has no authorityKeyIdentifier keyIdentifier (RFC 5280 §4.2.1.1)"
        case .missingSubjectKeyIdentifier: return "a CA certificate has no subjectKeyIdentifier (RFC 5280 §4.2.1.2)"
        case .serialNumberNotPositive: return "the serial number is zero or negative (RFC 5280 §4.1.2.2)"
        case .serialNumberTooLong: return "the serial number is longer than 20 octets (RFC 5280 §4.1.2.2)"
        case .malformedDNSName: return "a dNSName in subjectAltName is not a valid host name (RFC 5280 §4.2.1.6)"
        case .missingKeyUsage: return "a CA that signs certificates has no keyUsage (RFC 5280 §4.2.1.3)"
        case .nonCriticalBasicConstraints: return "a CA that signs certificates has basicConstraints not marked critical (RFC 5280 §4.2.1.9)"
        }
    }
}

extension Verifier {
    /// Runs `rules` on the certificate at path position `index`, each one a
    /// step of the trace; the first broken one is the failure. A broken
    /// rule on a leaf that is itself an anchor does not count (the anchor
    /// is the caller's); the store lookup happens only then.
    func checkRules(_ rules: [ConformanceRule], _ node: PathNode, index: Int, search: inout SearchState) -> TrustFailure? {
        let certificate = node.certificate
        // One copy of the extensions for all the rules (each access through
        // the certificate copies the whole struct).
        let extensions = certificate.extensions
        // §6 path validation checks none of these (the rfc5280 profile).
        guard policy.profile.appliesConstructionRules else { return nil }
        for rule in rules {
            let broken = breaks(rule, certificate, extensions)
            if broken && index == 0 && isAnchor(certificate) {
                search.waive(.profileRule(rule), index, node, reason: Self.leafIsAnchor)
                continue
            }
            if let failure = search.step(.profileRule(rule), index, node, broken ? .nonConforming(index: index, rule) : nil) {
                return failure
            }
        }
        return nil
    }

    /// Why a rule the leaf breaks is waived: the caller trusts that certificate as it is.
    static let leafIsAnchor = "the leaf is itself a trust anchor, trusted as the caller gave it"

    /// Whether `certificate` (whose extensions are `extensions`) breaks `rule` under the policy's profile.
    func breaks(_ rule: ConformanceRule, _ certificate: Certificate, _ extensions: Extensions) -> Bool {
        let profile = policy.profile
        switch rule {
        case .criticalAuthorityKeyIdentifier: return extensions.authorityKeyIdentifier?.critical == true
        case .criticalSubjectKeyIdentifier: return extensions.subjectKeyIdentifier?.critical == true
        case .criticalAuthorityInfoAccess: return extensions.authorityInformationAccess?.critical == true
        case .nameConstraintsOutsideCA: return extensions.nameConstraints != nil && extensions.basicConstraints?.isCA != true
        case .keyCertSignWithoutCA:
            guard !profile.acceptsKeyCertSignWithoutCA else { return false }
            return extensions.keyUsage?.usage.contains(.keyCertSign) == true && extensions.basicConstraints?.isCA != true
        case .missingAuthorityKeyIdentifier:
            // Self-issued stands in for self-signed: telling them apart costs
            // a signature check, and a self-issued certificate's issuer is
            // found by its name whatever its identifiers say.
            guard !profile.acceptsMissingAuthorityKeyIdentifier, extensions.authorityKeyIdentifier?.keyIdentifier == nil else { return false }
            return !certificate.isSelfIssued
        case .missingSubjectKeyIdentifier: return extensions.basicConstraints?.isCA == true && extensions.subjectKeyIdentifier == nil
        case .serialNumberNotPositive:
            guard !profile.acceptsNonPositiveSerialNumber else { return false }
            let serial = certificate[certificate.serialNumber]
            // Minimal two's complement: negative when the first bit is set, zero when the one octet is 0.
            guard let first = serial.first else { return true }
            return first & 0x80 != 0 || (serial.count == 1 && first == 0)
        case .serialNumberTooLong:
            // The value's octets: a positive 20-octet value with its top bit
            // set is encoded with a leading zero octet, and is allowed.
            let serial = certificate[certificate.serialNumber]
            let signOctet = serial.count > 1 && serial.first == 0 ? 1 : 0
            return serial.count - signOctet > 20
        case .malformedDNSName:
            guard extensions.subjectAlternativeName != nil else { return false }
            return certificate.containsAlternativeName { $0.kind == .dnsName && !HostName.isValidPresented(certificate[$0.value]) }
        case .missingKeyUsage: return extensions.keyUsage == nil
        case .nonCriticalBasicConstraints:
            // An absent extension is issuerIsCA's failure, not this rule's.
            return !profile.acceptsNonCriticalBasicConstraints && extensions.basicConstraints?.critical == false
        }
    }
}
