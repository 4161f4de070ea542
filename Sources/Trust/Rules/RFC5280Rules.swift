import DER
import PKIX

// RFC 5280 §4's rules on how a certificate is made, one entry each. §6
// path validation checks none of them but nameConstraints outside a CA,
// so the `rfc5280` profile lists only that one; `chromium` leaves out those
// Chromium's verifier does not enforce (ValidationProfile.swift).

extension RuleEntry {
    static let rfc5280: [RuleEntry] = [
        RuleEntry(.criticalAuthorityKeyIdentifier, code: "criticalAuthorityKeyIdentifier", section: "RFC 5280 §4.2.1.1",
                  asks: "authorityKeyIdentifier is not critical",
                  breach: "authorityKeyIdentifier is marked critical",
                  unless: "no authorityKeyIdentifier", when: { _, extensions in extensions.authorityKeyIdentifierCritical != nil }) { _, extensions, _ in
            extensions.authorityKeyIdentifierCritical == true
        },
        RuleEntry(.criticalSubjectKeyIdentifier, code: "criticalSubjectKeyIdentifier", section: "RFC 5280 §4.2.1.2",
                  asks: "subjectKeyIdentifier is not critical",
                  breach: "subjectKeyIdentifier is marked critical",
                  unless: "no subjectKeyIdentifier", when: { _, extensions in extensions.subjectKeyIdentifierCritical != nil }) { _, extensions, _ in
            extensions.subjectKeyIdentifierCritical == true
        },
        RuleEntry(.criticalAuthorityInfoAccess, code: "criticalAuthorityInfoAccess", section: "RFC 5280 §4.2.2.1",
                  asks: "authorityInfoAccess is not critical",
                  breach: "authorityInfoAccess is marked critical",
                  unless: "no authorityInfoAccess", when: { _, extensions in extensions.authorityInformationAccessCritical != nil }) { _, extensions, _ in
            extensions.authorityInformationAccessCritical == true
        },
        // The path-validation suites that define `rfc5280` refuse such a
        // target rather than process it (x509-limbo's
        // rfc5280::nc::not-allowed-in-ee-critical and -noncritical): a
        // certificate that is not a CA constrains nothing below it, so the
        // extension can only mislead whoever reads it.
        RuleEntry(.nameConstraintsOutsideCA, code: "nameConstraintsOutsideCA", section: "RFC 5280 §4.2.1.10",
                  asks: "nameConstraints only in a CA",
                  breach: "nameConstraints in a certificate that is not a CA",
                  unless: "no nameConstraints", when: { _, extensions in extensions.nameConstraintsCritical != nil }) { _, extensions, _ in
            extensions.nameConstraintsCritical != nil && extensions.basicConstraints?.isCA != true
        },
        RuleEntry(.keyCertSignWithoutCA, code: "keyCertSignWithoutCA", section: "RFC 5280 §4.2.1.3",
                  asks: "keyCertSign only in a CA",
                  breach: "keyCertSign is asserted but basicConstraints does not say cA",
                  unless: "keyUsage does not assert keyCertSign", when: { _, extensions in extensions.keyUsage?.usage.contains(.keyCertSign) == true }) { _, extensions, _ in
            extensions.keyUsage?.usage.contains(.keyCertSign) == true && extensions.basicConstraints?.isCA != true
        },
        // Self-issued stands in for self-signed: telling them apart costs a
        // signature check, and a self-issued certificate's issuer is found
        // by its name whatever its identifiers say.
        RuleEntry(.missingAuthorityKeyIdentifier, code: "missingAuthorityKeyIdentifier", section: "RFC 5280 §4.2.1.1",
                  asks: "authorityKeyIdentifier with a keyIdentifier",
                  breach: "a certificate that is not self-signed has no authorityKeyIdentifier keyIdentifier") { certificate, extensions, _ in
            !extensions.hasAuthorityKeyIdentifierKeyID && !certificate.isSelfIssued
        },
        RuleEntry(.missingSubjectKeyIdentifier, code: "missingSubjectKeyIdentifier", section: "RFC 5280 §4.2.1.2",
                  asks: "a CA has subjectKeyIdentifier",
                  breach: "a CA certificate has no subjectKeyIdentifier",
                  unless: "not a CA", when: { _, extensions in extensions.basicConstraints?.isCA == true }) { _, extensions, _ in
            extensions.basicConstraints?.isCA == true && extensions.subjectKeyIdentifierCritical == nil
        },
        // Minimal two's complement: negative when the first bit is set, zero
        // when the one octet is 0.
        RuleEntry(.serialNumberNotPositive, code: "serialNumberNotPositive", section: "RFC 5280 §4.1.2.2",
                  asks: "the serial number is positive",
                  breach: "the serial number is zero or negative") { certificate, _, _ in
            let serial = certificate.serialNumber.bytes
            guard let first = serial.first else { return true }
            return first & 0x80 != 0 || (serial.count == 1 && first == 0)
        },
        // The value's octets: a positive 20-octet value with its top bit set
        // is encoded with a leading zero octet, and is allowed.
        RuleEntry(.serialNumberTooLong, code: "serialNumberTooLong", section: "RFC 5280 §4.1.2.2",
                  asks: "the serial number is at most 20 octets",
                  breach: "the serial number is longer than 20 octets") { certificate, _, _ in
            let serial = certificate.serialNumber.bytes
            let signOctet = serial.count > 1 && serial.first == 0 ? 1 : 0
            return serial.count - signOctet > 20
        },
        // RFC 1034 §3.5 as relaxed by RFC 1123 §2.1, with at most a
        // whole-label wildcard on the left.
        RuleEntry(.malformedDNSName, code: "malformedDNSName", section: "RFC 5280 §4.2.1.6",
                  asks: "every dNSName is a valid host name",
                  breach: "a dNSName in subjectAltName is not a valid host name") { certificate, extensions, _ in
            guard extensions.subjectAlternativeNameCritical != nil else { return false }
            return certificate.containsAlternativeName { $0.kind == .dnsName && !HostName.isValidPresented($0.value) }
        },
        RuleEntry(.missingKeyUsage, code: "missingKeyUsage", section: "RFC 5280 §4.2.1.3",
                  asks: "an issuer has keyUsage",
                  breach: "a CA that signs certificates has no keyUsage") { _, extensions, _ in
            extensions.keyUsage == nil
        },
        // An absent extension is issuerIsCA's failure, not this rule's.
        RuleEntry(.nonCriticalBasicConstraints, code: "nonCriticalBasicConstraints", section: "RFC 5280 §4.2.1.9",
                  asks: "an issuer's basicConstraints is critical",
                  breach: "a CA that signs certificates has basicConstraints not marked critical") { _, extensions, _ in
            extensions.basicConstraints?.critical == false
        },
        RuleEntry(.emptyIssuerName, code: "emptyIssuerName", section: "RFC 5280 §4.1.2.4",
                  asks: "the issuer name is not empty",
                  breach: "the issuer name is empty") { certificate, _, _ in
            certificate.issuer.isEmpty
        },
        RuleEntry(.authorityKeyIdentifierWithoutKeyIdentifier, code: "authorityKeyIdentifierWithoutKeyIdentifier",
                  section: "RFC 5280 §4.2.1.1", asks: "an authorityKeyIdentifier carries a keyIdentifier",
                  breach: "authorityKeyIdentifier has no keyIdentifier",
                  unless: "no authorityKeyIdentifier", when: { _, extensions in extensions.authorityKeyIdentifierCritical != nil }) { _, extensions, _ in
            extensions.authorityKeyIdentifierCritical != nil && !extensions.hasAuthorityKeyIdentifierKeyID
        },
        RuleEntry(.keyIdentifierMismatch, code: "keyIdentifierMismatch", section: "RFC 5280 §4.2.1.1",
                  asks: "a self-signed certificate's key identifiers agree",
                  breach: "a self-signed certificate's authorityKeyIdentifier differs from its subjectKeyIdentifier") { certificate, extensions, _ in
            guard certificate.isSelfIssued, let aki = extensions.authorityKeyIdentifier?.keyIdentifier,
                  let ski = extensions.subjectKeyIdentifier?.list else { return false }
            return !aki.elementsEqual(ski)
        },
        RuleEntry(.missingBasicConstraints, code: "missingBasicConstraints", section: "RFC 5280 §4.2.1.9",
                  asks: "the anchor has basicConstraints",
                  breach: "a CA certificate has no basicConstraints, as a v1 certificate has none") { _, extensions, _ in
            extensions.basicConstraints == nil
        },
        RuleEntry(.nonCriticalNameConstraints, code: "nonCriticalNameConstraints", section: "RFC 5280 §4.2.1.10",
                  asks: "nameConstraints is critical",
                  breach: "nameConstraints is not marked critical",
                  unless: "no nameConstraints", when: { _, extensions in extensions.nameConstraintsCritical != nil }) { _, extensions, _ in
            extensions.nameConstraintsCritical == false
        },
        // "CAs MUST NOT include the pathLenConstraint field unless the cA
        // boolean is asserted": under cA FALSE it limits nothing (§6.1.4(m)
        // reads it only from a CA), so it is a wrong certificate, not a
        // constraint.
        RuleEntry(.pathLengthWithoutCA, code: "pathLengthWithoutCA", section: "RFC 5280 §4.2.1.9",
                  asks: "pathLenConstraint only with cA",
                  breach: "basicConstraints has a pathLenConstraint but does not say cA",
                  unless: "no pathLenConstraint", when: { _, extensions in extensions.basicConstraints?.pathLength != nil }) { _, extensions, _ in
            guard let constraints = extensions.basicConstraints else { return false }
            return constraints.pathLength != nil && !constraints.isCA
        },
        // Relying parties find a CRL's issuer by the name in the CRL's issuer
        // field (§5.1.2.3, §6.3.3(b)), which an empty subject cannot match.
        RuleEntry(.emptySubjectWithCRLSign, code: "emptySubjectWithCRLSign", section: "RFC 5280 §4.1.2.6",
                  asks: "a CRL issuer's subject is not empty",
                  breach: "keyUsage asserts cRLSign but the subject name is empty") { certificate, extensions, _ in
            extensions.keyUsage?.usage.contains(.cRLSign) == true && certificate.subject.isEmpty
        },
    ]
}
