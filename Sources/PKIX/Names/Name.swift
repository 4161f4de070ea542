import DER

/// A Name (RFC 5280 §4.1.2.4): the encoded bytes of the object that holds
/// it, and its decoding when asked for.
///
/// Chaining compares `encoded` (byte equality, then RFC 5280 §7.1
/// equivalence); display and policy read `distinguishedName`. Equality and
/// hashing are of the bytes.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    /// The Name TLV (an RDNSequence SEQUENCE), as encoded.
    public let encoded: ArraySlice<UInt8>

    /// A Name from its TLV; bytes no parser of this module checked decode as far as they read.
    public init(encoded: ArraySlice<UInt8>) { self.encoded = encoded }

    /// Whether this is the empty sequence, `30 00`.
    public var isEmpty: Bool { encoded.count == 2 && encoded.first == 0x30 && encoded.last == 0x00 }

    /// Every attribute, decoded.
    public var distinguishedName: DistinguishedName { DistinguishedName(derEncoded: encoded) }

    /// The name for display: at most `DistinguishedName.maximumDisplayedAttributes` attributes decoded.
    package var forDisplay: DistinguishedName {
        DERReader.withReader(over: encoded) { DistinguishedName(decoding: &$0, limit: DistinguishedName.maximumDisplayedAttributes) }
    }

    /// The RFC 4514 text of the name, at most 64 attributes decoded.
    public var description: String { forDisplay.description }
}
