import DER

// The CRL extensions (RFC 5280 §5.2) and CRL entry extensions (§5.3) this
// library processes. Each is decoded strictly when the CRL is parsed; an
// unknown one is only counted, and an unknown critical one marks the CRL
// unusable for status decisions (not unparseable: `inspect` still shows it).
//
// deltaCRLIndicator, issuingDistributionPoint and certificateIssuer "MUST
// be critical" (§5.2.4, §5.2.5, §5.3.3) so that a reader that does not
// know them cannot misread the CRL's scope. This reader knows and applies
// all three, so a non-critical copy is read the same way rather than
// refused: refusing would only turn a CRL whose meaning is clear into no
// revocation information (pyca's crl_all_reasons.pem, for one, carries a
// non-critical certificateIssuer, and OpenSSL and Go read it).

extension CRLExtensionLayout {
    /// Reads `crlExtensions [0] EXPLICIT Extensions` content.
    static func read(_ reader: inout DERReader) throws(DERError) -> CRLExtensionLayout {
        var result = CRLExtensionLayout()
        let walk = try ExtensionWalk.read(&reader) { (oid, critical, value, valueReader: inout DERReader, start) throws(DERError) in
            try result.store(oid: oid, critical: critical, value: value, reader: &valueReader, at: start)
        }
        result.list = walk.list
        result.hasUnrecognisedCriticalExtension = walk.hasUnrecognisedCriticalExtension
        return result
    }

    private mutating func store(
        oid: Range<Int>, critical: Bool, value: Range<Int>, reader: inout DERReader, at start: Int
    ) throws(DERError) -> Bool {
        let duplicate = DERError(.duplicateExtension, at: start)
        if reader.bytes(oid, equal: OID.authorityInfoAccess.bytes) {
            guard authorityInformationAccess == nil else { throw duplicate }
            authorityInformationAccess = ExtensionLocation(critical: critical, value: value)
            _ = try reader.read(.sequence)
            try reader.expectEnd()
            return true
        }
        guard oid.count == 3, reader[oid.lowerBound] == 0x55, reader[oid.lowerBound + 1] == 0x1D else { return false }
        switch reader[oid.lowerBound + 2] {
        case 0x12:
            guard issuerAlternativeName == nil else { throw duplicate }
            issuerAlternativeName = ExtensionLocation(critical: critical, value: try GeneralName.readList(&reader, context: .alternativeName))
        case 0x14:
            guard crlNumber == nil else { throw duplicate }
            crlNumber = try Self.readCRLNumber(&reader)
        case 0x1B:
            guard deltaCRLIndicator == nil else { throw duplicate }
            deltaCRLIndicator = try Self.readCRLNumber(&reader)
        case 0x1C:
            guard issuingDistributionPoint == nil else { throw duplicate }
            issuingDistributionPoint = try Self.readIssuingDistributionPoint(&reader)
        case 0x23:
            guard authorityKeyIdentifier == nil else { throw duplicate }
            authorityKeyIdentifier = try ExtensionValues.authorityKeyIdentifier(&reader, critical: critical)
        case 0x2E:
            guard freshestCRL == nil else { throw duplicate }
            freshestCRL = ExtensionLocation(critical: critical, value: value)
            _ = try reader.read(.sequence)
        default:
            return false
        }
        try reader.expectEnd()
        return true
    }

    /// §5.2.3: `CRLNumber ::= INTEGER (0..MAX)`, at most 20 octets.
    private static func readCRLNumber(_ reader: inout DERReader) throws(DERError) -> Range<Int> {
        let start = reader.position
        let number = try reader.readInteger()
        let signOctet = number.count > 1 && reader[number.lowerBound] == 0 ? 1 : 0
        guard reader[number.lowerBound] & 0x80 == 0, number.count - signOctet <= 20 else {
            throw DERError(.invalidCRLNumber, at: start)
        }
        return number
    }

    /// §5.2.5, with the DER rules: a BOOLEAN DEFAULT FALSE is never encoded
    /// as FALSE, the SEQUENCE is not empty, and at most one of the three
    /// "only contains" flags is set.
    private static func readIssuingDistributionPoint(_ reader: inout DERReader) throws(DERError) -> IssuingDistributionPoint.Location {
        let element = try reader.read(.sequence)
        let invalid = DERError(.invalidIssuingDistributionPoint, at: element.start)
        guard !element.value.isEmpty else { throw invalid }
        var fields = try reader.nested(element)
        var fullName: Range<Int>? = nil, relativeName: Range<Int>? = nil
        if fields.peekTag() == .contextSpecificConstructed(0) {
            switch try DistributionPoint.readName(&fields) {
            case .fullName(let names): fullName = names
            case .relativeToCRLIssuer(let rdn): relativeName = rdn
            }
        }
        func flag(_ number: UInt8) throws(DERError) -> Bool {
            guard fields.peekTag() == .contextSpecific(number) else { return false }
            guard try fields.readBoolean(tag: .contextSpecific(number)) else { throw DERError(.explicitDefaultValue, at: element.start) }
            return true
        }
        let user = try flag(1), ca = try flag(2)
        var reasons: ReasonFlags? = nil
        if fields.peekTag() == .contextSpecific(3) {
            reasons = try readReasonFlags(&fields, tag: .contextSpecific(3))
        }
        let indirect = try flag(4), attribute = try flag(5)
        try fields.expectEnd()
        guard [user, ca, attribute].filter({ $0 }).count <= 1 else { throw invalid }
        return IssuingDistributionPoint.Location(encoded: element.encoded, fullName: fullName, relativeName: relativeName, onlyContainsUserCerts: user,
                                        onlyContainsCACerts: ca, onlySomeReasons: reasons, indirectCRL: indirect,
                                        onlyContainsAttributeCerts: attribute)
    }

    /// `ReasonFlags ::= BIT STRING` (named bits: DER drops trailing zero bits).
    static func readReasonFlags(_ reader: inout DERReader, tag: DERTag) throws(DERError) -> ReasonFlags {
        let bits = try reader.readBitString(tag: tag)
        guard bits.bytes.count <= 2 else { throw DERError(.invalidExtension, at: bits.bytes.lowerBound) }
        var raw: UInt16 = 0
        for (octet, position) in zip(bits.bytes, 0...) {
            let byte = reader[octet]
            for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 { raw |= 1 << UInt16(position * 8 + bit) }
        }
        return ReasonFlags(rawValue: raw)
    }
}

/// What an entry's extensions (§5.3) say.
struct EntryExtensionValues {
    var reason: CRLReason? = nil
    var invalidityDate: Int64? = nil
    /// The certificateIssuer GeneralNames content.
    var certificateIssuer: Range<Int>? = nil
    var hasUnrecognisedCriticalExtension = false

    static func read(_ reader: inout DERReader) throws(DERError) -> EntryExtensionValues {
        var result = EntryExtensionValues()
        let walk = try ExtensionWalk.read(&reader) { (oid, critical, _, valueReader: inout DERReader, start) throws(DERError) in
            try result.store(oid: oid, critical: critical, reader: &valueReader, at: start)
        }
        result.hasUnrecognisedCriticalExtension = walk.hasUnrecognisedCriticalExtension
        return result
    }

    private mutating func store(oid: Range<Int>, critical: Bool, reader: inout DERReader, at start: Int) throws(DERError) -> Bool {
        guard oid.count == 3, reader[oid.lowerBound] == 0x55, reader[oid.lowerBound + 1] == 0x1D else { return false }
        let duplicate = DERError(.duplicateExtension, at: start)
        switch reader[oid.lowerBound + 2] {
        case 0x15:
            guard reason == nil else { throw duplicate }
            let code: Int
            do { code = try reader.readSmallInteger(tag: .enumerated, maximum: 10) } catch {
                throw error.rule == .integerOutOfRange ? DERError(.invalidReasonCode, at: start) : error
            }
            guard let value = CRLReason(rawValue: code) else { throw DERError(.invalidReasonCode, at: start) }
            reason = value
        case 0x18:
            guard invalidityDate == nil else { throw duplicate }
            invalidityDate = try reader.readGeneralizedTime()
        case 0x1D:
            guard certificateIssuer == nil else { throw duplicate }
            certificateIssuer = try GeneralName.readList(&reader, context: .alternativeName)
        default:
            return false
        }
        try reader.expectEnd()
        return true
    }
}
