import PKIX

/// The Public Suffix List's rules (publicsuffix.org), read from its text.
///
/// The core cannot read files: the caller passes the list's text (the CLI
/// reads the system copy, `/usr/share/publicsuffix/public_suffix_list.dat`
/// on Debian). Without a list, `topLevelOnly` applies the list's default
/// rule alone: every single label is a public suffix.
public struct PublicSuffixList: Sendable {
    /// Rules as lower-case labels, sorted for binary search.
    var rules: [[UInt8]] = []
    var wildcards: [[UInt8]] = []
    var exceptions: [[UInt8]] = []

    public static let topLevelOnly = PublicSuffixList()

    init() {}

    /// Reads the list's text format: one rule per line, `//` comments,
    /// `*.` wildcard rules, `!` exceptions; rules end at the first space.
    public init(text: [UInt8]) {
        for line in text.split(separator: 0x0A) {
            var rule = Array(line.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
            guard !rule.isEmpty, !rule.starts(with: [0x2F, 0x2F]) else { continue }
            rule = ASCII.lowercased(rule)
            if rule.first == UInt8(ascii: "!") { exceptions.append(Array(rule.dropFirst())) }
            else if rule.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ".")]) { wildcards.append(Array(rule.dropFirst(2))) }
            else { rules.append(rule) }
        }
        rules.sort { $0.lexicographicallyPrecedes($1) }
        wildcards.sort { $0.lexicographicallyPrecedes($1) }
        exceptions.sort { $0.lexicographicallyPrecedes($1) }
    }

    public var ruleCount: Int { rules.count + wildcards.count + exceptions.count }

    /// Whether `domain` (lower-case ASCII, no trailing dot) is itself a
    /// public suffix: a rule names it, a wildcard rule covers it and no
    /// exception does, or it is a single label (the default rule).
    public func isPublicSuffix(_ domain: [UInt8]) -> Bool {
        if !domain.contains(UInt8(ascii: ".")) { return true }
        if contains(exceptions, domain) { return false }
        if contains(rules, domain) { return true }
        if let dot = domain.firstIndex(of: UInt8(ascii: ".")), contains(wildcards, Array(domain[(dot + 1)...])) { return true }
        return false
    }

    func contains(_ sorted: [[UInt8]], _ value: [UInt8]) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].lexicographicallyPrecedes(value) { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}
