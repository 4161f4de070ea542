import DER

// Decoders for the values of the extensions the parser checks. Each reads
// the extnValue content from `reader`; the caller refuses leftover bytes.
enum ExtensionValues {
    /// RFC 5280 §4.2.1.9: `SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }`.
    ///
    /// An explicitly encoded `cA FALSE` is tolerated: it breaks X.690 §11.5,
    /// but CAs issued such certificates for years and Chromium accepts them
    /// (its basic_constraints_ca_false case). The pathLenConstraint bound of
    /// 255 is Chromium's: larger values have no use and are refused.
    static func basicConstraints(_ reader: inout DERReader, critical: Bool) throws(DERError) -> BasicConstraints {
        try reader.readNested(.sequence) { (fields: inout DERReader) throws(DERError) in
            var isCA = false
            if fields.peekTag() == .boolean { isCA = try fields.readBoolean() }
            var pathLength: Int? = nil
            if fields.peekTag() == .integer {
                let start = fields.position
                do throws(DERError) {
                    pathLength = try fields.readSmallInteger(maximum: 255)
                } catch where error.rule == .integerOutOfRange {
                    throw DERError(.pathLengthOutOfRange, at: start)
                }
            }
            return BasicConstraints(critical: critical, isCA: isCA, pathLength: pathLength)
        }
    }

    /// RFC 5280 §4.2.1.3: `KeyUsage ::= BIT STRING`, at least one bit set.
    static func keyUsage(_ reader: inout DERReader, critical: Bool) throws(DERError) -> KeyUsageExtension {
        let start = reader.position
        let bits = try reader.readBitString()
        var raw: UInt16 = 0
        var any = false
        for (index, offset) in bits.bytes.enumerated() {
            let byte = reader[offset]
            if byte != 0 { any = true }
            // Bit 0 is the most significant bit of the first octet (X.690 §8.6.2.4).
            for bit in 0..<8 where byte & (0x80 >> bit) != 0 {
                let position = index * 8 + bit
                if position < 16 { raw |= 1 << UInt16(position) }
            }
        }
        guard any else { throw DERError(.emptyKeyUsage, at: start) }
        return KeyUsageExtension(critical: critical, usage: KeyUsage(rawValue: raw))
    }

    /// `SEQUENCE SIZE (1..MAX) OF OBJECT IDENTIFIER` (extendedKeyUsage).
    static func oidList(_ reader: inout DERReader) throws(DERError) -> Range<Int> {
        let element = try reader.read(.sequence)
        guard !element.value.isEmpty else { throw DERError(.invalidExtension, at: element.start) }
        var items = try reader.nested(element)
        while !items.isAtEnd { _ = try items.readOID() }
        return element.value
    }

    /// RFC 5280 §4.2.1.10: at least one of the two subtree lists, each
    /// non-empty; `minimum` is 0 (so omitted) and `maximum` absent, both MUSTs.
    static func nameConstraints(_ reader: inout DERReader, critical: Bool) throws(DERError) -> NameConstraints.Location {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let permitted = try subtrees(&fields, tag: .contextSpecificConstructed(0))
        let excluded = try subtrees(&fields, tag: .contextSpecificConstructed(1))
        try fields.expectEnd()
        guard permitted != nil || excluded != nil else { throw DERError(.invalidNameConstraints, at: element.start) }
        return NameConstraints.Location(critical: critical, permittedSubtrees: permitted, excludedSubtrees: excluded)
    }

    private static func subtrees(_ reader: inout DERReader, tag: DERTag) throws(DERError) -> Range<Int>? {
        guard let list = try reader.readIfPresent(tag) else { return nil }
        guard !list.value.isEmpty else { throw DERError(.invalidNameConstraints, at: list.start) }
        var items = try reader.nested(list)
        while !items.isAtEnd {
            try items.readNested(.sequence) { (subtree: inout DERReader) throws(DERError) in
                _ = try GeneralName.read(&subtree, context: .constraint)
                guard subtree.isAtEnd else { throw DERError(.invalidNameConstraints, at: subtree.position) }
            }
        }
        return list.value
    }

    /// RFC 5280 §4.2.1.1: `SEQUENCE { keyIdentifier [0], authorityCertIssuer [1], authorityCertSerialNumber [2] }`.
    ///
    /// X.509 asks for the last two together; RFC 5280 does not repeat it, and
    /// the identifier is only a hint for path building, so a lone issuer or
    /// serial is kept as encoded rather than refused (docs/parsing.md).
    static func authorityKeyIdentifier(_ reader: inout DERReader, critical: Bool) throws(DERError) -> AuthorityKeyIdentifier.Location {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let keyIdentifier = try fields.readIfPresent(.contextSpecific(0))?.value
        var issuer: Range<Int>? = nil
        if fields.peekTag() == .contextSpecificConstructed(1) {
            let list = try fields.read(.contextSpecificConstructed(1))
            guard !list.value.isEmpty else { throw DERError(.emptyGeneralNames, at: list.start) }
            var names = try fields.nested(list)
            while !names.isAtEnd { _ = try GeneralName.read(&names, context: .alternativeName) }
            issuer = list.value
        }
        var serial: Range<Int>? = nil
        if fields.peekTag() == .contextSpecific(2) { serial = try fields.readInteger(tag: .contextSpecific(2)) }
        try fields.expectEnd()
        return AuthorityKeyIdentifier.Location(critical: critical, keyIdentifier: keyIdentifier, issuer: issuer, serialNumber: serial)
    }

    /// RFC 5280 §4.2.1.4: `SEQUENCE SIZE (1..MAX) OF PolicyInformation`, where
    /// PolicyInformation is `SEQUENCE { policyIdentifier, policyQualifiers
    /// SEQUENCE SIZE (1..MAX) OF PolicyQualifierInfo OPTIONAL }` and a
    /// PolicyQualifierInfo has an id and a qualifier.
    static func policies(_ reader: inout DERReader) throws(DERError) -> Range<Int> {
        let element = try reader.read(.sequence)
        guard !element.value.isEmpty else { throw DERError(.invalidPolicies, at: element.start) }
        var items = try reader.nested(element)
        while !items.isAtEnd {
            try items.readNested(.sequence) { (info: inout DERReader) throws(DERError) in
                _ = try info.readOID()
                guard let qualifiers = try info.readIfPresent(.sequence) else { return }
                guard !qualifiers.value.isEmpty else { throw DERError(.invalidPolicies, at: qualifiers.start) }
                var list = try info.nested(qualifiers)
                while !list.isAtEnd {
                    try list.readNested(.sequence) { (qualifier: inout DERReader) throws(DERError) in
                        _ = try qualifier.readOID()
                        guard !qualifier.isAtEnd else { throw DERError(.invalidPolicies, at: qualifier.position) }
                        _ = try qualifier.readElement()
                    }
                }
            }
        }
        return element.value
    }

    /// RFC 5280 §4.2.1.11: `SEQUENCE { requireExplicitPolicy [0], inhibitPolicyMapping [1] }`,
    /// not both absent.
    /// RFC 5280 §4.2.2.1: `AuthorityInfoAccessSyntax ::= SEQUENCE SIZE
    /// (1..MAX) OF AccessDescription`, each `SEQUENCE { accessMethod OBJECT
    /// IDENTIFIER, accessLocation GeneralName }`.
    static func accessDescriptions(_ reader: inout DERReader) throws(DERError) {
        let element = try reader.read(.sequence)
        guard !element.value.isEmpty else { throw DERError(.invalidExtension, at: element.start) }
        var descriptions = try reader.nested(element)
        while !descriptions.isAtEnd {
            try descriptions.readNested(.sequence) { (description: inout DERReader) throws(DERError) in
                _ = try description.readOID()
                _ = try GeneralName.read(&description, context: .alternativeName)
            }
        }
    }

    static func policyConstraints(_ reader: inout DERReader) throws(DERError) {
        let element = try reader.read(.sequence)
        var fields = try reader.nested(element)
        let require = try fields.readIfPresent(.contextSpecific(0))
        if let require {
            try fields.checkInteger(require)
            _ = try skipCerts(require.value, fields, at: require.start)
        }
        let inhibit = try fields.readIfPresent(.contextSpecific(1))
        if let inhibit {
            try fields.checkInteger(inhibit)
            _ = try skipCerts(inhibit.value, fields, at: inhibit.start)
        }
        try fields.expectEnd()
        guard require != nil || inhibit != nil else { throw DERError(.invalidExtension, at: element.start) }
    }
}

extension Certificate {
    /// The extendedKeyUsage purposes, or an empty list when the extension is absent.
    public var extendedKeyUsages: [OID] { oids(in: storage.extensions.extendedKeyUsage?.value) }

    /// Whether extendedKeyUsage lists `purpose`; false when it is absent.
    /// Read in place: the path checks ask this of every certificate of
    /// every evaluation, where a list of copied OIDs would allocate.
    package func extendedKeyUsageIncludes(_ purpose: OID) -> Bool {
        guard let list = storage.extensions.extendedKeyUsage?.value else { return false }
        return withReader(list) { reader in
            while let oid = try? reader.readOID() {
                if reader.bytes(oid, equal: purpose.bytes) { return true }
            }
            return false
        }
    }

    /// The certificatePolicies identifiers.
    public var policyIdentifiers: [OID] {
        guard let list = storage.extensions.certificatePolicies?.value else { return [] }
        return withReader(list) { reader in
            var result: [OID] = []
            while let info = try? reader.read(.sequence) {
                var fields = reader.reader(over: info.value, depth: 0)
                if let oid = try? fields.readOID() { result.append(OID(der: reader.copy(oid))) }
            }
            return result
        }
    }

    /// Every extension in encoding order, known or not.
    package var allExtensions: [Extension] {
        guard let list = storage.extensions.list else { return [] }
        let der = self.der
        return withReader(list) { reader in
            var result: [Extension] = []
            while let element = try? reader.read(.sequence) {
                var fields = reader.reader(over: element.value, depth: 0)
                guard let oid = try? fields.readOID() else { break }
                let critical = fields.peekTag() == .boolean ? ((try? fields.readBoolean()) ?? false) : false
                guard let value = try? fields.readOctetString() else { break }
                result.append(Extension(oid: OID(der: reader.copy(oid)), critical: critical, value: der[value]))
            }
            return result
        }
    }

    func oids(in list: Range<Int>?) -> [OID] {
        guard let list else { return [] }
        return withReader(list) { reader in
            var result: [OID] = []
            while let oid = try? reader.readOID() { result.append(OID(der: reader.copy(oid))) }
            return result
        }
    }
}
