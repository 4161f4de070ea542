import DER

/// An extension kept as its `extnValue` content, with its criticality.
package struct ExtensionSlot: Sendable, Equatable {
    /// Whether the extension is marked critical (an absent flag reads false).
    package let critical: Bool
    /// The content of the extnValue OCTET STRING (the DER of the extension's value).
    package let value: ArraySlice<UInt8>
}

/// Where a parse found an extension's bytes: its criticality and the
/// offsets of its value (or of the list inside it) in the encoding that
/// holds it. The public views are built from it when asked for.
struct ExtensionLocation: Sendable, Equatable {
    let critical: Bool
    let value: Range<Int>

    func slot(in der: [UInt8]) -> ExtensionSlot { ExtensionSlot(critical: critical, value: der[value]) }
    func list(in der: [UInt8]) -> ListExtension { ListExtension(critical: critical, list: der[value]) }
}

/// RFC 5280 §4.2.1.9. An enum-free shape: `pathLength` is only meaningful
/// when `isCA`; the parser keeps it as encoded and the verifier decides.
package struct BasicConstraints: Sendable, Equatable {
    /// Whether the extension is marked critical.
    package let critical: Bool
    /// The cA flag: the subject is a CA; false when absent.
    package let isCA: Bool
    /// pathLenConstraint, 0–255, when present.
    package let pathLength: Int?
}

/// RFC 5280 §4.2.1.3: the nine named bits, bit 0 first.
package struct KeyUsage: Sendable, Equatable, OptionSet {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bit 0: signatures other than on certificates and CRLs, such as a TLS handshake's.
    package static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    /// Bit 1 (contentCommitment in later X.509): signatures that commit the signer to content.
    package static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    /// Bit 2: encrypting keys, as RSA key transport does.
    package static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    /// Bit 3: encrypting user data with the public key itself.
    package static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    /// Bit 4: key agreement, as a Diffie-Hellman key does.
    package static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    /// Bit 5: signing certificates; an issuing CA's keyUsage must assert it (§4.2.1.3).
    package static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    /// Bit 6: signing CRLs.
    package static let cRLSign = KeyUsage(rawValue: 1 << 6)
    /// Bit 7: with keyAgreement, the agreed key may only encipher.
    package static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    /// Bit 8: with keyAgreement, the agreed key may only decipher.
    package static let decipherOnly = KeyUsage(rawValue: 1 << 8)

    /// Each named bit with its RFC 5280 name, in bit order, for display.
    package static let names: [(KeyUsage, String)] = [
        (.digitalSignature, "digitalSignature"), (.nonRepudiation, "nonRepudiation"),
        (.keyEncipherment, "keyEncipherment"), (.dataEncipherment, "dataEncipherment"),
        (.keyAgreement, "keyAgreement"), (.keyCertSign, "keyCertSign"), (.cRLSign, "cRLSign"),
        (.encipherOnly, "encipherOnly"), (.decipherOnly, "decipherOnly"),
    ]
}

/// The keyUsage extension: its criticality and bits.
package struct KeyUsageExtension: Sendable, Equatable {
    /// Whether the extension is marked critical.
    package let critical: Bool
    /// The bits set; BIT STRING bit n is `1 << n`.
    package let usage: KeyUsage
}

/// An extension whose value is a SEQUENCE OF something; `list` is the
/// SEQUENCE content (extendedKeyUsage OIDs, GeneralNames, PolicyInformation).
package struct ListExtension: Sendable, Equatable {
    /// Whether the extension is marked critical.
    package let critical: Bool
    /// The value's content octets (for subjectKeyIdentifier, the key identifier).
    package let list: ArraySlice<UInt8>
}

/// RFC 5280 §4.2.1.10: the GeneralSubtrees contents; `Certificate.permittedSubtrees`
/// and `excludedSubtrees` decode their base names.
package struct NameConstraints: Sendable, Equatable {
    // One reference to the encoding and the offsets: a view costs one
    // retain however many parts it has, and path checks build it often.
    let der: [UInt8]
    let location: Location

    /// Whether the extension is marked critical.
    package var critical: Bool { location.critical }
    /// The permittedSubtrees content; nil when absent (at least one of the two is present).
    package var permittedSubtrees: ArraySlice<UInt8>? { location.permittedSubtrees.map { der[$0] } }
    /// The excludedSubtrees content; nil when absent.
    package var excludedSubtrees: ArraySlice<UInt8>? { location.excludedSubtrees.map { der[$0] } }

    /// Two are equal when their parts' bytes are.
    package static func == (lhs: NameConstraints, rhs: NameConstraints) -> Bool {
        lhs.critical == rhs.critical && lhs.permittedSubtrees == rhs.permittedSubtrees && lhs.excludedSubtrees == rhs.excludedSubtrees
    }

    struct Location: Sendable, Equatable {
        let critical: Bool
        let permittedSubtrees: Range<Int>?
        let excludedSubtrees: Range<Int>?

        func view(in der: [UInt8]) -> NameConstraints { NameConstraints(der: der, location: self) }
    }
}

/// RFC 5280 §4.2.1.1.
package struct AuthorityKeyIdentifier: Sendable, Equatable {
    // One reference to the encoding and the offsets, as for NameConstraints.
    let der: [UInt8]
    let location: Location

    /// Whether the extension is marked critical.
    package var critical: Bool { location.critical }
    /// The keyIdentifier octets; path building matches them against an issuer's subjectKeyIdentifier.
    package var keyIdentifier: ArraySlice<UInt8>? { location.keyIdentifier.map { der[$0] } }
    /// Whether authorityCertIssuer is present.
    package var hasIssuer: Bool { location.issuer != nil }
    /// authorityCertIssuer's names, decoded when asked for.
    package var issuer: [GeneralName]? { location.issuer.map { GeneralName.list(in: der[$0]) } }
    /// authorityCertSerialNumber.
    package var serialNumber: SerialNumber? { location.serialNumber.map { SerialNumber(bytes: der[$0]) } }

    /// Two are equal when their parts' bytes are.
    package static func == (lhs: AuthorityKeyIdentifier, rhs: AuthorityKeyIdentifier) -> Bool {
        lhs.critical == rhs.critical && lhs.keyIdentifier == rhs.keyIdentifier && lhs.serialNumber == rhs.serialNumber
            && lhs.location.issuer.map { lhs.der[$0] } == rhs.location.issuer.map { rhs.der[$0] }
    }

    struct Location: Sendable, Equatable {
        let critical: Bool
        let keyIdentifier: Range<Int>?
        let issuer: Range<Int>?
        let serialNumber: Range<Int>?

        func view(in der: [UInt8]) -> AuthorityKeyIdentifier { AuthorityKeyIdentifier(der: der, location: self) }
    }
}

/// One extension of any kind, for listing.
package struct Extension: Sendable, Equatable {
    /// The extnID.
    package let oid: OID
    /// Whether the extension is marked critical.
    package let critical: Bool
    /// The content of the extnValue OCTET STRING.
    package let value: ArraySlice<UInt8>
}
