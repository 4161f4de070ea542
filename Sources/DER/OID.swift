/// An OBJECT IDENTIFIER held by its DER content octets.
///
/// Comparing content octets is exact (DER has one encoding per OID), so no
/// arc decoding happens on the parse path; `description` gives dotted form.
public struct OID: Sendable, Equatable, CustomStringConvertible {
    /// The content octets, without tag and length (`55 1D 13` for 2.5.29.19).
    public let bytes: [UInt8]

    /// Wraps content octets unchecked; check untrusted input with `DERReader.readOID` first.
    public init(der bytes: [UInt8]) { self.bytes = bytes }

    /// Parses dotted decimal (`2.5.29.32.0`): at least two arcs, the first
    /// 0, 1 or 2, the second below 40 unless the first is 2, each arc plain
    /// digits without a leading zero that fits in 64 bits; nil otherwise.
    public init?(dotted text: String) {
        var arcs: [UInt64] = []
        for part in text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.count == 1 || part.first != UInt8(ascii: "0") else { return nil }
            var value: UInt64 = 0
            for byte in part {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - 0x30))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
            }
            arcs.append(value)
        }
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else { return nil }
        let (first, overflow) = arcs[1].addingReportingOverflow(arcs[0] * 40)
        guard !overflow else { return nil }
        var bytes: [UInt8] = []
        for arc in [first] + arcs.dropFirst(2) {
            var chunk: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                chunk.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes += chunk.reversed()
        }
        self.bytes = bytes
    }

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
