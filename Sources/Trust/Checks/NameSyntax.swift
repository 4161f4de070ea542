import PKIX

// Which names and which subtrees can be compared at all (RFC 5280
// §4.2.1.10). A name or a constraint of the dNSName, rfc822Name or URI form
// is compared only in the preferred name syntax of RFC 1034 §3.5 that
// §4.2.1.6 asks of them: labels of letters, digits and hyphens (underscores
// too, as deployed names use them and `HostName` accepts), no empty label,
// and so no trailing dot. Anything else is malformed, and a certificate
// whose name must be judged against a malformed subtree, or whose name of a
// constrained form is malformed, is refused under a permitted subtree and
// an excluded one alike.
//
// Why refuse rather than drop the dot: a trailing dot was dropped from
// dNSName constraints and kept elsewhere, so a permitted `example.com.`
// read as `example.com`, a permitted `.` as the empty constraint (every
// name), while an excluded `.example.net` missed `https://x.example.net./`
// and an excluded `example.com` missed `admin@example.com.`. A presented
// dNSName with a trailing dot is already malformed (`ConformanceRule`); the
// same reading for every form, presented names and constraints alike, leaves
// no second spelling of a host for a comparison to miss.
//
// §4.2.1.10 asks the same of a URI: when a constraint applies to the URI
// form and a URI has no authority whose host is a fully qualified domain
// name (a URN such as `urn:example:x`, or a host given as an IP address,
// `https://[2001:db8::1]/`, `https://192.0.2.1/`), the application MUST
// reject the certificate. Such a URI matched no subtree, so an excluded
// subtree let it through.

/// Preferred-syntax checks for the name forms name constraints compare as text.
enum NameSyntax {
    /// The forms this file judges; the others (iPAddress, directoryName) are
    /// checked when parsed, and forms PureX509 does not constrain never match.
    static func isChecked(_ kind: GeneralName.Kind) -> Bool {
        kind == .dnsName || kind == .rfc822Name || kind == .uniformResourceIdentifier
    }

    /// A host name in preferred syntax: not empty, at most 253 octets, no
    /// trailing dot, no wildcard (`HostName.isValid`).
    static func isHostName(_ name: ArraySlice<UInt8>) -> Bool {
        !name.isEmpty && name.count <= 253 && name.last != UInt8(ascii: ".") && HostName.isValid(name, allowWildcard: false)
    }

    /// A host name, or `.` and a host name (the hosts below it).
    static func isDomain(_ name: ArraySlice<UInt8>) -> Bool {
        isHostName(name.first == UInt8(ascii: ".") ? name.dropFirst() : name)
    }

    // MARK: presented names

    /// Whether a name of `kind` can be compared with that form's subtrees.
    static func isPresented(_ kind: GeneralName.Kind, _ name: ArraySlice<UInt8>) -> Bool {
        switch kind {
        case .dnsName: return HostName.isValidPresented(name)
        case .rfc822Name: return mailboxDomain(name).map(isHostName) ?? false
        case .uniformResourceIdentifier: return uriHost(name) != nil
        default: return true
        }
    }

    /// The domain of `local-part@domain` (RFC 5321 §4.1.2, split at the last
    /// `@`, as a quoted local part may hold one); nil without a local part
    /// or an `@`.
    static func mailboxDomain(_ mailbox: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let at = mailbox.lastIndex(of: UInt8(ascii: "@")), at > mailbox.startIndex else { return nil }
        return mailbox[(at + 1)...]
    }

    /// The host of `scheme://[userinfo@]host[:port][/…]` when it is a fully
    /// qualified domain name in preferred syntax (RFC 3986 §3.1–§3.2); nil
    /// for a URI without an authority, with an empty host, an IP literal
    /// (`[…]`, or four dotted decimals, which §3.2.2 reads as IPv4address
    /// before reg-name), a port that is not digits, or a host outside the
    /// syntax.
    static func uriHost(_ uri: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://".
        guard let colon = uri.firstIndex(of: UInt8(ascii: ":")), colon > uri.startIndex else { return nil }
        for (offset, byte) in uri[..<colon].enumerated() {
            let letter = ASCII.lowercased(byte) >= UInt8(ascii: "a") && ASCII.lowercased(byte) <= UInt8(ascii: "z")
            let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard letter || (offset > 0 && other) else { return nil }
        }
        let rest = uri[(colon + 1)...]
        guard rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return nil }
        var authority = rest.dropFirst(2)
        if let end = authority.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            authority = authority[..<end]
        }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        guard authority.first != UInt8(ascii: "[") else { return nil }
        if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
            guard authority[(portColon + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            authority = authority[..<portColon]
        }
        guard isHostName(authority), IPAddressParser.ipv4(authority) == nil else { return nil }
        return authority
    }

    // MARK: constraints

    /// Whether a subtree of `kind` can be compared: a dNSName constraint is
    /// empty (every name, as Chromium, Go and webpki read it) or a domain; an
    /// rfc822Name constraint a mailbox, a host or `.` and a domain below; a
    /// URI constraint a host or `.` and a domain below, never an address
    /// (§4.2.1.10: "specified as a fully qualified domain name").
    static func isConstraint(_ kind: GeneralName.Kind, _ base: ArraySlice<UInt8>) -> Bool {
        switch kind {
        case .dnsName: return base.isEmpty || isDomain(base)
        case .rfc822Name:
            if let domain = mailboxDomain(base) { return isHostName(domain) }
            return !base.contains(UInt8(ascii: "@")) && isDomain(base)
        case .uniformResourceIdentifier:
            let host = base.first == UInt8(ascii: ".") ? base.dropFirst() : base
            return isHostName(host) && IPAddressParser.ipv4(host) == nil
        default: return true
        }
    }

    /// The checked forms (a bit per tag number) of which a CA has a
    /// permitted or excluded subtree that is not a valid constraint; judged
    /// once per CA, so the verdict does not depend on the subtrees' order.
    static func malformedForms(_ permitted: [GeneralName], _ excluded: [GeneralName]) -> UInt16 {
        var forms: UInt16 = 0
        for base in permitted + excluded where isChecked(base.kind) && !isConstraint(base.kind, base.value) {
            forms |= 1 << UInt16(base.kind.rawValue)
        }
        return forms
    }
}
