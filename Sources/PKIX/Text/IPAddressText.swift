/// Text forms of iPAddress octets, for display and error messages.
package enum IPAddressText {
    /// IPv4 as dotted quads; IPv6 as RFC 5952 §4 text (lower case, the
    /// longest run of two or more zero groups compressed, the first on ties).
    /// Eight or 32 octets (a name constraint) print as `address/mask`.
    package static func format<C: Collection>(_ octets: C) -> String where C.Element == UInt8 {
        let bytes = Array(octets)
        switch bytes.count {
        case 4: return ipv4(bytes)
        case 16: return ipv6(bytes)
        case 8: return ipv4(Array(bytes[0..<4])) + "/" + ipv4(Array(bytes[4..<8]))
        case 32: return ipv6(Array(bytes[0..<16])) + "/" + ipv6(Array(bytes[16..<32]))
        default: return Hex.encode(bytes)
        }
    }

    static func ipv4(_ bytes: [UInt8]) -> String {
        var text = ""
        for (i, byte) in bytes.enumerated() {
            if i > 0 { text += "." }
            text += String(byte)
        }
        return text
    }

    static func ipv6(_ bytes: [UInt8]) -> String {
        var groups: [Int] = []
        for i in 0..<8 { groups.append(Int(bytes[2 * i]) << 8 | Int(bytes[2 * i + 1])) }
        var bestStart = -1, bestLength = 0, runStart = -1
        for i in 0...8 {
            if i < 8 && groups[i] == 0 {
                if runStart < 0 { runStart = i }
            } else if runStart >= 0 {
                if i - runStart > bestLength && i - runStart >= 2 { bestStart = runStart; bestLength = i - runStart }
                runStart = -1
            }
        }
        func hex(_ range: Range<Int>) -> String {
            var text = ""
            for i in range {
                if i > range.lowerBound { text += ":" }
                text += String(groups[i], radix: 16)
            }
            return text
        }
        if bestStart < 0 { return hex(0..<8) }
        return hex(0..<bestStart) + "::" + hex((bestStart + bestLength)..<8)
    }
}
