import PureX509

/// The extensions `openssl x509 -text` renders field by field and the
/// summary's own fields do not: certificate policies with their
/// qualifiers, AIA, CRL distribution points, name constraints, SCTs,
/// policy mappings and constraints, inhibitAnyPolicy, issuerAltName. Each
/// decodes the extension's value on its own; a value it cannot decode
/// (the strict parser does not read all of these) is left to the hex
/// listing, so nothing is hidden and nothing traps.
struct RenderedExtension {
    /// The label in text output (`Certificate policies`).
    let label: String
    /// The member in `inspect --json`'s `extensions` object.
    let key: String
    let critical: Bool
    /// Text lines, the first beside the label.
    let lines: [String]
    let json: JSONOutput

    /// The extension being rendered: its certificate and its value's range
    /// (the extnValue content); decoders read the certificate's own bytes,
    /// so ranges are the certificate's.
    struct Source {
        let certificate: Certificate
        let range: Range<Int>
        var der: [UInt8] { certificate.der }
    }

    static var renderers: [(OID, String, String, (Source) -> (lines: [String], json: JSONOutput)?)] { [
        (.certificatePolicies, "Certificate policies", "certificatePolicies", policies),
        (.authorityInfoAccess, "Authority info access", "authorityInfoAccess", authorityInfoAccess),
        (.crlDistributionPoints, "CRL distribution points", "crlDistributionPoints", distributionPoints),
        (.freshestCRL, "Freshest CRL", "freshestCRL", distributionPoints),
        (.nameConstraints, "Name constraints", "nameConstraints", nameConstraints),
        (.signedCertificateTimestampList, "SCTs", "signedCertificateTimestamps", timestamps),
        (.policyMappings, "Policy mappings", "policyMappings", policyMappings),
        (.policyConstraints, "Policy constraints", "policyConstraints", policyConstraints),
        (.inhibitAnyPolicy, "Inhibit anyPolicy", "inhibitAnyPolicy", inhibitAnyPolicy),
        (.issuerAltName, "Issuer alt names", "issuerAltNames", issuerAltNames),
    ] }

    /// The rendering of the extension whose value is `value`, a part of
    /// `certificate`, when `oid` is one of the above and the value decodes.
    static func render(_ oid: OID, critical: Bool, certificate: Certificate, value: ArraySlice<UInt8>) -> RenderedExtension? {
        // A part of the certificate keeps the certificate's indices, so its
        // indices locate it in `certificate.der` for the decoders below.
        guard let (_, label, key, renderer) = renderers.first(where: { $0.0 == oid }),
              let (lines, json) = renderer(Source(certificate: certificate, range: value.indices)), !lines.isEmpty else { return nil }
        return RenderedExtension(label: label, key: key, critical: critical, lines: lines, json: json)
    }

    // MARK: - Decoders (DER over the value; any error gives nil)

    private static func decode<T>(_ source: Source, _ body: (inout DERReader) throws(DERError) -> T) -> T? {
        try? DERReader.withReader(over: source.der, range: source.range) { reader throws(DERError) in
            let value = try body(&reader)
            try reader.expectEnd()
            return value
        }
    }

    private static func oid(_ reader: inout DERReader) throws(DERError) -> OID {
        let element = try reader.read(.objectIdentifier)
        return OID(der: reader.copy(element.value))
    }

    /// A DisplayText or IA5String value: escaped for the terminal, and as
    /// decoded for JSON (whose own escaping makes it safe).
    private static func text(_ reader: DERReader, _ element: DERElement) -> (display: String, raw: String) {
        let bytes = reader.copy(element.value)
        if element.tag == .bmpString {
            var units: [UInt16] = []
            var index = 0
            while index + 1 < bytes.count { units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])); index += 2 }
            let raw = String(decoding: units, as: UTF16.self)
            return (DisplayText.escaped(raw), raw)
        }
        return (DisplayText.escaped(utf8: bytes), String(decoding: bytes, as: UTF8.self))
    }

    /// An INTEGER's content in decimal when it fits 63 bits, else hex.
    private static func number(_ bytes: [UInt8]) -> String {
        guard bytes.count <= 8, bytes.first.map({ $0 < 0x80 }) ?? false else { return "0x" + Hex.encode(bytes) }
        return String(bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// GeneralNames at `range` of the certificate (a SEQUENCE's or an
    /// implicit tag's content): `DNS:…` escaped for text, and with the
    /// value as decoded for JSON.
    private static func names(_ source: Source, _ range: Range<Int>) -> [(display: String, raw: String)] {
        GeneralName.list(in: source.der[range]).map(named)
    }

    private static func named(_ name: GeneralName) -> (display: String, raw: String) {
        (name.description, name.label + ":" + name.rawText)
    }

    /// RFC 5280 §4.2.1.4, with CPS pointers and user notices (§4.2.1.4's qualifiers).
    static func policies(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            var lines: [String] = [], list: [JSONOutput] = []
            var policies = try reader.nested(try reader.read(.sequence))
            while !policies.isAtEnd {
                var information = try policies.nested(try policies.read(.sequence))
                let policy = try oid(&information)
                lines.append("Policy: " + policy.description + (policyName(policy).map { " (\($0))" } ?? ""))
                var qualifiers: [JSONOutput] = []
                if let element = try information.readIfPresent(.sequence) {
                    var list = try information.nested(element)
                    while !list.isAtEnd {
                        var qualifier = try list.nested(try list.read(.sequence))
                        let id = try oid(&qualifier)
                        let value = try qualifier.readElement()
                        if id == .cpsQualifier, value.tag == .ia5String {
                            let uri = text(qualifier, value)
                            lines.append("  CPS: " + uri.display)
                            qualifiers.append(.object([("type", .string("cps")), ("uri", .string(uri.raw))]))
                        } else if id == .userNoticeQualifier, value.tag == .sequence {
                            let notice = try userNotice(qualifier, value)
                            lines.append("  User notice: " + notice.text)
                            qualifiers.append(notice.json)
                        } else {
                            lines.append("  Qualifier \(id): " + Hex.encode(qualifier.copy(value.encoded), separator: ":"))
                            qualifiers.append(.object([("type", .string(id.description)), ("der", .string(Hex.encode(qualifier.copy(value.encoded))))]))
                        }
                    }
                }
                list.append(.object([("policy", .string(policy.description)), ("qualifiers", .array(qualifiers))]))
            }
            return (lines, .array(list))
        }
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

    private static func userNotice(_ reader: DERReader, _ element: DERElement) throws(DERError) -> (text: String, json: JSONOutput) {
        var notice = try reader.nested(element)
        var parts: [String] = [], members: [(String, JSONOutput)] = [("type", .string("userNotice"))]
        if let reference = try notice.readIfPresent(.sequence) {
            var fields = try notice.nested(reference)
            let organization = text(fields, try fields.readElement())
            var numbers: [String] = []
            var list = try fields.nested(try fields.read(.sequence))
            while !list.isAtEnd { numbers.append(number(list.copy(try list.read(.integer).value))) }
            parts.append("organization \(organization.display), notice \(numbers.joined(separator: ", "))")
            members.append(("organization", .string(organization.raw)))
            members.append(("noticeNumbers", .array(numbers.map { .string($0) })))
        }
        if !notice.isAtEnd {
            let explicit = text(notice, try notice.readElement())
            parts.append("\"\(explicit.display)\"")
            members.append(("explicitText", .string(explicit.raw)))
        }
        return (parts.joined(separator: "; "), .object(members))
    }

    /// RFC 5280 §4.2.2.1: access method and location.
    static func authorityInfoAccess(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            var lines: [String] = [], list: [JSONOutput] = []
            var descriptions = try reader.nested(try reader.read(.sequence))
            while !descriptions.isAtEnd {
                var description = try descriptions.nested(try descriptions.read(.sequence))
                let method = try oid(&description)
                let location = try description.readElement()
                let fallback = Hex.encode(description.copy(location.encoded))
                let name = names(source, location.start..<location.value.upperBound).first ?? (fallback, fallback)
                let methodName: String
                switch method {
                case .ocspAccessMethod: methodName = "OCSP"
                case .caIssuersAccessMethod: methodName = "CA Issuers"
                default: methodName = method.description
                }
                lines.append("\(methodName) - \(name.display)")
                list.append(.object([("method", .string(methodName)), ("location", .string(name.raw))]))
            }
            return (lines, .array(list))
        }
    }

    /// RFC 5280 §4.2.1.13 (and freshestCRL, §4.2.1.15, of the same syntax).
    static func distributionPoints(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            var lines: [String] = [], list: [JSONOutput] = []
            var points = try reader.nested(try reader.read(.sequence))
            while !points.isAtEnd {
                var point = try points.nested(try points.read(.sequence))
                var members: [(String, JSONOutput)] = []
                var parts: [String] = []
                while !point.isAtEnd {
                    let field = try point.readElement()
                    switch field.tag.rawValue {
                    case 0xA0:
                        var name = try point.nested(field)
                        let inner = try name.readElement()
                        if inner.tag.rawValue == 0xA0 {
                            let full = names(source, inner.value)
                            parts.append("Full Name: " + full.map(\.display).joined(separator: ", "))
                            members.append(("fullName", .array(full.map { .string($0.raw) })))
                        } else {
                            let relative = Hex.encode(name.copy(inner.value))
                            parts.append("Relative Name: #" + relative)
                            members.append(("relativeName", .string(relative)))
                        }
                    case 0x81:
                        let flags = point.copy(field.value)
                        let reasons = reasonNames(flags)
                        parts.append("Reasons: " + reasons.joined(separator: ", "))
                        members.append(("reasons", .array(reasons.map { .string($0) })))
                    case 0xA2:
                        let issuer = names(source, field.value)
                        parts.append("CRL Issuer: " + issuer.map(\.display).joined(separator: ", "))
                        members.append(("crlIssuer", .array(issuer.map { .string($0.raw) })))
                    default:
                        throw DERError(.unexpectedTag, at: field.start)
                    }
                }
                lines.append(parts.joined(separator: "; "))
                list.append(.object(members))
            }
            return (lines, .array(list))
        }
    }

    /// ReasonFlags bits (RFC 5280 §4.2.1.13), from the BIT STRING content.
    static func reasonNames(_ content: [UInt8]) -> [String] {
        let names = ["unused", "keyCompromise", "cACompromise", "affiliationChanged", "superseded",
                     "cessationOfOperation", "certificateHold", "privilegeWithdrawn", "aACompromise"]
        guard content.count >= 2 else { return [] }
        var result: [String] = []
        for (index, name) in names.enumerated() {
            let byte = 1 + index / 8
            if byte < content.count, content[byte] & (0x80 >> UInt8(index % 8)) != 0 { result.append(name) }
        }
        return result
    }

    /// RFC 5280 §4.2.1.10: the subtrees' base names, as the strict parser
    /// read them (an iPAddress base is an address and its mask).
    static func nameConstraints(_ source: Source) -> ([String], JSONOutput)? {
        let certificate = source.certificate
        var lines: [String] = [], members: [(String, JSONOutput)] = []
        for (kind, bases) in [("Permitted", certificate.permittedSubtrees), ("Excluded", certificate.excludedSubtrees)] where !bases.isEmpty {
            let described = bases.map(named)
            lines.append(kind + ": " + described.map(\.display).joined(separator: ", "))
            members.append((kind.lowercased(), .array(described.map { .string($0.raw) })))
        }
        return (lines, .object(members))
    }

    /// RFC 6962 §3.3: an OCTET STRING holding a TLS SignedCertificateTimestampList.
    static func timestamps(_ source: Source) -> ([String], JSONOutput)? {
        guard let list = decode(source, { reader throws(DERError) in reader.copy(try reader.read(.octetString).value) }),
              list.count >= 2, Int(list[0]) << 8 | Int(list[1]) == list.count - 2 else { return nil }
        var lines: [String] = [], entries: [JSONOutput] = []
        var offset = 2
        while offset < list.count {
            guard offset + 2 <= list.count else { return nil }
            let length = Int(list[offset]) << 8 | Int(list[offset + 1])
            let start = offset + 2
            // version (1), log ID (32), timestamp (8), extensions length (2): 43 bytes at least.
            guard length >= 43, start + length <= list.count else { return nil }
            let version = Int(list[start]) + 1
            let logID = Base64.encode(list[(start + 1)..<(start + 33)])
            var milliseconds: Int64 = 0
            for byte in list[(start + 33)..<(start + 41)] { milliseconds = milliseconds << 8 | Int64(byte) }
            let seconds = milliseconds / 1000
            let time = CivilTime.iso8601(seconds)
            let stamp = String(time.dropLast()) + "." + String(String(1000 + milliseconds % 1000).dropFirst()) + "Z"
            lines.append("v\(version) log \(logID) at \(stamp)")
            entries.append(.object([("version", .int(version)), ("logID", .string(logID)), ("timestamp", .string(stamp))]))
            offset = start + length
        }
        return (lines, .array(entries))
    }

    /// RFC 5280 §4.2.1.5.
    static func policyMappings(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            var mappings = try reader.nested(try reader.read(.sequence))
            var lines: [String] = [], list: [JSONOutput] = []
            while !mappings.isAtEnd {
                var mapping = try mappings.nested(try mappings.read(.sequence))
                let issuer = try oid(&mapping), subject = try oid(&mapping)
                lines.append("\(issuer) → \(subject)")
                list.append(.object([("issuerDomainPolicy", .string(issuer.description)), ("subjectDomainPolicy", .string(subject.description))]))
            }
            return (lines, .array(list))
        }
    }

    /// RFC 5280 §4.2.1.11.
    static func policyConstraints(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            var fields = try reader.nested(try reader.read(.sequence))
            var parts: [String] = [], members: [(String, JSONOutput)] = []
            while !fields.isAtEnd {
                let field = try fields.readElement()
                let value = fields.copy(field.value)
                guard value.count <= 4 else { throw DERError(.unexpectedTag, at: field.start) }
                let number = value.reduce(0) { $0 << 8 | Int($1) }
                let name = field.tag.rawValue == 0x80 ? "requireExplicitPolicy" : "inhibitPolicyMapping"
                parts.append("\(name): \(number)")
                members.append((name, .int(number)))
            }
            return ([parts.joined(separator: ", ")], .object(members))
        }
    }

    /// RFC 5280 §4.2.1.14.
    static func inhibitAnyPolicy(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            let value = reader.copy(try reader.read(.integer).value)
            guard value.count <= 4 else { throw DERError(.unexpectedTag, at: 0) }
            let number = value.reduce(0) { $0 << 8 | Int($1) }
            return (["skip certificates: \(number)"], .int(number))
        }
    }

    /// RFC 5280 §4.2.1.7.
    static func issuerAltNames(_ source: Source) -> ([String], JSONOutput)? {
        decode(source) { reader throws(DERError) in
            let element = try reader.read(.sequence)
            let list = names(source, element.value)
            return ([list.map(\.display).joined(separator: ", ")], .array(list.map { .string($0.raw) }))
        }
    }
}
