import DER

// The four certificate-policy extensions of RFC 5280 as values for the
// policy processing of §6.1 (Trust/PolicyProcessing.swift). Their DER is
// checked when the certificate is parsed (Extensions.read); these views
// decode what was checked.

/// One PolicyInformation: the policy and the ids of its qualifiers.
package struct PolicyInformation: Sendable, Equatable {
    /// The policyIdentifier (anyPolicy included).
    package let policy: OID
    /// Each qualifier's policyQualifierId in order (CPS pointer, user notice, …); the qualifiers are not decoded.
    package let qualifierIDs: [OID]

    /// A policy with the ids of its qualifiers.
    package init(policy: OID, qualifierIDs: [OID]) {
        self.policy = policy
        self.qualifierIDs = qualifierIDs
    }
}

/// One pair of a policyMappings extension (RFC 5280 §4.2.1.5).
package struct PolicyMapping: Sendable, Equatable {
    /// The policy as the issuing CA's domain names it.
    package let issuerDomainPolicy: OID
    /// The policy the subject CA's domain takes as its equivalent.
    package let subjectDomainPolicy: OID

    /// A mapping of `issuerDomainPolicy` onto `subjectDomainPolicy`.
    package init(issuerDomainPolicy: OID, subjectDomainPolicy: OID) {
        self.issuerDomainPolicy = issuerDomainPolicy
        self.subjectDomainPolicy = subjectDomainPolicy
    }
}

/// RFC 5280 §4.2.1.11; each a SkipCerts count.
package struct PolicyConstraintValues: Sendable, Equatable {
    /// How many more certificates may follow before the path needs an explicit policy; nil when absent.
    package let requireExplicitPolicy: Int?
    /// How many more certificates may follow before policy mapping stops being allowed; nil when absent.
    package let inhibitPolicyMapping: Int?
}

extension ExtensionValues {
    /// `SEQUENCE SIZE (1..MAX) OF SEQUENCE { issuerDomainPolicy, subjectDomainPolicy }`.
    static func policyMappings(_ reader: inout DERReader) throws(DERError) {
        let element = try reader.read(.sequence)
        guard !element.value.isEmpty else { throw DERError(.invalidExtension, at: element.start) }
        var pairs = try reader.nested(element)
        while !pairs.isAtEnd {
            try pairs.readNested(.sequence) { (pair: inout DERReader) throws(DERError) in
                _ = try pair.readOID()
                _ = try pair.readOID()
            }
        }
    }

    /// SkipCerts ::= INTEGER (0..MAX), read from a checked INTEGER's content;
    /// negative values are refused, values past 2^31 − 1 read as that (no
    /// path comes near either).
    static func skipCerts(_ content: Range<Int>, _ reader: DERReader, at start: Int) throws(DERError) -> Int {
        let bytes = reader.bytes(in: content)
        guard let first = bytes.first, first & 0x80 == 0 else { throw DERError(.invalidExtension, at: start) }
        guard bytes.count <= 4 else { return Int(Int32.max) }
        var value = 0
        for byte in bytes { value = (value << 8) | Int(byte) }
        return min(value, Int(Int32.max))
    }
}

extension Certificate {
    /// The certificatePolicies entries in order; empty when the extension is absent.
    package var certificatePolicyList: [PolicyInformation] {
        guard let list = storage.extensions.certificatePolicies?.value else { return [] }
        return withReader(list) { reader in
            var result: [PolicyInformation] = []
            while let info = try? reader.read(.sequence), var fields = try? reader.nested(info), let oid = try? fields.readOID() {
                var qualifiers: [OID] = []
                if let sequence = try? fields.read(.sequence), var list = try? fields.nested(sequence) {
                    while let qualifier = try? list.read(.sequence), var inner = try? list.nested(qualifier), let id = try? inner.readOID() {
                        qualifiers.append(OID(der: inner.copy(id)))
                    }
                }
                result.append(PolicyInformation(policy: OID(der: fields.copy(oid)), qualifierIDs: qualifiers))
            }
            return result
        }
    }

    /// The policyMappings pairs, or nil when the extension is absent.
    package var policyMappingList: [PolicyMapping]? {
        guard let slot = storage.extensions.policyMappings else { return nil }
        return withReader(slot.value) { reader in
            var result: [PolicyMapping] = []
            guard let outer = try? reader.read(.sequence), var pairs = try? reader.nested(outer) else { return result }
            while let pair = try? pairs.read(.sequence), var fields = try? pairs.nested(pair),
                  let issuer = try? fields.readOID(), let subject = try? fields.readOID() {
                result.append(PolicyMapping(issuerDomainPolicy: OID(der: fields.copy(issuer)), subjectDomainPolicy: OID(der: fields.copy(subject))))
            }
            return result
        }
    }

    /// The policyConstraints values, or nil when the extension is absent.
    package var policyConstraintValues: PolicyConstraintValues? {
        guard let slot = storage.extensions.policyConstraints else { return nil }
        return withReader(slot.value) { reader in
            guard let outer = try? reader.read(.sequence), var fields = try? reader.nested(outer) else { return nil }
            let require = (try? fields.readIfPresent(.contextSpecific(0))).flatMap { $0 }
            let inhibit = (try? fields.readIfPresent(.contextSpecific(1))).flatMap { $0 }
            return PolicyConstraintValues(
                requireExplicitPolicy: require.flatMap { try? ExtensionValues.skipCerts($0.value, fields, at: $0.start) },
                inhibitPolicyMapping: inhibit.flatMap { try? ExtensionValues.skipCerts($0.value, fields, at: $0.start) })
        }
    }

    /// The inhibitAnyPolicy SkipCerts, or nil when the extension is absent.
    package var inhibitAnyPolicyValue: Int? {
        guard let slot = storage.extensions.inhibitAnyPolicy else { return nil }
        return withReader(slot.value) { reader in
            guard let element = try? reader.read(.integer) else { return nil }
            return try? ExtensionValues.skipCerts(element.value, reader, at: element.start)
        }
    }
}
