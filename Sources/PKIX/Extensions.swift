import DER

/// The extensions of a certificate: one slot per extension this library
/// knows, filled once (a second instance is refused, RFC 5280 §4.2), and a
/// flag for unknown critical extensions, which a verifier must refuse
/// (RFC 5280 §4.2) but a parser keeps.
public struct Extensions: Sendable {
    /// Library bound on the number of extensions in one certificate (ExtensionWalk).
    public static let maximumCount = ExtensionWalk.maximumCount

    /// The content of the Extensions SEQUENCE, nil when the field is absent.
    public internal(set) var list: Range<Int>? = nil
    /// How many extensions the certificate has, known or not (at most `maximumCount`).
    public internal(set) var count = 0
    /// basicConstraints (RFC 5280 §4.2.1.9); nil when absent.
    public internal(set) var basicConstraints: BasicConstraints? = nil
    /// keyUsage (§4.2.1.3); nil when absent, which restricts nothing.
    public internal(set) var keyUsage: KeyUsageExtension? = nil
    /// SEQUENCE SIZE (1..MAX) OF KeyPurposeId.
    public internal(set) var extendedKeyUsage: ListExtension? = nil
    /// GeneralNames.
    public internal(set) var subjectAlternativeName: ListExtension? = nil
    /// issuerAltName (§4.2.1.7): GeneralNames.
    public internal(set) var issuerAlternativeName: ListExtension? = nil
    /// nameConstraints (§4.2.1.10); nil when absent.
    public internal(set) var nameConstraints: NameConstraints? = nil
    /// authorityKeyIdentifier (§4.2.1.1); nil when absent.
    public internal(set) var authorityKeyIdentifier: AuthorityKeyIdentifier? = nil
    /// The keyIdentifier octets.
    public internal(set) var subjectKeyIdentifier: ListExtension? = nil
    /// SEQUENCE SIZE (1..MAX) OF PolicyInformation.
    public internal(set) var certificatePolicies: ListExtension? = nil
    /// policyMappings (§4.2.1.5), checked but kept raw; `Certificate.policyMappingList` decodes it.
    public internal(set) var policyMappings: ExtensionSlot? = nil
    /// policyConstraints (§4.2.1.11), checked but kept raw; `Certificate.policyConstraintValues` decodes it.
    public internal(set) var policyConstraints: ExtensionSlot? = nil
    /// inhibitAnyPolicy (§4.2.1.14), checked but kept raw; `Certificate.inhibitAnyPolicyValue` decodes it.
    public internal(set) var inhibitAnyPolicy: ExtensionSlot? = nil
    /// authorityInfoAccess (§4.2.2.1), kept raw; its content is not checked.
    public internal(set) var authorityInformationAccess: ExtensionSlot? = nil
    /// cRLDistributionPoints (§4.2.1.13), checked but kept raw; `Certificate.distributionPoints` decodes it.
    public internal(set) var crlDistributionPoints: ExtensionSlot? = nil
    /// freshestCRL (§4.2.1.15): where delta CRLs are published, kept raw.
    public internal(set) var freshestCRL: ExtensionSlot? = nil
    /// RFC 6962 §3.3 signed certificate timestamps, kept raw.
    public internal(set) var signedCertificateTimestamps: ExtensionSlot? = nil
    /// How many extensions have an OID this library does not know.
    public internal(set) var unrecognisedCount = 0
    /// Whether one of those unknown extensions is critical, so that a verifier must refuse the certificate (§4.2).
    public internal(set) var hasUnrecognisedCriticalExtension = false

    init() {}

    /// Reads `[3] EXPLICIT Extensions` content: `SEQUENCE SIZE (1..MAX) OF Extension`.
    static func read(_ reader: inout DERReader) throws(DERError) -> Extensions {
        var result = Extensions()
        let walk = try ExtensionWalk.read(&reader) { (oid, critical, value, valueReader: inout DERReader, start) throws(DERError) in
            try result.store(oid: oid, critical: critical, value: value, reader: &valueReader, at: start)
        }
        result.list = walk.list
        result.count = walk.count
        result.unrecognisedCount = walk.unrecognisedCount
        result.hasUnrecognisedCriticalExtension = walk.hasUnrecognisedCriticalExtension
        return result
    }

    /// Fills the slot for a known extension; false when the OID is not known.
    private mutating func store(
        oid: Range<Int>, critical: Bool, value: Range<Int>, reader: inout DERReader, at start: Int
    ) throws(DERError) -> Bool {
        let duplicate = DERError(.duplicateExtension, at: start)
        if oid.count == 3 && reader[oid.lowerBound] == 0x55 && reader[oid.lowerBound + 1] == 0x1D {
            let slot = ExtensionSlot(critical: critical, value: value)
            switch reader[oid.lowerBound + 2] {
            case 0x0E:
                guard subjectKeyIdentifier == nil else { throw duplicate }
                subjectKeyIdentifier = ListExtension(critical: critical, list: try reader.readOctetString())
            case 0x0F:
                guard keyUsage == nil else { throw duplicate }
                keyUsage = try ExtensionValues.keyUsage(&reader, critical: critical)
            case 0x11:
                guard subjectAlternativeName == nil else { throw duplicate }
                subjectAlternativeName = ListExtension(
                    critical: critical, list: try GeneralName.readList(&reader, context: .alternativeName))
            case 0x12:
                guard issuerAlternativeName == nil else { throw duplicate }
                issuerAlternativeName = ListExtension(
                    critical: critical, list: try GeneralName.readList(&reader, context: .alternativeName))
            case 0x13:
                guard basicConstraints == nil else { throw duplicate }
                basicConstraints = try ExtensionValues.basicConstraints(&reader, critical: critical)
            case 0x1E:
                guard nameConstraints == nil else { throw duplicate }
                nameConstraints = try ExtensionValues.nameConstraints(&reader, critical: critical)
            case 0x1F:
                guard crlDistributionPoints == nil else { throw duplicate }
                crlDistributionPoints = slot
                _ = try DistributionPoint.readList(&reader)
            case 0x20:
                guard certificatePolicies == nil else { throw duplicate }
                certificatePolicies = ListExtension(critical: critical, list: try ExtensionValues.policies(&reader))
            case 0x21:
                guard policyMappings == nil else { throw duplicate }
                policyMappings = slot
                try ExtensionValues.policyMappings(&reader)
            case 0x23:
                guard authorityKeyIdentifier == nil else { throw duplicate }
                authorityKeyIdentifier = try ExtensionValues.authorityKeyIdentifier(&reader, critical: critical)
            case 0x24:
                guard policyConstraints == nil else { throw duplicate }
                policyConstraints = slot
                try ExtensionValues.policyConstraints(&reader)
            case 0x25:
                guard extendedKeyUsage == nil else { throw duplicate }
                extendedKeyUsage = ListExtension(critical: critical, list: try ExtensionValues.oidList(&reader))
            case 0x2E:
                guard freshestCRL == nil else { throw duplicate }
                freshestCRL = slot
                _ = try reader.read(.sequence)
            case 0x36:
                guard inhibitAnyPolicy == nil else { throw duplicate }
                inhibitAnyPolicy = slot
                let skip = try reader.read(.integer)
                try reader.checkInteger(skip)
                _ = try ExtensionValues.skipCerts(skip.value, reader, at: skip.start)
            default:
                return false
            }
            try reader.expectEnd()
            return true
        }
        if reader.bytes(oid, equal: OID.authorityInfoAccess.bytes) {
            guard authorityInformationAccess == nil else { throw duplicate }
            authorityInformationAccess = ExtensionSlot(critical: critical, value: value)
            // Its value must decode (issue 30): a CA that writes it wrong
            // has written the rest of the certificate with the same care.
            try ExtensionValues.accessDescriptions(&reader)
            try reader.expectEnd()
            return true
        }
        if reader.bytes(oid, equal: OID.signedCertificateTimestampList.bytes) {
            guard signedCertificateTimestamps == nil else { throw duplicate }
            signedCertificateTimestamps = ExtensionSlot(critical: critical, value: value)
            return true
        }
        return false
    }
}
