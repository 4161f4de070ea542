import PKIX
import Trust

// What an `ATSPolicy` means for one host, each setting with the key (and the
// domain entry) that decided it. The rules, as Apple documents them for
// current systems (iOS 10 and later, macOS 10.12 and later; docs/ats.md):
//
// 1. An NSExceptionDomains entry that covers the host governs it: the host
//    gets ATS's requirements, loosened only by that entry's keys.
//    NSAllowsArbitraryLoads does not reach it ("Domains you specify in that
//    dictionary aren't affected by this key's value", NSAllowsArbitraryLoads
//    reference). The most specific entry wins: the host's own entry over its
//    parent's NSIncludesSubdomains entry.
// 2. Otherwise, a local host (an unqualified name, a `.local` name or an IP
//    address) under NSAllowsLocalNetworking = YES is exempt from ATS.
// 3. Otherwise NSAllowsArbitraryLoads = YES lifts ATS's requirements, unless
//    NSAllowsLocalNetworking, NSAllowsArbitraryLoadsForMedia or
//    NSAllowsArbitraryLoadsInWebContent is present with any value: then it is
//    ignored (NSAppTransportSecurity reference, "Versioning"; the reference
//    page of each of those keys).
// 4. Otherwise ATS's default requirements hold.
//
// NSPinnedDomains stands apart from all of this: pinning "has no impact on
// other security requirements or configuration" (NSPinnedDomains
// reference), and the Security framework reads it for every SSL evaluation
// whatever the exceptions say (SecPolicy.c, SecPolicyAddATSpinningIfInfoSpecified).
// There every entry that covers the host contributes its identities (the
// host's own and its parent's NSIncludesSubdomains entry alike, per
// category), so here too: the pins of a host are the union of its entries'.

/// An ATS key, as a decision names it.
public enum ATSKey: Sendable, Equatable, CustomStringConvertible {
    /// The global keys.
    case allowsArbitraryLoads, allowsArbitraryLoadsForMedia, allowsArbitraryLoadsInWebContent, allowsLocalNetworking
    /// An NSExceptionDomains entry (that it covers the host), and its keys.
    case exceptionDomain, exceptionAllowsInsecureHTTPLoads, exceptionMinimumTLSVersion, exceptionRequiresForwardSecrecy,
         requiresCertificateTransparency
    /// An NSPinnedDomains entry's identity lists.
    case pinnedLeafIdentities, pinnedCAIdentities

    /// The Info.plist key (`NSExceptionDomains` for an entry itself).
    public var description: String {
        switch self {
        case .allowsArbitraryLoads: return "NSAllowsArbitraryLoads"
        case .allowsArbitraryLoadsForMedia: return "NSAllowsArbitraryLoadsForMedia"
        case .allowsArbitraryLoadsInWebContent: return "NSAllowsArbitraryLoadsInWebContent"
        case .allowsLocalNetworking: return "NSAllowsLocalNetworking"
        case .exceptionDomain: return "NSExceptionDomains"
        case .exceptionAllowsInsecureHTTPLoads: return "NSExceptionAllowsInsecureHTTPLoads"
        case .exceptionMinimumTLSVersion: return "NSExceptionMinimumTLSVersion"
        case .exceptionRequiresForwardSecrecy: return "NSExceptionRequiresForwardSecrecy"
        case .requiresCertificateTransparency: return "NSRequiresCertificateTransparency"
        case .pinnedLeafIdentities: return "NSPinnedLeafIdentities"
        case .pinnedCAIdentities: return "NSPinnedCAIdentities"
        }
    }

    /// The dictionary the key sits in, for its path.
    var container: String? {
        switch self {
        case .exceptionDomain, .exceptionAllowsInsecureHTTPLoads, .exceptionMinimumTLSVersion, .exceptionRequiresForwardSecrecy,
             .requiresCertificateTransparency: return "NSExceptionDomains"
        case .pinnedLeafIdentities, .pinnedCAIdentities: return "NSPinnedDomains"
        default: return nil
        }
    }
}

/// What decided a setting: a key (in its domain entry, for the per-domain
/// keys), or ATS's default when no key did.
public struct ATSSource: Sendable, Equatable, CustomStringConvertible {
    /// The key; nil for ATS's built-in default.
    public let key: ATSKey?
    /// The NSExceptionDomains or NSPinnedDomains entry the key sits in.
    public let domain: String?
    /// A key that is present but ignored, and the key whose presence
    /// makes it so (NSAllowsArbitraryLoads beside NSAllowsLocalNetworking).
    public let ignoredBecauseOf: ATSKey?

    init(_ key: ATSKey?, domain: String? = nil, ignoredBecauseOf: ATSKey? = nil) {
        self.key = key
        self.domain = domain
        self.ignoredBecauseOf = ignoredBecauseOf
    }

    /// ATS's default: no key decided.
    static let atsDefault = ATSSource(nil)

    /// The key's path in the dictionary (`NSExceptionDomains.example.com.NSRequiresCertificateTransparency`),
    /// or `ATS default`; an ignored key says why.
    public var description: String {
        guard let key else { return "ATS default" + (domain.map { " (the NSExceptionDomains entry \($0) does not set it)" } ?? "") }
        var path = key.description
        if let domain, let container = key.container {
            path = key == .exceptionDomain ? container + "." + domain : container + "." + domain + "." + path
        }
        if let ignoredBecauseOf { path += " (ignored: \(ignoredBecauseOf) is present)" }
        return path
    }
}

/// A setting's value for a host and what decided it.
public struct ATSSetting<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The effective value.
    public let value: Value
    /// The key and domain that decided it.
    public let source: ATSSource
}

/// The SPKI pins NSPinnedDomains sets for a host, in one category (leaf or CA).
public struct ATSPins: Sendable, Equatable {
    /// Every covering entry's identities, the most specific entry's first.
    public let pins: [SPKIPin]
    /// The covering entries that list this category, the most specific first.
    public let domains: [String]
    /// `NSPinnedLeafIdentities` or `NSPinnedCAIdentities`, in the most specific entry.
    public let source: ATSSource
}

/// What ATS asks of connections to one host, each setting with its source.
public struct ATSResolution: Sendable, Equatable {
    /// The host as given.
    public let host: String
    /// The NSExceptionDomains entry that governs the host, nil when none does.
    public let exceptionDomain: String?
    /// Whether ATS's requirements hold for the host (HTTPS, the TLS
    /// version, forward secrecy, and the certificate's key sizes and hash):
    /// false when NSAllowsArbitraryLoads or NSAllowsLocalNetworking lifts them.
    public let enforced: ATSSetting<Bool>
    /// Whether plain HTTP is allowed.
    public let allowsInsecureHTTPLoads: ATSSetting<Bool>
    /// The lowest TLS version ATS accepts; nil when ATS is lifted.
    public let minimumTLSVersion: ATSSetting<ATSTLSVersion?>
    /// Whether a forward-secret cipher suite is required.
    public let requiresForwardSecrecy: ATSSetting<Bool>
    /// Whether every path must meet Apple's CT policy (NSRequiresCertificateTransparency).
    public let requiresCertificateTransparency: ATSSetting<Bool>
    /// NSPinnedLeafIdentities for the host; nil when no covering entry lists any.
    public let leafPins: ATSPins?
    /// NSPinnedCAIdentities for the host; nil when no covering entry lists any.
    public let caPins: ATSPins?
}

extension ATSPolicy {
    /// The settings for `host` (a DNS name or an IP address) and what
    /// decided each (docs/ats.md, "Which key decides").
    public func resolve(host: String) -> ATSResolution {
        let entry = governingException(host)
        let pins = pinsFor(host)
        let enforced: ATSSetting<Bool>
        if let entry {
            enforced = ATSSetting(value: true, source: ATSSource(.exceptionDomain, domain: entry.domain))
        } else if allowsLocalNetworking == true, HostAddress.isLocal(host) {
            enforced = ATSSetting(value: false, source: ATSSource(.allowsLocalNetworking))
        } else if allowsArbitraryLoads == true {
            if let present = arbitraryLoadsOverride {
                enforced = ATSSetting(value: true, source: ATSSource(.allowsArbitraryLoads, ignoredBecauseOf: present))
            } else {
                enforced = ATSSetting(value: false, source: ATSSource(.allowsArbitraryLoads))
            }
        } else {
            // NSAllowsArbitraryLoads = NO decides as much as the default does, and says so.
            enforced = ATSSetting(value: true, source: allowsArbitraryLoads == false ? ATSSource(.allowsArbitraryLoads) : .atsDefault)
        }
        // A per-domain key: the entry's value when set, else ATS's default
        // (named with the entry); every ATS requirement is off when ATS is lifted.
        func setting<Value>(_ key: ATSKey, _ value: Value?, default fallback: Value, lifted: Value) -> ATSSetting<Value> {
            if !enforced.value { return ATSSetting(value: lifted, source: enforced.source) }
            if let entry, let value { return ATSSetting(value: value, source: ATSSource(key, domain: entry.domain)) }
            return ATSSetting(value: fallback, source: ATSSource(nil, domain: entry?.domain))
        }
        return ATSResolution(
            host: host, exceptionDomain: entry?.domain, enforced: enforced,
            allowsInsecureHTTPLoads: setting(.exceptionAllowsInsecureHTTPLoads, entry?.allowsInsecureHTTPLoads, default: false, lifted: true),
            minimumTLSVersion: setting(.exceptionMinimumTLSVersion, entry?.minimumTLSVersion.map { Optional($0) }, default: .tls12, lifted: nil),
            requiresForwardSecrecy: setting(.exceptionRequiresForwardSecrecy, entry?.requiresForwardSecrecy, default: true, lifted: false),
            requiresCertificateTransparency: entry.flatMap { entry in
                entry.requiresCertificateTransparency.map {
                    ATSSetting(value: $0, source: ATSSource(.requiresCertificateTransparency, domain: entry.domain))
                }
            } ?? ATSSetting(value: false, source: ATSSource(nil, domain: entry?.domain)),
            leafPins: pins.leaf, caPins: pins.ca)
    }

    /// The global key whose presence makes NSAllowsArbitraryLoads ignored,
    /// in the order Apple's NSAllowsArbitraryLoads reference lists them.
    package var arbitraryLoadsOverride: ATSKey? {
        if allowsArbitraryLoadsForMedia != nil { return .allowsArbitraryLoadsForMedia }
        if allowsArbitraryLoadsInWebContent != nil { return .allowsArbitraryLoadsInWebContent }
        if allowsLocalNetworking != nil { return .allowsLocalNetworking }
        return nil
    }

    /// The NSExceptionDomains entry covering `host` most specifically: its
    /// own entry over a parent's NSIncludesSubdomains entry; between equals,
    /// the first read.
    func governingException(_ host: String) -> ATSExceptionDomain? {
        var best: (entry: ATSExceptionDomain, match: ATSDomainMatch)? = nil
        for entry in exceptionDomains {
            guard let match = ATSDomainMatch.of(domain: entry.domain, includesSubdomains: entry.includesSubdomains ?? false,
                                                host: host, stripHostDot: false) else { continue }
            if best == nil || (best?.match == .subdomain && match == .exact) { best = (entry, match) }
        }
        return best?.entry
    }

    /// Each category's pins over every NSPinnedDomains entry covering `host`.
    func pinsFor(_ host: String) -> (leaf: ATSPins?, ca: ATSPins?) {
        var covering: [(entry: ATSPinnedDomain, match: ATSDomainMatch)] = []
        for entry in pinnedDomains {
            if let match = ATSDomainMatch.of(domain: entry.domain, includesSubdomains: entry.includesSubdomains ?? false,
                                             host: host, stripHostDot: true) {
                covering.append((entry, match))
            }
        }
        // The host's own entries first: they name the decision.
        let ordered = covering.filter { $0.match == .exact } + covering.filter { $0.match == .subdomain }
        func collect(_ key: ATSKey, _ list: (ATSPinnedDomain) -> [SPKIPin]?) -> ATSPins? {
            let listing = ordered.filter { list($0.entry) != nil }
            guard let first = listing.first else { return nil }
            return ATSPins(pins: listing.flatMap { list($0.entry) ?? [] }, domains: listing.map { $0.entry.domain },
                           source: ATSSource(key, domain: first.entry.domain))
        }
        return (collect(.pinnedLeafIdentities, { $0.leafIdentities }), collect(.pinnedCAIdentities, { $0.caIdentities }))
    }
}
