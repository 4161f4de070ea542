import Foundation
import Testing
import TestSupport

// Every list `inspect` renders of a certificate's extensions has the display
// budget of its subjectAltNames and a CRL's entries: a 16 MiB block holds
// millions of distribution points, subtrees, policies or purposes, and shown
// whole they took tens of seconds and gigabytes. Each row below gives a
// certificate five items of one list and asks for three (`--list-limit 3`):
// three are shown, the JSON counts two as omitted beside the list, and the
// text says so.

/// A DER TLV with a minimal length.
private func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    let length: [UInt8] = count < 0x80 ? [UInt8(count)]
        : count < 0x100 ? [0x81, UInt8(count)]
        : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    return [tag] + length + content
}

/// An Extension (non-critical) of `oid` (its encoded TLV) holding `value`.
private func extensionTLV(_ oid: [UInt8], _ value: [UInt8]) -> [UInt8] {
    tlv(0x30, oid + tlv(0x04, value))
}

private func five(_ item: (Int) -> [UInt8]) -> [UInt8] { (0..<5).flatMap(item) }

private func dns(_ index: Int) -> [UInt8] { tlv(0x82, Array("n\(index).example".utf8)) }
private func uri(_ index: Int) -> [UInt8] { tlv(0x86, Array("http://n\(index).example/".utf8)) }
/// The policy identifier 1.2.(N + 2), N < 126.
private func policyOID(_ index: Int) -> [UInt8] { tlv(0x06, [0x2A, UInt8(2 + index)]) }
private let cpsOID: [UInt8] = [0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x02, 0x01]
private let noticeOID: [UInt8] = [0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x02, 0x02]
private let ocspOID: [UInt8] = [0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01]

/// One SCT (RFC 6962 §3.2) with log ID N repeated, a time and a one-octet signature, length-prefixed.
private func sct(_ index: Int) -> [UInt8] {
    let body: [UInt8] = [0x00] + [UInt8](repeating: UInt8(index), count: 32) + [0, 0, 1, 0x90, 0, 0, 0, 0] + [0, 0] + [4, 3, 0, 1, 0x30]
    return [0, UInt8(body.count)] + body
}

private struct Row {
    let name: String
    let extensions: [UInt8]
    /// The list and its omitted count in the certificate's JSON object.
    let list: ([String: Any]) -> (shown: Int?, omitted: Int?)
    /// What the text form says about the two left out.
    let text: String
}

private func value(_ object: [String: Any], _ key: String) -> [String: Any] {
    ((object["extensions"] as? [String: Any])?[key] as? [String: Any]) ?? [:]
}

private func firstItem(_ object: [String: Any], _ key: String) -> [String: Any] {
    (value(object, key)["value"] as? [[String: Any]])?.first ?? [:]
}

private let moreEntries = "… (2 more entries not shown; --list-limit 0 shows every one)"
private let moreNames = ", … (2 more names not shown)"

/// The SCT list's TLS form: a two-byte length, then the SCTs.
private func sctList(_ scts: [UInt8]) -> [UInt8] { [UInt8(scts.count >> 8), UInt8(scts.count & 0xFF)] + scts }

private var rows: [Row] { [
    Row(name: "CRL distribution points", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x1F], tlv(0x30, five { tlv(0x30, tlv(0xA2, dns($0))) })),
        list: { ((value($0, "crlDistributionPoints")["value"] as? [Any])?.count, value($0, "crlDistributionPoints")["valueOmitted"] as? Int) },
        text: moreEntries),
    Row(name: "a distribution point's fullName", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x1F], tlv(0x30, tlv(0x30, tlv(0xA0, tlv(0xA0, five(uri)))))),
        list: { ((firstItem($0, "crlDistributionPoints")["fullName"] as? [Any])?.count, firstItem($0, "crlDistributionPoints")["fullNameOmitted"] as? Int) },
        text: "URI:http://n2.example/" + moreNames),
    Row(name: "a distribution point's cRLIssuer", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x1F], tlv(0x30, tlv(0x30, tlv(0xA2, five(dns))))),
        list: { ((firstItem($0, "crlDistributionPoints")["crlIssuer"] as? [Any])?.count, firstItem($0, "crlDistributionPoints")["crlIssuerOmitted"] as? Int) },
        text: "DNS:n2.example" + moreNames),
    Row(name: "freshestCRL", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x2E], tlv(0x30, five { tlv(0x30, tlv(0xA0, tlv(0xA0, uri($0)))) })),
        list: { ((value($0, "freshestCRL")["value"] as? [Any])?.count, value($0, "freshestCRL")["valueOmitted"] as? Int) },
        text: moreEntries),
    Row(name: "permitted subtrees", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x1E], tlv(0x30, tlv(0xA0, five { tlv(0x30, dns($0)) }))),
        list: { object in
            let constraints = value(object, "nameConstraints")["value"] as? [String: Any]
            return ((constraints?["permitted"] as? [Any])?.count, constraints?["permittedOmitted"] as? Int)
        },
        text: "Permitted: DNS:n0.example, DNS:n1.example, DNS:n2.example" + moreNames),
    Row(name: "excluded subtrees", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x1E], tlv(0x30, tlv(0xA1, five { tlv(0x30, dns($0)) }))),
        list: { object in
            let constraints = value(object, "nameConstraints")["value"] as? [String: Any]
            return ((constraints?["excluded"] as? [Any])?.count, constraints?["excludedOmitted"] as? Int)
        },
        text: "Excluded: DNS:n0.example, DNS:n1.example, DNS:n2.example" + moreNames),
    Row(name: "certificate policies", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x20], tlv(0x30, five { tlv(0x30, policyOID($0)) })),
        list: { ((value($0, "certificatePolicies")["value"] as? [Any])?.count, value($0, "certificatePolicies")["valueOmitted"] as? Int) },
        text: "Policy: 1.2.4\n" + String(repeating: " ", count: 25) + moreEntries),
    Row(name: "a policy's qualifiers",
        extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x20], tlv(0x30, tlv(0x30, policyOID(0) + tlv(0x30, five { tlv(0x30, cpsOID + tlv(0x16, Array("http://q\($0).example/".utf8))) })))),
        list: { ((firstItem($0, "certificatePolicies")["qualifiers"] as? [Any])?.count, firstItem($0, "certificatePolicies")["qualifiersOmitted"] as? Int) },
        text: "  CPS: http://q2.example/\n" + String(repeating: " ", count: 25) + "  " + moreEntries),
    Row(name: "a user notice's numbers",
        extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x20], tlv(0x30, tlv(0x30, policyOID(0) + tlv(0x30, tlv(0x30, noticeOID
            + tlv(0x30, tlv(0x30, tlv(0x0C, Array("Org".utf8)) + tlv(0x30, five { tlv(0x02, [UInt8(1 + $0)]) })))))))),
        list: { object in
            let notice = (firstItem(object, "certificatePolicies")["qualifiers"] as? [[String: Any]])?.first
            return ((notice?["noticeNumbers"] as? [Any])?.count, notice?["noticeNumbersOmitted"] as? Int)
        },
        text: "notice 1, 2, 3, … (2 more numbers not shown)"),
    Row(name: "extendedKeyUsage", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x25], tlv(0x30, five(policyOID))),
        list: { (($0["extendedKeyUsage"] as? [Any])?.count, $0["extendedKeyUsageOmitted"] as? Int) },
        text: "1.2.2, 1.2.3, 1.2.4" + moreNames),
    Row(name: "authorityInfoAccess",
        extensions: extensionTLV([0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x01, 0x01], tlv(0x30, five { tlv(0x30, ocspOID + uri($0)) })),
        list: { ((value($0, "authorityInfoAccess")["value"] as? [Any])?.count, value($0, "authorityInfoAccess")["valueOmitted"] as? Int) },
        text: "OCSP - URI:http://n2.example/\n" + String(repeating: " ", count: 25) + moreEntries),
    Row(name: "issuerAltName", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x12], tlv(0x30, five(dns))),
        list: { ((value($0, "issuerAltNames")["value"] as? [Any])?.count, value($0, "issuerAltNames")["valueOmitted"] as? Int) },
        text: "DNS:n2.example" + moreNames),
    Row(name: "policy mappings", extensions: extensionTLV([0x06, 0x03, 0x55, 0x1D, 0x21], tlv(0x30, five { tlv(0x30, policyOID($0) + policyOID($0 + 10)) })),
        list: { ((value($0, "policyMappings")["value"] as? [Any])?.count, value($0, "policyMappings")["valueOmitted"] as? Int) },
        text: moreEntries),
    Row(name: "SCT list",
        extensions: extensionTLV([0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x04, 0x02],
                                 tlv(0x04, sctList(five(sct)))),
        list: { ((value($0, "signedCertificateTimestamps")["value"] as? [Any])?.count, value($0, "signedCertificateTimestamps")["valueOmitted"] as? Int) },
        text: moreEntries),
    Row(name: "extensions PureX509 does not render", extensions: five { extensionTLV(tlv(0x06, [0x2A, 0x03, UInt8(1 + $0)]), [0x05, 0x00]) },
        list: { (($0["otherExtensions"] as? [Any])?.count, $0["otherExtensionsOmitted"] as? Int) },
        text: "  " + moreEntries),
] }

/// The leaf of Vectors/chains/valid with `extensions` (Extension TLVs) in
/// place of its own (its signature no longer verifies; inspect does not
/// check it), written to a DER file whose path is returned.
private func leaf(with extensions: [UInt8], name: String) throws -> String {
    let pem = try String(contentsOf: repository.appendingPathComponent("Vectors/chains/valid/chain.pem"), encoding: .utf8)
    let base64 = pem.components(separatedBy: "-----BEGIN CERTIFICATE-----")[1].components(separatedBy: "-----END")[0]
    let der = [UInt8](try #require(Data(base64Encoded: base64.filter { !$0.isWhitespace })))
    let certificate = elements(der, 0..<der.count)[0]
    let outer = elements(der, certificate.content..<certificate.end)
    let fields = elements(der, outer[0].content..<outer[0].end)
    let tbs = fields.filter { $0.tag != 0xA3 }.flatMap { der[$0.start..<$0.end] } + tlv(0xA3, tlv(0x30, extensions))
    let leaf = tlv(0x30, tlv(0x30, tbs) + outer.dropFirst().flatMap { der[$0.start..<$0.end] })
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("extension-budget-\(name.filter(\.isLetter))-\(getpid()).der")
    try Data(leaf).write(to: url)
    return url.path
}

@Test(arguments: 0..<15)
func inspectShowsEachExtensionListUpToTheDisplayBudget(_ index: Int) throws {
    #expect(rows.count == 15, "the test's arguments name every row")
    let row = rows[index]
    let file = try leaf(with: row.extensions, name: row.name)
    let run = try runPurex509(["inspect", "--json", "--list-limit", "3", file])
    #expect(run.status == 0, "\(row.name): \(run.error)")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]], "\(row.name): not JSON")
    let listed = row.list(try #require(objects.first))
    #expect(listed.shown == 3 && listed.omitted == 2, "\(row.name): \(listed) in \(run.output)")

    let text = try runPurex509(["inspect", "--list-limit", "3", file])
    #expect(text.output.contains(row.text), "\(row.name): \(text.output)")

    // Without a budget the whole list is shown and nothing is counted as omitted.
    let whole = try runPurex509(["inspect", "--json", "--list-limit", "0", file])
    let all = row.list(try #require((try JSONSerialization.jsonObject(with: Data(whole.output.utf8)) as? [[String: Any]])?.first))
    #expect(all.shown == 5 && all.omitted == nil, "\(row.name): \(all)")
    #expect(!whole.output.contains("Omitted"), "\(row.name)")
}
