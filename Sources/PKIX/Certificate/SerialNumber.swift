/// A certificate serial number (RFC 5280 §4.1.2.2), as the INTEGER's content
/// octets of the object that holds it: two's complement and minimal, so two
/// serials are equal exactly when their bytes are.
public struct SerialNumber: Sendable, Hashable, CustomStringConvertible {
    /// The INTEGER content octets, leading 0x00 included when the encoding has one.
    public let bytes: ArraySlice<UInt8>

    /// A serial from its content octets.
    public init(bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// Lower-case hex octets separated by colons, as certificate viewers print serials.
    public var description: String { Hex.encode(bytes, separator: ":") }
}
