import DER

// The certificatePolicies extension with its qualifiers decoded, for
// viewers (RFC 5280 §4.2.1.4). Parsing checks the policy list and that each
// qualifier is an id and one element (ExtensionValues.policies); what is
// inside a user notice is not checked there, since RFC 5280 leaves its
// processing optional, so a notice is decoded here and a list whose
// notice does not read is nil as a whole. `PolicyInformation` (the policy
// and its qualifier ids) is what policy processing reads.

/// One PolicyInformation with its qualifiers decoded.
package struct PolicyStatement: Sendable, Equatable {
    /// The policyIdentifier (anyPolicy included).
    package let policy: OID
    /// The policyQualifiers in order; empty when absent.
    package let qualifiers: [PolicyQualifier]

    /// A policy with its qualifiers, as a caller builds one to compare.
    package init(policy: OID, qualifiers: [PolicyQualifier]) {
        self.policy = policy
        self.qualifiers = qualifiers
    }
}

/// One PolicyQualifierInfo (RFC 5280 §4.2.1.4), with the bytes of the certificate that holds it.
package enum PolicyQualifier: Sendable, Equatable {
    /// `id-qt-cps` with an IA5String: the CPS pointer's content octets (a URI).
    case cps(ArraySlice<UInt8>)
    /// `id-qt-unotice` with a SEQUENCE: the user notice.
    case userNotice(UserNotice)
    /// Any other qualifier, or a known id with an unexpected type: the id and the qualifier's TLV.
    case other(id: OID, encoded: ArraySlice<UInt8>)
}

/// `UserNotice ::= SEQUENCE { noticeRef NoticeReference OPTIONAL, explicitText DisplayText OPTIONAL }`.
package struct UserNotice: Sendable, Equatable {
    /// noticeRef: the organization and its notice numbers; nil when absent.
    package let noticeReference: NoticeReference?
    /// explicitText; nil when absent.
    package let explicitText: NoticeText?
}

/// `NoticeReference ::= SEQUENCE { organization DisplayText, noticeNumbers SEQUENCE OF INTEGER }`.
package struct NoticeReference: Sendable, Equatable {
    /// The organization that wrote the notices.
    package let organization: NoticeText
    /// Each noticeNumber's INTEGER content octets, in order.
    package let noticeNumbers: [ArraySlice<UInt8>]
}

/// A DisplayText of a user notice (RFC 5280 §4.2.1.4: IA5String,
/// VisibleString, BMPString or UTF8String), as its tag and content octets.
/// The bytes are the issuer's: display them through `DisplayText`.
package struct NoticeText: Sendable, Equatable {
    /// The string type.
    package let tag: DERTag
    /// The content octets.
    package let value: ArraySlice<UInt8>

    /// A text from its string type and content octets, as a caller builds one to compare.
    package init(tag: DERTag, value: ArraySlice<UInt8>) {
        self.tag = tag
        self.value = value
    }

    /// The text decoded: a BMPString as UTF-16 big-endian (an odd last byte
    /// dropped), any other type as UTF-8; ill-formed sequences become U+FFFD.
    package var string: String {
        guard tag == .bmpString else { return String(decoding: value, as: UTF8.self) }
        var units: [UInt16] = []
        units.reserveCapacity(value.count / 2)
        var index = value.startIndex
        while index + 1 < value.endIndex {
            units.append(UInt16(value[index]) << 8 | UInt16(value[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}

extension PolicyStatement {
    /// One PolicyInformation at the reader's position.
    static func read(_ reader: inout DERReader, in der: [UInt8]) throws(DERError) -> PolicyStatement {
        var information = try reader.nested(try reader.read(.sequence))
        let policy = OID(der: information.copy(try information.readOID()))
        var qualifiers: [PolicyQualifier] = []
        if let element = try information.readIfPresent(.sequence) {
            var list = try information.nested(element)
            while !list.isAtEnd {
                var fields = try list.nested(try list.read(.sequence))
                let id = OID(der: fields.copy(try fields.readOID()))
                let value = try fields.readElement()
                if id == .cpsQualifier, value.tag == .ia5String {
                    qualifiers.append(.cps(der[value.value]))
                } else if id == .userNoticeQualifier, value.tag == .sequence {
                    qualifiers.append(.userNotice(try UserNotice.read(value, fields, in: der)))
                } else {
                    qualifiers.append(.other(id: id, encoded: der[value.encoded]))
                }
            }
        }
        return PolicyStatement(policy: policy, qualifiers: qualifiers)
    }
}

extension UserNotice {
    /// The notice in `element`. Each DisplayText is taken as whatever
    /// element stands there, and bytes after the fields are not read: a
    /// viewer shows what a notice says, and policy processing never reads it.
    static func read(_ element: DERElement, _ reader: DERReader, in der: [UInt8]) throws(DERError) -> UserNotice {
        var notice = try reader.nested(element)
        var reference: NoticeReference? = nil
        if let sequence = try notice.readIfPresent(.sequence) {
            var fields = try notice.nested(sequence)
            let organization = try fields.readElement()
            var list = try fields.nested(try fields.read(.sequence))
            var numbers: [ArraySlice<UInt8>] = []
            while !list.isAtEnd { numbers.append(der[try list.read(.integer).value]) }
            reference = NoticeReference(organization: NoticeText(tag: organization.tag, value: der[organization.value]),
                                        noticeNumbers: numbers)
        }
        var explicitText: NoticeText? = nil
        if !notice.isAtEnd {
            let text = try notice.readElement()
            explicitText = NoticeText(tag: text.tag, value: der[text.value])
        }
        return UserNotice(noticeReference: reference, explicitText: explicitText)
    }
}

extension Certificate {
    /// The certificatePolicies with their qualifiers decoded, in order; nil
    /// when the extension is absent or a qualifier (a user notice) does not decode.
    package var policyStatements: [PolicyStatement]? {
        guard let list = storage.extensions.certificatePolicies?.value else { return nil }
        let der = self.der
        return withReader(list) { reader in
            var result: [PolicyStatement] = []
            while !reader.isAtEnd {
                guard let statement = try? PolicyStatement.read(&reader, in: der) else { return nil }
                result.append(statement)
            }
            return result
        }
    }
}
