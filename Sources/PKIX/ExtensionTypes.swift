import DER

/// An extension kept as its `extnValue` content, with its criticality.
public struct ExtensionSlot: Sendable, Equatable {
    /// Whether the extension is marked critical (an absent flag reads false).
    public let critical: Bool
    /// The content of the extnValue OCTET STRING (the DER of the extension's value).
    public let value: Range<Int>
}

/// RFC 5280 §4.2.1.9. An enum-free shape: `pathLength` is only meaningful
/// when `isCA`; the parser keeps it as encoded and the verifier decides.
public struct BasicConstraints: Sendable, Equatable {
    /// Whether the extension is marked critical.
    public let critical: Bool
    /// The cA flag: the subject is a CA; false when absent.
    public let isCA: Bool
    /// pathLenConstraint, 0–255, when present.
    public let pathLength: Int?
}

/// RFC 5280 §4.2.1.3: the nine named bits, bit 0 first.
public struct KeyUsage: Sendable, Equatable, OptionSet {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bit 0: signatures other than on certificates and CRLs, such as a TLS handshake's.
    public static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    /// Bit 1 (contentCommitment in later X.509): signatures that commit the signer to content.
    public static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    /// Bit 2: encrypting keys, as RSA key transport does.
    public static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    /// Bit 3: encrypting user data with the public key itself.
    public static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    /// Bit 4: key agreement, as a Diffie-Hellman key does.
    public static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    /// Bit 5: signing certificates; an issuing CA's keyUsage must assert it (§4.2.1.3).
    public static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    /// Bit 6: signing CRLs.
    public static let cRLSign = KeyUsage(rawValue: 1 << 6)
    /// Bit 7: with keyAgreement, the agreed key may only encipher.
    public static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    /// Bit 8: with keyAgreement, the agreed key may only decipher.
    public static let decipherOnly = KeyUsage(rawValue: 1 << 8)

    /// Each named bit with its RFC 5280 name, in bit order, for display.
    public static let names: [(KeyUsage, String)] = [
        (.digitalSignature, "digitalSignature"), (.nonRepudiation, "nonRepudiation"),
        (.keyEncipherment, "keyEncipherment"), (.dataEncipherment, "dataEncipherment"),
        (.keyAgreement, "keyAgreement"), (.keyCertSign, "keyCertSign"), (.cRLSign, "cRLSign"),
        (.encipherOnly, "encipherOnly"), (.decipherOnly, "decipherOnly"),
    ]
}

/// The keyUsage extension: its criticality and bits.
public struct KeyUsageExtension: Sendable, Equatable {
    /// Whether the extension is marked critical.
    public let critical: Bool
    /// The bits set; BIT STRING bit n is `1 << n`.
    public let usage: KeyUsage
}

/// An extension whose value is a SEQUENCE OF something; `list` is the
/// SEQUENCE content (extendedKeyUsage OIDs, GeneralNames, PolicyInformation).
public struct ListExtension: Sendable, Equatable {
    /// Whether the extension is marked critical.
    public let critical: Bool
    /// The value's content octets (for subjectKeyIdentifier, the key identifier), a range into the certificate's or CRL's DER.
    public let list: Range<Int>
}

/// RFC 5280 §4.2.1.10: GeneralSubtrees content ranges.
public struct NameConstraints: Sendable, Equatable {
    /// Whether the extension is marked critical.
    public let critical: Bool
    /// The permittedSubtrees content; nil when absent (at least one of the two is present).
    public let permittedSubtrees: Range<Int>?
    /// The excludedSubtrees content; nil when absent.
    public let excludedSubtrees: Range<Int>?
}

/// RFC 5280 §4.2.1.1.
public struct AuthorityKeyIdentifier: Sendable, Equatable {
    /// Whether the extension is marked critical.
    public let critical: Bool
    /// The keyIdentifier octets; path building matches them against an issuer's subjectKeyIdentifier.
    public let keyIdentifier: Range<Int>?
    /// authorityCertIssuer GeneralNames content.
    public let issuer: Range<Int>?
    /// authorityCertSerialNumber INTEGER content.
    public let serialNumber: Range<Int>?
}

/// One extension of any kind, for listing.
public struct Extension: Sendable, Equatable {
    /// The extnID.
    public let oid: OID
    /// Whether the extension is marked critical.
    public let critical: Bool
    /// The content of the extnValue OCTET STRING, a range into the certificate's DER.
    public let value: Range<Int>
}
