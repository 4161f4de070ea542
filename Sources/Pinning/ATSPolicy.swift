import PKIX
import Trust

// App Transport Security as a value (docs/ats.md): the `NSAppTransportSecurity`
// dictionary of an app's Info.plist, read outside the core (PureX509Config's
// `ATSPlistFile`) into plain fields, one per key. A key left out of the
// dictionary is nil here, not its default, because on Apple's systems the
// mere presence of some keys changes what others mean (NSAllowsArbitraryLoads
// is ignored when NSAllowsLocalNetworking is present, whatever its value).
// What a host gets from it is `resolve(host:)` (ATSResolution.swift); what a
// chain must then meet is `evaluate` (ATSEvaluation.swift).

/// The `NSAppTransportSecurity` dictionary of an Info.plist: ATS's global
/// keys, its per-domain exceptions and its pinned domains (Apple's
/// Information Property List reference, "NSAppTransportSecurity").
public struct ATSPolicy: Sendable, Equatable {
    /// `NSAllowsArbitraryLoads`; nil when the key is absent.
    public var allowsArbitraryLoads: Bool?
    /// `NSAllowsArbitraryLoadsForMedia`: kept because its presence makes
    /// NSAllowsArbitraryLoads ignored; nil when absent.
    public var allowsArbitraryLoadsForMedia: Bool?
    /// `NSAllowsArbitraryLoadsInWebContent`: kept because its presence makes
    /// NSAllowsArbitraryLoads ignored; nil when absent.
    public var allowsArbitraryLoadsInWebContent: Bool?
    /// `NSAllowsLocalNetworking`; nil when absent.
    public var allowsLocalNetworking: Bool?
    /// `NSExceptionDomains`, in the order they were read.
    public var exceptionDomains: [ATSExceptionDomain]
    /// `NSPinnedDomains`, in the order they were read.
    public var pinnedDomains: [ATSPinnedDomain]

    /// A dictionary with the keys given; an empty one is ATS's defaults.
    public init(allowsArbitraryLoads: Bool? = nil, allowsArbitraryLoadsForMedia: Bool? = nil,
                allowsArbitraryLoadsInWebContent: Bool? = nil, allowsLocalNetworking: Bool? = nil,
                exceptionDomains: [ATSExceptionDomain] = [], pinnedDomains: [ATSPinnedDomain] = []) {
        self.allowsArbitraryLoads = allowsArbitraryLoads
        self.allowsArbitraryLoadsForMedia = allowsArbitraryLoadsForMedia
        self.allowsArbitraryLoadsInWebContent = allowsArbitraryLoadsInWebContent
        self.allowsLocalNetworking = allowsLocalNetworking
        self.exceptionDomains = exceptionDomains
        self.pinnedDomains = pinnedDomains
    }
}

/// One entry of `NSExceptionDomains`: a domain (or IP address, or CIDR
/// range) and the exceptions it sets. A key left out is nil: the host then
/// gets ATS's default for it.
public struct ATSExceptionDomain: Sendable, Equatable {
    /// The entry's key, as written in the Info.plist.
    public let domain: String
    /// `NSIncludesSubdomains` (default NO): the entry also covers hosts one
    /// label below the domain.
    public var includesSubdomains: Bool?
    /// `NSExceptionAllowsInsecureHTTPLoads`.
    public var allowsInsecureHTTPLoads: Bool?
    /// `NSExceptionMinimumTLSVersion`.
    public var minimumTLSVersion: ATSTLSVersion?
    /// `NSExceptionRequiresForwardSecrecy`.
    public var requiresForwardSecrecy: Bool?
    /// `NSRequiresCertificateTransparency` (obsolete on Apple's systems,
    /// which now require CT anyway; PureX509 applies Apple's CT policy when YES).
    public var requiresCertificateTransparency: Bool?

    /// An entry for `domain` with the keys given.
    public init(domain: String, includesSubdomains: Bool? = nil, allowsInsecureHTTPLoads: Bool? = nil,
                minimumTLSVersion: ATSTLSVersion? = nil, requiresForwardSecrecy: Bool? = nil,
                requiresCertificateTransparency: Bool? = nil) {
        self.domain = domain
        self.includesSubdomains = includesSubdomains
        self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
        self.minimumTLSVersion = minimumTLSVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
        self.requiresCertificateTransparency = requiresCertificateTransparency
    }
}

/// One entry of `NSPinnedDomains` (iOS 14, macOS 11): the SPKI SHA-256
/// digests a host's leaf, and a CA of its path, must carry.
public struct ATSPinnedDomain: Sendable, Equatable {
    /// The entry's key, as written in the Info.plist.
    public let domain: String
    /// `NSIncludesSubdomains` (default NO): the entry also covers hosts one
    /// label below the domain.
    public var includesSubdomains: Bool?
    /// `NSPinnedLeafIdentities`: the leaf's SPKI must be one of these; nil when absent.
    public var leafIdentities: [SPKIPin]?
    /// `NSPinnedCAIdentities`: some CA certificate of the path, intermediate
    /// or anchor, must carry one of these; nil when absent.
    public var caIdentities: [SPKIPin]?

    /// An entry for `domain` with the identities given.
    public init(domain: String, includesSubdomains: Bool? = nil, leafIdentities: [SPKIPin]? = nil, caIdentities: [SPKIPin]? = nil) {
        self.domain = domain
        self.includesSubdomains = includesSubdomains
        self.leafIdentities = leafIdentities
        self.caIdentities = caIdentities
    }
}

/// The values `NSExceptionMinimumTLSVersion` takes.
public enum ATSTLSVersion: Sendable, Equatable, CustomStringConvertible {
    /// `TLSv1.0`, `TLSv1.1`, `TLSv1.2` (ATS's default) and `TLSv1.3`.
    case tls10, tls11, tls12, tls13

    /// Reads the Info.plist spelling (`TLSv1.2`); nil for anything else.
    public init?(_ text: String) {
        switch Array(text.utf8) {
        case Array("TLSv1.0".utf8): self = .tls10
        case Array("TLSv1.1".utf8): self = .tls11
        case Array("TLSv1.2".utf8): self = .tls12
        case Array("TLSv1.3".utf8): self = .tls13
        default: return nil
        }
    }

    /// The Info.plist spelling.
    public var description: String {
        switch self {
        case .tls10: return "TLSv1.0"
        case .tls11: return "TLSv1.1"
        case .tls12: return "TLSv1.2"
        case .tls13: return "TLSv1.3"
        }
    }
}

/// How a domain key of the dictionary meets a host: Apple's rules for
/// domain strings (NSExceptionDomains reference) and, for pins, the
/// comparison of the Security framework's `parseNSPinnedDomains`.
package enum ATSDomainMatch: Sendable, Equatable {
    /// The host is the domain itself (ASCII case-insensitively).
    case exact
    /// The host is one label below the domain and the entry has
    /// NSIncludesSubdomains (Apple: "one additional path component").
    case subdomain

    /// How `domain` (a key as written) covers `host`, or nil. A key that is
    /// an IP address covers that address; a CIDR range (`10.0.0.0/8`), the
    /// addresses in it; NSIncludesSubdomains has no effect on either. A DNS
    /// key is compared byte for byte after ASCII lower-casing, so a trailing
    /// dot matters (`example.com.` meets only `example.com.`), as Apple's
    /// NSExceptionDomains reference says; `stripHostDot` drops the host's
    /// trailing dot first, as the Security framework does for pins.
    package static func of(domain: String, includesSubdomains: Bool, host: String, stripHostDot: Bool) -> ATSDomainMatch? {
        let hostBytes = Array(host.utf8)
        if let address = HostAddress.octets(hostBytes) {
            return HostAddress.covers(key: Array(domain.utf8), address: address) ? .exact : nil
        }
        var name = ASCII.lowercased(hostBytes)
        if stripHostDot, name.last == UInt8(ascii: "."), name.count > 1 { name.removeLast() }
        let key = ASCII.lowercased(Array(domain.utf8))
        guard !key.isEmpty else { return nil }
        if name == key { return .exact }
        guard includesSubdomains, name.count > key.count + 1,
              name.suffix(key.count).elementsEqual(key), name[name.count - key.count - 1] == UInt8(ascii: ".") else { return nil }
        // One label below: no dot in what precedes the domain, and not empty.
        let label = name[..<(name.count - key.count - 1)]
        return label.isEmpty || label.contains(UInt8(ascii: ".")) ? nil : .subdomain
    }
}

/// IP addresses and CIDR ranges as NSExceptionDomains keys (iOS 17,
/// macOS 14), compared by value over their octets.
package enum HostAddress {
    /// The octets of an IPv4 or IPv6 literal; nil for anything else.
    package static func octets(_ text: [UInt8]) -> [UInt8]? {
        guard case .ipAddress(let octets)? = ServerIdentity(ipAddress: String(decoding: text, as: UTF8.self)) else { return nil }
        return octets
    }

    /// Whether `key` (an address, or `address/prefix`) covers `address`.
    static func covers(key: [UInt8], address: [UInt8]) -> Bool {
        guard let slash = key.firstIndex(of: UInt8(ascii: "/")) else { return octets(key) == address }
        guard let base = octets(Array(key[..<slash])), base.count == address.count,
              let bits = decimal(key[(slash + 1)...]), bits <= base.count * 8 else { return false }
        var remaining = bits
        for index in base.indices where remaining > 0 {
            let take = min(remaining, 8)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            if base[index] & mask != address[index] & mask { return false }
            remaining -= take
        }
        return true
    }

    /// A prefix length of one to three decimal digits.
    static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether `host` is one NSAllowsLocalNetworking speaks of: an
    /// unqualified name (no dot), a `.local` name, or an IP address.
    package static func isLocal(_ host: String) -> Bool {
        var name = ASCII.lowercased(Array(host.utf8))
        if octets(name) != nil { return true }
        if name.last == UInt8(ascii: "."), name.count > 1 { name.removeLast() }
        return !name.contains(UInt8(ascii: ".")) || name.elementsEqual(Array("local".utf8))
            || (name.count > 6 && name.suffix(6).elementsEqual(Array(".local".utf8)))
    }
}
