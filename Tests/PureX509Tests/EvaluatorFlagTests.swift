import Foundation
import Testing
import TestSupport

// Issue 41 item 7: `verify --evaluator` runs Alamofire's evaluators as the
// Pinning module implements them, with their options as flags; `scan`
// takes pins per JSON line and per file name (docs/pinning.md).

private let chain = "Vectors/chains/valid/chain.pem"
private let roots = "Vectors/chains/valid/roots.pem"
private let otherRoots = "Vectors/chains/unknown-issuer/roots.pem"
private let base = ["verify", "--roots", roots, "--host", "www.example.com", "--at", "1748736000"]
private let unknownPin = "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

private func pinOf(_ file: String) throws -> String {
    String(try runPurex509(["pin", file]).output.split(separator: " ")[0])
}

/// Each evaluator by name (and by Alamofire's type name) accepts the valid chain and refuses what it should.
@Test func evaluatorsDecideAsTheLibraryDoes() throws {
    let rootPin = try pinOf(roots)
    let rows: [(args: [String], status: Int32, says: String)] = [
        (["--evaluator", "default"], 0, "trusted; checked: path, host www.example.com; not checked: pins"),
        (["--evaluator", "DefaultTrustEvaluator", "--host", "other.example"], 1, "host validation failed"),
        (["--evaluator", "default", "--no-validate-host", "--host", "other.example"], 0, "checked: path; not checked: host"),
        (["--evaluator", "public-keys", "--pin", rootPin], 0, "pins (public key \(rootPin) matched)"),
        (["--evaluator", "PublicKeysTrustEvaluator", "--pin", unknownPin], 1, "public-key pinning failed for www.example.com"),
        (["--evaluator", "pinned-certificates", "--pin-cert", roots], 0, "pins (certificate O=PureX509 Chains, CN=Root A matched)"),
        (["--evaluator", "pinned-certificates", "--pin-cert", otherRoots], 1, "certificate pinning failed"),
        (["--evaluator", "disabled"], 0, "trusted (chain not validated: nothing was checked); checked: nothing"),
        (["--evaluator", "default", "--evaluator", "public-keys", "--pin", unknownPin], 1, "public-key pinning failed"),
    ]
    for row in rows {
        let run = try runPurex509(base + row.args + [chain])
        #expect(run.status == row.status, "\(row.args): \(run.output)\(run.error)")
        #expect((run.output + run.error).contains(row.says), "\(row.args): \(run.output)\(run.error)")
    }
}

/// acceptSelfSignedCertificates makes the pinned certificates the only anchors: a chain under
/// an unknown root is trusted with it and refused without it.
@Test func acceptSelfSignedUsesThePinnedAnchors() throws {
    let unknown = ["verify", "--roots", otherRoots, "--host", "www.example.com", "--at", "1748736000"]
    let without = try runPurex509(unknown + ["--evaluator", "pinned-certificates", "--pin-cert", roots, chain])
    #expect(without.status == 1, "\(without.output)")
    let with = try runPurex509(unknown + ["--evaluator", "pinned-certificates", "--pin-cert", roots, "--accept-self-signed", chain])
    #expect(with.status == 0, "\(with.error)")
}

/// The revocation evaluator refuses a revoked leaf as revocationCheckFailed, and its options decide strictness.
@Test func revocationEvaluatorAndItsOptions() throws {
    let pkits = "Vectors/pkits/"
    let pkitsBase = ["verify", "--roots", pkits + "certs/TrustAnchorRootCertificate.crt", "--purpose", "any", "--no-validate-host",
                     "--at", "2011-04-15T00:00:00Z", "--untrusted", pkits + "certs/GoodCACert.crt", "--evaluator", "revocation",
                     "--crl", pkits + "crls/GoodCACRL.crl"]
    let revoked = try runPurex509(pkitsBase + [pkits + "certs/InvalidRevokedEETest3EE.crt"])
    #expect(revoked.status == 1 && revoked.error.contains("revocation check failed: input certificate 0"), "\(revoked.error)")
    let valid = pkits + "certs/ValidCertificatePathTest1EE.crt"
    let soft = try runPurex509(pkitsBase + [valid])
    #expect(soft.status == 0 && soft.output.contains("revocation (chain, ocsp, crl)"), "\(soft.output)\(soft.error)")
    // The root's CRL is not given, so Good CA's status stays unknown: require-positive-response refuses what soft fail let through.
    let strict = try runPurex509(pkitsBase + ["--revocation-options", "crl,require-positive-response", valid])
    #expect(strict.status == 1 && strict.error.contains("revocation check failed"), "\(strict.error)")
}

/// Flags an evaluator does not take, and names that are none, are usage errors (exit 2) naming why.
@Test func evaluatorUsageErrors() throws {
    let rows: [([String], String)] = [
        (["--evaluator", "composite"], "give --evaluator once for each member"),
        (["--evaluator", "sometimes"], "default, pinned-certificates, public-keys, revocation, disabled"),
        (["--evaluator", "pinned-certificates"], "pins certificates: give --pin-cert FILE"),
        (["--evaluator", "public-keys"], "needs keys"),
        (["--evaluator", "default", "--pin", unknownPin], "--pin gives keys to --evaluator public-keys"),
        (["--accept-self-signed"], "--accept-self-signed is an option of --evaluator pinned-certificates"),
        (["--evaluator", "default", "--no-default-validation"], "--no-default-validation is an option of"),
        (["--evaluator", "revocation", "--revocation-options", "prefer-crl"], "name a method"),
        (["--evaluator", "revocation", "--revocation-options", "sometimes"], "a comma-separated list of"),
        (["--evaluator", "default", "--allow-invalid"], "--evaluator is Alamofire's"),
    ]
    for (arguments, says) in rows {
        let run = try runPurex509(base + arguments + [chain])
        #expect(run.status == 2, "\(arguments): \(run.error)")
        #expect(run.error.contains(says), "\(arguments): \(run.error)")
    }
    let noHost = try runPurex509(["verify", "--roots", roots, "--evaluator", "default", chain])
    #expect(noHost.status == 2 && noHost.error.contains("give --host NAME or --ip ADDR, or --no-validate-host"), "\(noHost.error)")
    // The AFSecurityPolicy flags keep working exactly without --evaluator.
    #expect(try runPurex509(base + ["--pin", try pinOf(roots), chain]).status == 0)
    #expect(try runPurex509(base + ["--pin", unknownPin, chain]).status == 1)
}

/// scan: a JSON line's pins and a file-name rule's pins decide by the public-key evaluator.
@Test func scanTakesPinsPerLineAndPerFileName() throws {
    let rootPin = try pinOf(roots)
    let pem = try String(contentsOf: repository.appendingPathComponent(chain), encoding: .utf8)
    let blocks = pem.components(separatedBy: "-----END CERTIFICATE-----\n").filter { !$0.isEmpty }.map { $0 + "-----END CERTIFICATE-----\n" }
    func line(_ pins: String) throws -> String {
        let object: [String: Any] = ["leaf": blocks[0], "intermediates": Array(blocks.dropFirst()), "host": "www.example.com", "time": 1748736000]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        return String(text.dropLast()) + ",\"pins\":" + pins + "}"
    }
    let input = [try line("[\"\(rootPin)\"]"), try line("[\"\(unknownPin)\"]"), try line("[\"md5/x\"]"), try line("[]")].joined(separator: "\n") + "\n"
    let run = try runPurex509(["scan", "--roots", roots, "-"], input: Data(input.utf8))
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(run.output)")
    #expect(lines[0].contains("\"trusted\":true") && lines[0].contains("\"matched\":[\"\(rootPin)\"]"), "\(lines[0])")
    #expect(lines[1].contains("\"code\":\"publicKeyPinningFailed\""), "\(lines[1])")
    #expect(lines[2].contains("\"code\":\"inputError\"") && lines[2].contains("pins[0]"), "\(lines[2])")
    #expect(lines[3].contains("\"code\":\"inputError\"") && lines[3].contains("pins: give 1 to 64"), "\(lines[3])")
    // --for: files named api-*.pem are pinned to an unknown key, the others are not pinned.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-for-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(pem.utf8).write(to: folder.appendingPathComponent("api-1.pem"))
    try Data(pem.utf8).write(to: folder.appendingPathComponent("web-1.pem"))
    let rule = "api-*.pem:host=www.example.com,at=2025-06-01T00:00:00Z,pin=\(unknownPin)"
    let scanned = try runPurex509(["scan", "--roots", roots, "--at", "1748736000", "--for", rule, folder.path])
    let out = scanned.output.split(separator: "\n").map(String.init)
    #expect(out.count == 2)
    #expect(out.contains { $0.contains("api-1.pem") && $0.contains("publicKeyPinningFailed") }, "\(scanned.output)")
    #expect(out.contains { $0.contains("web-1.pem") && $0.contains("\"trusted\":true") }, "\(scanned.output)")
    let bad = try runPurex509(["scan", "--roots", roots, "--for", "api-*.pem:colour=blue", folder.path])
    #expect(bad.status == 2 && bad.error.contains("unknown key 'colour'"), "\(bad.error)")
}
