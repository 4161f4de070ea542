// Which extensions a certificate has and their criticality, for the rules a
// verifier checks on every certificate of every path. The public slots
// carry their bytes, so each question asked through them retains and
// releases the encoding; these read the stored layout only.
extension Extensions {
    /// extendedKeyUsage's criticality; nil when absent.
    package var extendedKeyUsageCritical: Bool? { layout.extendedKeyUsage?.critical }
    /// subjectAltName's criticality; nil when absent.
    package var subjectAlternativeNameCritical: Bool? { layout.subjectAlternativeName?.critical }
    /// nameConstraints' criticality; nil when absent.
    package var nameConstraintsCritical: Bool? { layout.nameConstraints?.critical }
    /// subjectKeyIdentifier's criticality; nil when absent.
    package var subjectKeyIdentifierCritical: Bool? { layout.subjectKeyIdentifier?.critical }
    /// authorityInfoAccess's criticality; nil when absent.
    package var authorityInformationAccessCritical: Bool? { layout.authorityInformationAccess?.critical }
    /// certificatePolicies' criticality; nil when absent.
    package var certificatePoliciesCritical: Bool? { layout.certificatePolicies?.critical }
    /// authorityKeyIdentifier's criticality; nil when absent.
    package var authorityKeyIdentifierCritical: Bool? { layout.authorityKeyIdentifier?.critical }
    /// Whether authorityKeyIdentifier is present with a keyIdentifier.
    package var hasAuthorityKeyIdentifierKeyID: Bool { layout.authorityKeyIdentifier?.keyIdentifier != nil }
    /// Whether authorityKeyIdentifier names the issuer's issuer: authorityCertIssuer or authorityCertSerialNumber.
    package var authorityKeyIdentifierNamesIssuer: Bool {
        guard let aki = layout.authorityKeyIdentifier else { return false }
        return aki.issuer != nil || aki.serialNumber != nil
    }
}
