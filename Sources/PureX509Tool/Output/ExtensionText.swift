import PureX509

/// The extensions `openssl x509 -text` renders field by field and the
/// summary's own fields do not: certificate policies with their
/// qualifiers, AIA, CRL distribution points, name constraints, SCTs,
/// policy mappings and constraints, inhibitAnyPolicy, issuerAltName. Each
/// renders what PKIX decoded (the tool parses no DER of its own); a value
/// PKIX does not decode (the strict parser does not check all of these) is
/// left to the hex listing, so nothing is hidden and nothing traps.
///
/// Every list here can be made long: a 16 MiB block holds millions of
/// distribution points, subtrees, policies or names. Each is shown up to
/// inspect's display budget (`--list-limit`) and the rest is counted: a
/// list of lines ends with `… (N more entries not shown; …)` and its JSON
/// array gets an `…Omitted` sibling (`valueOmitted` beside the value),
/// present only when not 0, as the CRL's and subjectAltNames' lists do.
struct RenderedExtension {
    /// The label in text output (`Certificate policies`).
    let label: String
    /// The member in `inspect --json`'s `extensions` object.
    let key: String
    let critical: Bool
    /// Text lines, the first beside the label.
    let lines: [String]
    let json: JSONOutput
    /// Items of the value's own list past the display budget.
    let omitted: Int

    /// What a renderer makes of one extension: its lines, its JSON and
    /// how many items of its list it left out.
    typealias Rendering = (lines: [String], json: JSONOutput, omitted: Int)

    static var renderers: [(OID, String, String, (Certificate, Int) -> Rendering?)] { [
        (.certificatePolicies, "Certificate policies", "certificatePolicies", policies),
        (.authorityInfoAccess, "Authority info access", "authorityInfoAccess", authorityInfoAccess),
        (.crlDistributionPoints, "CRL distribution points", "crlDistributionPoints", { distributionPoints($0.distributionPoints, limit: $1) }),
        (.freshestCRL, "Freshest CRL", "freshestCRL", { distributionPoints($0.freshestCRLPoints, limit: $1) }),
        (.nameConstraints, "Name constraints", "nameConstraints", nameConstraints),
        (.policyMappings, "Policy mappings", "policyMappings", policyMappings),
        (.policyConstraints, "Policy constraints", "policyConstraints", policyConstraints),
        (.inhibitAnyPolicy, "Inhibit anyPolicy", "inhibitAnyPolicy", inhibitAnyPolicy),
        (.issuerAltName, "Issuer alt names", "issuerAltNames", issuerAltNames),
    ] }

    /// The rendering of `certificate`'s extension `oid` when it is one of
    /// the above and PKIX decoded its value; lists are shown up to `limit` items.
    static func render(_ oid: OID, critical: Bool, certificate: Certificate, limit: Int) -> RenderedExtension? {
        guard let (_, label, key, renderer) = renderers.first(where: { $0.0 == oid }),
              let (lines, json, omitted) = renderer(certificate, limit), !lines.isEmpty else { return nil }
        return RenderedExtension(label: label, key: key, critical: critical, lines: lines, json: json, omitted: omitted)
    }

    /// The text line that ends a list of lines cut at the display budget.
    static func moreEntries(_ count: Int) -> String {
        "… (\(count) more entries not shown; --list-limit 0 shows every one)"
    }

    /// A rendering of one line per item, of `total` items of which `lines` shows the first.
    static func listed(_ lines: [String], _ json: [JSONOutput], total: Int, limit: Int) -> Rendering {
        let omitted = max(0, total - limit)
        return (omitted > 0 ? lines + [moreEntries(omitted)] : lines, .array(json), omitted)
    }

    /// What ends a comma-separated list of names cut at the display budget.
    static func moreNames(_ count: Int) -> String {
        count > 0 ? ", … (\(count) more names not shown)" : ""
    }

    /// A JSON object's members with `name`Omitted appended when `count` is not 0.
    static func withOmitted(_ members: [(String, JSONOutput)], _ name: String, _ count: Int) -> [(String, JSONOutput)] {
        count > 0 ? members + [(name + "Omitted", .int(count))] : members
    }

    // MARK: - Renderings of PKIX's decoded values

    /// A user notice's DisplayText: escaped for the terminal, and as
    /// decoded for JSON (whose own escaping makes it safe).
    private static func text(_ text: NoticeText) -> (display: String, raw: String) {
        let raw = text.string
        return (text.tag == .bmpString ? DisplayText.escaped(raw) : DisplayText.escaped(utf8: text.value), raw)
    }

    /// An INTEGER's content in decimal when it fits 63 bits, else hex.
    private static func number(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.count <= 8, bytes.first.map({ $0 < 0x80 }) ?? false else { return "0x" + Hex.encode(bytes) }
        return String(bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// GeneralNames: `DNS:…` escaped for text, and with the value as
    /// decoded for JSON.
    private static func named(_ name: GeneralName) -> (display: String, raw: String) {
        (name.description, name.label + ":" + name.rawText)
    }

    /// RFC 5280 §4.2.1.4, with CPS pointers and user notices (§4.2.1.4's qualifiers).
    static func policies(_ certificate: Certificate, limit: Int) -> Rendering? {
        guard let statements = certificate.policyStatements else { return nil }
        var lines: [String] = [], list: [JSONOutput] = []
        for statement in statements.prefix(limit) {
            let policy = statement.policy
            lines.append("Policy: " + policy.description + (policyName(policy).map { " (\($0))" } ?? ""))
            var qualifiers: [JSONOutput] = []
            for qualifier in statement.qualifiers.prefix(limit) {
                switch qualifier {
                case .cps(let uri):
                    lines.append("  CPS: " + DisplayText.escaped(utf8: uri))
                    qualifiers.append(.object([("type", .string("cps")), ("uri", .string(String(decoding: uri, as: UTF8.self)))]))
                case .userNotice(let notice):
                    let rendered = userNotice(notice, limit: limit)
                    lines.append("  User notice: " + rendered.text)
                    qualifiers.append(rendered.json)
                case .other(let id, let encoded):
                    lines.append("  Qualifier \(id): " + Hex.encode(encoded, separator: ":"))
                    qualifiers.append(.object([("type", .string(id.description)), ("der", .string(Hex.encode(encoded)))]))
                }
            }
            let qualifiersOmitted = max(0, statement.qualifiers.count - limit)
            if qualifiersOmitted > 0 { lines.append("  " + moreEntries(qualifiersOmitted)) }
            list.append(.object(withOmitted([("policy", .string(policy.description)), ("qualifiers", .array(qualifiers))],
                                             "qualifiers", qualifiersOmitted)))
        }
        return listed(lines, list, total: statements.count, limit: limit)
    }

    /// The CA/Browser Forum's policy identifiers by name, as certificates announce their validation level.
    static func policyName(_ oid: OID) -> String? {
        switch oid {
        case .anyPolicy: return "anyPolicy"
        case .cabfExtendedValidation: return "EV"
        case .cabfDomainValidated: return "domain validated"
        case .cabfOrganizationValidated: return "organization validated"
        case .cabfIndividualValidated: return "individual validated"
        default: return nil
        }
    }

    private static func userNotice(_ notice: UserNotice, limit: Int) -> (text: String, json: JSONOutput) {
        var parts: [String] = [], members: [(String, JSONOutput)] = [("type", .string("userNotice"))]
        if let reference = notice.noticeReference {
            let organization = text(reference.organization)
            let numbers = reference.noticeNumbers.prefix(limit).map(number)
            let numbersOmitted = max(0, reference.noticeNumbers.count - limit)
            let more = numbersOmitted > 0 ? ", … (\(numbersOmitted) more numbers not shown)" : ""
            parts.append("organization \(organization.display), notice \(numbers.joined(separator: ", "))" + more)
            members.append(("organization", .string(organization.raw)))
            members.append(("noticeNumbers", .array(numbers.map { .string($0) })))
            members = withOmitted(members, "noticeNumbers", numbersOmitted)
        }
        if let explicitText = notice.explicitText {
            let explicit = text(explicitText)
            parts.append("\"\(explicit.display)\"")
            members.append(("explicitText", .string(explicit.raw)))
        }
        return (parts.joined(separator: "; "), .object(members))
    }

    /// RFC 5280 §4.2.2.1: access method and location.
    static func authorityInfoAccess(_ certificate: Certificate, limit: Int) -> Rendering? {
        var lines: [String] = [], list: [JSONOutput] = []
        let descriptions = certificate.accessDescriptions
        for description in descriptions.prefix(limit) {
            let name = named(description.location)
            let methodName: String
            switch description.method {
            case .ocspAccessMethod: methodName = "OCSP"
            case .caIssuersAccessMethod: methodName = "CA Issuers"
            default: methodName = description.method.description
            }
            lines.append("\(methodName) - \(name.display)")
            list.append(.object([("method", .string(methodName)), ("location", .string(name.raw))]))
        }
        return listed(lines, list, total: descriptions.count, limit: limit)
    }

    /// RFC 5280 §4.2.1.13 (and freshestCRL, §4.2.1.15, of the same syntax).
    static func distributionPoints(_ points: [DistributionPoint], limit: Int) -> Rendering? {
        var lines: [String] = [], list: [JSONOutput] = []
        for point in points.prefix(limit) {
            var members: [(String, JSONOutput)] = []
            var parts: [String] = []
            switch point.name {
            case .fullName(let content):
                let listed = GeneralName.list(in: content, limit: limit)
                let full = listed.names.map(named)
                parts.append("Full Name: " + full.map(\.display).joined(separator: ", ") + moreNames(listed.omitted))
                members = withOmitted(members + [("fullName", .array(full.map { .string($0.raw) }))], "fullName", listed.omitted)
            case let name?:
                let relative = Hex.encode(name.relativeNameContent ?? [])
                parts.append("Relative Name: #" + relative)
                members.append(("relativeName", .string(relative)))
            case nil:
                break
            }
            if let flags = point.reasons {
                let reasons = reasonNames(flags)
                parts.append("Reasons: " + reasons.joined(separator: ", "))
                members.append(("reasons", .array(reasons.map { .string($0) })))
            }
            if let content = point.crlIssuer {
                let listed = GeneralName.list(in: content, limit: limit)
                let issuer = listed.names.map(named)
                parts.append("CRL Issuer: " + issuer.map(\.display).joined(separator: ", ") + moreNames(listed.omitted))
                members = withOmitted(members + [("crlIssuer", .array(issuer.map { .string($0.raw) }))], "crlIssuer", listed.omitted)
            }
            lines.append(parts.joined(separator: "; "))
            list.append(.object(members))
        }
        return listed(lines, list, total: points.count, limit: limit)
    }

    /// ReasonFlags bits (RFC 5280 §4.2.1.13) by name, bit 0 (unused) included.
    static func reasonNames(_ flags: ReasonFlags) -> [String] {
        let names: [(ReasonFlags, String)] = [
            (.unused, "unused"), (.keyCompromise, "keyCompromise"), (.cACompromise, "cACompromise"),
            (.affiliationChanged, "affiliationChanged"), (.superseded, "superseded"),
            (.cessationOfOperation, "cessationOfOperation"), (.certificateHold, "certificateHold"),
            (.privilegeWithdrawn, "privilegeWithdrawn"), (.aACompromise, "aACompromise"),
        ]
        return names.filter { flags.contains($0.0) }.map(\.1)
    }

    /// RFC 5280 §4.2.1.10: the subtrees' base names, as the strict parser
    /// read them (an iPAddress base is an address and its mask).
    static func nameConstraints(_ certificate: Certificate, limit: Int) -> Rendering? {
        var lines: [String] = [], members: [(String, JSONOutput)] = []
        for (kind, bases) in [("Permitted", certificate.permittedSubtrees), ("Excluded", certificate.excludedSubtrees)] where !bases.isEmpty {
            let described = bases.prefix(limit).map(named)
            let omitted = max(0, bases.count - limit)
            lines.append(kind + ": " + described.map(\.display).joined(separator: ", ") + moreNames(omitted))
            members = withOmitted(members + [(kind.lowercased(), .array(described.map { .string($0.raw) }))], kind.lowercased(), omitted)
        }
        return (lines, .object(members), 0)
    }

    /// RFC 6962 §3.3: each SCT's version, log and time, with the log's name
    /// and operator from `logs` and whether its signature verifies over the
    /// precertificate `issuer` issued (`verified`, `bad signature`,
    /// `unknown log`, or `issuer not in the input`).
    static func timestamps(_ certificate: Certificate, limit: Int, logs: CTLogList?, issuer: Certificate?, critical: Bool) -> RenderedExtension? {
        guard let list = certificate.signedCertificateTimestamps else { return nil }
        let entry = issuer.flatMap { SCTEntry.embedded(in: certificate, issuer: $0) }
        var lines: [String] = [], entries: [JSONOutput] = []
        for timestamp in list.prefix(limit) {
            let version = Int(timestamp.version) + 1
            let logID = Base64.encode(timestamp.logID)
            let milliseconds = Int64(bitPattern: timestamp.timestamp)
            let time = CivilTime.iso8601(milliseconds / 1000)
            let stamp = String(time.dropLast()) + "." + String(String(1000 + milliseconds % 1000).dropFirst()) + "Z"
            var line = "v\(version) log \(logID) at \(stamp)"
            var members: [(String, JSONOutput)] = [("version", .int(version)), ("logID", .string(logID)), ("timestamp", .string(stamp))]
            if let logs {
                let log = logs.log(id: timestamp.logID)
                let status: String
                if log == nil {
                    status = "unknown log"
                } else if let entry, let log {
                    status = timestamp.verifySignature(over: entry, logKey: log.key) == nil ? "verified" : "bad signature"
                } else {
                    status = "issuer not in the input"
                }
                if let log { line += ": " + DisplayText.escaped(log.name) + " (" + DisplayText.escaped(log.operatorName) + ")" }
                line += ", " + status
                members += [("log", .optional(log?.name)), ("operator", .optional(log?.operatorName)), ("status", .string(status))]
            }
            lines.append(line)
            entries.append(.object(members))
        }
        let (shown, json, omitted) = listed(lines, entries, total: list.count, limit: limit)
        return RenderedExtension(label: "SCTs", key: "signedCertificateTimestamps", critical: critical, lines: shown, json: json, omitted: omitted)
    }

    /// RFC 5280 §4.2.1.5.
    static func policyMappings(_ certificate: Certificate, limit: Int) -> Rendering? {
        guard let mappings = certificate.policyMappingList else { return nil }
        var lines: [String] = [], list: [JSONOutput] = []
        for mapping in mappings.prefix(limit) {
            let issuer = mapping.issuerDomainPolicy, subject = mapping.subjectDomainPolicy
            lines.append("\(issuer) → \(subject)")
            list.append(.object([("issuerDomainPolicy", .string(issuer.description)), ("subjectDomainPolicy", .string(subject.description))]))
        }
        return listed(lines, list, total: mappings.count, limit: limit)
    }

    /// RFC 5280 §4.2.1.11.
    static func policyConstraints(_ certificate: Certificate, limit: Int) -> Rendering? {
        guard let values = certificate.policyConstraintValues else { return nil }
        var parts: [String] = [], members: [(String, JSONOutput)] = []
        for (name, value) in [("requireExplicitPolicy", values.requireExplicitPolicy), ("inhibitPolicyMapping", values.inhibitPolicyMapping)] {
            guard let value else { continue }
            parts.append("\(name): \(value)")
            members.append((name, .int(value)))
        }
        return ([parts.joined(separator: ", ")], .object(members), 0)
    }

    /// RFC 5280 §4.2.1.14.
    static func inhibitAnyPolicy(_ certificate: Certificate, limit: Int) -> Rendering? {
        guard let number = certificate.inhibitAnyPolicyValue else { return nil }
        return (["skip certificates: \(number)"], .int(number), 0)
    }

    /// RFC 5280 §4.2.1.7: one line of names, so the count of the rest ends it.
    static func issuerAltNames(_ certificate: Certificate, limit: Int) -> Rendering? {
        guard let content = certificate.extensions.issuerAlternativeName?.list else { return nil }
        let listed = GeneralName.list(in: content, limit: limit)
        let list = listed.names.map(named)
        return ([list.map(\.display).joined(separator: ", ") + moreNames(listed.omitted)], .array(list.map { .string($0.raw) }), listed.omitted)
    }
}
