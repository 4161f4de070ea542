import DER
import PKIX

// RFC 5280 §4.2.1.10 and §6.1.3(b)–(c): the name constraints of every CA on
// the path bind the names of every certificate below it, except
// self-issued intermediates. The anchor's constraints apply too, although
// its other extensions do not: a constraint can only narrow trust, roots
// are issued with constraints precisely so, and OpenSSL and Chrome apply
// them. Names of a type the constraints do not
// mention are unconstrained; excluded subtrees win over permitted ones.
// Comparisons are counted against `Budgets.nameConstraintComparisons`.
//
// A name is judged by every name it stands for, or a wildcard or a mapped
// address would slip past a constraint on one of them: a wildcard
// dNSName by each host it can match, an IPv4-mapped IPv6 address by its
// IPv4 address as well, a directoryName under RFC 5280 §7.1's comparison.
// An excluded subtree refuses it when any of those falls inside; a
// permitted one admits it only when all of them do. A name or subtree of
// the dNSName, rfc822Name or URI form outside preferred name syntax cannot
// be compared, and refuses the name under either kind of subtree
// (`NameSyntax`).

extension Evaluation {
    /// The constraints of the CAs at path positions 1..<`end` (the anchor's
    /// included when `end` is past it: `ValidationProfile.enforcesAnchorConstraints`).
    func checkNameConstraints(_ certificates: [Certificate], upTo end: Int, meter: inout Meter) throws(BudgetExhausted) -> TrustFailure? {
        for caIndex in 1..<max(min(end, certificates.count), 1) {
            let ca = certificates[caIndex]
            guard ca.extensions.nameConstraintsCritical != nil else { continue }
            let permitted = ca.permittedSubtrees, excluded = ca.excludedSubtrees
            let malformedForms = NameSyntax.malformedForms(permitted, excluded)
            for index in 0..<caIndex {
                let subject = certificates[index]
                if index > 0 && subject.isSelfIssued { continue }
                for name in constrainedNames(of: subject, isLeaf: index == 0) {
                    if try !isAllowed(name, in: subject, by: ca, permitted: permitted, excluded: excluded,
                                      malformedForms: malformedForms, meter: &meter) {
                        return .nameConstraintViolation(index: index)
                    }
                }
            }
        }
        return nil
    }

    /// A name to check: a SAN entry, the subject DN, a legacy emailAddress
    /// attribute, or a Common Name the leaf is matched by.
    enum ConstrainedName {
        case general(GeneralName)
        case subjectDN
        case emailAttribute([UInt8])
        case commonNameAsDNS([UInt8])
    }

    func constrainedNames(of certificate: Certificate, isLeaf: Bool = false) -> [ConstrainedName] {
        let alternativeNames = certificate.subjectAlternativeNames
        var names = alternativeNames.map { ConstrainedName.general($0) }
        if !certificate.subject.isEmpty { names.append(.subjectDN) }
        // §4.2.1.10: emailAddress attributes in the subject are rfc822Names too.
        for email in certificate.subjectName.values(of: .emailAddress) { names.append(.emailAttribute(Array(email.utf8))) }
        // With the Common Name fallback on, a leaf without a dNSName is matched
        // by its CNs: each is then a DNS name the constraints bind,
        // or a CN would let a constrained CA name any host.
        if isLeaf, policy.allowCommonNameFallback, !alternativeNames.contains(where: { $0.kind == .dnsName }) {
            for name in certificate.subjectName.values(of: .commonName) { names.append(.commonNameAsDNS(Array(name.utf8))) }
        }
        return names
    }

    /// Whether the CA's subtrees admit `name`. `malformedForms` are the
    /// forms (`NameSyntax.malformedForms`) of which the CA has a subtree
    /// outside preferred syntax: a name of such a form is refused, as is a
    /// name of a constrained form that is itself outside the syntax.
    func isAllowed(_ name: ConstrainedName, in subject: Certificate, by ca: Certificate,
                   permitted: [GeneralName], excluded: [GeneralName], malformedForms: UInt16 = 0,
                   meter: inout Meter) throws(BudgetExhausted) -> Bool {
        let kind: GeneralName.Kind
        let text: ArraySlice<UInt8>
        switch name {
        case .general(let general): kind = general.kind; text = general.value
        case .subjectDN: kind = .directoryName; text = []
        case .emailAttribute(let email): kind = .rfc822Name; text = email[...]
        case .commonNameAsDNS(let name): kind = .dnsName; text = name[...]
        }
        // RFC 5280 §4.2.1.10: only names of a form some subtree mentions are
        // judged; a malformed name or subtree of that form refuses it whether
        // the subtrees are permitted or excluded.
        if NameSyntax.isChecked(kind), excluded.contains(where: { $0.kind == kind }) || permitted.contains(where: { $0.kind == kind }) {
            guard malformedForms & (1 << UInt16(kind.rawValue)) == 0, NameSyntax.isPresented(kind, text) else { return false }
        }
        // A directoryName's RDNs in RFC 5280 §7.1 form, made once for all its constraints.
        var nameRDNs: [[UInt8]]? = nil
        func matches(_ base: GeneralName, excluding: Bool) throws(BudgetExhausted) -> Bool {
            try meter.chargeNameComparisons(1)
            let constraint = base.value
            switch name {
            case .general(let general) where kind == .directoryName:
                return try directoryName(Name(encoded: general.value), within: base, rdns: &nameRDNs, meter: &meter)
            case .subjectDN:
                return try directoryName(subject.subject, within: base, rdns: &nameRDNs, meter: &meter)
            case .general(let general):
                return NameMatching.matches(kind: kind, name: general.value, constraint: constraint, excluding: excluding)
            case .emailAttribute(let email):
                return NameMatching.matches(kind: .rfc822Name, name: email[...], constraint: constraint, excluding: excluding)
            case .commonNameAsDNS(let name):
                return NameMatching.matches(kind: .dnsName, name: name[...], constraint: constraint, excluding: excluding)
            }
        }
        for base in excluded where base.kind == kind {
            if try matches(base, excluding: true) { return false }
        }
        let relevant = permitted.filter { $0.kind == kind }
        guard !relevant.isEmpty else { return true }
        for base in relevant where try matches(base, excluding: false) { return true }
        return false
    }

    /// RFC 5280 §4.2.1.10 and §7.1: the constraint's RDNs are a prefix of
    /// the name's, each RDN compared in `NameEquivalence` form (string type,
    /// ASCII case and space runs folded; a multi-valued RDN's attributes in
    /// any order). Byte-for-byte comparison let an excluded name through in
    /// another string type, case or spacing. Each RDN
    /// compared counts as one comparison, charged before the work.
    func directoryName(_ name: Name, within base: GeneralName,
                       rdns nameRDNs: inout [[UInt8]]?, meter: inout Meter) throws(BudgetExhausted) -> Bool {
        let constraintName = Name(encoded: base.value).distinguishedName
        let count = constraintName.relativeNames.count
        try meter.chargeNameComparisons(count)
        if nameRDNs == nil { nameRDNs = NameEquivalence.canonicalRelativeNames(name.distinguishedName) }
        guard let names = nameRDNs, count <= names.count else { return false }
        let constraintRDNs = NameEquivalence.canonicalRelativeNames(constraintName)
        for (a, b) in zip(names, constraintRDNs) where a != b { return false }
        return true
    }
}

/// Subtree matching by name form, on raw bytes.
enum NameMatching {
    /// Whether `name` falls in the subtree `constraint`. For an excluded
    /// subtree (`excluding`) a name that stands for several — a wildcard
    /// dNSName — matches when any name it stands for does; for a permitted
    /// one, only when all of them do. Directory names are compared by the
    /// verifier (`Verifier.directoryName`), which needs both certificates.
    static func matches(kind: GeneralName.Kind, name: ArraySlice<UInt8>, constraint: ArraySlice<UInt8>, excluding: Bool) -> Bool {
        switch kind {
        case .dnsName:
            return excluding ? dnsName(Array(name), overlaps: Array(constraint)) : dnsName(Array(name), within: Array(constraint))
        case .ipAddress:
            return excluding ? ipAddress(Array(name), excludedBy: Array(constraint)) : ipAddress(Array(name), permittedBy: Array(constraint))
        case .rfc822Name: return mailbox(Array(name), within: Array(constraint))
        case .uniformResourceIdentifier:
            // A URI without a host name is refused before any comparison (`NameSyntax.uriHost`).
            guard let uriHostName = NameSyntax.uriHost(name) else { return false }
            return host(Array(uriHostName), within: Array(constraint))
        default: return false  // forms PureX509 does not constrain never match
        }
    }

    static func lower(_ bytes: [UInt8]) -> [UInt8] {
        ASCII.lowercased(bytes)
    }

    /// "example.com" covers itself and every name below it; ".example.com"
    /// only the names below it (the common reading, Go's and webpki's). An
    /// empty constraint covers every name. Neither side has a trailing dot:
    /// both were checked for preferred syntax first (`NameSyntax`).
    static func dnsName(_ name: [UInt8], within constraint: [UInt8]) -> Bool {
        let name = lower(name), constraint = lower(constraint)
        if constraint.isEmpty { return true }
        if constraint.first == UInt8(ascii: ".") {
            return name.count > constraint.count && name.suffix(constraint.count).elementsEqual(constraint)
        }
        if name == constraint { return true }
        return name.count > constraint.count && name.suffix(constraint.count).elementsEqual(constraint)
            && name[name.count - constraint.count - 1] == UInt8(ascii: ".")
    }

    /// Whether any name `name` can stand for falls in the subtree: `name`
    /// itself as `dnsName(_:within:)` reads it, or — for a wildcard
    /// `*.base` — the constraint is one label over `base` (`bad.example.com`
    /// against `*.example.com`). A wildcard matches exactly one label (RFC
    /// 9525 §6.3, `HostName.matches`), so `a.b.example.com` does not
    /// overlap it, and a one-label constraint (`org`) has no label to drop:
    /// it overlaps only wildcards below it, by the first reading (excluding
    /// every wildcard there would refuse names the constraint never covers).
    /// `*.base` over `base` itself (`*.example.com`, `.example.com`) is the
    /// first reading too: every name it stands for is below `base`.
    static func dnsName(_ name: [UInt8], overlaps constraint: [UInt8]) -> Bool {
        if dnsName(name, within: constraint) { return true }
        let name = lower(name), constraint = lower(constraint)
        guard name.count > 2, name[0] == UInt8(ascii: "*"), name[1] == UInt8(ascii: ".") else { return false }
        // A constraint with a leading dot names only hosts below it, which
        // have at least two labels over `base`: never one of the wildcard's.
        guard constraint.first != UInt8(ascii: "."), let dot = constraint.firstIndex(of: UInt8(ascii: ".")), dot > 0 else { return false }
        return constraint[(dot + 1)...].elementsEqual(name[2...])
    }

    /// Address and mask of the same family (RFC 5280 §4.2.1.10).
    static func ipAddress(_ address: [UInt8], within constraint: [UInt8]) -> Bool {
        guard constraint.count == 2 * address.count else { return false }
        for i in 0..<address.count where address[i] & constraint[address.count + i] != constraint[i] & constraint[address.count + i] {
            return false
        }
        return true
    }

    /// An IPv4-mapped IPv6 address (::ffff:a.b.c.d) reaches the IPv4 host
    /// it maps (RFC 4291 §2.5.5.2), so an excluded IPv4 range must not be
    /// escaped by writing the host in its mapped form, although the host
    /// identity compares octets exactly (`ServerIdentity.isPresented(by:)`):
    /// reading more names into an excluded range only refuses more. It is
    /// excluded when either of its forms — the four octets or the sixteen —
    /// falls in an excluded range of that family: an IPv4 range, or an IPv6
    /// range over ::ffff:0:0/96. A plain IPv4 address likewise when its
    /// mapped form falls in an excluded IPv6 range.
    static func ipAddress(_ address: [UInt8], excludedBy constraint: [UInt8]) -> Bool {
        let v4 = IPAddressForm.ipv4(address)
        if let v4, ipAddress(v4, within: constraint) || ipAddress(IPAddressForm.mapped(v4), within: constraint) { return true }
        return ipAddress(address, within: constraint)
    }

    /// Permitted ranges admit an IPv4 or IPv4-mapped address only by an
    /// IPv4 range: an IPv6 range (::/0, say) never admits one, or it would
    /// admit any IPv4 host beside the CA's IPv4 ranges.
    static func ipAddress(_ address: [UInt8], permittedBy constraint: [UInt8]) -> Bool {
        if let v4 = IPAddressForm.ipv4(address) { return ipAddress(v4, within: constraint) }
        return ipAddress(address, within: constraint)
    }

    /// "user@host" is one mailbox; "host" every mailbox at that host;
    /// ".host" every mailbox at hosts below it. Hosts compare case-insensitively.
    static func mailbox(_ address: [UInt8], within constraint: [UInt8]) -> Bool {
        guard let at = address.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let host = lower(Array(address[(at + 1)...]))
        if let constraintAt = constraint.lastIndex(of: UInt8(ascii: "@")) {
            return address[..<at].elementsEqual(constraint[..<constraintAt])
                && host == lower(Array(constraint[(constraintAt + 1)...]))
        }
        let domain = lower(constraint)
        if domain.first == UInt8(ascii: ".") { return host.count > domain.count && host.suffix(domain.count).elementsEqual(domain) }
        return host == domain
    }

    /// URI constraints name a host: "host" exactly, ".host" the hosts below it.
    static func host(_ host: [UInt8], within constraint: [UInt8]) -> Bool {
        let host = lower(host), constraint = lower(constraint)
        if constraint.first == UInt8(ascii: ".") { return host.count > constraint.count && host.suffix(constraint.count).elementsEqual(constraint) }
        return host == constraint
    }
}
