import Foundation
import Testing

// The habits a shell user brings: `--version`, `-` for
// standard input, and DER certificates concatenated in one file.

private let validChain = "Vectors/chains/valid/chain.pem"
private let validRoots = ["--roots", "Vectors/chains/valid/roots.pem", "--host", "www.example.com", "--at", "2025-06-01"]

@Test func versionIsPrinted() throws {
    let run = try runPurex509(["--version"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("purex509 0."), "\(run.output)")
}

@Test func aDashReadsStandardInput() throws {
    let pem = try Data(contentsOf: repository.appendingPathComponent(validChain))
    let inspect = try runPurex509(["inspect", "-"], input: pem)
    #expect(inspect.status == 0, "\(inspect.error)")
    #expect(inspect.output.contains("CN=www.example.com") && inspect.output.contains("- #2"), "\(inspect.output)")
    let verify = try runPurex509(["verify"] + validRoots + ["-"], input: pem)
    #expect(verify.status == 0, "\(verify.error)")
    let pin = try runPurex509(["pin", "-"], input: pem)
    #expect(pin.status == 0 && pin.output.split(separator: "\n").count == 2, "\(pin.output)\(pin.error)")
    let empty = try runPurex509(["verify"] + validRoots + ["-"], input: Data())
    #expect(empty.status == 2 && empty.error.contains("cannot read standard input: empty file"), "\(empty.error)")
}

@Test func concatenatedDERCertificatesAreAList() throws {
    let text = try String(contentsOf: repository.appendingPathComponent(validChain), encoding: .utf8)
    var der = Data()
    for block in text.components(separatedBy: "-----END CERTIFICATE-----").dropLast() {
        let body = block.components(separatedBy: "-----BEGIN CERTIFICATE-----").last ?? ""
        der.append(try #require(Data(base64Encoded: body.components(separatedBy: .whitespacesAndNewlines).joined())))
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-concatenated-\(getpid()).der")
    try der.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let verify = try runPurex509(["verify"] + validRoots + [file.path])
    #expect(verify.status == 0, "\(verify.error)")
    let inspect = try runPurex509(["inspect", file.path])
    #expect(inspect.status == 0 && inspect.output.contains("#2"), "\(inspect.error)")
    let pin = try runPurex509(["pin", file.path])
    #expect(pin.status == 0 && pin.output.split(separator: "\n").count == 2, "\(pin.error)")
    // Garbage after the certificates is still refused, with the rule.
    try (der + Data([0x01, 0x02])).write(to: file)
    let trailing = try runPurex509(["verify"] + validRoots + [file.path])
    #expect(trailing.status == 1 && trailing.error.contains("trailing bytes"), "\(trailing.error)")
}

/// AFNetworking's "trust anything" says so on stderr; the exit code stays the contract's.
@Test func trustingAnythingIsAnnounced() throws {
    let expired = ["verify", "--roots", "Vectors/chains/valid/roots.pem", "--at", "2040-01-01", "--allow-invalid", "--no-validate-host", validChain]
    let run = try runPurex509(expired)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("warning: --allow-invalid without pinning trusts any chain"), "\(run.error)")
    let checked = try runPurex509(["verify"] + validRoots + [validChain])
    #expect(checked.status == 0 && !checked.error.contains("warning"), "\(checked.error)")
}

/// `--roots DIR` reads every certificate file of a directory (the -CApath
/// habit), skipping and counting the rest, each certificate once.
@Test func rootsMayBeADirectory() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-roots-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let roots = try Data(contentsOf: repository.appendingPathComponent("Vectors/chains/valid/roots.pem"))
    try roots.write(to: folder.appendingPathComponent("root.pem"))
    try roots.write(to: folder.appendingPathComponent("root-again.pem"))
    try Data("not a certificate\n".utf8).write(to: folder.appendingPathComponent("README"))
    let run = try runPurex509(["verify", "--roots", folder.path, "--host", "www.example.com", "--at", "2025-06-01", validChain])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error.contains("from 2 files; 1 entries without a certificate skipped"), "\(run.error)")
    let policy = try runPurex509(["policy", "check", "docs/pinning-example.json", validChain, "--roots", folder.path,
                                  "--host", "a.wild.example.com", "--at", "2025-06-01"])
    #expect(policy.status == 0, "\(policy.error)")
    let empty = repository.appendingPathComponent("Vectors/revocation/ocsp").path
    let none = try runPurex509(["verify", "--roots", empty, validChain])
    #expect(none.status == 2 && none.error.contains("no certificate in the directory's 28 entries"), "\(none.error)")
}

/// `--quiet`: nothing on either stream, the verdict in the exit code alone.
@Test func quietPrintsNothing() throws {
    for (arguments, status) in [(validRoots + [validChain], Int32(0)),
                                (["--roots", "Vectors/chains/valid/roots.pem", "--host", "www.example.org", validChain], 1),
                                (["--roots", "Vectors/no-such-file.pem", validChain], 2)] {
        let run = try runPurex509(["verify", "--quiet"] + arguments)
        #expect(run.status == status && run.output.isEmpty && run.error.isEmpty, "\(arguments): \(run.output)\(run.error)")
    }
}

/// The help names the completion command, and the command writes a script.
@Test func shellCompletionIsOffered() throws {
    let help = try runPurex509(["--help"])
    #expect(help.status == 0 && help.output.contains("--generate-completion-script bash|zsh|fish"), "\(help.output)")
    let script = try runPurex509(["--generate-completion-script", "bash"])
    #expect(script.status == 0 && script.output.contains("purex509") && script.output.contains("--ocsp-response"), "\(script.error)")
}

/// `pin --json`: one array, a record per pin, the same pins as the text form.
@Test func pinSpeaksJSON() throws {
    let text = try runPurex509(["pin", validChain, "Vectors/inputs/ca.pem"])
    let json = try runPurex509(["pin", "--json", validChain, "Vectors/inputs/ca.pem"])
    #expect(json.status == text.status, "\(json.error)")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    let pins = text.output.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    #expect(records.compactMap { $0["pin"] as? String } == pins)
    #expect(records.first?["kind"] as? String == "certificate" && records.first?["block"] as? Int == 1)
    #expect((records.first?["subject"] as? String)?.hasSuffix("CN=www.example.com") == true)
}

/// `policy check` takes --json, --untrusted and --purpose as `verify` does.
@Test func policyCheckSpeaksLikeVerify() throws {
    let base = ["policy", "check", "docs/pinning-example.json", "--roots", "Vectors/chains/valid/roots.pem", "--at", "2025-06-01"]
    let json = try runPurex509(base + [validChain, "--host", "a.wild.example.com", "--json"])
    #expect(json.status == 0, "\(json.error)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["trusted"] as? Bool == true && (object["pinSet"] as? [String: Any])?["reportOnly"] as? Bool == true)
    #expect((object["reports"] as? [Any])?.count == 1, "the report-only miss is reported")
    let refused = try runPurex509(base + [validChain, "--host", "www.example.com", "--json"])
    let refusal = try #require(try JSONSerialization.jsonObject(with: Data(refused.output.utf8)) as? [String: Any])
    #expect(refused.status == 1 && refusal["trusted"] as? Bool == false && (refusal["error"] as? String)?.contains("pinning failed") == true)
    // The leaf alone, its intermediate given with --untrusted.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-policy-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOf: repository.appendingPathComponent(validChain), encoding: .utf8)
    let blocks = text.components(separatedBy: "-----END CERTIFICATE-----\n").filter { !$0.isEmpty }.map { $0 + "-----END CERTIFICATE-----\n" }
    try blocks[0].write(to: folder.appendingPathComponent("leaf.pem"), atomically: true, encoding: .utf8)
    try blocks[1].write(to: folder.appendingPathComponent("intermediate.pem"), atomically: true, encoding: .utf8)
    let leafOnly = base + [folder.appendingPathComponent("leaf.pem").path, "--host", "a.wild.example.com"]
    #expect(try runPurex509(leafOnly).status == 1, "no intermediate: no path")
    let withUntrusted = try runPurex509(leafOnly + ["--untrusted", folder.appendingPathComponent("intermediate.pem").path])
    #expect(withUntrusted.status == 0, "\(withUntrusted.error)")
    // A server certificate is refused for client authentication.
    let client = try runPurex509(base + [validChain, "--host", "a.wild.example.com", "--purpose", "client"])
    #expect(client.status == 1, "\(client.output)\(client.error)")
    #expect(try runPurex509(base + [validChain, "--host", "a.wild.example.com", "--purpose", "sideways"]).status == 2)
}

/// `policy check` reads CHAIN through `verify`'s loop and keeps its own
/// contract (docs/inputs.md): a certificate the parser refuses is a refusal
/// for both (its rule and offset on stderr, exit 1); a block whose PEM does
/// not decode is a refusal for `policy check` and an unusable input for
/// `verify` (exit 2); a file with no certificate is unusable for both.
@Test func policyCheckReadsChainThroughVerifysLoop() throws {
    let roots = ["--roots", "Vectors/chains/valid/roots.pem", "--at", "2025-06-01", "--host", "www.example.com"]
    for (command, undecodable) in [(["verify"] + roots, Int32(2)), (["policy", "check", "docs/pinning-example.json"] + roots, 1)] {
        let refused = try runPurex509(command + ["Vectors/chromium-pki/parse_certificate_unittest/bad_key_usage.pem"])
        #expect(refused.status == 1, "\(command[0])")
        #expect(refused.error.contains("bad_key_usage.pem: PEM block 1 (certificate 1): keyUsage with no bit set at offset 877"), "\(refused.error)")
        let broken = try runPurex509(command + ["Vectors/certs/x509-parser-assets/no_end.pem"])
        #expect(broken.status == undecodable, "\(command[0])")
        #expect(broken.error.contains("no_end.pem: PEM block 1: no END line"), "\(broken.error)")
        let empty = try runPurex509(command + ["docs/pinning-example.json"])
        #expect(empty.status == 2, "\(command[0])")
        #expect(empty.error.contains("pinning-example.json: no CERTIFICATE block"), "\(empty.error)")
    }
}

/// The version, the extensions rendered field by field,
/// and every other one by name (or OID), criticality and value, text and JSON.
@Test func inspectHidesNoExtension() throws {
    let run = try runPurex509(["inspect", "Vectors/generated/leaf-all-extensions.pem"])
    #expect(run.status == 0)
    for line in ["  Version:               3",
                 "  CRL distribution points: Full Name: URI:http://crl.example.com/ca.crl",
                 "  Certificate policies:  Policy: 2.23.140.1.2.2 (organization validated)\n                           CPS: https://example.com/cps",
                 "  Extension:             1.3.6.1.4.1.99999.11 (critical): 04:02:68:69",
                 "  Extension:             1.3.6.1.4.1.99999.10: 05:00"] {
        #expect(run.output.contains(line), "\(line)\n\(run.output)")
    }
    let json = try runPurex509(["inspect", "--json", "Vectors/generated/leaf-all-extensions.pem"])
    let object = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])?.first)
    #expect(object["version"] as? Int == 3)
    let others = try #require(object["otherExtensions"] as? [[String: Any]])
    #expect(others.map { $0["name"] as? String ?? "" } == ["1.3.6.1.4.1.99999.10", "1.3.6.1.4.1.99999.11"])
    let rendered = try #require(object["extensions"] as? [String: Any])
    #expect(Set(rendered.keys) == ["certificatePolicies", "authorityInfoAccess", "crlDistributionPoints"])
    #expect(others.last?["critical"] as? Bool == true && others.last?["value"] as? String == "04:02:68:69")
}
