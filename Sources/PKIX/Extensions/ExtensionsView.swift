import DER

/// The extensions of a certificate: one slot per extension this library
/// knows, each with the bytes of the certificate that holds it, and a flag
/// for unknown critical extensions, which a verifier must refuse (RFC 5280
/// §4.2) but a parser keeps. A second instance of a known extension is
/// refused when the certificate is parsed.
package struct Extensions: Sendable {
    /// Library bound on the number of extensions in one certificate (ExtensionWalk).
    package static let maximumCount = ExtensionWalk.maximumCount

    /// The certificate's storage: a view is one retain, not a copy of every slot.
    let storage: Certificate.Storage
    var der: [UInt8] { storage.der }
    var layout: ExtensionLayout { storage.extensions }

    /// How many extensions the certificate has, known or not (at most `maximumCount`).
    package var count: Int { layout.count }
    /// basicConstraints (RFC 5280 §4.2.1.9); nil when absent.
    package var basicConstraints: BasicConstraints? { layout.basicConstraints }
    /// keyUsage (§4.2.1.3); nil when absent, which restricts nothing.
    package var keyUsage: KeyUsageExtension? { layout.keyUsage }
    /// extendedKeyUsage (§4.2.1.12): SEQUENCE SIZE (1..MAX) OF KeyPurposeId; `Certificate.extendedKeyUsages` decodes it.
    package var extendedKeyUsage: ListExtension? { layout.extendedKeyUsage?.list(in: der) }
    /// subjectAltName (§4.2.1.6): GeneralNames; `Certificate.subjectAlternativeNames` decodes it.
    package var subjectAlternativeName: ListExtension? { layout.subjectAlternativeName?.list(in: der) }
    /// issuerAltName (§4.2.1.7): GeneralNames.
    package var issuerAlternativeName: ListExtension? { layout.issuerAlternativeName?.list(in: der) }
    /// nameConstraints (§4.2.1.10); nil when absent.
    package var nameConstraints: NameConstraints? { layout.nameConstraints?.view(in: der) }
    /// authorityKeyIdentifier (§4.2.1.1); nil when absent.
    package var authorityKeyIdentifier: AuthorityKeyIdentifier? { layout.authorityKeyIdentifier?.view(in: der) }
    /// subjectKeyIdentifier (§4.2.1.2): `list` holds the keyIdentifier octets.
    package var subjectKeyIdentifier: ListExtension? { layout.subjectKeyIdentifier?.list(in: der) }
    /// certificatePolicies (§4.2.1.4): SEQUENCE SIZE (1..MAX) OF PolicyInformation; `Certificate.policyIdentifiers` decodes it.
    package var certificatePolicies: ListExtension? { layout.certificatePolicies?.list(in: der) }
    /// policyMappings (§4.2.1.5), checked but kept raw; `Certificate.policyMappingList` decodes it.
    package var policyMappings: ExtensionSlot? { layout.policyMappings?.slot(in: der) }
    /// policyConstraints (§4.2.1.11), checked but kept raw; `Certificate.policyConstraintValues` decodes it.
    package var policyConstraints: ExtensionSlot? { layout.policyConstraints?.slot(in: der) }
    /// inhibitAnyPolicy (§4.2.1.14), checked but kept raw; `Certificate.inhibitAnyPolicyValue` decodes it.
    package var inhibitAnyPolicy: ExtensionSlot? { layout.inhibitAnyPolicy?.slot(in: der) }
    /// authorityInfoAccess (§4.2.2.1), checked but kept raw.
    package var authorityInformationAccess: ExtensionSlot? { layout.authorityInformationAccess?.slot(in: der) }
    /// cRLDistributionPoints (§4.2.1.13), checked but kept raw; `Certificate.distributionPoints` decodes it.
    package var crlDistributionPoints: ExtensionSlot? { layout.crlDistributionPoints?.slot(in: der) }
    /// freshestCRL (§4.2.1.15): where delta CRLs are published, kept raw.
    package var freshestCRL: ExtensionSlot? { layout.freshestCRL?.slot(in: der) }
    /// RFC 6962 §3.3 signed certificate timestamps, kept raw.
    package var signedCertificateTimestamps: ExtensionSlot? { layout.signedCertificateTimestamps?.slot(in: der) }
    /// How many extensions have an OID this library does not know.
    package var unrecognisedCount: Int { layout.unrecognisedCount }
    /// Whether one of those unknown extensions is critical, so that a verifier must refuse the certificate (§4.2).
    package var hasUnrecognisedCriticalExtension: Bool { layout.hasUnrecognisedCriticalExtension }
}
