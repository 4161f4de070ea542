import Foundation
import PureX509

/// What `inspect` shows of a CRL, rendered once for both output forms.
struct CRLSummary {
    struct Entry {
        let serial: String
        let date: String
        let reason: String?
        let invalidityDate: String?
        let certificateIssuer: [String]
    }

    let issuer: String
    let issuerAttributes: [[DistinguishedName.Attribute]]
    /// Attributes past the display budget (`DistinguishedName.maximumDisplayedAttributes`), not decoded.
    let issuerAttributesOmitted: Int
    let version: Int
    let signatureAlgorithm: String
    let thisUpdate: String
    let nextUpdate: String?
    let crlNumber: String?
    let deltaBase: String?
    let authorityKeyIdentifier: String?
    /// The issuingDistributionPoint in words, nil when absent.
    let scope: [String]?
    let unrecognisedCritical: Bool
    let entries: [Entry]
    let fingerprint: String

    init(_ crl: CertificateList) {
        let name = crl.issuer.forDisplay
        issuer = name.description
        issuerAttributes = name.relativeNames
        issuerAttributesOmitted = name.omittedAttributes
        version = crl.version.rawValue + 1
        let oid = OID(der: Array(crl.signatureAlgorithm.algorithm))
        signatureAlgorithm = oid.shortName ?? oid.description
        thisUpdate = CivilTime.iso8601(crl.thisUpdate)
        nextUpdate = crl.nextUpdate.map(CivilTime.iso8601)
        let extensions = crl.extensions
        crlNumber = extensions.crlNumber.map { Hex.encode($0, separator: ":") }
        deltaBase = extensions.deltaCRLIndicator.map { Hex.encode($0, separator: ":") }
        authorityKeyIdentifier = extensions.authorityKeyIdentifier?.keyIdentifier.map { Hex.encode($0, separator: ":") }
        scope = extensions.issuingDistributionPoint.map { point in
            var words: [String] = []
            if let full = point.fullName { words += GeneralName.list(in: full).map(\.description) }
            if point.relativeName != nil { words.append("name relative to the issuer") }
            if point.onlyContainsUserCerts { words.append("only user certificates") }
            if point.onlyContainsCACerts { words.append("only CA certificates") }
            if point.onlyContainsAttributeCerts { words.append("only attribute certificates") }
            if let reasons = point.onlySomeReasons { words.append("only reasons: " + Self.reasonNames(reasons).joined(separator: ", ")) }
            if point.indirectCRL { words.append("indirect") }
            return words
        }
        unrecognisedCritical = crl.hasUnrecognisedCriticalExtension
        entries = crl.allEntries.map { entry in
            Entry(serial: entry.serialNumber.description, date: CivilTime.iso8601(entry.revocationDate),
                  reason: entry.reason?.name, invalidityDate: entry.invalidityDate.map(CivilTime.iso8601),
                  certificateIssuer: entry.certificateIssuer.map { GeneralName.list(in: $0).map(\.description) } ?? [])
        }
        fingerprint = Hex.encode(SHA256.hash(crl.der), separator: ":")
    }

    static func reasonNames(_ flags: ReasonFlags) -> [String] {
        let named: [(ReasonFlags, String)] = [
            (.keyCompromise, "keyCompromise"), (.cACompromise, "cACompromise"), (.affiliationChanged, "affiliationChanged"),
            (.superseded, "superseded"), (.cessationOfOperation, "cessationOfOperation"), (.certificateHold, "certificateHold"),
            (.privilegeWithdrawn, "privilegeWithdrawn"), (.aACompromise, "aACompromise"),
        ]
        return named.filter { flags.contains($0.0) }.map { $0.1 }
    }

    var text: String {
        var lines: [String] = []
        func add(_ label: String, _ value: String) {
            lines.append("  " + label + ":" + String(repeating: " ", count: max(1, 22 - label.count)) + value)
        }
        add("CRL issuer", issuer)
        add("Version", "\(version)")
        add("Signature algorithm", signatureAlgorithm)
        add("This update", thisUpdate)
        add("Next update", nextUpdate ?? "(none)")
        if let crlNumber { add("CRL number", crlNumber) }
        if let deltaBase { add("Delta of base CRL", deltaBase) }
        if let authorityKeyIdentifier { add("Authority key id", authorityKeyIdentifier) }
        if let scope { add("Distribution point", scope.isEmpty ? "(no restriction)" : scope.joined(separator: ", ")) }
        if unrecognisedCritical { add("Unusable", "a critical extension PureX509 does not process") }
        add("Revoked", "\(entries.count)")
        for entry in entries {
            var line = "\(entry.serial)  \(entry.date)"
            if let reason = entry.reason { line += "  \(reason)" }
            if let invalidity = entry.invalidityDate { line += "  invalid since \(invalidity)" }
            if !entry.certificateIssuer.isEmpty { line += "  issuer " + entry.certificateIssuer.joined(separator: ", ") }
            lines.append("    " + line)
        }
        add("SHA-256 fingerprint", fingerprint)
        return lines.joined(separator: "\n")
    }

    var json: [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [
            ("type", .string("crl")), ("issuer", .string(issuer)),
            ("issuerAttributes", CertificateSummary.attributesJSON(issuerAttributes)),
            ("version", .int(version)), ("signatureAlgorithm", .string(signatureAlgorithm)),
            ("thisUpdate", .string(thisUpdate)), ("nextUpdate", .optional(nextUpdate)),
            ("crlNumber", .optional(crlNumber)), ("deltaBaseCRLNumber", .optional(deltaBase)),
            ("authorityKeyIdentifier", .optional(authorityKeyIdentifier)),
            ("issuingDistributionPoint", scope.map { .array($0.map { .string($0) }) } ?? .null),
            ("unrecognisedCriticalExtension", .bool(unrecognisedCritical)),
            ("revoked", .array(entries.map { entry in
                .object([
                    ("serial", .string(entry.serial)), ("date", .string(entry.date)), ("reason", .optional(entry.reason)),
                    ("invalidityDate", .optional(entry.invalidityDate)),
                    ("certificateIssuer", .array(entry.certificateIssuer.map { .string($0) })),
                ])
            })),
            ("sha256Fingerprint", .string(fingerprint)),
        ]
        if issuerAttributesOmitted > 0 { members.append(("issuerAttributesOmitted", .int(issuerAttributesOmitted))) }
        return members
    }
}
