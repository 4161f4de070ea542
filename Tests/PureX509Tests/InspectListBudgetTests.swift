import Foundation
import Testing

// `inspect` shows each long list of a CRL (its entries, the names of its
// issuingDistributionPoint) up to a display budget and counts the rest:
// shown whole, a CRL of 700,000 entries took 7 s and 596 MB in
// `inspect --json`, one whose scope lists 5 million names 4.6 s and 510 MB.

/// A DER TLV with a minimal length (up to 3 length octets).
private func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    let length: [UInt8] = count < 0x80 ? [UInt8(count)]
        : count < 0x100 ? [0x81, UInt8(count)]
        : count < 0x10000 ? [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        : [0x83, UInt8(count >> 16), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
    return [tag] + length + content
}

/// A minimal DER INTEGER for 1 ≤ value < 32,768.
private func integer(_ value: Int) -> [UInt8] {
    value < 0x80 ? tlv(0x02, [UInt8(value)]) : tlv(0x02, [UInt8(value >> 8), UInt8(value & 0xFF)])
}

/// A v2 CRL of `entries` entries (serials 1…entries, in that order) whose
/// issuingDistributionPoint, when `scopeNames` > 0, lists that many URIs
/// `https://crl.example/N`; its signature is filler (inspect does not
/// verify). Written to a DER file whose path is returned.
private func crlFile(entries: Int, scopeNames: Int) throws -> String {
    let sha256WithRSA: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B, 0x05, 0x00]
    let issuer = tlv(0x30, tlv(0x31, tlv(0x30, [0x06, 0x03, 0x55, 0x04, 0x03] + tlv(0x0C, Array("List Budget CA".utf8)))))
    let when = tlv(0x17, Array("250101000000Z".utf8))
    var tbs = integer(1) + sha256WithRSA + issuer + tlv(0x17, Array("240101000000Z".utf8)) + tlv(0x17, Array("300101000000Z".utf8))
    if entries > 0 { tbs += tlv(0x30, (1...entries).flatMap { tlv(0x30, integer($0) + when) }) }
    if scopeNames > 0 {
        let names = (0..<scopeNames).flatMap { tlv(0x86, Array("https://crl.example/\($0)".utf8)) }
        let point = tlv(0x30, tlv(0xA0, tlv(0xA0, names)))
        let idp = tlv(0x30, [0x06, 0x03, 0x55, 0x1D, 0x1C, 0x01, 0x01, 0xFF] + tlv(0x04, point))
        tbs += tlv(0xA0, tlv(0x30, idp))
    }
    let crl = tlv(0x30, tlv(0x30, tbs) + sha256WithRSA + tlv(0x03, [0x00] + [UInt8](repeating: 0x5A, count: 256)))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("list-budget-\(entries)-\(scopeNames)-\(getpid()).crl")
    try Data(crl).write(to: url)
    return url.path
}

private func inspectJSON(_ arguments: [String]) throws -> [[String: Any]] {
    let run = try runPurex509(["inspect", "--json"] + arguments)
    #expect(run.status == 0, "\(run.error)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]], "not a JSON array")
}

@Test func inspectShowsACRLUpToTheDisplayBudget() throws {
    let file = try crlFile(entries: 1_200, scopeNames: 1_003)
    // Twice, so the stream of array elements is checked as JSON too.
    let objects = try inspectJSON([file, file])
    #expect(objects.count == 2)
    let crl = try #require(objects.first)
    let revoked = try #require(crl["revoked"] as? [[String: Any]])
    #expect(revoked.count == 1_000)
    #expect(crl["revokedOmitted"] as? Int == 200)
    // The shown entries are the first ones, in encoding order.
    #expect(revoked.first?["serial"] as? String == "01")
    #expect(revoked.last?["serial"] as? String == "03:e8")
    let scope = try #require(crl["issuingDistributionPoint"] as? [String])
    #expect(scope.count == 1_000 && scope.first == "URI:https://crl.example/0" && scope.last == "URI:https://crl.example/999")
    #expect(crl["issuingDistributionPointOmitted"] as? Int == 3)

    let text = try runPurex509(["inspect", file])
    #expect(text.status == 0)
    #expect(text.output.contains("  Revoked:               1200\n"), "the count is of every entry")
    #expect(text.output.contains("    … (200 more entries not shown; --list-limit 0 shows every one)\n"))
    #expect(text.output.contains("URI:https://crl.example/999, … (3 more names not shown)\n"))
    #expect(!text.output.contains("03:e9"), "the 1,001st entry is not printed")
}

@Test func listLimitRaisesOrLiftsTheDisplayBudget() throws {
    let file = try crlFile(entries: 1_200, scopeNames: 1_003)
    let all = try #require(try inspectJSON(["--list-limit", "0", file]).first)
    #expect((all["revoked"] as? [Any])?.count == 1_200 && all["revokedOmitted"] == nil)
    #expect((all["issuingDistributionPoint"] as? [Any])?.count == 1_003 && all["issuingDistributionPointOmitted"] == nil)
    let few = try #require(try inspectJSON(["--list-limit", "7", file]).first)
    #expect((few["revoked"] as? [Any])?.count == 7 && few["revokedOmitted"] as? Int == 1_193)
    #expect((few["issuingDistributionPoint"] as? [Any])?.count == 7 && few["issuingDistributionPointOmitted"] as? Int == 996)
    let text = try runPurex509(["inspect", "--list-limit", "0", file])
    #expect(text.output.contains("04:b0  2025-01-01T00:00:00Z") && !text.output.contains("not shown"))
    let negative = try runPurex509(["inspect", "--list-limit=-1", file])
    #expect(negative.status == 2 && negative.error.contains("--list-limit: a count, 0 for no limit"))
}

@Test func aCRLWithinTheBudgetIsShownWhole() throws {
    let file = try crlFile(entries: 1_000, scopeNames: 1_000)
    let crl = try #require(try inspectJSON([file]).first)
    #expect((crl["revoked"] as? [Any])?.count == 1_000 && crl["revokedOmitted"] == nil)
    #expect((crl["issuingDistributionPoint"] as? [Any])?.count == 1_000 && crl["issuingDistributionPointOmitted"] == nil)
    let text = try runPurex509(["inspect", file])
    #expect(!text.output.contains("not shown"))
}

/// Each TLV laid end to end in `der[range]`: tag, start, content start, end
/// (InspectExtensionBudgetTests reads its leaves with it too).
func elements(_ der: [UInt8], _ range: Range<Int>) -> [(tag: UInt8, start: Int, content: Int, end: Int)] {
    var found: [(tag: UInt8, start: Int, content: Int, end: Int)] = []
    var offset = range.lowerBound
    while offset < range.upperBound {
        let first = Int(der[offset + 1])
        var length = first, content = offset + 2
        if first >= 0x80 {
            let octets = first & 0x7F
            length = der[content..<(content + octets)].reduce(0) { $0 << 8 | Int($1) }
            content += octets
        }
        found.append((der[offset], offset, content, content + length))
        offset = content + length
    }
    return found
}

/// The leaf of Vectors/chains/valid with its extensions replaced by one
/// subjectAltName of `names` dNSNames `nN.example` (its signature no longer
/// verifies); written to a DER file whose path is returned.
private func manyAltNameLeaf(_ names: Int) throws -> String {
    let pem = try String(contentsOf: repository.appendingPathComponent("Vectors/chains/valid/chain.pem"), encoding: .utf8)
    let base64 = pem.components(separatedBy: "-----BEGIN CERTIFICATE-----")[1].components(separatedBy: "-----END")[0]
    let der = [UInt8](try #require(Data(base64Encoded: base64.filter { !$0.isWhitespace })))
    let certificate = elements(der, 0..<der.count)[0]
    let outer = elements(der, certificate.content..<certificate.end)
    let fields = elements(der, outer[0].content..<outer[0].end)
    let san = tlv(0x30, [0x06, 0x03, 0x55, 0x1D, 0x11] + tlv(0x04, tlv(0x30, (0..<names).flatMap { tlv(0x82, Array("n\($0).example".utf8)) })))
    let tbs = fields.filter { $0.tag != 0xA3 }.flatMap { der[$0.start..<$0.end] } + tlv(0xA3, tlv(0x30, san))
    let leaf = tlv(0x30, tlv(0x30, tbs) + outer.dropFirst().flatMap { der[$0.start..<$0.end] })
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("alt-names-\(names)-\(getpid()).der")
    try Data(leaf).write(to: url)
    return url.path
}

/// A certificate's subjectAltName list has the same budget (4 million names
/// in one 16 MiB PEM block took 174 s and 1.8 GB to show whole).
@Test func inspectShowsSubjectAltNamesUpToTheDisplayBudget() throws {
    let file = try manyAltNameLeaf(1_005)
    let leaf = try #require(try inspectJSON([file]).first)
    #expect((leaf["subjectAltNames"] as? [String])?.last == "DNS:n999.example")
    #expect((leaf["subjectAltNames"] as? [Any])?.count == 1_000 && (leaf["subjectAltNameEntries"] as? [Any])?.count == 1_000)
    #expect(leaf["subjectAltNamesOmitted"] as? Int == 5)
    let text = try runPurex509(["inspect", file])
    #expect(text.output.contains("DNS:n999.example, … (5 more names not shown)\n"))
    let whole = try #require(try inspectJSON(["--list-limit", "0", file]).first)
    #expect((whole["subjectAltNames"] as? [Any])?.count == 1_005 && whole["subjectAltNamesOmitted"] == nil)
}
