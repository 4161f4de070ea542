import Foundation
import PureX509
import Testing

// A subject of many RDNs is shown up to the display
// budget (64 attributes) and the rest counted, by `inspect --json` and by
// every line of `verify --explain`, instead of being decoded and printed
// whole (a million RDNs took 6.6 s and 763 MB in inspect --json).

/// A DER TLV with a minimal length (up to 3 length octets).
private func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    let length: [UInt8] = count < 0x80 ? [UInt8(count)]
        : count < 0x100 ? [0x81, UInt8(count)]
        : count < 0x10000 ? [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        : [0x83, UInt8(count >> 16), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
    return [tag] + length + content
}

/// The leaf of Vectors/chains/valid with its subject replaced by `rdns`
/// single-attribute RDNs (its signature no longer verifies); written to a file.
private func manyRDNLeaf(_ rdns: Int) throws -> String {
    let pem = [UInt8](try Data(contentsOf: repository.appendingPathComponent("Vectors/chains/valid/chain.pem")))
    let der = try #require(try PEM.certificates(in: pem).first).der
    let leaf = try Certificate(derEncoded: der)
    let tbs = leaf.signedData.message.indices, name = leaf.subject.encoded.indices
    let header = der[tbs.lowerBound + 1] < 0x80 ? 2 : 2 + Int(der[tbs.lowerBound + 1] & 0x7F)
    let subject = tlv(0x30, (0..<rdns).flatMap { tlv(0x31, tlv(0x30, tlv(0x06, [0x55, 0x04, 0x03]) + tlv(0x0C, Array("n\($0)".utf8)))) })
    let body = Array(der[(tbs.lowerBound + header)..<name.lowerBound]) + subject + Array(der[name.upperBound..<tbs.upperBound])
    let certificate = tlv(0x30, tlv(0x30, body) + Array(der[tbs.upperBound...]))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rdns-\(rdns)-\(getpid()).der")
    try Data(certificate).write(to: url)
    return url.path
}

@Test func inspectShowsAHugeSubjectUpToTheDisplayBudget() throws {
    let file = try manyRDNLeaf(1_000)
    let run = try runPurex509(["inspect", "--json", file])
    #expect(run.status == 0, "\(run.error)")
    let object = try #require((try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])?.first)
    #expect((object["subjectAttributes"] as? [Any])?.count == 64)
    #expect(object["subjectAttributesOmitted"] as? Int == 936)
    #expect((object["subject"] as? String)?.hasSuffix("CN=n63, … (936 more attributes not shown)") == true)
    #expect(run.output.utf8.count < 64 << 10, "the output no longer grows with the name")
    // Within the budget: whole, and no omitted count.
    let small = try runPurex509(["inspect", "--json", try manyRDNLeaf(64)])
    let whole = try #require((try JSONSerialization.jsonObject(with: Data(small.output.utf8)) as? [[String: Any]])?.first)
    #expect((whole["subjectAttributes"] as? [Any])?.count == 64 && whole["subjectAttributesOmitted"] == nil)
    #expect((whole["subject"] as? String)?.hasSuffix("CN=n63") == true)
}

@Test func verifyExplainNamesAHugeSubjectWithinTheBudget() throws {
    let file = try manyRDNLeaf(1_000)
    let run = try runPurex509(["verify", "--roots", "Vectors/chains/valid/roots.pem", "--untrusted", "Vectors/chains/valid/chain.pem",
                               "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z", "--explain", file])
    #expect(run.status == 1)
    #expect(run.error.contains("input certificate 0 (CN=n0, CN=n1, "), "\(run.error.prefix(300))")
    #expect(run.error.contains("CN=n63, … (936 more attributes not shown)) has a signature its issuer's key does not verify"), "\(run.error.suffix(300))")
    let named = run.output.split(separator: "\n").filter { $0.contains("input certificate 0") }
    #expect(!named.isEmpty)
    #expect(named.allSatisfy { $0.contains("(936 more attributes not shown)") && $0.utf8.count < 2_000 })
}
