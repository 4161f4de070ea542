import Foundation
import Testing

// Named profiles on the command line, and `verify
// --profile all` — one verdict per profile, exit 0 only when every profile
// trusts the chain.

/// What a trusted verdict for --host www.example.com, without pins, revocation or CT, says it checked.
private let scope = "; checked: path, host www.example.com; not checked: pins, revocation, CT"

private func chainArguments(_ folder: String) -> [String] {
    let dir = "Vectors/chains/" + folder
    return ["--roots", dir + "/roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z", dir + "/chain.pem"]
}

/// A leaf every profile trusts, Apple's SSL policy included (397 days, EKU
/// serverAuth, RSA-2048, SHA-256: Vectors/apple-articles).
private let appleCompliant = ["--roots", "Vectors/apple-articles/root.pem", "--host", "www.example.com",
                              "--at", "2026-06-01T00:00:00Z", "Vectors/apple-articles/leaf-ok.pem"]

@Test func everyProfileIsReportedAndTheExitNeedsAll() throws {
    let trusted = try runPurex509(["verify", "--profile", "all"] + appleCompliant)
    #expect(trusted.status == 0, "\(trusted.error)")
    #expect(trusted.output == ["strict", "chromium", "rfc5280", "apple", "cabf"].map { "\($0): trusted" + scope + "\n" }.joined(), "\(trusted.output)")
    // Vectors/chains' leaves are valid 2024–2030: over Apple's 825 days
    // (HT210176) and the CA/B Forum's 398 days (BR §6.3.2), so apple and cabf refuse it.
    let overLong = try runPurex509(["verify", "--profile", "all"] + chainArguments("valid"))
    #expect(overLong.status == 1)
    #expect(overLong.output.hasPrefix("strict: trusted\(scope)\nchromium: trusted\(scope)\nrfc5280: trusted\(scope)\napple: not trusted: input certificate 0"),
            "\(overLong.output)")
    #expect(overLong.output.contains("valid for more than 825 days (Apple: Requirements for trusted certificates in iOS 13"))
    #expect(overLong.output.contains("cabf: not trusted: input certificate 0"), "\(overLong.output)")
    // anyExtendedKeyUsage alone on the leaf: strict refuses it, Chromium and RFC 5280 §6 do not.
    let split = try runPurex509(["verify", "--profile", "all"] + chainArguments("leaf-eku-any"))
    #expect(split.status == 1)
    let lines = split.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("strict: not trusted: input certificate 0"), "\(lines)")
    #expect(lines[1] == "chromium: trusted" + scope && lines[2] == "rfc5280: trusted" + scope, "\(lines)")
    #expect(lines[3].hasPrefix("apple: not trusted: input certificate 0"), "\(lines)")
    #expect(lines[4].hasPrefix("cabf: not trusted: input certificate 0"), "\(lines)")
    let json = try runPurex509(["verify", "--profile", "all", "--json"] + chainArguments("leaf-eku-any"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["trusted"] as? Bool == false)
    let profiles = try #require(object["profiles"] as? [[String: Any]])
    #expect(profiles.compactMap { $0["profile"] as? String } == ["strict", "chromium", "rfc5280", "apple", "cabf"])
    #expect(profiles.compactMap { $0["trusted"] as? Bool } == [false, true, true, false, false])
    #expect((profiles[0]["error"] as? [String: Any])?["code"] as? String == "extendedKeyUsage")
}

@Test func profilesAreChosenByName() throws {
    #expect(try runPurex509(["verify", "--profile", "chromium"] + chainArguments("leaf-eku-any")).status == 0)
    #expect(try runPurex509(["verify", "--profile", "compatible"] + chainArguments("leaf-eku-any")).status == 0)
    #expect(try runPurex509(["verify", "--profile", "rfc5280"] + chainArguments("leaf-eku-any")).status == 0)
    #expect(try runPurex509(["verify", "--profile", "strict"] + chainArguments("leaf-eku-any")).status == 1)
    #expect(try runPurex509(["verify", "--profile", "apple"] + appleCompliant).status == 0)
    #expect(try runPurex509(["verify", "--profile", "apple"] + chainArguments("valid")).status == 1)
    let unknown = try runPurex509(["verify", "--profile", "lenient"] + chainArguments("valid"))
    #expect(unknown.status == 2 && unknown.error.contains("strict, chromium (or compatible), rfc5280, apple, cabf or all"), "\(unknown.error)")
    // Comparing profiles is about path validation; pinning flags decide otherwise.
    #expect(try runPurex509(["verify", "--profile", "all", "--pin", "sha256/" + String(repeating: "A", count: 43) + "="]
                            + chainArguments("valid")).status == 2)
}

/// `scan --profile all`: each line carries every profile's verdict, its own
/// stays strict's, and the summary counts each profile.
@Test func scanComparesEveryProfile() throws {
    let dir = "Vectors/chains/leaf-eku-any"
    let run = try runPurex509(["scan", "--profile", "all", "--roots", dir + "/roots.pem", "--host", "www.example.com",
                               "--at", "2025-06-01T00:00:00Z", dir + "/chain.pem"])
    #expect(run.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(object["code"] as? String == "extendedKeyUsage")
    let profiles = try #require(object["profiles"] as? [[String: Any]])
    #expect(profiles.compactMap { $0["profile"] as? String } == ["strict", "chromium", "rfc5280", "apple", "cabf"])
    #expect(profiles.compactMap { $0["trusted"] as? Bool } == [false, true, true, false, false])
    #expect(run.error.contains("profile chromium: 1 trusted"), "\(run.error)")
    #expect(run.error.contains("profile strict: 0 trusted, 1 extendedKeyUsage"), "\(run.error)")
    // Without --profile all, lines are as before.
    let plain = try runPurex509(["scan", "--roots", dir + "/roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z",
                                 dir + "/chain.pem"])
    #expect(!plain.output.contains("\"profiles\""))
}
