import DER
import PKIX

// RFC 5280 rules on how a certificate of the path is made (issue 11 item 3),
// each one named check. They hold for every certificate the peer presents
// (the leaf and intermediates); anchors are the caller's and are checked by
// the anchor rules (PathChecks.swift) instead. Some bend under the
// `chromium` profile (ValidationProfile, one switch each); `rfc5280` applies
// only those a path-validation suite also refuses (`holdsUnderEveryProfile`).

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
    /// §4.1.2.4: the issuer field MUST contain a non-empty distinguished name.
    case emptyIssuerName
    /// §4.2.1.1: an authorityKeyIdentifier (in an anchor) carries a keyIdentifier.
    case authorityKeyIdentifierWithoutKeyIdentifier
    /// §4.2.1.1: a self-signed certificate's authorityKeyIdentifier, when
    /// present, names its own key: the keyIdentifier equals its subjectKeyIdentifier.
    case keyIdentifierMismatch
    /// §4.2.1.9: a CA certificate (an anchor) carries basicConstraints with
    /// cA TRUE; a v1 certificate has none.
    case missingBasicConstraints
    /// §4.2.1.10: nameConstraints MUST be marked critical.
    case nonCriticalNameConstraints
    /// CA/B Forum BR §7.1.2.7.10: a subscriber (server) certificate carries
    /// extendedKeyUsage with id-kp-serverAuth.
    case subscriberWithoutServerAuth
    /// BR §7.1.2.7.10: a subscriber certificate never asserts anyExtendedKeyUsage.
    case subscriberAnyExtendedKeyUsage
    /// BR §7.1.2.7.6: a subscriber certificate's extendedKeyUsage is not critical.
    case subscriberCriticalExtendedKeyUsage
    /// BR §7.1.2.7.12: subjectAltName is not critical when the subject is not empty.
    case subscriberCriticalSubjectAltName
    /// BR §6.3.2: a subscriber certificate's validity period (notBefore to
    /// notAfter inclusive) is within the limit for its issuance date.
    case subscriberValidityTooLong
    /// BR §7.1.2.1.2: a root certificate has no extendedKeyUsage.
    case rootExtendedKeyUsage
    /// BR §7.1.2.1.3: a root's authorityKeyIdentifier, when present, is a keyIdentifier only.
    case rootAuthorityKeyIdentifierWithIssuer
    /// §4.2.1.9: "CAs MUST NOT include the pathLenConstraint field unless
    /// the cA boolean is asserted".
    case pathLengthWithoutCA
    /// §4.1.2.6: the subject of a CRL issuer (keyUsage asserting cRLSign)
    /// MUST be a non-empty distinguished name, the issuer name of its CRLs.
    case emptySubjectWithCRLSign

    /// The rules for any presented certificate, in the order they are checked.
    static let presented: [ConformanceRule] = [
        .criticalAuthorityKeyIdentifier, .criticalSubjectKeyIdentifier, .criticalAuthorityInfoAccess,
        .nameConstraintsOutsideCA, .keyCertSignWithoutCA, .missingAuthorityKeyIdentifier, .missingSubjectKeyIdentifier,
        .serialNumberNotPositive, .serialNumberTooLong, .malformedDNSName, .emptyIssuerName,
        .pathLengthWithoutCA, .emptySubjectWithCRLSign,
    ]
    /// The rules for a presented certificate whose key signs the one below it.
    static let issuer: [ConformanceRule] = presented + [.missingKeyUsage, .nonCriticalBasicConstraints]
    /// The CA/B Forum subscriber profile (BR §6.3.2, §7.1.2.7), for a
    /// serverAuth leaf under `ValidationProfile.appliesSubscriberProfile`.
    static let subscriber: [ConformanceRule] = [
        .subscriberWithoutServerAuth, .subscriberAnyExtendedKeyUsage, .subscriberCriticalExtendedKeyUsage,
        .subscriberCriticalSubjectAltName, .subscriberValidityTooLong,
    ]
    /// The CA/B Forum root profile (BR §7.1.2.1, §7.1), for the anchor under
    /// `ValidationProfile.appliesRootProfile`.
    static let root: [ConformanceRule] = [
        .rootExtendedKeyUsage, .nonCriticalBasicConstraints, .missingSubjectKeyIdentifier,
        .rootAuthorityKeyIdentifierWithIssuer, .serialNumberNotPositive,
    ]
    /// The rules on how a trust anchor is made, under profiles that hold
    /// anchors to them (`ValidationProfile.appliesAnchorConstructionRules`):
    /// the ones every root of the Mozilla bundle meets
    /// (`Tests/TrustTests/MozillaRootsTests.swift`). Those some roots break
    /// — basicConstraints not critical, no subjectKeyIdentifier, an AKI with
    /// authorityCertIssuer or serial, a non-positive serial — are not here.
    /// A critical authorityInfoAccess (§4.2.2.1) is broken by no root of the
    /// bundle, so an anchor is held to it too.
    static let anchor: [ConformanceRule] = [
        .criticalAuthorityKeyIdentifier, .criticalSubjectKeyIdentifier, .authorityKeyIdentifierWithoutKeyIdentifier,
        .keyIdentifierMismatch, .missingAuthorityKeyIdentifier, .missingBasicConstraints, .nonCriticalNameConstraints,
        .criticalAuthorityInfoAccess,
    ]

    /// Whether the rule holds under every profile, `rfc5280` included
    /// (`ValidationProfile.appliesConstructionRules` off). nameConstraints
    /// outside a CA: §4.2.1.10 says the extension "MUST be used only in a
    /// CA certificate", and the path-validation suites that define the
    /// `rfc5280` profile refuse such a target rather than process it
    /// (x509-limbo's `rfc5280::nc::not-allowed-in-ee-critical` and
    /// `-noncritical`). A certificate that is not a CA constrains nothing
    /// below it, so the extension can only mislead whoever reads it.
    var holdsUnderEveryProfile: Bool { self == .nameConstraintsOutsideCA }

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
        case .nonCriticalBasicConstraints, .missingBasicConstraints: return "RFC 5280 §4.2.1.9"
        case .emptyIssuerName: return "RFC 5280 §4.1.2.4"
        case .authorityKeyIdentifierWithoutKeyIdentifier, .keyIdentifierMismatch: return "RFC 5280 §4.2.1.1"
        case .nonCriticalNameConstraints: return "RFC 5280 §4.2.1.10"
        case .subscriberWithoutServerAuth, .subscriberAnyExtendedKeyUsage: return "CA/B Forum BR §7.1.2.7.10"
        case .subscriberCriticalExtendedKeyUsage: return "CA/B Forum BR §7.1.2.7.6"
        case .subscriberCriticalSubjectAltName: return "CA/B Forum BR §7.1.2.7.12"
        case .subscriberValidityTooLong: return "CA/B Forum BR §6.3.2 (SC-081: from 2026-03-15)"
        case .rootExtendedKeyUsage: return "CA/B Forum BR §7.1.2.1.2"
        case .rootAuthorityKeyIdentifierWithIssuer: return "CA/B Forum BR §7.1.2.1.3"
        case .pathLengthWithoutCA: return "RFC 5280 §4.2.1.9"
        case .emptySubjectWithCRLSign: return "RFC 5280 §4.1.2.6"
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
        case .emptyIssuerName: return "emptyIssuerName"
        case .authorityKeyIdentifierWithoutKeyIdentifier: return "authorityKeyIdentifierWithoutKeyIdentifier"
        case .keyIdentifierMismatch: return "keyIdentifierMismatch"
        case .missingBasicConstraints: return "missingBasicConstraints"
        case .nonCriticalNameConstraints: return "nonCriticalNameConstraints"
        case .subscriberWithoutServerAuth: return "subscriberWithoutServerAuth"
        case .subscriberAnyExtendedKeyUsage: return "subscriberAnyExtendedKeyUsage"
        case .subscriberCriticalExtendedKeyUsage: return "subscriberCriticalExtendedKeyUsage"
        case .subscriberCriticalSubjectAltName: return "subscriberCriticalSubjectAltName"
        case .subscriberValidityTooLong: return "subscriberValidityTooLong"
        case .rootExtendedKeyUsage: return "rootExtendedKeyUsage"
        case .rootAuthorityKeyIdentifierWithIssuer: return "rootAuthorityKeyIdentifierWithIssuer"
        case .pathLengthWithoutCA: return "pathLengthWithoutCA"
        case .emptySubjectWithCRLSign: return "emptySubjectWithCRLSign"
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
        case .emptyIssuerName: return "the issuer name is not empty"
        case .authorityKeyIdentifierWithoutKeyIdentifier: return "an authorityKeyIdentifier carries a keyIdentifier"
        case .keyIdentifierMismatch: return "a self-signed certificate's key identifiers agree"
        case .missingBasicConstraints: return "the anchor has basicConstraints"
        case .nonCriticalNameConstraints: return "nameConstraints is critical"
        case .subscriberWithoutServerAuth: return "a server certificate has extendedKeyUsage with serverAuth"
        case .subscriberAnyExtendedKeyUsage: return "a server certificate does not assert anyExtendedKeyUsage"
        case .subscriberCriticalExtendedKeyUsage: return "a server certificate's extendedKeyUsage is not critical"
        case .subscriberCriticalSubjectAltName: return "subjectAltName is not critical beside a subject"
        case .subscriberValidityTooLong: return "the validity period is within the BR limit for its issuance date"
        case .rootExtendedKeyUsage: return "a root has no extendedKeyUsage"
        case .rootAuthorityKeyIdentifierWithIssuer: return "a root's authorityKeyIdentifier is a keyIdentifier only"
        case .pathLengthWithoutCA: return "pathLenConstraint only with cA"
        case .emptySubjectWithCRLSign: return "a CRL issuer's subject is not empty"
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
        case .emptyIssuerName: return "the issuer name is empty (RFC 5280 §4.1.2.4)"
        case .authorityKeyIdentifierWithoutKeyIdentifier: return "authorityKeyIdentifier has no keyIdentifier (RFC 5280 §4.2.1.1)"
        case .keyIdentifierMismatch:
            return "a self-signed certificate's authorityKeyIdentifier differs from its subjectKeyIdentifier (RFC 5280 §4.2.1.1)"
        case .missingBasicConstraints: return "a CA certificate has no basicConstraints (a v1 certificate; RFC 5280 §4.2.1.9)"
        case .nonCriticalNameConstraints: return "nameConstraints is not marked critical (RFC 5280 §4.2.1.10)"
        case .subscriberWithoutServerAuth: return "a server certificate has no extendedKeyUsage with id-kp-serverAuth (CA/B Forum BR §7.1.2.7.10)"
        case .subscriberAnyExtendedKeyUsage: return "a server certificate asserts anyExtendedKeyUsage (CA/B Forum BR §7.1.2.7.10)"
        case .subscriberCriticalExtendedKeyUsage: return "a server certificate marks extendedKeyUsage critical (CA/B Forum BR §7.1.2.7.6)"
        case .subscriberCriticalSubjectAltName:
            return "subjectAltName is marked critical although the subject is not empty (CA/B Forum BR §7.1.2.7.12)"
        case .subscriberValidityTooLong:
            return "the validity period is longer than the CA/B Forum allows for its issuance date (BR §6.3.2: 825 days from 2018-03-01, 398 from 2020-09-01, 200 from 2026-03-15, 100 from 2027-03-15, 47 from 2029-03-15)"
        case .rootExtendedKeyUsage: return "a root certificate has extendedKeyUsage (CA/B Forum BR §7.1.2.1.2)"
        case .rootAuthorityKeyIdentifierWithIssuer:
            return "a root's authorityKeyIdentifier carries authorityCertIssuer or authorityCertSerialNumber (CA/B Forum BR §7.1.2.1.3)"
        case .pathLengthWithoutCA: return "basicConstraints has a pathLenConstraint but does not say cA (RFC 5280 §4.2.1.9)"
        case .emptySubjectWithCRLSign: return "keyUsage asserts cRLSign but the subject name is empty (RFC 5280 §4.1.2.6)"
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
        // One copy of the profile too: it holds a String, so each read through
        // the policy retains and releases it.
        let profile = policy.profile
        // §6 path validation checks these (the rfc5280 profile) only where
        // the suites that define it do.
        let allRules = profile.appliesConstructionRules
        for rule in rules where allRules || rule.holdsUnderEveryProfile {
            let broken = breaks(rule, certificate, extensions, profile)
            if broken && index == 0 && profile.waivesRulesForAnchorLeaf && isAnchor(certificate) {
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
        breaks(rule, certificate, extensions, policy.profile)
    }

    /// Whether `certificate` (whose extensions are `extensions`) breaks `rule` under `profile`.
    func breaks(_ rule: ConformanceRule, _ certificate: Certificate, _ extensions: Extensions, _ profile: ValidationProfile) -> Bool {
        switch rule {
        case .criticalAuthorityKeyIdentifier: return extensions.authorityKeyIdentifierCritical == true
        case .criticalSubjectKeyIdentifier: return extensions.subjectKeyIdentifierCritical == true
        case .criticalAuthorityInfoAccess: return extensions.authorityInformationAccessCritical == true
        case .nameConstraintsOutsideCA: return extensions.nameConstraintsCritical != nil && extensions.basicConstraints?.isCA != true
        case .keyCertSignWithoutCA:
            guard !profile.acceptsKeyCertSignWithoutCA else { return false }
            return extensions.keyUsage?.usage.contains(.keyCertSign) == true && extensions.basicConstraints?.isCA != true
        case .missingAuthorityKeyIdentifier:
            // Self-issued stands in for self-signed: telling them apart costs
            // a signature check, and a self-issued certificate's issuer is
            // found by its name whatever its identifiers say.
            guard !profile.acceptsMissingAuthorityKeyIdentifier, !extensions.hasAuthorityKeyIdentifierKeyID else { return false }
            return !certificate.isSelfIssued
        case .missingSubjectKeyIdentifier: return extensions.basicConstraints?.isCA == true && extensions.subjectKeyIdentifierCritical == nil
        case .serialNumberNotPositive:
            guard !profile.acceptsNonPositiveSerialNumber else { return false }
            let serial = certificate.serialNumber.bytes
            // Minimal two's complement: negative when the first bit is set, zero when the one octet is 0.
            guard let first = serial.first else { return true }
            return first & 0x80 != 0 || (serial.count == 1 && first == 0)
        case .serialNumberTooLong:
            // The value's octets: a positive 20-octet value with its top bit
            // set is encoded with a leading zero octet, and is allowed.
            let serial = certificate.serialNumber.bytes
            let signOctet = serial.count > 1 && serial.first == 0 ? 1 : 0
            return serial.count - signOctet > 20
        case .malformedDNSName:
            guard extensions.subjectAlternativeNameCritical != nil else { return false }
            return certificate.containsAlternativeName { $0.kind == .dnsName && !HostName.isValidPresented($0.value) }
        case .missingKeyUsage: return extensions.keyUsage == nil
        case .emptyIssuerName: return certificate.issuer.isEmpty
        case .authorityKeyIdentifierWithoutKeyIdentifier:
            return extensions.authorityKeyIdentifierCritical != nil && !extensions.hasAuthorityKeyIdentifierKeyID
        case .keyIdentifierMismatch:
            guard certificate.isSelfIssued, let aki = extensions.authorityKeyIdentifier?.keyIdentifier,
                  let ski = extensions.subjectKeyIdentifier?.list else { return false }
            return !aki.elementsEqual(ski)
        case .missingBasicConstraints: return extensions.basicConstraints == nil
        case .nonCriticalNameConstraints: return extensions.nameConstraintsCritical == false
        case .subscriberWithoutServerAuth: return !certificate.extendedKeyUsages.contains(.serverAuth)
        case .subscriberAnyExtendedKeyUsage: return certificate.extendedKeyUsages.contains(.anyExtendedKeyUsage)
        case .subscriberCriticalExtendedKeyUsage: return extensions.extendedKeyUsageCritical == true
        case .subscriberCriticalSubjectAltName:
            return extensions.subjectAlternativeNameCritical == true && !certificate.subject.isEmpty
        case .subscriberValidityTooLong: return BRValidityLimit.exceeded(by: certificate)
        case .rootExtendedKeyUsage: return extensions.extendedKeyUsageCritical != nil
        case .rootAuthorityKeyIdentifierWithIssuer:
            return extensions.authorityKeyIdentifierNamesIssuer
        case .nonCriticalBasicConstraints:
            // An absent extension is issuerIsCA's failure, not this rule's.
            return !profile.acceptsNonCriticalBasicConstraints && extensions.basicConstraints?.critical == false
        case .pathLengthWithoutCA:
            // A pathLenConstraint under cA FALSE limits nothing (§6.1.4(m)
            // reads it only from a CA), so it is a wrong certificate, not a
            // constraint.
            guard !profile.acceptsPathLengthWithoutCA, let constraints = extensions.basicConstraints else { return false }
            return constraints.pathLength != nil && !constraints.isCA
        case .emptySubjectWithCRLSign:
            // Relying parties find a CRL's issuer by the name in the CRL's
            // issuer field (§5.1.2.3, §6.3.3(b)), which an empty subject cannot match.
            guard !profile.acceptsEmptySubjectWithCRLSign else { return false }
            return extensions.keyUsage?.usage.contains(.cRLSign) == true && certificate.subject.isEmpty
        }
    }
}
