import Foundation
import PureX509

/// The fields `inspect` shows, rendered once for both output forms.
struct CertificateSummary {
    let subject: String
    let issuer: String
    let serial: String
    let notBefore: String
    let notAfter: String
    let keyType: String
    let keyBits: Int
    let signatureAlgorithm: String
    /// Display strings, values escaped (`DNS:a.example`).
    let subjectAltNames: [String]
    /// Each entry's kind and value as the certificate holds it, for JSON.
    let subjectAltNameEntries: [(type: String, value: String)]
    /// subjectAltName entries past the display budget, counted, not decoded.
    let subjectAltNamesOmitted: Int
    let subjectAttributes: [[DistinguishedName.Attribute]]
    let issuerAttributes: [[DistinguishedName.Attribute]]
    /// Attributes past the display budget (`DistinguishedName.maximumDisplayedAttributes`), not decoded.
    let subjectAttributesOmitted: Int
    let issuerAttributesOmitted: Int
    let basicConstraints: (ca: Bool, pathLength: Int?, critical: Bool)?
    let keyUsage: (names: [String], critical: Bool)?
    let extendedKeyUsage: [String]?
    /// extendedKeyUsage purposes past the display budget.
    let extendedKeyUsageOmitted: Int
    let subjectKeyIdentifier: String?
    let authorityKeyIdentifier: String?
    /// SHA-256 over the whole certificate DER.
    /// 1, 2 or 3, as `openssl x509 -text` numbers versions.
    let version: Int
    /// Every extension the fields above do not render: its name (or dotted
    /// OID), criticality and value in hex, so that nothing the certificate
    /// carries is hidden.
    let otherExtensions: [(name: String, critical: Bool, value: String)]
    /// Extensions of neither kind past the display budget. PKIX already
    /// refuses more than 64 extensions; this keeps a smaller --list-limit
    /// true of every list.
    let otherExtensionsOmitted: Int
    /// The extensions rendered field by field (policies, AIA, CRL DPs, name
    /// constraints, SCTs, …; `RenderedExtension`), in certificate order.
    let renderedExtensions: [RenderedExtension]
    let fingerprint: String
    /// OkHttp/TrustKit form: `sha256/` + base64 of SHA-256 over the SPKI DER as encoded.
    let spkiPin: String

    /// Lists are shown up to `listLimit` items each (`Int.max`: all).
    /// `logs`: the CT log list embedded SCTs are named and checked with,
    /// `issuedBy` the certificate that issued this one when the input holds it.
    init(_ certificate: Certificate, listLimit: Int = InspectOutput.defaultListLimit, logs: CTLogList? = nil, issuedBy: Certificate? = nil) {
        let subjectName = certificate.subjectForDisplay, issuerName = certificate.issuerForDisplay
        subject = subjectName.description
        issuer = issuerName.description
        subjectAttributes = subjectName.relativeNames
        issuerAttributes = issuerName.relativeNames
        subjectAttributesOmitted = subjectName.omittedAttributes
        issuerAttributesOmitted = issuerName.omittedAttributes
        serial = Self.serialText(Array(certificate.serialNumber.bytes))
        notBefore = CivilTime.iso8601(certificate.notBefore)
        notAfter = CivilTime.iso8601(certificate.notAfter)
        // The key table names every key type it lists; an EC key on another curve, by that curve.
        if let type = certificate.publicKey.type {
            keyType = type.description
        } else if certificate.publicKey.isECPublicKey {
            keyType = certificate.publicKey.namedCurve.map { "EC " + Self.oidName($0[...]) } ?? "EC (explicit parameters)"
        } else {
            keyType = Self.oidName(certificate.publicKey.algorithm.algorithm)
        }
        keyBits = certificate.publicKey.sizeInBits
        signatureAlgorithm = Self.oidName(certificate.signatureAlgorithm.algorithm)
        // Read one entry at a time so that a certificate of millions of names
        // builds no list past the display budget.
        var altNames: [GeneralName] = [], altNamesOmitted = 0
        _ = certificate.containsAlternativeName { name in
            if altNames.count < listLimit { altNames.append(name) } else { altNamesOmitted += 1 }
            return false
        }
        subjectAltNamesOmitted = altNamesOmitted
        subjectAltNames = altNames.map(\.description)
        subjectAltNameEntries = altNames.map { ($0.label, $0.rawText) }
        let extensions = certificate.extensions
        basicConstraints = extensions.basicConstraints.map { ($0.isCA, $0.pathLength, $0.critical) }
        keyUsage = extensions.keyUsage.map { ext in
            (KeyUsage.names.filter { ext.usage.contains($0.0) }.map(\.1), ext.critical)
        }
        let purposes = extensions.extendedKeyUsage.map { _ in certificate.extendedKeyUsages } ?? []
        extendedKeyUsage = extensions.extendedKeyUsage.map { _ in purposes.prefix(listLimit).map { $0.shortName ?? $0.description } }
        extendedKeyUsageOmitted = max(0, purposes.count - listLimit)
        subjectKeyIdentifier = extensions.subjectKeyIdentifier.map { Hex.encode($0.list, separator: ":") }
        authorityKeyIdentifier = extensions.authorityKeyIdentifier?.keyIdentifier.map {
            Hex.encode($0, separator: ":")
        }
        version = certificate.version.rawValue + 1
        // The extensions rendered above.
        let rendered: [OID] = [.subjectKeyIdentifier, .keyUsage, .subjectAltName, .basicConstraints, .authorityKeyIdentifier, .extKeyUsage]
        var renderedExtensions: [RenderedExtension] = [], otherExtensions: [(name: String, critical: Bool, value: String)] = []
        var otherExtensionsOmitted = 0
        for ext in certificate.allExtensions where !rendered.contains(ext.oid) {
            let text = ext.oid == .signedCertificateTimestampList
                ? RenderedExtension.timestamps(certificate, limit: listLimit, logs: logs, issuer: issuedBy, critical: ext.critical)
                : RenderedExtension.render(ext.oid, critical: ext.critical, certificate: certificate, limit: listLimit)
            if let text {
                renderedExtensions.append(text)
            } else if otherExtensions.count < listLimit {
                otherExtensions.append((Self.extensionName(ext.oid), ext.critical, Hex.encode(ext.value, separator: ":")))
            } else {
                otherExtensionsOmitted += 1
            }
        }
        self.renderedExtensions = renderedExtensions
        self.otherExtensions = otherExtensions
        self.otherExtensionsOmitted = otherExtensionsOmitted
        fingerprint = Hex.encode(SHA256.hash(certificate.der), separator: ":")
        spkiPin = "sha256/" + Base64.encode(SHA256.hash(certificate.subjectPublicKeyInfo.encoded))
    }

    /// The serial's content octets in hex; a negative serial (which RFC 5280
    /// forbids but certificates carry) as OpenSSL prints it: `(Negative)`
    /// and the magnitude, not the two's complement octets.
    static func serialText(_ octets: [UInt8]) -> String {
        guard let first = octets.first, first & 0x80 != 0 else { return Hex.encode(octets, separator: ":") }
        var magnitude = octets.map { ~$0 }
        var index = magnitude.count - 1
        while index >= 0 {
            let (sum, overflow) = magnitude[index].addingReportingOverflow(1)
            magnitude[index] = sum
            if !overflow { break }
            index -= 1
        }
        while magnitude.count > 1 && magnitude[0] == 0 { magnitude.removeFirst() }
        return "(Negative)" + Hex.encode(magnitude, separator: ":")
    }

    static func oidName(_ content: ArraySlice<UInt8>) -> String {
        let oid = OID(der: Array(content))
        return oid.shortName ?? oid.description
    }

    /// `[{"type": "CN", "oid": "2.5.4.3", "value": "…", "rdn": 0}, …]`: one
    /// object per attribute in encoding order, the value exactly as decoded
    /// (JSON's own escaping makes it safe); `rdn` groups a multi-valued RDN.
    /// A value that is not a string has `"value": null` and `"der"`, the hex
    /// of its encoding.
    static func attributesJSON(_ relativeNames: [[DistinguishedName.Attribute]]) -> JSONOutput {
        var list: [JSONOutput] = []
        for (index, rdn) in relativeNames.enumerated() {
            for attribute in rdn {
                var members: [(String, JSONOutput)] = [
                    ("type", .string(attribute.typeName)), ("oid", .string(attribute.type.description)),
                    ("value", .optional(attribute.text)), ("rdn", .int(index)),
                ]
                if attribute.text == nil { members.append(("der", .string(Hex.encode(attribute.encoded)))) }
                list.append(.object(members))
            }
        }
        return .array(list)
    }

    /// OpenSSL's names for the extensions not rendered field by field.
    static func extensionName(_ oid: OID) -> String {
        oid.extensionName ?? oid.shortName ?? oid.description
    }

    var text: String {
        var lines: [String] = []
        func add(_ label: String, _ value: String) {
            lines.append("  " + label + ":" + String(repeating: " ", count: max(1, 22 - label.count)) + value)
        }
        add("Version", "\(version)")
        add("Subject", subject)
        add("Issuer", issuer)
        add("Serial", serial)
        add("Not before", notBefore)
        add("Not after", notAfter)
        add("Public key", "\(keyType) \(keyBits) bits")
        add("Signature algorithm", signatureAlgorithm)
        if !subjectAltNames.isEmpty {
            add("Subject alt names", subjectAltNames.joined(separator: ", ")
                + (subjectAltNamesOmitted > 0 ? ", … (\(subjectAltNamesOmitted) more names not shown)" : ""))
        }
        if let bc = basicConstraints {
            var value = bc.ca ? "CA:TRUE" : "CA:FALSE"
            if let length = bc.pathLength { value += ", pathlen:\(length)" }
            add("Basic constraints", value + (bc.critical ? " (critical)" : ""))
        }
        if let ku = keyUsage { add("Key usage", ku.names.joined(separator: ", ") + (ku.critical ? " (critical)" : "")) }
        if let eku = extendedKeyUsage { add("Extended key usage", eku.joined(separator: ", ") + RenderedExtension.moreNames(extendedKeyUsageOmitted)) }
        if let ski = subjectKeyIdentifier { add("Subject key id", ski) }
        if let aki = authorityKeyIdentifier { add("Authority key id", aki) }
        for ext in renderedExtensions {
            add(ext.label, (ext.lines.first ?? "") + (ext.critical ? " (critical)" : ""))
            for line in ext.lines.dropFirst() { lines.append(String(repeating: " ", count: 25) + line) }
        }
        for ext in otherExtensions { add("Extension", "\(ext.name)\(ext.critical ? " (critical)" : ""): \(ext.value)") }
        if otherExtensionsOmitted > 0 { lines.append("  " + RenderedExtension.moreEntries(otherExtensionsOmitted)) }
        add("SHA-256 fingerprint", fingerprint)
        add("SPKI pin", spkiPin)
        return lines.joined(separator: "\n")
    }

    /// The `inspect --json` object. `subject`, `issuer` and `subjectAltNames`
    /// are the escaped display strings they always were; `subjectAttributes`,
    /// `issuerAttributes` and `subjectAltNameEntries` give each part apart;
    /// `subjectAttributesOmitted` / `issuerAttributesOmitted` count the
    /// attributes past the display budget, when there are any.
    var json: [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [
            ("subject", .string(subject)), ("issuer", .string(issuer)),
            ("subjectAttributes", Self.attributesJSON(subjectAttributes)),
            ("issuerAttributes", Self.attributesJSON(issuerAttributes)),
            ("serial", .string(serial)), ("notBefore", .string(notBefore)), ("notAfter", .string(notAfter)),
            ("publicKey", .object([("type", .string(keyType)), ("bits", .int(keyBits))])),
            ("signatureAlgorithm", .string(signatureAlgorithm)),
            ("subjectAltNames", .array(subjectAltNames.map { .string($0) })),
            ("subjectAltNameEntries", .array(subjectAltNameEntries.map { .object([("type", .string($0.type)), ("value", .string($0.value))]) })),
            ("sha256Fingerprint", .string(fingerprint)), ("spkiPin", .string(spkiPin)),
            ("basicConstraints", basicConstraints.map { bc in
                .object([("ca", .bool(bc.ca)), ("pathLength", bc.pathLength.map { .int($0) } ?? .null), ("critical", .bool(bc.critical))])
            } ?? .null),
            ("keyUsage", keyUsage.map { .object([("usages", .array($0.names.map { .string($0) })), ("critical", .bool($0.critical))]) } ?? .null),
            ("extendedKeyUsage", extendedKeyUsage.map { .array($0.map { .string($0) }) } ?? .null),
            ("subjectKeyIdentifier", .optional(subjectKeyIdentifier)),
            ("authorityKeyIdentifier", .optional(authorityKeyIdentifier)),
            ("version", .int(version)),
            ("extensions", .object(renderedExtensions.map {
                ($0.key, .object(RenderedExtension.withOmitted([("critical", .bool($0.critical)), ("value", $0.json)], "value", $0.omitted)))
            })),
            ("otherExtensions", .array(otherExtensions.map {
                .object([("name", .string($0.name)), ("critical", .bool($0.critical)), ("value", .string($0.value))])
            })),
        ]
        if subjectAttributesOmitted > 0 { members.append(("subjectAttributesOmitted", .int(subjectAttributesOmitted))) }
        if issuerAttributesOmitted > 0 { members.append(("issuerAttributesOmitted", .int(issuerAttributesOmitted))) }
        if subjectAltNamesOmitted > 0 { members.append(("subjectAltNamesOmitted", .int(subjectAltNamesOmitted))) }
        if extendedKeyUsageOmitted > 0 { members.append(("extendedKeyUsageOmitted", .int(extendedKeyUsageOmitted))) }
        if otherExtensionsOmitted > 0 { members.append(("otherExtensionsOmitted", .int(otherExtensionsOmitted))) }
        return members
    }
}
