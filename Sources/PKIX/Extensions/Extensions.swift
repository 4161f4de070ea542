import DER

/// Where a parse found each extension this library knows, filled once (a
/// second instance is refused, RFC 5280 §4.2), and what it counted. Stored
/// in the certificate; `Extensions` is the package's view of it.
struct ExtensionLayout: Sendable {
    var list: Range<Int>? = nil
    var count = 0
    var basicConstraints: BasicConstraints? = nil
    var keyUsage: KeyUsageExtension? = nil
    var extendedKeyUsage: ExtensionLocation? = nil
    var subjectAlternativeName: ExtensionLocation? = nil
    var issuerAlternativeName: ExtensionLocation? = nil
    var nameConstraints: NameConstraints.Location? = nil
    var authorityKeyIdentifier: AuthorityKeyIdentifier.Location? = nil
    var subjectKeyIdentifier: ExtensionLocation? = nil
    var certificatePolicies: ExtensionLocation? = nil
    var policyMappings: ExtensionLocation? = nil
    var policyConstraints: ExtensionLocation? = nil
    var inhibitAnyPolicy: ExtensionLocation? = nil
    var authorityInformationAccess: ExtensionLocation? = nil
    var crlDistributionPoints: ExtensionLocation? = nil
    var freshestCRL: ExtensionLocation? = nil
    var signedCertificateTimestamps: ExtensionLocation? = nil
    var unrecognisedCount = 0
    var hasUnrecognisedCriticalExtension = false

    init() {}

    /// Reads `[3] EXPLICIT Extensions` content: `SEQUENCE SIZE (1..MAX) OF Extension`.
    static func read(_ reader: inout DERReader) throws(DERError) -> ExtensionLayout {
        var result = ExtensionLayout()
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
            let slot = ExtensionLocation(critical: critical, value: value)
            switch reader[oid.lowerBound + 2] {
            case 0x0E:
                guard subjectKeyIdentifier == nil else { throw duplicate }
                subjectKeyIdentifier = ExtensionLocation(critical: critical, value: try reader.readOctetString())
            case 0x0F:
                guard keyUsage == nil else { throw duplicate }
                keyUsage = try ExtensionValues.keyUsage(&reader, critical: critical)
            case 0x11:
                guard subjectAlternativeName == nil else { throw duplicate }
                subjectAlternativeName = ExtensionLocation(critical: critical, value: try GeneralName.readList(&reader, context: .alternativeName))
            case 0x12:
                guard issuerAlternativeName == nil else { throw duplicate }
                issuerAlternativeName = ExtensionLocation(critical: critical, value: try GeneralName.readList(&reader, context: .alternativeName))
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
                certificatePolicies = ExtensionLocation(critical: critical, value: try ExtensionValues.policies(&reader))
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
                extendedKeyUsage = ExtensionLocation(critical: critical, value: try ExtensionValues.oidList(&reader))
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
            authorityInformationAccess = ExtensionLocation(critical: critical, value: value)
            // Its value must decode: a CA that writes it wrong
            // has written the rest of the certificate with the same care.
            try ExtensionValues.accessDescriptions(&reader)
            try reader.expectEnd()
            return true
        }
        if reader.bytes(oid, equal: OID.signedCertificateTimestampList.bytes) {
            guard signedCertificateTimestamps == nil else { throw duplicate }
            signedCertificateTimestamps = ExtensionLocation(critical: critical, value: value)
            return true
        }
        return false
    }
}
