import Foundation
import PureX509
import Testing
import TestSupport

// `purex509 verify --ats Info.plist --host H` end to end (docs/ats.md): each
// check of the certificate half of ATS with a refusing and an accepting
// case, the key and domain the verdict names, the usage and input errors,
// XML and binary plists. Chains: Vectors/leaf-keys (www.example.com leaves
// with RSA-1024 and RSA-2048 keys under one root), Vectors/ct-policy (SCT
// fixtures and their log list) and the real Amazon chain of Vectors/samples,
// whose SCTs the shipped Apple log list checks (as CTCommandTests does).

private let leafKeys = ["--roots", "Vectors/leaf-keys/root.pem", "--host", "www.example.com", "--at", "2027-01-01"]

private func pin(_ file: String) throws -> String {
    let bytes = try Vectors.bytes(file)
    let certificate = try Certificate(derEncoded: try #require(PEM.certificates(in: bytes).first).der)
    return Data(Array(SPKIPin(certificate: certificate).digest)).base64EncodedString()
}

/// A file in a fresh temporary folder holding `plist` as `format`.
private func plistFile(_ plist: [String: Any], format: PropertyListSerialization.PropertyListFormat = .xml) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ats-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0).write(to: url)
    return url.path
}

private func info(_ ats: [String: Any]) -> [String: Any] { ["CFBundleIdentifier": "com.example.app", "NSAppTransportSecurity": ats] }

private func pinned(_ domain: String, leaf: [String]? = nil, ca: [String]? = nil, subdomains: Bool = false) -> [String: Any] {
    var entry: [String: Any] = ["NSIncludesSubdomains": subdomains]
    if let leaf { entry["NSPinnedLeafIdentities"] = leaf.map { ["SPKI-SHA256-BASE64": $0] } }
    if let ca { entry["NSPinnedCAIdentities"] = ca.map { ["SPKI-SHA256-BASE64": $0] } }
    return ["NSPinnedDomains": [domain: entry]]
}

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct CLIATSTests {
    @Test func aPinnedLeafIsAcceptedAndAnotherRefusedNamingTheKey() throws {
        let leaf = try pin("leaf-keys/leaf-rsa2048.pem")
        let file = try plistFile(info(pinned("www.example.com", leaf: [leaf])))
        let accepted = try runPurex509(["verify", "--ats", file] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(accepted.status == 0, "\(accepted.error)")
        #expect(accepted.output.hasPrefix("trusted; checked: path, host www.example.com, pins (public key, NSPinnedDomains); not checked: revocation, CT\n"), "\(accepted.output)")
        #expect(accepted.output.contains("  pinned leaf identities: 1 from www.example.com — NSPinnedDomains.www.example.com.NSPinnedLeafIdentities\n"))

        let other = try plistFile(info(pinned("www.example.com", leaf: [try pin("leaf-keys/root.pem")])))
        let refused = try runPurex509(["verify", "--ats", other] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(refused.status == 1)
        #expect(refused.error.hasPrefix("not trusted: App Transport Security: the leaf's key is not one of the pinned leaf identities"))
        #expect(refused.error.hasSuffix("(decided by NSPinnedDomains.www.example.com.NSPinnedLeafIdentities)\n"))

        let asJSON = try runPurex509(["verify", "--ats", other, "--json"] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        let error = try #require(try json(asJSON.output)["error"] as? [String: Any])
        #expect(error["code"] as? String == "atsPinMismatch")
        let decided = try #require(error["decidedBy"] as? [String: Any])
        #expect(decided["key"] as? String == "NSPinnedLeafIdentities" && decided["domain"] as? String == "www.example.com")
    }

    // NSPinnedCAIdentities: the anchor counts (it is a CA of the verified path), the leaf does not; subdomains one label down.
    @Test func caIdentitiesFromABinaryPlist() throws {
        let root = try pin("leaf-keys/root.pem"), leaf = try pin("leaf-keys/leaf-rsa2048.pem")
        let good = try plistFile(info(pinned("example.com", ca: [root], subdomains: true)), format: .binary)
        let accepted = try runPurex509(["verify", "--ats", good, "--json"] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(accepted.status == 0, "\(accepted.error)")
        let ats = try #require(try json(accepted.output)["ats"] as? [String: Any])
        #expect(ats["format"] as? String == "binary")
        #expect((ats["caPins"] as? [String: Any])?["domains"] as? [String] == ["example.com"])

        let bad = try plistFile(info(pinned("example.com", ca: [leaf], subdomains: true)), format: .binary)
        let refused = try runPurex509(["verify", "--ats", bad] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("no CA certificate of the verified path carries a pinned CA identity"))
        #expect(refused.error.contains("(decided by NSPinnedDomains.example.com.NSPinnedCAIdentities)"))
    }

    // Preventing Insecure Network Connections: RSA >= 2048 while ATS holds; NSAllowsArbitraryLoads lifts ATS's requirement (the default evaluation still refuses).
    @Test func keySizes() throws {
        let defaults = try plistFile(info([:]))
        let refused = try runPurex509(["verify", "--ats", defaults] + leafKeys + ["Vectors/leaf-keys/leaf-rsa1024.pem"])
        #expect(refused.status == 1)
        #expect(refused.error == "not trusted: App Transport Security requires RSA keys of at least 2048 bits and EC keys of at least 256 bits; the key of input certificate 0 (CN=www.example.com) is RSA-1024 (decided by ATS default)\n")
        let accepted = try runPurex509(["verify", "--ats", defaults] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(accepted.status == 0)
        #expect(accepted.output.contains("  key and hash sizes: RSA >= 2048, EC >= 256 bits, SHA-256 or stronger — ATS default\n"))

        let lifted = try plistFile(info(["NSAllowsArbitraryLoads": true]))
        let plain = try runPurex509(["verify", "--ats", lifted, "--json"] + leafKeys + ["Vectors/leaf-keys/leaf-rsa1024.pem"])
        #expect(plain.status == 1)
        let error = try #require(try json(plain.output)["error"] as? [String: Any])
        #expect(error["code"] as? String != "atsKeySize" && error["decidedBy"] is NSNull)
        let liftedTrusted = try runPurex509(["verify", "--ats", lifted] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(liftedTrusted.output.contains("  ATS requirements: lifted — NSAllowsArbitraryLoads\n"))
        // Ignored beside NSAllowsLocalNetworking: ATS holds, and the verdict says why.
        let ignored = try plistFile(info(["NSAllowsArbitraryLoads": true, "NSAllowsLocalNetworking": false]))
        let held = try runPurex509(["verify", "--ats", ignored] + leafKeys + ["Vectors/leaf-keys/leaf-rsa1024.pem"])
        #expect(held.error.contains("(decided by NSAllowsArbitraryLoads (ignored: NSAllowsLocalNetworking is present))"))
    }

    // NSRequiresCertificateTransparency: Apple's CT policy on any path.
    @Test func certificateTransparencyWhenTheDomainRequiresIt() throws {
        let ct = ["--roots", "Vectors/ct-policy/root.pem", "--host", "www.example.com", "--at", "2026-02-01",
                  "--ct-log-list", "Vectors/ct-policy/loglist-apple.json"]
        let required = try plistFile(info(["NSExceptionDomains": ["www.example.com": ["NSRequiresCertificateTransparency": true]]]))
        let refused = try runPurex509(["verify", "--ats", required] + ct + ["Vectors/ct-policy/no-scts.pem"])
        #expect(refused.status == 1)
        #expect(refused.error.hasPrefix("not trusted: App Transport Security requires Certificate Transparency: "))
        #expect(refused.error.hasSuffix("(decided by NSExceptionDomains.www.example.com.NSRequiresCertificateTransparency)\n"))
        let fixture = try runPurex509(["verify", "--ats", required] + ct + ["Vectors/ct-policy/apple-180-two-operators.pem"])
        #expect(fixture.status == 0, "\(fixture.error)")
        // Without the key the chain without SCTs is trusted (its root is no system root).
        let notRequired = try plistFile(info(["NSExceptionDomains": ["www.example.com": ["NSRequiresCertificateTransparency": false]]]))
        #expect(try runPurex509(["verify", "--ats", notRequired] + ct + ["Vectors/ct-policy/no-scts.pem"]).status == 0)

        // A real chain and its embedded SCTs, under the shipped Apple log list.
        let amazon = try plistFile(info(["NSExceptionDomains": ["demo.amazontrust.com": ["NSIncludesSubdomains": false, "NSRequiresCertificateTransparency": true],
                                                                 "rootca4.demo.amazontrust.com": ["NSIncludesSubdomains": true, "NSRequiresCertificateTransparency": true]]]))
        let real = try runPurex509(["verify", "--ats", amazon, "--roots", "Vectors/samples/amazon-root-ca4.pem", "--host", "valid.rootca4.demo.amazontrust.com",
                                    "--at", "2025-03-01T00:00:00Z", "Vectors/samples/amazon-ecdsa-chain.pem"])
        #expect(real.status == 0, "\(real.error)")
        #expect(real.output.contains("  Certificate Transparency: Apple's policy required — NSExceptionDomains.rootca4.demo.amazontrust.com.NSRequiresCertificateTransparency\n"))
    }

    @Test func explainShowsTheSettingsAndTheEvaluation() throws {
        let file = try plistFile(info(pinned("www.example.com", leaf: [try pin("leaf-keys/root.pem")])))
        let run = try runPurex509(["verify", "--ats", file, "--explain"] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(run.status == 1)
        #expect(run.output.contains("App Transport Security for www.example.com (--ats \(file)):\n"))
        #expect(run.output.contains("evaluation 1: SSL policy for www.example.com, against the trust anchors\n"))
    }

    @Test func usageAndInputErrorsAreExitTwo() throws {
        let file = try plistFile(info([:]))
        for (arguments, message) in [
            (["--ats", file, "--roots", "Vectors/leaf-keys/root.pem"], "--ats needs --host"),
            (["--ats", file, "--ip", "10.0.0.1"], "--ats needs --host"),
            (["--ats", file, "--host", "www.example.com", "--pin", "sha256/" + (try pin("leaf-keys/root.pem"))], "does not combine with the AFSecurityPolicy flags"),
            (["--ats", file, "--host", "www.example.com", "--profile", "all"], "does not combine with --ats"),
            (["--ats", "Vectors/leaf-keys/missing.plist", "--host", "www.example.com"], "cannot read Vectors/leaf-keys/missing.plist: not found"),
            (["--ats", "Vectors/leaf-keys/root.pem", "--host", "www.example.com"], "--ats Vectors/leaf-keys/root.pem: not an XML or binary property list"),
            (["--ats", try plistFile(info(["NSAllowsArbitraryLoads": "YES"])), "--host", "www.example.com"],
             "NSAppTransportSecurity.NSAllowsArbitraryLoads: expected a Boolean (<true/> or <false/>), found the string \"YES\""),
            (["--ats", try plistFile(info(pinned("a.example", leaf: ["AAAA"]))), "--host", "www.example.com"],
             "NSAppTransportSecurity.NSPinnedDomains.a.example.NSPinnedLeafIdentities[0].SPKI-SHA256-BASE64: \"AAAA\" is not the base64 of a 32-byte SHA-256 digest: it decodes to 3 bytes"),
        ] {
            let run = try runPurex509(["verify"] + arguments + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.error.contains(message), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func warningsGoToStandardErrorAndHelpNamesTheFlag() throws {
        let file = try plistFile(["CFBundleIdentifier": "com.example.app"])
        let run = try runPurex509(["verify", "--ats", file] + leafKeys + ["Vectors/leaf-keys/leaf-rsa2048.pem"])
        #expect(run.status == 0)
        #expect(run.error == "purex509: warning: --ats \(file): no NSAppTransportSecurity dictionary: ATS's defaults hold for every host\n")
        let help = try runPurex509(["verify", "--help"])
        #expect(help.output.contains("--ats <ats>"))
        #expect(help.output.contains("NSAppTransportSecurity dictionary applies to --host"))
    }
}
