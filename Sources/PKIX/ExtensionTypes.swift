import DER

/// An extension kept as its `extnValue` content, with its criticality.
public struct ExtensionSlot: Sendable, Equatable {
    public let critical: Bool
    /// The content of the extnValue OCTET STRING (the DER of the extension's value).
    public let value: Range<Int>
}

/// RFC 5280 §4.2.1.9. An enum-free shape: `pathLength` is only meaningful
/// when `isCA`; the parser keeps it as encoded and the verifier decides.
public struct BasicConstraints: Sendable, Equatable {
    public let critical: Bool
    public let isCA: Bool
    /// pathLenConstraint, 0–255, when present.
    public let pathLength: Int?
}

/// RFC 5280 §4.2.1.3: the nine named bits, bit 0 first.
public struct KeyUsage: Sendable, Equatable, OptionSet {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    public static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    public static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    public static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    public static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    public static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    public static let cRLSign = KeyUsage(rawValue: 1 << 6)
    public static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    public static let decipherOnly = KeyUsage(rawValue: 1 << 8)

    public static let names: [(KeyUsage, String)] = [
        (.digitalSignature, "digitalSignature"), (.nonRepudiation, "nonRepudiation"),
        (.keyEncipherment, "keyEncipherment"), (.dataEncipherment, "dataEncipherment"),
        (.keyAgreement, "keyAgreement"), (.keyCertSign, "keyCertSign"), (.cRLSign, "cRLSign"),
        (.encipherOnly, "encipherOnly"), (.decipherOnly, "decipherOnly"),
    ]
}

/// The keyUsage extension: its criticality and bits.
public struct KeyUsageExtension: Sendable, Equatable {
    public let critical: Bool
    public let usage: KeyUsage
}

/// An extension whose value is a SEQUENCE OF something; `list` is the
/// SEQUENCE content (extendedKeyUsage OIDs, GeneralNames, PolicyInformation).
public struct ListExtension: Sendable, Equatable {
    public let critical: Bool
    public let list: Range<Int>
}

/// RFC 5280 §4.2.1.10: GeneralSubtrees content ranges.
public struct NameConstraints: Sendable, Equatable {
    public let critical: Bool
    public let permittedSubtrees: Range<Int>?
    public let excludedSubtrees: Range<Int>?
}

/// RFC 5280 §4.2.1.1.
public struct AuthorityKeyIdentifier: Sendable, Equatable {
    public let critical: Bool
    public let keyIdentifier: Range<Int>?
    /// authorityCertIssuer GeneralNames content.
    public let issuer: Range<Int>?
    /// authorityCertSerialNumber INTEGER content.
    public let serialNumber: Range<Int>?
}

/// One extension of any kind, for listing.
public struct Extension: Sendable, Equatable {
    public let oid: OID
    public let critical: Bool
    public let value: Range<Int>
}
