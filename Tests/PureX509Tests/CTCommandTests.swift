import Foundation
import Testing
import TestSupport

// Certificate Transparency on the command line (docs/ct.md): --require-ct,
// --ct-log-list and --sct-list on verify, the shipped Apple list and its
// age in --explain, the `ct` object of --json and scan, inspect's SCT
// lines, and what the tool says of wrong input (exit 2).

private let fixtures = "Vectors/ct-policy/"
private let common = ["--roots", fixtures + "root.pem", "--host", "www.example.com", "--at", "2026-02-01"]

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct CTCommandTests {
    @Test func theShippedListChecksARealChain() throws {
        let run = try runPurex509(["verify", "--roots", "Vectors/samples/amazon-root-ca4.pem", "--host", "valid.rootca4.demo.amazontrust.com",
                                   "--at", "2025-03-01T00:00:00Z", "--require-ct", "apple", "--explain", "Vectors/samples/amazon-ecdsa-chain.pem"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("  ct log list: Apple's CT log list version 511 of 2026-04-01 shipped with purex509, published 396 days after the verification time\n"))
        #expect(run.output.contains("embedded SCT from Google 'Xenon 2025H1' log (Google): verified (RFC 6962 §3.2)"))
        #expect(run.output.contains("[pass] path 0, input certificate 0 (CN=valid.rootca4.demo.amazontrust.com): the SCTs meet Apple's CT policy"))
    }

    @Test func jsonCarriesTheCTObject() throws {
        let refused = try runPurex509(["verify"] + common + ["--require-ct", "apple", "--ct-log-list", fixtures + "loglist-apple.json",
                                                              "--json", fixtures + "tampered.pem"])
        #expect(refused.status == 1)
        let object = try json(refused.output)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "certificateTransparency")
        let ct = try #require(object["ct"] as? [String: Any])
        #expect(ct["policy"] as? String == "apple" && ct["met"] as? Bool == false && ct["unmetRule"] as? String == "appleCTTwoSCTs")
        let scts = try #require(ct["scts"] as? [[String: Any]])
        #expect(scts.map { $0["status"] as? String } == ["counted", "badSignature"])
        #expect(scts.map { $0["operator"] as? String } == ["Alpha", "Beta"])

        let trusted = try runPurex509(["verify"] + common + ["--require-ct", "chrome", "--ct-log-list", fixtures + "loglist-chrome.json",
                                                              "--json", fixtures + "apple-180-two-operators.pem"])
        #expect(trusted.status == 0)
        let met = try #require(try json(trusted.output)["ct"] as? [String: Any])
        #expect(met["met"] as? Bool == true && met["enforced"] as? Bool == true && met["valid"] as? Int == 2)
        // Without CT asked for or required, no `ct` member.
        let plain = try runPurex509(["verify"] + common + ["--json", fixtures + "apple-180-two-operators.pem"])
        #expect(try json(plain.output)["ct"] == nil)
    }

    @Test func sctsFromAFileAndFromStandardInput() throws {
        let arguments = ["verify"] + common + ["--require-ct", "apple", "--ct-log-list", fixtures + "loglist-apple.json"]
        let none = try runPurex509(arguments + [fixtures + "no-scts.pem"])
        #expect(none.status == 1 && none.error.contains("does not meet apple's CT policy"))
        let file = try runPurex509(arguments + ["--sct-list", fixtures + "tls-two-operators.sctlist", fixtures + "no-scts.pem"])
        #expect(file.status == 0, "\(file.error)")
        let piped = try runPurex509(arguments + ["--sct-list", "-", fixtures + "no-scts.pem"],
                                    input: Data(try Vectors.bytes("ct-policy/tls-two-operators.sctlist")))
        #expect(piped.status == 0, "\(piped.error)")
    }

    @Test func chromesStaleListIsANote() throws {
        let run = try runPurex509(["verify", "--roots", fixtures + "root.pem", "--host", "www.example.com", "--at", "2026-04-01",
                                   "--require-ct", "chrome", "--ct-log-list", fixtures + "loglist-chrome.json", fixtures + "apple-180-one-operator.pem"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("trusted (chrome's CT policy not enforced: the log list is more than 70 days old); checked: path, host www.example.com, CT (chrome, not enforced); not checked: pins, revocation\n"), "\(run.output)")
    }

    @Test func wrongInputIsExitTwoWithItsReason() throws {
        let base = ["verify", "--roots", fixtures + "root.pem"]
        for (arguments, message) in [
            (["--require-ct", "google"], "--require-ct: apple or chrome"),
            (["--ct-log-list", fixtures + "root.pem"], "--ct-log-list Vectors/ct-policy/root.pem, line 1, column 1: syntax error"),
            (["--ct-log-list", "Vectors/ct/loglist/apple-log_list_schema_v5.json"], "--ct-log-list Vectors/ct/loglist/apple-log_list_schema_v5.json"),
            (["--sct-list", fixtures + "root.pem"], "--sct-list Vectors/ct-policy/root.pem: not a TLS-encoded SCT list: the SCT list declares"),
            (["--sct-list", fixtures + "missing.sctlist"], "cannot read Vectors/ct-policy/missing.sctlist: not found"),
        ] {
            let run = try runPurex509(base + arguments + [fixtures + "no-scts.pem"])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.error.contains(message), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func profileAllReportsCTPerProfile() throws {
        let run = try runPurex509(["verify"] + common + ["--profile", "all", "--ct-log-list", fixtures + "loglist-apple.json",
                                                          "--json", fixtures + "no-scts.pem"])
        let profiles = try #require(try json(run.output)["profiles"] as? [[String: Any]])
        #expect(profiles.count == 5)
        // A caller-added root: no profile requires CT, so each `ct` is null.
        #expect(profiles.allSatisfy { $0.keys.contains("ct") && $0["ct"] is NSNull })
    }

    @Test func inspectNamesAndChecksEachSCT() throws {
        let run = try runPurex509(["inspect", "--ct-log-list", fixtures + "loglist-apple.json", fixtures + "tampered.pem"])
        #expect(run.status == 0)
        #expect(run.output.contains(": Test log A (Alpha), verified\n"))
        #expect(run.output.contains(": Test log C (Beta), bad signature\n"))
        let unknown = try runPurex509(["inspect", "--ct-log-list", fixtures + "loglist-apple.json", fixtures + "unknown-log.pem"])
        #expect(unknown.output.contains(", unknown log\n"))
        // Without its issuer in the input, the signature cannot be checked.
        let alone = try runPurex509(["inspect", "Vectors/ct/pyca/cryptography-scts.pem"])
        #expect(alone.output.contains(": Google 'Icarus' log (Google), issuer not in the input\n"))
        let real = try runPurex509(["inspect", "--json", "Vectors/samples/amazon-ecdsa-chain.pem"])
        let first = try #require((try JSONSerialization.jsonObject(with: Data(real.output.utf8)) as? [[String: Any]])?.first)
        let extensions = try #require(first["extensions"] as? [String: Any])
        let sctExtension = try #require(extensions["signedCertificateTimestamps"] as? [String: Any])
        let scts = try #require(sctExtension["value"] as? [[String: Any]])
        #expect(scts.map { $0["status"] as? String } == ["verified", "verified", "verified"])
    }

    @Test func scanLinesCarryTheCTObject() throws {
        let run = try runPurex509(["scan", "--roots", fixtures + "root.pem", "--host", "www.example.com", "--at", "2026-02-01",
                                   "--require-ct", "apple", "--ct-log-list", fixtures + "loglist-apple.json",
                                   fixtures + "apple-180-two-operators.pem", fixtures + "apple-180-one-operator.pem"])
        #expect(run.status == 1)
        let lines = try run.output.split(separator: "\n").map { try json(String($0)) }
        #expect(lines.map { $0["code"] as? String } == [nil, "certificateTransparency"])
        #expect(lines.compactMap { ($0["ct"] as? [String: Any])?["met"] as? Bool } == [true, false])
    }
}
