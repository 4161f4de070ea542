import DER

// CertificateList ::= SEQUENCE { tbsCertList, signatureAlgorithm, signatureValue }
// (RFC 5280 §5.1), read like a certificate: every field checked, every
// entry checked once, and the entries indexed by serial without copying.
extension CertificateList {
    /// Parses and checks a DER CRL. `der` is kept as is (no copy).
    public init(derEncoded der: [UInt8]) throws(DERError) {
        // Compared in 64 bits: on a 32-bit target (wasm32) UInt32.max is no Int.
        guard UInt64(der.count) < UInt64(UInt32.max) else { throw DERError(.crlTooLarge, at: 0) }
        self = try DERReader.withReader(over: der) { (reader: inout DERReader) throws(DERError) in
            try CertificateList.parse(der, &reader)
        }
    }

    private static func parse(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> CertificateList {
        let list = try reader.read(.sequence)
        try reader.expectEnd()
        var fields = try reader.nested(list)
        let tbs = try fields.read(.sequence)
        let signatureAlgorithm = try fields.readAlgorithmIdentifier()
        let signature = try fields.readBitString()
        guard signature.unusedBits == 0 else { throw DERError(.invalidSignatureValue, at: signature.bytes.lowerBound - 1) }
        try fields.expectEnd()

        var tbsFields = try fields.nested(tbs)
        var version = Version.v1
        if tbsFields.peekTag() == .integer {
            let start = tbsFields.position
            // §5.1.2.1: when present, the version is v2; v1 is said by leaving it out.
            guard (try? tbsFields.readSmallInteger(maximum: 1)) == 1 else { throw DERError(.unsupportedCRLVersion, at: start) }
            version = .v2
        }
        let innerAlgorithm = try tbsFields.readAlgorithmIdentifier()
        // §5.1.2.2: the TBS copy MUST equal signatureAlgorithm, byte for byte.
        guard reader.bytes(innerAlgorithm.encoded, equal: signatureAlgorithm.encoded) else {
            throw DERError(.signatureAlgorithmMismatch, at: innerAlgorithm.encoded.lowerBound)
        }
        let issuer = try DistinguishedName.check(&tbsFields)
        let thisUpdate = try tbsFields.readTime()
        var nextUpdate: Int64? = nil
        if tbsFields.peekTag() == .utcTime || tbsFields.peekTag() == .generalizedTime {
            nextUpdate = try tbsFields.readTime()
        }
        var revoked: Range<Int>? = nil
        var index: [IndexEntry] = []
        var entryExtensions = false, unknownCriticalEntry = false
        if tbsFields.peekTag() == .sequence {
            let element = try tbsFields.read(.sequence)
            guard !element.value.isEmpty else { throw DERError(.emptyRevokedCertificates, at: element.start) }
            revoked = element.value
            var entries = try tbsFields.nested(element)
            var issuerEntry = noIssuerEntry
            while !entries.isAtEnd {
                let read = try readEntry(&entries)
                if read.values.certificateIssuer != nil { issuerEntry = UInt32(read.encoded.lowerBound) }
                entryExtensions = entryExtensions || read.hasExtensions
                unknownCriticalEntry = unknownCriticalEntry || read.values.hasUnrecognisedCriticalExtension
                index.append(IndexEntry(key: key(der[read.serial]), entry: UInt32(read.encoded.lowerBound), issuerEntry: issuerEntry))
            }
        }
        var extensions = CRLExtensionLayout()
        if tbsFields.peekTag() == .contextSpecificConstructed(0) {
            let wrapper = try tbsFields.read(.contextSpecificConstructed(0))
            var inner = try tbsFields.nested(wrapper)
            extensions = try CRLExtensionLayout.read(&inner)
            try inner.expectEnd()
        }
        try tbsFields.expectEnd()
        if version == .v1 && (extensions.list != nil || entryExtensions) {
            throw DERError(.extensionsInV1CRL, at: tbs.start)
        }
        sortIndex(&index, der)
        return CertificateList(storage: Storage(
            der: der, version: version, tbsCertList: tbs.encoded, signatureAlgorithm: signatureAlgorithm,
            issuer: issuer, thisUpdate: thisUpdate, nextUpdate: nextUpdate, revokedCertificates: revoked,
            index: index, hasUnrecognisedCriticalEntryExtension: unknownCriticalEntry, extensions: extensions,
            signatureValue: signature.bytes))
    }

    /// By key, then by the whole serial, then by position, so that equal
    /// serials stay in encoding order.
    private static func sortIndex(_ index: inout [IndexEntry], _ der: [UInt8]) {
        func serial(_ item: IndexEntry) -> ArraySlice<UInt8> {
            (try? readSerial(der, at: Int(item.entry))).map { der[$0] } ?? []
        }
        index.stablySort { a, b in
            if a.key != b.key { return a.key < b.key }
            if a.key >> 56 > 7 {
                let order = compareSerials(serial(a), serial(b))
                if order != 0 { return order < 0 }
            }
            return a.entry < b.entry
        }
    }

    static func readSerial(_ der: [UInt8], at offset: Int) throws(DERError) -> Range<Int> {
        try DERReader.withReader(over: der, range: offset..<der.count) { (reader: inout DERReader) throws(DERError) in
            let entry = try reader.read(.sequence)
            var fields = try reader.nested(entry)
            return try fields.readInteger()
        }
    }

    struct EntryRead {
        let encoded: Range<Int>
        let serial: Range<Int>
        let date: Int64
        let hasExtensions: Bool
        let values: EntryExtensionValues
    }

    static func readEntry(_ der: [UInt8], at offset: Int) throws(DERError) -> EntryRead {
        try DERReader.withReader(over: der, range: offset..<der.count) { (reader: inout DERReader) throws(DERError) in
            try readEntry(&reader)
        }
    }

    /// `SEQUENCE { userCertificate INTEGER, revocationDate Time, crlEntryExtensions Extensions OPTIONAL }`.
    static func readEntry(_ reader: inout DERReader) throws(DERError) -> EntryRead {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let serial = try fields.readInteger()
        let date = try fields.readTime()
        var values = EntryExtensionValues()
        let hasExtensions = !fields.isAtEnd
        if hasExtensions { values = try EntryExtensionValues.read(&fields) }
        try fields.expectEnd()
        return EntryRead(encoded: element.encoded, serial: serial, date: date, hasExtensions: hasExtensions, values: values)
    }
}
