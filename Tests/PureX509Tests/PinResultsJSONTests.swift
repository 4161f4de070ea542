import Foundation
import Testing
import TestSupport

// Issue 41 item 6: `verify --json` gives the pins served, pinned and
// matched, per certificate, on a match and on a miss (docs/output.md).

private let chain = "Vectors/chains/valid/chain.pem"
private let roots = "Vectors/chains/valid/roots.pem"
private let base = ["verify", "--roots", roots, "--host", "www.example.com", "--at", "1748736000", "--json"]
private let unknownPin = "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

private func pins(_ arguments: [String]) throws -> (run: ToolRun, report: [String: Any]) {
    let run = try runPurex509(arguments)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
    let list = try #require(object["pins"] as? [[String: Any]], "\(run.output)")
    #expect(list.count == 1)
    return (run, list[0])
}

private func pinOf(_ file: String, _ line: Int = 0) throws -> String {
    String(try runPurex509(["pin", file]).output.split(separator: "\n")[line].split(separator: " ")[0])
}

/// A match names the pin that matched and marks the certificate that carries it.
@Test func aMatchSaysWhichPinMatched() throws {
    let rootPin = try pinOf(roots)
    let (run, report) = try pins(base + ["--pin", unknownPin, "--pin", rootPin, chain])
    #expect(run.status == 0)
    #expect(report["kind"] as? String == "publicKey")
    #expect(report["pinned"] as? [String] == [unknownPin, rootPin])
    #expect(report["matched"] as? [String] == [rootPin])
    let served = try #require(report["served"] as? [[String: Any]])
    #expect(served.map { $0["matched"] as? Bool } == [false, false, true])
    #expect(served[2]["pin"] as? String == rootPin)
    #expect((served[2]["from"] as? [String: Any])?["anchor"] as? Int == 0)
    #expect(served[0]["pin"] as? String == (try pinOf(chain)))
}

/// A miss lists every served pin beside the pinned one, none matched, as fields.
@Test func aMissListsServedAndPinnedAsFields() throws {
    let (run, report) = try pins(base + ["--pin", unknownPin, chain])
    #expect(run.status == 1)
    #expect(report["matched"] as? [String] == [])
    #expect(report["pinned"] as? [String] == [unknownPin])
    let served = try #require(report["served"] as? [[String: Any]])
    #expect(served.count == 3, "the verified path, anchor included")
    #expect(served.allSatisfy { $0["matched"] as? Bool == false && ($0["pin"] as? String)?.hasPrefix("sha256/") == true })
}

/// Certificate pinning reports certificates: subject, key pin and fingerprint.
@Test func certificatePinningReportsCertificates() throws {
    let (run, report) = try pins(base + ["--pin-cert", roots, chain])
    #expect(run.status == 0, "\(run.error)")
    #expect(report["kind"] as? String == "certificate")
    let matched = try #require(report["matched"] as? [[String: Any]])
    #expect(matched.count == 1 && matched[0]["subject"] as? String == "O=PureX509 Chains, CN=Root A")
    #expect((matched[0]["sha256"] as? String)?.count == 95)
    let refused = try pins(base + ["--pin-cert", "Vectors/chains/unknown-issuer/roots.pem", "--untrusted", roots, chain])
    #expect(refused.run.status == 1)
    #expect((refused.report["matched"] as? [Any])?.isEmpty == true)
}
