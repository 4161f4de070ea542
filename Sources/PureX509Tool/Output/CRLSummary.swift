import Foundation
import PureX509

/// What `inspect` shows of a CRL, rendered once for both output forms.
///
/// A CRL may list hundreds of thousands of entries and its scope millions of
/// names within inspect's 16 MiB block, and rendering every one took
/// seconds and half a gigabyte. So each list is shown up to a display
/// budget (`inspect --list-limit`) and the rest is counted, not decoded.
struct CRLSummary {
    struct Entry {
        let serial: String
        let date: String
        let reason: String?
        let invalidityDate: String?
        let certificateIssuer: [String]
        /// certificateIssuer names past the display budget.
        let certificateIssuerOmitted: Int
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
    /// Names of the scope's fullName past the display budget.
    let scopeOmitted: Int
    let unrecognisedCritical: Bool
    /// The first entries, up to the display budget.
    let entries: [Entry]
    /// Every entry, shown or not.
    let entryCount: Int
    let fingerprint: String

    /// Lists are shown up to `listLimit` items each (`Int.max`: all).
    init(_ crl: CertificateList, listLimit: Int = InspectOutput.defaultListLimit) {
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
        var scopeOmitted = 0
        scope = extensions.issuingDistributionPoint.map { point in
            var words: [String] = []
            if let full = point.fullName {
                let listed = GeneralName.list(in: full, limit: listLimit)
                words += listed.names.map(\.description)
                scopeOmitted = listed.omitted
            }
            if point.relativeName != nil { words.append("name relative to the issuer") }
            if point.onlyContainsUserCerts { words.append("only user certificates") }
            if point.onlyContainsCACerts { words.append("only CA certificates") }
            if point.onlyContainsAttributeCerts { words.append("only attribute certificates") }
            if let reasons = point.onlySomeReasons { words.append("only reasons: " + Self.reasonNames(reasons).joined(separator: ", ")) }
            if point.indirectCRL { words.append("indirect") }
            return words
        }
        self.scopeOmitted = scopeOmitted
        unrecognisedCritical = crl.hasUnrecognisedCriticalExtension
        entryCount = crl.entryCount
        // An indirect CRL's certificateIssuer carries over to the entries
        // after it, so consecutive entries share one list: it is rendered
        // once, however many entries it governs.
        var lastIssuer: (start: Int, names: [String], omitted: Int)? = nil
        entries = crl.entries(prefix: listLimit).map { entry in
            var issuerNames: [String] = [], issuerOmitted = 0
            if let issuer = entry.certificateIssuer {
                if let last = lastIssuer, last.start == issuer.startIndex {
                    (issuerNames, issuerOmitted) = (last.names, last.omitted)
                } else {
                    let listed = GeneralName.list(in: issuer, limit: listLimit)
                    (issuerNames, issuerOmitted) = (listed.names.map(\.description), listed.omitted)
                    lastIssuer = (issuer.startIndex, issuerNames, issuerOmitted)
                }
            }
            return Entry(serial: entry.serialNumber.description, date: CivilTime.iso8601(entry.revocationDate),
                         reason: entry.reason?.name, invalidityDate: entry.invalidityDate.map(CivilTime.iso8601),
                         certificateIssuer: issuerNames, certificateIssuerOmitted: issuerOmitted)
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
        if let scope {
            var shown = scope.isEmpty ? "(no restriction)" : scope.joined(separator: ", ")
            if scopeOmitted > 0 { shown += ", … (\(scopeOmitted) more names not shown)" }
            add("Distribution point", shown)
        }
        if unrecognisedCritical { add("Unusable", "a critical extension PureX509 does not process") }
        add("Revoked", "\(entryCount)")
        for entry in entries {
            var line = "\(entry.serial)  \(entry.date)"
            if let reason = entry.reason { line += "  \(reason)" }
            if let invalidity = entry.invalidityDate { line += "  invalid since \(invalidity)" }
            if !entry.certificateIssuer.isEmpty { line += "  issuer " + entry.certificateIssuer.joined(separator: ", ") }
            if entry.certificateIssuerOmitted > 0 { line += ", … (\(entry.certificateIssuerOmitted) more names not shown)" }
            lines.append("    " + line)
        }
        if entriesOmitted > 0 { lines.append("    … (\(entriesOmitted) more entries not shown; --list-limit 0 shows every one)") }
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
                var fields: [(String, JSONOutput)] = [
                    ("serial", .string(entry.serial)), ("date", .string(entry.date)), ("reason", .optional(entry.reason)),
                    ("invalidityDate", .optional(entry.invalidityDate)),
                    ("certificateIssuer", .array(entry.certificateIssuer.map { .string($0) })),
                ]
                if entry.certificateIssuerOmitted > 0 { fields.append(("certificateIssuerOmitted", .int(entry.certificateIssuerOmitted))) }
                return .object(fields)
            })),
            ("sha256Fingerprint", .string(fingerprint)),
        ]
        if issuerAttributesOmitted > 0 { members.append(("issuerAttributesOmitted", .int(issuerAttributesOmitted))) }
        if entriesOmitted > 0 { members.append(("revokedOmitted", .int(entriesOmitted))) }
        if scopeOmitted > 0 { members.append(("issuingDistributionPointOmitted", .int(scopeOmitted))) }
        return members
    }

    /// Entries past the display budget.
    var entriesOmitted: Int { entryCount - entries.count }
}
