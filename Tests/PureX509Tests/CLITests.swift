import Foundation
import Testing
import TestSupport

/// The `purex509` binary SwiftPM built beside this test bundle.
let toolPath: String? = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("purex509").path,
        Vectors.repository.appendingPathComponent(".build/debug/purex509").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

let repository = Vectors.repository

/// Runs the tool from the repository's root; `environment` adds variables
/// to the test's own, `input` is standard input (closed at its end).
func runPurex509(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> ToolRun {
    try runTool(try #require(toolPath, "purex509 binary not found"), arguments, in: repository, environment: environment, input: input)
}

@Test func inspectPrintsEveryFieldOfAChain() throws {
    let run = try runPurex509(["inspect", "Vectors/generated/leaf-all-extensions.pem", "Vectors/generated/root-name-constraints.pem"])
    #expect(run.status == 0)
    for line in [
        "  Subject:               C=GB, ST=Somerset, L=Bath, O=Example Ltd, OU=Web, serialNumber=12345, emailAddress=admin@example.com, DC=example, CN=www.example.com",
        "  Issuer:                C=US, O=PureX509 Test CA, CN=PureX509 Generated Root",
        "  Serial:                00:c0:ff:ee",
        "  Not before:            2024-01-02T03:04:05Z",
        "  Not after:             2034-01-02T03:04:05Z",
        "  Public key:            RSA 2048 bits",
        "  Signature algorithm:   sha256WithRSAEncryption",
        "  Basic constraints:     CA:FALSE (critical)",
        "  Key usage:             digitalSignature, keyEncipherment (critical)",
        "  Extended key usage:    serverAuth, clientAuth",
        "  Basic constraints:     CA:TRUE, pathlen:2 (critical)",
    ] {
        #expect(run.output.contains(line + "\n"), "missing: \(line)")
    }
    #expect(run.output.contains("DNS:www.example.com, DNS:*.example.com, IP:192.0.2.10, IP:2001:db8::1, email:user@example.com, URI:https://example.com/path, DirName:CN=Directory Entry"))
    #expect(run.output.contains("Subject key id:"))
    #expect(run.output.contains("Authority key id:"))
}

/// The fingerprint and pin agree with OpenSSL's, for every certificate of a
/// real chain and of the system bundle's first entries.
@Test func fingerprintAndPinMatchOpenSSL() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        print("NOTICE: openssl is absent; fingerprint and pin cross-check skipped")
        return
    }
    let files = ["Vectors/certs/pyca-x509/cryptography.io.chain.pem", "Vectors/generated/ec-p384.pem",
                 "Vectors/generated/ed25519.pem", "Vectors/generated/leaf-string-types.pem"]
    let run = try runPurex509(["inspect", "--json"] + files)
    #expect(run.status == 0)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    var checked = 0
    for object in objects {
        let file = try #require(object["file"] as? String)
        let index = try #require(object["index"] as? Int)
        let pem = try certificatePEM(file, index)
        let pin = try shell("openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64", input: pem)
        #expect(object["spkiPin"] as? String == "sha256/" + pin.trimmingCharacters(in: .whitespacesAndNewlines))
        let fingerprint = try shell("openssl x509 -noout -fingerprint -sha256", input: pem)
        let openssl = fingerprint.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
        #expect(object["sha256Fingerprint"] as? String == openssl)
        checked += 1
    }
    print("fingerprint and SPKI pin: \(checked) certificates identical to OpenSSL's")
    #expect(checked == 5)
}

/// The index-th PEM block of a file.
func certificatePEM(_ file: String, _ index: Int) throws -> String {
    let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
    let blocks = text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst()
    let body = try #require(blocks.dropFirst(index - 1).first?.components(separatedBy: "-----END CERTIFICATE-----").first)
    return "-----BEGIN CERTIFICATE-----" + body + "-----END CERTIFICATE-----\n"
}

func shell(_ command: String, input: String) throws -> String {
    try runTool("/bin/sh", ["-c", command], input: Data(input.utf8)).output
}

@Test func inspectJSONIsOneArrayWithAnObjectPerCertificate() throws {
    let run = try runPurex509(["inspect", "--json", "Vectors/certs/pyca-x509/cryptography.io.chain.pem", "Vectors/generated/v1.pem"])
    #expect(run.status == 0)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(array.count == 3)
    let leaf = array[0]
    #expect(leaf["subjectAltNames"] as? [String] == ["DNS:www.cryptography.io", "DNS:cryptography.io"])
    #expect((leaf["publicKey"] as? [String: Any])?["bits"] as? Int == 4096)
    #expect(leaf["index"] as? Int == 1)
    #expect((array[1]["basicConstraints"] as? [String: Any])?["ca"] as? Bool == true)
    #expect(array[2]["basicConstraints"] is NSNull)
    for key in ["sha256Fingerprint", "spkiPin", "subject", "issuer", "serial", "notBefore", "notAfter", "publicKey", "signatureAlgorithm",
                "subjectAltNames", "basicConstraints", "keyUsage", "extendedKeyUsage", "subjectKeyIdentifier", "authorityKeyIdentifier"] {
        #expect(array.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
    }
}

@Test func inspectReadsDERDetectedFromContent() throws {
    let run = try runPurex509(["inspect", "Vectors/certs/x509-parser-assets/certificate.der"])
    #expect(run.status == 0)
    #expect(run.output.contains("  Subject:"))
}

@Test func malformedInputExitsOneWithTheRuleAndOffset() throws {
    let run = try runPurex509(["inspect", "Vectors/generated/v1.pem", "Vectors/chromium-pki/parse_certificate_unittest/bad_key_usage.pem"])
    #expect(run.status == 1)
    #expect(run.output.contains("CN=version one"), "the good file is still printed")
    #expect(run.error.contains("keyUsage with no bit set at offset 877"))
    let pem = try runPurex509(["inspect", "Vectors/certs/x509-parser-assets/no_end.pem"])
    #expect(pem.status == 1)
    #expect(pem.error.contains("PEM block 1: no END line"))
}

@Test func usageErrorsAndUnreadableFilesExitTwo() throws {
    #expect(try runPurex509(["inspect"]).status == 2)
    #expect(try runPurex509(["inspect", "--no-such-flag", "Vectors/generated/v1.pem"]).status == 2)
    #expect(try runPurex509(["no-such-command"]).status == 2)
    let missing = try runPurex509(["inspect", "Vectors/does-not-exist.pem"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("cannot read"))
    #expect(try runPurex509(["--help"]).status == 0)
}

@Test func benchParsePrintsAThroughput() throws {
    let run = try runPurex509(["bench", "parse", "--seconds", "0.2", "Vectors/generated/leaf-all-extensions.pem"])
    #expect(run.status == 0)
    #expect(run.output.contains("certificates/s"))
}

@Test func verifyContract() throws {
    // The 2017 Netflix chain's intermediate was issued by a v1 root without
    // a subjectKeyIdentifier and carries no authorityKeyIdentifier: the
    // strict profile refuses it, naming it by input position and subject;
    // `chromium` (`compatible` is its first name) trusts it.
    let chain = "Vectors/samples/netflix-chain.pem", root = "Vectors/samples/netflix-root.pem"
    let strict = try runPurex509(["verify", "--roots", root, "--host", "www.netflix.com", "--at", "2017-06-01T00:00:00Z", chain])
    #expect(strict.status == 1)
    #expect(strict.error.contains("input certificate 1 (C=US, O=Symantec Corporation, OU=Symantec Trust Network, CN=Symantec Class 3 Secure Server CA - G4)"))
    #expect(strict.error.contains("authorityKeyIdentifier"))
    let strictJSON = try runPurex509(["verify", "--roots", root, "--host", "www.netflix.com", "--at", "2017-06-01T00:00:00Z", "--json", chain])
    let strictResult = try #require(try JSONSerialization.jsonObject(with: Data(strictJSON.output.utf8)) as? [String: Any])
    let strictError = try #require(strictResult["error"] as? [String: Any])
    #expect(strictError["code"] as? String == "nonConforming")
    #expect((strictError["from"] as? [String: Any])?["input"] as? Int == 1)
    // The refused path as far as it was built: the leaf and the intermediate refused.
    #expect((strictResult["chain"] as? [String])?.count == 2, "the refused path is listed")
    #expect(try runPurex509(["verify", "--profile", "lenient", chain]).status == 2)
    let ok = try runPurex509(["verify", "--profile", "compatible", "--roots", root, "--host", "www.netflix.com", "--at", "2017-06-01T00:00:00Z", chain])
    #expect(ok.status == 0)
    #expect(ok.output.hasPrefix("trusted; checked: path, host www.netflix.com; not checked: pins, revocation, CT\n"), "\(ok.output)")
    let seconds = try runPurex509(["verify", "--profile", "compatible", "--roots", root, "--host", "www.netflix.com", "--at", "1496275200", "--json", chain])
    #expect(seconds.status == 0)
    let trusted = try #require(try JSONSerialization.jsonObject(with: Data(seconds.output.utf8)) as? [String: Any])
    #expect(trusted["trusted"] as? Bool == true)
    #expect((trusted["chain"] as? [String])?.count == 3)
    #expect(trusted["error"] is NSNull)

    let expired = try runPurex509(["verify", "--profile", "compatible", "--roots", root, "--host", "www.netflix.com", "--at", "2019-06-01T00:00:00Z", "--json", chain])
    #expect(expired.status == 1)
    let refused = try #require(try JSONSerialization.jsonObject(with: Data(expired.output.utf8)) as? [String: Any])
    #expect(refused["trusted"] as? Bool == false)
    let error = try #require(refused["error"] as? [String: Any])
    #expect(error["code"] as? String == "expired")
    #expect(error["certificate"] as? Int == 0)
    #expect((error["message"] as? String)?.contains("2018-11-02T23:59:59Z") == true)

    let wrongHost = try runPurex509(["verify", "--roots", root, "--host", "www.example.com", "--at", "1496275200", chain])
    #expect(wrongHost.status == 1)
    #expect(wrongHost.error.contains("does not name the host"))
    let intermediateMissing = try runPurex509(["verify", "--roots", root, "--at", "1496275200", "Vectors/certs/rustls-webpki/tests/netflix/ee.der"])
    #expect(intermediateMissing.status == 1)
    let untrusted = try runPurex509(["verify", "--profile", "compatible", "--roots", root, "--untrusted", "Vectors/certs/rustls-webpki/tests/netflix/inter.der",
                                     "--at", "1496275200", "--purpose", "any", "Vectors/certs/rustls-webpki/tests/netflix/ee.der"])
    #expect(untrusted.status == 0)

    #expect(try runPurex509(["verify", "--host", "a.example", "--ip", "192.0.2.1", chain]).status == 2)
    #expect(try runPurex509(["verify", "--at", "yesterday", chain]).status == 2)
    #expect(try runPurex509(["verify", "--purpose", "email", chain]).status == 2)
    #expect(try runPurex509(["verify", "--ip", "300.1.1.1", chain]).status == 2)
    #expect(try runPurex509(["verify", "--roots", "Vectors/none.pem", chain]).status == 2)
    #expect(try runPurex509(["verify", "Vectors/none.pem"]).status == 2)
    #expect(try runPurex509(["verify"]).status == 2)
}

/// `purex509 pin` prints `sha256/BASE64  subject`, the pin byte-identical to
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
@Test func pinMatchesTheOpenSSLPipeline() throws {
    let files = ["Vectors/samples/netflix-chain.pem", "Vectors/generated/ec-p384.pem", "Vectors/generated/ed25519.pem",
                 "Vectors/generated/leaf-string-types.pem", "Vectors/certs/rustls-webpki/tests/netflix/ca.der"]
    let run = try runPurex509(["pin"] + files)
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        print("NOTICE: openssl is absent; pin pipeline cross-check skipped")
        return
    }
    var expected: [String] = []
    for file in files {
        let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .isoLatin1)
        var blocks: [String] = []
        if text.contains("-----BEGIN CERTIFICATE-----") {
            for index in 1..<text.components(separatedBy: "-----BEGIN CERTIFICATE-----").count { blocks.append(try certificatePEM(file, index)) }
        } else {
            blocks.append(try shell("openssl x509 -inform der -in \(repository.appendingPathComponent(file).path)", input: ""))
        }
        for pem in blocks {
            let pin = try shell("openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64", input: pem)
            expected.append("sha256/" + pin.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
    #expect(lines.map { String($0.prefix { $0 != " " }) } == expected)
    #expect(lines.allSatisfy { $0.contains("  ") })
    // RFC 4514 §2.4: the comma inside "Netflix, Inc." is escaped, so it cannot read as a new attribute.
    #expect(lines[0].hasSuffix(#"  C=US, ST=California, L=los gatos, O=Netflix\, Inc., OU=Operations, CN=www.netflix.com"#))
    #expect(try runPurex509(["pin", "Vectors/chromium-pki/parse_certificate_unittest/bad_key_usage.pem"]).status == 1)
    #expect(try runPurex509(["pin"]).status == 2)
    #expect(try runPurex509(["pin", "Vectors/none.pem"]).status == 2)
}

/// `verify` with pinning flags follows AFSecurityPolicy (docs/pinning.md).
@Test func verifyPinningFlags() throws {
    let chain = "Vectors/chains/valid/chain.pem", roots = "Vectors/chains/valid/roots.pem", other = "Vectors/chains/unknown-issuer/roots.pem"
    let base = ["verify", "--roots", roots, "--host", "www.example.com", "--at", "1748736000"]
    let rootPin = try #require(try runPurex509(["pin", roots]).output.split(separator: " ").first.map(String.init))
    #expect(try runPurex509(base + ["--pin", rootPin, chain]).status == 0)
    let miss = try runPurex509(base + ["--json", "--pin", "sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", chain])
    #expect(miss.status == 1)
    let error = try #require((try JSONSerialization.jsonObject(with: Data(miss.output.utf8)) as? [String: Any])?["error"] as? [String: Any])
    #expect(error["code"] as? String == "publicKeyPinningFailed")
    #expect((error["message"] as? String)?.contains("CN=Intermediate A") == true)
    #expect(try runPurex509(base + ["--pin-cert", roots, chain]).status == 0)
    #expect(try runPurex509(base + ["--pin-cert", other, chain]).status == 1)
    // A private CA: refused by default; with allow-invalid and the root pinned, trusted only when the
    // server sends the root (AFSecurityPolicy.m@00b2310:271 compares the first evaluation's chain).
    let privateCA = ["verify", "--roots", other, "--host", "www.example.com", "--at", "1748736000"]
    #expect(try runPurex509(privateCA + [chain]).status == 1)
    #expect(try runPurex509(privateCA + ["--allow-invalid", "--pin-cert", roots, chain]).status == 1)
    #expect(try runPurex509(privateCA + ["--allow-invalid", "--pin-cert", roots, "--untrusted", roots, chain]).status == 0)
    // AF step 1.
    let stepOne = try runPurex509(privateCA + ["--allow-invalid", chain])
    #expect(stepOne.status == 1)
    #expect(stepOne.error.contains("requires pinned certificates"))
    #expect(try runPurex509(privateCA + ["--allow-invalid", "--no-validate-host", chain]).status == 0)
    #expect(try runPurex509(["verify", "--roots", roots, "--host", "www.example.org", "--at", "1748736000", "--no-validate-host", chain]).status == 0)
    #expect(try runPurex509(base + ["--pin", "sha1/AAAA", chain]).status == 2)
    #expect(try runPurex509(base + ["--pinning-mode", "both", chain]).status == 2)
    #expect(try runPurex509(base + ["--pinning-mode", "certificate", "--pin", rootPin, chain]).status == 2)
}

@Test func policyCheck() throws {
    let chain = "Vectors/chains/valid/chain.pem", roots = "Vectors/chains/valid/roots.pem"
    let rootPin = try #require(try runPurex509(["pin", roots]).output.split(separator: " ").first.map(String.init))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-policy")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    func config(_ text: String) throws -> String {
        let url = directory.appendingPathComponent("config-\(abs(text.hashValue)).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
    let stranger = "sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    let good = try config(#"{"pinSets": [{"pattern": "**.example.com", "pins": ["\#(rootPin)", "\#(stranger)"], "expiration": "2026-01-01T00:00:00Z"}]}"#)
    let check = ["policy", "check", "--roots", roots, "--host", "www.example.com"]
    #expect(try runPurex509(check + ["--at", "2025-06-01T00:00:00Z", good, chain]).status == 0)
    let stranger2 = "sha256/AQECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    let wrong = try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["\#(stranger)", "\#(stranger2)"]}]}"#)
    #expect(try runPurex509(check + ["--at", "2025-06-01T00:00:00Z", wrong, chain]).status == 1)
    // "Will this pin set still accept this chain on that date": after expiration, fail-closed refuses.
    let closing = try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["\#(rootPin)", "\#(stranger)"], "expiration": "2025-07-01T00:00:00Z", "failClosed": true}]}"#)
    #expect(try runPurex509(check + ["--at", "2025-06-01T00:00:00Z", closing, chain]).status == 0)
    #expect(try runPurex509(check + ["--at", "2025-08-01T00:00:00Z", closing, chain]).status == 1)
    let reportOnly = try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["\#(stranger)"], "enforce": false}]}"#)
    let reported = try runPurex509(check + ["--at", "2025-06-01T00:00:00Z", reportOnly, chain])
    #expect(reported.status == 0)
    #expect(reported.output.contains("report: report-only"))
    // Report-only never blocks, even expired and fail-closed; the same pin twice is no backup pin.
    let lapsedReportOnly = try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["\#(stranger)"], "enforce": false, "expiration": "2025-07-01T00:00:00Z", "failClosed": true}]}"#)
    #expect(try runPurex509(check + ["--at", "2025-08-01T00:00:00Z", lapsedReportOnly, chain]).status == 0)
    #expect(try runPurex509(check + [try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["\#(rootPin)", "\#(rootPin)"]}]}"#), chain]).status == 2)
    // Configuration errors are usage errors.
    #expect(try runPurex509(check + [try config(#"{"pinSets": [{"pattern": "*.com", "pins": ["\#(rootPin)", "\#(stranger)"]}]}"#), chain]).status == 2)
    #expect(try runPurex509(check + [try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["\#(rootPin)"]}]}"#), chain]).status == 2)
    #expect(try runPurex509(check + [try config(#"{"pinSets": [{"pattern": "www.example.com", "pins": ["md5/x"]}]}"#), chain]).status == 2)
    #expect(try runPurex509(check + [try config("not json"), chain]).status == 2)
    #expect(try runPurex509(check + ["Vectors/none.json", chain]).status == 2)
}

/// `verify --policy/--explicit-policy` (RFC 5280 §6.1.1's inputs) and the
/// user-constrained policy set in `--json` (Vectors/conformance).
@Test func verifyPolicyInputs() throws {
    let base = ["verify", "--roots", "Vectors/conformance/root.pem", "--host", "www.example.com", "--at", "2030-01-01T00:00:00Z", "--json"]
    let chain = "Vectors/conformance/leaf-policy-dv.pem"
    let any = try runPurex509(base + [chain])
    #expect(any.status == 0, "\(any.error)")
    #expect(any.output.contains(#""policies":["2.23.140.1.2.1"]"#), "\(any.output)")
    let other = try runPurex509(base + ["--policy", "2.23.140.1.2.2", chain])
    #expect(other.status == 0)
    #expect(other.output.contains(#""policies":[]"#), "\(other.output)")
    let required = try runPurex509(base + ["--policy", "2.23.140.1.2.2", "--explicit-policy", chain])
    #expect(required.status == 1)
    #expect(required.output.contains(#""code":"policy""#), "\(required.output)")
    let bad = try runPurex509(base + ["--policy", "2.23.x", chain])
    #expect(bad.status == 2)
    #expect(bad.error.contains("--policy 2.23.x: not a dotted OID"), "\(bad.error)")
}

/// `verify --explain`: the trace after the verdict, in text and in JSON;
/// refused paths listed with their verdict (with pins: CLIPinningTests).
@Test func verifyExplain() throws {
    let folder = "Vectors/chains/expired-anchor/"
    let base = ["verify", "--roots", folder + "roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z"]
    let strict = try runPurex509(base + ["--explain", folder + "chain.pem"])
    #expect(strict.status == 1)
    #expect(strict.error.contains("trust anchor 0 (O=PureX509 Chains, CN=Root Expired) expired at"))
    #expect(strict.output.hasPrefix("trace:\n  profile: strict\n"))
    #expect(strict.output.contains("[FAIL] path 2, trust anchor 0 (O=PureX509 Chains, CN=Root Expired): the anchor is valid at the verification time (RFC 5937 §3)"))
    #expect(strict.output.contains("path input certificate 0 (O=PureX509 Chains, CN=www.example.com) <- input certificate 1"))
    let compatible = try runPurex509(base + ["--profile", "compatible", "--explain", "--json", folder + "chain.pem"])
    #expect(compatible.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(compatible.output.utf8)) as? [String: Any])
    let trace = try #require(json["trace"] as? [[String: Any]])
    #expect(trace.contains { $0["check"] as? String == "hostname" && $0["verdict"] as? String == "pass" })
    #expect(!trace.contains { $0["check"] as? String == "anchorValidity" })
    #expect((trace.last?["verdict"] as? String) == "trusted")
    #expect(json["traceOmittedSteps"] as? Int == 0)
    #expect(json["profile"] as? String == "chromium", "compatible is reported by its name")
    let path = try #require(json["path"] as? [[String: Any]])
    #expect(path.map { $0["input"] as? Int } == [0, 1, nil])
    #expect(path.last?["anchor"] as? Int == 0)
    // Malformed input: nothing was checked, and the trace says so.
    let malformed = try runPurex509(base + ["--explain", "Vectors/chromium-pki/parse_certificate_unittest/bad_key_usage.pem"])
    #expect(malformed.status == 1)
    #expect(malformed.error.contains("not trusted: input certificate 0 is malformed"))
    #expect(malformed.output.contains("no steps: a presented certificate did not parse"))
}

/// The pinning path keeps the whole policy: `--purpose
/// client` with a pin accepts a clientAuth leaf that the server purpose
/// refuses; a `--pin-cert` file without a certificate is a usage error naming it.
@Test func verifyPinningKeepsThePurpose() throws {
    let folder = "Vectors/chains/leaf-eku-client-for-client/"
    let pin = try runPurex509(["pin", folder + "roots.pem"]).output.split(separator: " ")[0]
    let base = ["verify", "--roots", folder + "roots.pem", "--at", "2025-06-01T00:00:00Z", "--pin", String(pin)]
    #expect(try runPurex509(base + ["--purpose", "client", folder + "chain.pem"]).status == 0)
    let server = try runPurex509(base + [folder + "chain.pem"])
    #expect(server.status == 1)
    #expect(server.error.contains("extended key usage"))
    let bad = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-not-a-certificate.pem")
    try "not a certificate\n".write(to: bad, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: bad) }
    let malformed = try runPurex509(["verify", "--roots", folder + "roots.pem", "--pin-cert", bad.path, folder + "chain.pem"])
    #expect(malformed.status == 2)
    #expect(malformed.error.contains("--pin-cert \(bad.path)"))
}

/// The tool ships its Public Suffix List, compares A-labels with the
/// list's U-label rules, and names the list in the refusal.
@Test func policyCheckRefusesInternationalisedPublicSuffixes() throws {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-idn-suffix.json")
    try #"{"pinSets": [{"pattern": "*.xn--55qx5d.cn", "pins": ["sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "sha256/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB="]}]}"#
        .write(to: config, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: config) }
    let run = try runPurex509(["policy", "check", config.path, "Vectors/chains/valid/chain.pem", "--host", "a.xn--55qx5d.cn",
                               "--roots", "Vectors/chains/valid/roots.pem"])
    #expect(run.status == 2)
    #expect(run.error.contains(#"host pattern "*.xn--55qx5d.cn" covers a public suffix (the Public Suffix List of 2026-10-22 shipped with purex509)"#))
}
