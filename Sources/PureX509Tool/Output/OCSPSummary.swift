import Foundation
import PureX509

/// What `inspect` shows of an OCSP response, rendered once for both output forms.
struct OCSPSummary {
    struct Single {
        let hashAlgorithm: String
        let issuerNameHash: String
        let issuerKeyHash: String
        let serial: String
        let status: String
        let revocationTime: String?
        let reason: String?
        let thisUpdate: String
        let nextUpdate: String?
        let unrecognisedCritical: Bool
    }

    let status: String
    /// "name" or "key", and the name or the key hash.
    let responder: (kind: String, value: String)?
    let producedAt: String?
    let signatureAlgorithm: String?
    let nonce: String?
    let unrecognisedCritical: Bool
    /// The single responses up to the display budget, and how many follow.
    let responses: [Single]
    let responsesOmitted: Int
    /// Subject and SHA-256 fingerprint of each certificate the responder included.
    let certificates: [(subject: String, fingerprint: String)]
    /// Included certificates that did not parse or came past the bound.
    let skippedCertificates: Int
    let fingerprint: String

    /// Lists are shown up to `listLimit` items each (`Int.max`: all).
    init(_ response: OCSPResponse, listLimit: Int = InspectOutput.defaultListLimit) {
        status = response.status.name
        fingerprint = Hex.encode(SHA256.hash(response.der), separator: ":")
        guard let basic = response.basic else {
            responder = nil; producedAt = nil; signatureAlgorithm = nil; nonce = nil
            unrecognisedCritical = false; responses = []; responsesOmitted = 0; certificates = []; skippedCertificates = 0
            return
        }
        switch basic.responderID {
        case .byName(let name): responder = ("name", name.description)
        case .byKey(let hash): responder = ("key", Hex.encode(hash, separator: ":"))
        }
        producedAt = CivilTime.iso8601(basic.producedAt)
        signatureAlgorithm = Self.algorithmName(basic.signedData.algorithm.algorithm)
        nonce = basic.nonce.map { Hex.encode($0, separator: ":") }
        unrecognisedCritical = basic.hasUnrecognisedCriticalExtension
        responsesOmitted = max(0, basic.responses.count - listLimit)
        responses = basic.responses.prefix(listLimit).map { single in
            var time: String? = nil, reason: String? = nil
            if case .revoked(let at, let code) = single.status {
                time = CivilTime.iso8601(at)
                reason = code?.name
            }
            let id = single.certID
            return Single(hashAlgorithm: Self.algorithmName(id.hashAlgorithm.algorithm),
                          issuerNameHash: Hex.encode(id.issuerNameHash, separator: ":"),
                          issuerKeyHash: Hex.encode(id.issuerKeyHash, separator: ":"),
                          serial: id.serialNumber.description, status: single.status.name,
                          revocationTime: time, reason: reason, thisUpdate: CivilTime.iso8601(single.thisUpdate),
                          nextUpdate: single.nextUpdate.map(CivilTime.iso8601),
                          unrecognisedCritical: single.hasUnrecognisedCriticalExtension)
        }
        skippedCertificates = basic.skippedCertificates
        certificates = basic.certificates.map { ($0.subjectForDisplay.description, Hex.encode(SHA256.hash($0.der), separator: ":")) }
    }

    static func algorithmName(_ oid: ArraySlice<UInt8>) -> String {
        let parsed = OID(der: Array(oid))
        return parsed.shortName ?? parsed.description
    }

    var text: String {
        var lines: [String] = []
        func add(_ label: String, _ value: String, indent: String = "  ") {
            lines.append(indent + label + ":" + String(repeating: " ", count: max(1, 22 - label.count)) + value)
        }
        add("OCSP response status", status)
        if let responder { add("Responder " + responder.kind, responder.value) }
        if let producedAt { add("Produced at", producedAt) }
        if let signatureAlgorithm { add("Signature algorithm", signatureAlgorithm) }
        if let nonce { add("Nonce", nonce) }
        if unrecognisedCritical { add("Unusable", "a critical extension PureX509 does not process") }
        if status == "successful" { add("Responses", "\(responses.count + responsesOmitted)") }
        for single in responses {
            var line = "serial \(single.serial)  \(single.status)"
            if let time = single.revocationTime { line += " since \(time)" }
            if let reason = single.reason { line += "  \(reason)" }
            lines.append("    " + line)
            lines.append("      this update \(single.thisUpdate), next update \(single.nextUpdate ?? "(none)")")
            lines.append("      CertID \(single.hashAlgorithm): issuer name hash \(single.issuerNameHash)")
            lines.append("      issuer key hash \(single.issuerKeyHash)")
            if single.unrecognisedCritical { lines.append("      unusable: a critical extension PureX509 does not process") }
        }
        if responsesOmitted > 0 { lines.append("    … (\(responsesOmitted) more responses not shown; --list-limit 0 shows every one)") }
        for certificate in certificates {
            add("Responder certificate", certificate.subject)
            lines.append("    SHA-256 \(certificate.fingerprint)")
        }
        if skippedCertificates > 0 { add("Skipped certificates", "\(skippedCertificates) (not parsed, or past the bound of \(OCSPResponse.maximumCertificates))") }
        add("SHA-256 fingerprint", fingerprint)
        return lines.joined(separator: "\n")
    }

    var json: [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [
            ("type", .string("ocspResponse")), ("status", .string(status)),
            ("responderName", .optional(responder?.kind == "name" ? responder?.value : nil)),
            ("responderKeyHash", .optional(responder?.kind == "key" ? responder?.value : nil)),
            ("producedAt", .optional(producedAt)), ("signatureAlgorithm", .optional(signatureAlgorithm)),
            ("nonce", .optional(nonce)), ("unrecognisedCriticalExtension", .bool(unrecognisedCritical)),
            ("responses", .array(responses.map { single in
                .object([
                    ("serial", .string(single.serial)), ("status", .string(single.status)),
                    ("revocationTime", .optional(single.revocationTime)), ("reason", .optional(single.reason)),
                    ("thisUpdate", .string(single.thisUpdate)), ("nextUpdate", .optional(single.nextUpdate)),
                    ("hashAlgorithm", .string(single.hashAlgorithm)), ("issuerNameHash", .string(single.issuerNameHash)),
                    ("issuerKeyHash", .string(single.issuerKeyHash)),
                    ("unrecognisedCriticalExtension", .bool(single.unrecognisedCritical)),
                ])
            })),
            ("skippedCertificates", .int(skippedCertificates)),
            ("certificates", .array(certificates.map { .object([("subject", .string($0.subject)), ("sha256Fingerprint", .string($0.fingerprint))]) })),
            ("sha256Fingerprint", .string(fingerprint)),
        ]
        if responsesOmitted > 0 { members.append(("responsesOmitted", .int(responsesOmitted))) }
        return members
    }
}
