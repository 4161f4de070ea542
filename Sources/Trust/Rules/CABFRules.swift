import PKIX

// The CA/Browser Forum's Baseline Requirements as a verifier can check
// them (the `cabf` profile): the subscriber profile on a serverAuth leaf
// and the root profile on the anchor, one entry each.

extension RuleEntry {
    static let cabf: [RuleEntry] = [
        RuleEntry(.subscriberWithoutServerAuth, code: "subscriberWithoutServerAuth", section: "CA/B Forum BR §7.1.2.7.10",
                  asks: "a server certificate has extendedKeyUsage with serverAuth",
                  breach: "a server certificate has no extendedKeyUsage with id-kp-serverAuth", serverAuthOnly: true) { certificate, _, _ in
            !certificate.extendedKeyUsages.contains(.serverAuth)
        },
        RuleEntry(.subscriberAnyExtendedKeyUsage, code: "subscriberAnyExtendedKeyUsage", section: "CA/B Forum BR §7.1.2.7.10",
                  asks: "a server certificate does not assert anyExtendedKeyUsage",
                  breach: "a server certificate asserts anyExtendedKeyUsage", serverAuthOnly: true) { certificate, _, _ in
            certificate.extendedKeyUsages.contains(.anyExtendedKeyUsage)
        },
        RuleEntry(.subscriberCriticalExtendedKeyUsage, code: "subscriberCriticalExtendedKeyUsage", section: "CA/B Forum BR §7.1.2.7.6",
                  asks: "a server certificate's extendedKeyUsage is not critical",
                  breach: "a server certificate marks extendedKeyUsage critical", serverAuthOnly: true,
                  unless: "no extendedKeyUsage", when: { _, extensions in extensions.extendedKeyUsageCritical != nil }) { _, extensions, _ in
            extensions.extendedKeyUsageCritical == true
        },
        RuleEntry(.subscriberCriticalSubjectAltName, code: "subscriberCriticalSubjectAltName", section: "CA/B Forum BR §7.1.2.7.12",
                  asks: "subjectAltName is not critical beside a subject",
                  breach: "subjectAltName is marked critical although the subject is not empty", serverAuthOnly: true) { certificate, extensions, _ in
            extensions.subjectAlternativeNameCritical == true && !certificate.subject.isEmpty
        },
        RuleEntry(.subscriberValidityTooLong, code: "subscriberValidityTooLong", section: "CA/B Forum BR §6.3.2 (SC-081: from 2026-03-15)",
                  asks: "the validity period is within the BR limit for its issuance date",
                  breach: "the validity period is longer than the CA/B Forum allows for its issuance date (825 days from 2018-03-01, 398 from 2020-09-01, 200 from 2026-03-15, 100 from 2027-03-15, 47 from 2029-03-15)",
                  serverAuthOnly: true) { certificate, _, _ in
            BRValidityLimit.exceeded(by: certificate)
        },
        RuleEntry(.rootExtendedKeyUsage, code: "rootExtendedKeyUsage", section: "CA/B Forum BR §7.1.2.1.2",
                  asks: "a root has no extendedKeyUsage",
                  breach: "a root certificate has extendedKeyUsage") { _, extensions, _ in
            extensions.extendedKeyUsageCritical != nil
        },
        RuleEntry(.rootAuthorityKeyIdentifierWithIssuer, code: "rootAuthorityKeyIdentifierWithIssuer", section: "CA/B Forum BR §7.1.2.1.3",
                  asks: "a root's authorityKeyIdentifier is a keyIdentifier only",
                  breach: "a root's authorityKeyIdentifier carries authorityCertIssuer or authorityCertSerialNumber",
                  unless: "no authorityKeyIdentifier", when: { _, extensions in extensions.authorityKeyIdentifierCritical != nil }) { _, extensions, _ in
            extensions.authorityKeyIdentifierNamesIssuer
        },
    ]
}
