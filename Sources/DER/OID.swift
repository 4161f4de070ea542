/// An OBJECT IDENTIFIER held by its DER content octets.
///
/// Comparing content octets is exact (DER has one encoding per OID), so no
/// arc decoding happens on the parse path; `description` gives dotted form.
public struct OID: Sendable, Equatable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(der bytes: [UInt8]) { self.bytes = bytes }

    /// Dotted decimal, e.g. `2.5.29.19`. Meaningful for OIDs that passed
    /// `DERReader.readOID`; other byte strings print their decodable prefix.
    public var description: String {
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in bytes {
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                if arcs.isEmpty {
                    // X.690 §8.19.4: the first sub-identifier packs two arcs.
                    let first: UInt64 = value < 40 ? 0 : (value < 80 ? 1 : 2)
                    arcs.append(first)
                    arcs.append(value - first * 40)
                } else {
                    arcs.append(value)
                }
                value = 0
            }
        }
        var text = ""
        for (i, arc) in arcs.enumerated() {
            if i > 0 { text += "." }
            text += String(arc)
        }
        return text
    }
}
