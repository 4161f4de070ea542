import DER
import PKIX

/// The Public Suffix List's rules (publicsuffix.org), read from its text.
///
/// The core cannot read files: the caller passes the list's text (the CLI
/// ships a copy, Sources/PureX509Tool/Resources/public_suffix_list.dat).
/// Pinning's host patterns may not cover a public suffix, and under some
/// profiles a certificate's wildcard may not stand over one
/// (`VerificationPolicy.publicSuffixes`).
/// Without a list, `topLevelOnly` applies the list's default rule alone:
/// every single label is a public suffix.
public struct PublicSuffixList: Sendable {
    /// Rules as lower-case labels, sorted for binary search.
    var rules: [[UInt8]] = []
    var wildcards: [[UInt8]] = []
    var exceptions: [[UInt8]] = []

    /// No rules, only the default one: every single-label domain is a public suffix.
    public static let topLevelOnly = PublicSuffixList()

    init() {}

    /// Reads the list's text format: one rule per line, `//` comments,
    /// `*.` wildcard rules, `!` exceptions; rules end at the first space.
    /// Internationalised rules are kept as A-labels (Punycode), the form host
    /// patterns and reference names take, so `*.xn--55qx5d.cn` meets the
    /// list's `公司.cn`; a rule that is not valid UTF-8 is skipped.
    ///
    /// With `icannOnly`, reading stops at the list's
    /// `// ===END ICANN DOMAINS===` line: the private registries after it
    /// (appspot.com, github.io) are not suffixes a certificate wildcard is
    /// measured against.
    public init(text: [UInt8], icannOnly: Bool = false) {
        for line in text.split(separator: 0x0A) {
            if icannOnly && line.starts(with: Self.endOfICANNSection) { break }
            var raw = line.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            guard !raw.isEmpty, !raw.starts(with: [0x2F, 0x2F]) else { continue }
            let isException = raw.first == UInt8(ascii: "!")
            let isWildcard = raw.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ".")])
            raw = raw.dropFirst(isException ? 1 : isWildcard ? 2 : 0)
            var labels: [[UInt8]] = []
            for label in raw.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
                guard let ascii = Punycode.aLabel(label) else { labels = []; break }
                labels.append(ASCII.lowercased(ascii))
            }
            guard !labels.isEmpty else { continue }
            let rule = Array(labels.joined(separator: [UInt8(ascii: ".")]))
            if isException { exceptions.append(rule) } else if isWildcard { wildcards.append(rule) } else { rules.append(rule) }
        }
        rules.stablySort { $0.lexicographicallyPrecedes($1) }
        wildcards.stablySort { $0.lexicographicallyPrecedes($1) }
        exceptions.stablySort { $0.lexicographicallyPrecedes($1) }
    }

    private static let endOfICANNSection = Array("// ===END ICANN DOMAINS===".utf8)

    /// Rules read, wildcard and exception rules included (0 for `topLevelOnly`).
    package var ruleCount: Int { rules.count + wildcards.count + exceptions.count }

    /// Whether `domain` (lower-case ASCII, no trailing dot) is itself a
    /// public suffix: a rule names it, a wildcard rule covers it and no
    /// exception does, or it is a single label (the default rule).
    package func isPublicSuffix(_ domain: [UInt8]) -> Bool {
        if !domain.contains(UInt8(ascii: ".")) { return true }
        if contains(exceptions, domain) { return false }
        if contains(rules, domain) { return true }
        if let dot = domain.firstIndex(of: UInt8(ascii: ".")), contains(wildcards, Array(domain[(dot + 1)...])) { return true }
        return false
    }

    /// Whether `domain` (lower-case ASCII, no trailing dot) is the base of a
    /// wildcard rule (`kawasaki.jp` for `*.kawasaki.jp`): every name one
    /// label below it is then a public suffix, apart from the names an
    /// exception rule takes back (`!city.kawasaki.jp`), which are
    /// registrable and never make the base itself any less of one. The base
    /// is not a public suffix by that rule (the wildcard needs a label in
    /// its place), so `isPublicSuffix` does not say this.
    package func isWildcardRuleBase(_ domain: [UInt8]) -> Bool {
        contains(wildcards, domain)
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
