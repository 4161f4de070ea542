import Foundation
import Testing
import TestSupport

// Soft fail and waivers through the tool: "trusted" names what it rests
// on when a revocation status stayed unknown under soft fail (text, JSON,
// --explain), and --explain shows rules waived for a leaf that is itself a
// trust anchor as waived, not passed.

private let generated = "Vectors/revocation/generated/"

private func revocationRun(_ folder: String, _ extra: [String]) throws -> ToolRun {
    let dir = generated + folder
    return try runPurex509(["verify", "--roots", dir + "/roots.pem", "--crl", dir + "/crls.pem", "--host", "www.example.com",
                            "--at", "2025-06-01T00:00:00Z"] + extra + [dir + "/chain.pem"])
}

@Test func softFailTrustSaysWhatWasNotKnown() throws {
    let text = try revocationRun("wrong-issuer", [])
    #expect(text.status == 0)
    // The scope follows the notes: revocation was checked (and stayed unknown for the leaf).
    #expect(text.output.split(separator: "\n").first == "trusted (revocation status unknown for input certificate 0: no CRL covers it); checked: path, host www.example.com, revocation (chain); not checked: pins, CT",
            "\(text.output)")
    let json = try revocationRun("wrong-issuer", ["--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let findings = try #require(object["revocation"] as? [[String: Any]])
    #expect(findings.count == 2)
    #expect(findings[0]["certificate"] as? Int == 0 && findings[0]["status"] as? String == "unknown")
    #expect(findings[0]["source"] as? String == "crl" && findings[0]["reason"] as? String == "noCRL")
    #expect(findings[1]["status"] as? String == "good" && findings[1]["reason"] is NSNull)
    let explained = try revocationRun("wrong-issuer", ["--explain"])
    #expect(explained.output.contains("[unknown] path 0, input certificate 0"), "\(explained.output)")
    // Checked and good: "trusted" with no note, every finding good.
    let good = try revocationRun("good", [])
    #expect(good.status == 0 && good.output.split(separator: "\n").first == "trusted; checked: path, host www.example.com, revocation (chain); not checked: pins, CT",
            "\(good.output)")
    let goodJSON = try #require(try JSONSerialization.jsonObject(with: Data(try revocationRun("good", ["--json"]).output.utf8)) as? [String: Any])
    #expect((goodJSON["revocation"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "good" } == true)
}

@Test func explainShowsWaivedRulesAsWaived() throws {
    let anchor = "Vectors/conformance-holes/anchor-leaf-breaking-rules.pem"
    let run = try runPurex509(["verify", "--explain", "--roots", anchor, "--host", "www.example.com", "--at", "2027-01-01T00:00:00Z", anchor])
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n")
    #expect(lines.filter { $0.contains("[waived]") }.count == 2, "\(run.output)")
    #expect(!lines.contains { $0.contains("[pass]") && ($0.contains("the leaf is not a CA") || $0.contains("subjectKeyIdentifier is not critical")) })
    let json = try runPurex509(["verify", "--explain", "--json", "--roots", anchor, "--host", "www.example.com", "--at", "2027-01-01T00:00:00Z", anchor])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let trace = try #require(object["trace"] as? [[String: Any]])
    let waived = trace.filter { $0["verdict"] as? String == "waived" }
    #expect(waived.compactMap { $0["check"] as? String }.count == 2)
    #expect(waived.allSatisfy { ($0["reason"] as? String)?.contains("trust anchor") == true })
}
