import PKIX
import Trust

/// Which hosts a pin set applies to, as OkHttp's CertificatePinner and
/// TrustKit define them:
/// - `example.com`: that host only (TrustKit's `includeSubdomains` widens
///   it to every host below, the apex included);
/// - `*.example.com`: exactly one label below (`a.example.com`, not
///   `example.com`, not `a.b.example.com`);
/// - `**.example.com`: the apex and any depth below.
/// Names are ASCII, compared case-insensitively, one trailing dot ignored.
/// An IP address (v4 or v6) is a pattern only as itself, compared by value
/// (`2001:DB8::7` is `2001:db8:0::7`); no wildcard or subdomain covers an
/// address, and no name pattern matches one.
public struct HostPattern: Sendable, Equatable, CustomStringConvertible {
    /// The form of the pattern, read from its prefix: none, `*.` or `**.`.
    package enum Kind: Sendable, Equatable {
        /// `exact`: no prefix, the domain alone; `oneLabel`: `*.`, exactly one label
        /// below it; `anyDepth`: `**.`, the domain and any depth below it.
        case exact, oneLabel, anyDepth
    }

    /// The wildcard prefix the pattern was written with (`exact` when none).
    package let kind: Kind
    /// Lower-case, without the wildcard prefix or a trailing dot.
    package let domain: [UInt8]
    /// TrustKit's `includeSubdomains`: an exact pattern also covers every host
    /// below its domain (wildcard patterns ignore it).
    package let includeSubdomains: Bool

    /// Why `init` refused a pattern; each case holds the text as given.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What remains after the prefix is not a valid host name (an empty label,
        /// a character outside letters, digits, `-` and `_`, a second `*`).
        case invalidPattern(String)
        /// A wildcard pattern, or `includeSubdomains`, over a public suffix
        /// (`*.com`, `**.co.uk`) or over the base of a wildcard rule, whose
        /// every child is a public suffix (`**.kawasaki.jp`,
        /// `*.compute.amazonaws.com`): it would pin names of many owners.
        case publicSuffix(String)

        /// A one-line message quoting the pattern.
        public var description: String {
            switch self {
            case .invalidPattern(let text): return "invalid host pattern \"\(text)\""
            case .publicSuffix(let text): return "host pattern \"\(text)\" covers a public suffix"
            }
        }
    }

    /// Parses `example.com`, `*.example.com` or `**.example.com`. A wildcard, or
    /// `includeSubdomains`, over a public suffix of `publicSuffixes`, or over
    /// the base of one of its wildcard rules, is refused; the default list
    /// treats only single labels as suffixes. `hostNames` converts the
    /// domain after the wildcard (`.uts46` reads `*.bücher.example` as
    /// `*.xn--bcher-kva.example`); a domain it cannot convert is invalid.
    public init(_ text: String, includeSubdomains: Bool = false, publicSuffixes: PublicSuffixList = .topLevelOnly,
                hostNames: HostNameConversion = .asciiOnly) throws(ParseError) {
        var bytes = Array(text.utf8)
        if let address = Self.canonicalAddress(bytes) {
            guard !includeSubdomains else { throw .invalidPattern(text) }
            kind = .exact
            domain = address
            self.includeSubdomains = false
            return
        }
        var kind = Kind.exact
        if bytes.starts(with: Array("**.".utf8)) { kind = .anyDepth; bytes.removeFirst(3) }
        else if bytes.starts(with: Array("*.".utf8)) { kind = .oneLabel; bytes.removeFirst(2) }
        guard let converted = hostNames.ascii(String(decoding: bytes, as: UTF8.self)) else { throw .invalidPattern(text) }
        bytes = Array(converted.utf8)
        // The normaliser reference identities use (Trust's ServerIdentity).
        guard let domain = ServerIdentity.normalizedHostName(bytes) else { throw .invalidPattern(text) }
        bytes = domain
        // An exact pattern on a suffix pins only that name; with subdomains or
        // a wildcard it would pin everything below it.
        if kind != .exact || includeSubdomains {
            if publicSuffixes.isPublicSuffix(bytes) { throw .publicSuffix(text) }
            // Below the base of a wildcard rule every name is a public suffix
            // (publicsuffix.org's `*.kawasaki.jp`), so a pattern reaching one
            // label below it covers those suffixes and, at any depth, every
            // registrable domain under them: refused as a pattern over a
            // suffix is, or `**.x.kawasaki.jp` would be refused while the
            // wider `**.kawasaki.jp` loads. The list's exceptions do not
            // save the base (`!city.kawasaki.jp` takes back one child, the
            // others stay suffixes); they make their own names registrable,
            // so `**.city.kawasaki.jp` stays within one registrable domain.
            if publicSuffixes.isWildcardRuleBase(bytes) { throw .publicSuffix(text) }
        }
        self.kind = kind
        self.domain = bytes
        self.includeSubdomains = includeSubdomains
    }

    /// Whether `host` (any case, optional trailing dot) falls under this pattern.
    package func matches(_ host: String) -> Bool {
        if let address = Self.canonicalAddress(Array(host.utf8)) { return kind == .exact && address == domain }
        guard let name = ServerIdentity.normalizedHostName(Array(host.utf8)) else { return false }
        if name == domain { return kind != .oneLabel }
        guard name.count > domain.count + 1, name.suffix(domain.count).elementsEqual(domain),
              name[name.count - domain.count - 1] == UInt8(ascii: ".") else { return false }
        switch kind {
        case .exact: return includeSubdomains
        case .anyDepth: return true
        case .oneLabel: return !name[..<(name.count - domain.count - 1)].contains(UInt8(ascii: "."))
        }
    }

    /// The canonical text of an IPv4 or IPv6 literal; nil for anything else.
    /// An IPv4-mapped IPv6 address is the IPv4 address it maps, so a pin set
    /// for 10.1.2.3 covers ::ffff:10.1.2.3 and the reverse: a pattern only
    /// chooses which pins apply, and the wider reading pins more connections
    /// (as name constraints exclude a mapped address under an IPv4 range).
    /// The host identity, which grants trust, compares octets instead.
    static func canonicalAddress(_ text: [UInt8]) -> [UInt8]? {
        guard case .ipAddress(let octets)? = ServerIdentity(ipAddress: String(decoding: text, as: UTF8.self)) else { return nil }
        return Array(IPAddressText.format(IPAddressForm.ipv4(octets) ?? octets).utf8)
    }

    /// How specific the pattern is, for choosing among several that match:
    /// an exact name beats a one-label wildcard, which beats any-depth and
    /// includeSubdomains; a longer domain beats a shorter one.
    package var specificity: Int {
        let base: Int
        switch (kind, includeSubdomains) {
        case (.exact, false): base = 3
        case (.oneLabel, _): base = 2
        default: base = 1
        }
        return base * 1_000 + domain.count
    }

    /// The pattern as written (`*.example.com`), with " (and subdomains)" when `includeSubdomains`.
    public var description: String {
        let prefix = kind == .anyDepth ? "**." : kind == .oneLabel ? "*." : ""
        return prefix + String(decoding: domain, as: UTF8.self) + (includeSubdomains ? " (and subdomains)" : "")
    }
}
