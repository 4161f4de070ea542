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

extension Verifier {
    func checkNameConstraints(_ certificates: [Certificate], comparisons: inout Int) throws(TrustFailure) -> TrustFailure? {
        let anchorIndex = certificates.count - 1
        for caIndex in 1..<max(anchorIndex + 1, 1) {
            let ca = certificates[caIndex]
            guard ca.extensions.nameConstraints != nil else { continue }
            let permitted = ca.permittedSubtrees, excluded = ca.excludedSubtrees
            for index in 0..<caIndex {
                let subject = certificates[index]
                if index > 0 && subject.isSelfIssued { continue }
                for name in constrainedNames(of: subject, isLeaf: index == 0) {
                    if try !isAllowed(name, in: subject, by: ca, permitted: permitted, excluded: excluded, comparisons: &comparisons) {
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
        if !certificate[certificate.subject].elementsEqual([0x30, 0x00]) { names.append(.subjectDN) }
        // §4.2.1.10: emailAddress attributes in the subject are rfc822Names too.
        for email in certificate.subjectName.values(of: .emailAddress) { names.append(.emailAttribute(Array(email.utf8))) }
        // With the Common Name fallback on, a leaf without a dNSName is matched
        // by its CNs: each is then a DNS name the constraints bind (issue 12),
        // or a CN would let a constrained CA name any host.
        if isLeaf, policy.allowCommonNameFallback, !alternativeNames.contains(where: { $0.kind == .dnsName }) {
            for name in certificate.subjectName.values(of: .commonName) { names.append(.commonNameAsDNS(Array(name.utf8))) }
        }
        return names
    }

    func isAllowed(_ name: ConstrainedName, in subject: Certificate, by ca: Certificate,
                   permitted: [GeneralName], excluded: [GeneralName], comparisons: inout Int) throws(TrustFailure) -> Bool {
        let kind: GeneralName.Kind
        switch name {
        case .general(let general): kind = general.kind
        case .subjectDN: kind = .directoryName
        case .emailAttribute: kind = .rfc822Name
        case .commonNameAsDNS: kind = .dnsName
        }
        func matches(_ base: GeneralName) throws(TrustFailure) -> Bool {
            comparisons += 1
            guard comparisons <= policy.budgets.nameConstraintComparisons else { throw .budgetExceeded(.nameConstraintComparisons) }
            let constraint = ca[base.value]
            switch name {
            case .general(let general):
                return NameMatching.matches(kind: kind, name: subject[general.value], constraint: constraint)
            case .subjectDN:
                return NameMatching.matches(kind: .directoryName, name: subject[subject.subject], constraint: constraint)
            case .emailAttribute(let email):
                return NameMatching.matches(kind: .rfc822Name, name: email[...], constraint: constraint)
            case .commonNameAsDNS(let name):
                return NameMatching.matches(kind: .dnsName, name: name[...], constraint: constraint)
            }
        }
        for base in excluded where base.kind == kind {
            if try matches(base) { return false }
        }
        let relevant = permitted.filter { $0.kind == kind }
        guard !relevant.isEmpty else { return true }
        for base in relevant where try matches(base) { return true }
        return false
    }
}

/// Subtree matching by name form, on raw bytes.
enum NameMatching {
    static func matches(kind: GeneralName.Kind, name: ArraySlice<UInt8>, constraint: ArraySlice<UInt8>) -> Bool {
        switch kind {
        case .dnsName: return dnsName(Array(name), within: Array(constraint))
        case .ipAddress: return ipAddress(Array(name), within: Array(constraint))
        case .rfc822Name: return mailbox(Array(name), within: Array(constraint))
        case .uniformResourceIdentifier:
            guard let uriHostName = uriHost(Array(name)) else { return false }
            return host(uriHostName, within: Array(constraint))
        case .directoryName: return directoryName(name, within: constraint)
        default: return false  // forms PureX509 does not constrain never match
        }
    }

    static func lower(_ bytes: [UInt8]) -> [UInt8] {
        ASCII.lowercased(bytes)
    }

    /// "example.com" covers itself and every name below it; ".example.com"
    /// only the names below it (the common reading, Go's and webpki's). An
    /// empty constraint covers every name.
    static func dnsName(_ name: [UInt8], within constraint: [UInt8]) -> Bool {
        var name = lower(name), constraint = lower(constraint)
        if name.last == UInt8(ascii: ".") { name.removeLast() }
        if constraint.last == UInt8(ascii: ".") { constraint.removeLast() }
        if constraint.isEmpty { return true }
        if constraint.first == UInt8(ascii: ".") {
            return name.count > constraint.count && name.suffix(constraint.count).elementsEqual(constraint)
        }
        if name == constraint { return true }
        return name.count > constraint.count && name.suffix(constraint.count).elementsEqual(constraint)
            && name[name.count - constraint.count - 1] == UInt8(ascii: ".")
    }

    /// Address and mask of the same family (RFC 5280 §4.2.1.10).
    static func ipAddress(_ address: [UInt8], within constraint: [UInt8]) -> Bool {
        guard constraint.count == 2 * address.count else { return false }
        for i in 0..<address.count where address[i] & constraint[address.count + i] != constraint[i] & constraint[address.count + i] {
            return false
        }
        return true
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

    /// The host of `scheme://[userinfo@]host[:port][/…]`, nil without an authority.
    static func uriHost(_ uri: [UInt8]) -> [UInt8]? {
        let separator = Array("://".utf8)
        guard let start = (0..<max(uri.count - 2, 0)).first(where: { uri[$0..<($0 + 3)].elementsEqual(separator) }) else { return nil }
        var authority = Array(uri[(start + 3)...])
        if let end = authority.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            authority = Array(authority[..<end])
        }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = Array(authority[(at + 1)...]) }
        if authority.first == UInt8(ascii: "[") { return nil }  // IP literals are not host names
        if let colon = authority.lastIndex(of: UInt8(ascii: ":")) { authority = Array(authority[..<colon]) }
        return authority.isEmpty ? nil : authority
    }

    /// URI constraints name a host: "host" exactly, ".host" the hosts below it.
    static func host(_ host: [UInt8], within constraint: [UInt8]) -> Bool {
        let host = lower(host), constraint = lower(constraint)
        if constraint.first == UInt8(ascii: ".") { return host.count > constraint.count && host.suffix(constraint.count).elementsEqual(constraint) }
        return host == constraint
    }

    /// The constraint's RDNs are a prefix of the name's, compared as encoded
    /// (stricter than X.520's normalised comparison, never looser).
    static func directoryName(_ name: ArraySlice<UInt8>, within constraint: ArraySlice<UInt8>) -> Bool {
        guard let nameRDNs = rdns(name), let constraintRDNs = rdns(constraint), constraintRDNs.count <= nameRDNs.count else { return false }
        for (a, b) in zip(nameRDNs, constraintRDNs) where !a.elementsEqual(b) { return false }
        return true
    }

    /// The encoded RDNs of a Name TLV.
    static func rdns(_ name: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
        let bytes = Array(name)
        var failure = false
        let ranges: [Range<Int>] = DERReader.withReader(over: bytes) { reader in
            guard let sequence = try? reader.read(.sequence), var inner = try? reader.nested(sequence) else { failure = true; return [] }
            var result: [Range<Int>] = []
            while !inner.isAtEnd {
                guard let rdn = try? inner.readElement() else { failure = true; return [] }
                result.append(rdn.encoded)
            }
            return result
        }
        return failure ? nil : ranges.map { bytes[$0] }
    }
}
