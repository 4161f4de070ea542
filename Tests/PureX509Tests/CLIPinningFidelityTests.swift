import Foundation
import Testing
import TestSupport

// AFNetworking fidelity at the command line: certificate mode compares
// the first evaluation's chain, a verdict that no evaluation verified says
// so, and a pinning mode without anything to pin is a usage error.

private let chain = "Vectors/chains/valid/chain.pem"
private let roots = "Vectors/chains/valid/roots.pem"
private let otherRoots = "Vectors/chains/unknown-issuer/roots.pem"
/// The chain's CA is not among the roots: validation against them fails.
private let privateCA = ["verify", "--roots", otherRoots, "--host", "www.example.com", "--at", "1748736000"]

private func pin(of file: String, _ index: Int = 0) throws -> String {
    let lines = try runPurex509(["pin", file]).output.split(separator: "\n")
    return String(lines[index].split(separator: " ")[0])
}

private func object(_ run: ToolRun) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
}

/// An unsent pinned private root is not in the chain AFNetworking
/// compares (AFSecurityPolicy.m@00b2310:271), so allow-invalid does not rescue it.
@Test func certificateModeUnsentPinnedRootIsRefused() throws {
    let run = try runPurex509(privateCA + ["--allow-invalid", "--pin-cert", roots, "--json", chain])
    #expect(run.status == 1, "\(run.output)")
    let error = try #require(try object(run)["error"] as? [String: Any])
    #expect(error["code"] as? String == "certificatePinningFailed")
}

/// Public-key pinning with --allow-invalid on a chain that does
/// not validate trusts the pins alone, and says so in text and JSON.
@Test func unvalidatedPinnedVerdictSaysSo() throws {
    let leafPin = try pin(of: chain)
    let text = try runPurex509(privateCA + ["--allow-invalid", "--pin", leafPin, chain])
    #expect(text.status == 0, "\(text.error)")
    // The scope says the pins were all that was checked (issue 41 item 5).
    #expect(text.output.hasPrefix("trusted (chain not validated: trust rests on the pins alone); checked: pins (public key \(leafPin) matched); not checked: path, host, revocation, CT\n"), "\(text.output)")
    let json = try object(try runPurex509(privateCA + ["--allow-invalid", "--pin", leafPin, "--json", chain]))
    #expect(json["trusted"] as? Bool == true)
    #expect(json["chainValidated"] as? Bool == false)
    #expect(json["note"] as? String == "chain not validated: trust rests on the pins alone")
    // Mode none: nothing was checked at all.
    let none = try runPurex509(privateCA + ["--allow-invalid", "--no-validate-host", chain])
    #expect(none.status == 0, "\(none.error)")
    #expect(none.output.hasPrefix("trusted (chain not validated: nothing was checked); checked: nothing; not checked: path, host, pins, revocation, CT\n"), "\(none.output)")
}

/// The other side: a pinned verdict on a validated chain stays plain.
@Test func validatedPinnedVerdictStaysPlain() throws {
    let base = ["verify", "--roots", roots, "--host", "www.example.com", "--at", "1748736000"]
    let rootPin = try pin(of: roots)
    let text = try runPurex509(base + ["--allow-invalid", "--pin", rootPin, chain])
    #expect(text.status == 0 && text.output.hasPrefix("trusted; checked: path, host www.example.com, pins (public key \(rootPin) matched); not checked: revocation, CT\n"), "\(text.output)")
    let json = try object(try runPurex509(base + ["--pin", rootPin, "--json", chain]))
    #expect(json["chainValidated"] as? Bool == true)
    #expect(json["note"] is NSNull)
    // Certificate mode under allow-invalid validates against the pinned anchors: validated.
    let served = try object(try runPurex509(privateCA + ["--allow-invalid", "--pin-cert", roots, "--untrusted", roots, "--json", chain]))
    #expect(served["trusted"] as? Bool == true && served["chainValidated"] as? Bool == true)
}

/// A pinning mode with nothing to pin is a usage error (exit 2), not a verdict.
@Test func pinningModeWithoutPinsIsAUsageError() throws {
    let base = ["verify", "--roots", roots, "--host", "www.example.com", "--at", "1748736000"]
    let certificate = try runPurex509(base + ["--pinning-mode", "certificate", chain])
    #expect(certificate.status == 2)
    #expect(certificate.error.contains("--pinning-mode certificate pins certificates: give --pin-cert"), "\(certificate.error)")
    let publicKey = try runPurex509(base + ["--pinning-mode", "public-key", chain])
    #expect(publicKey.status == 2)
    #expect(publicKey.error.contains("--pinning-mode public-key needs a pin"), "\(publicKey.error)")
    // With something to pin, both modes still run.
    #expect(try runPurex509(base + ["--pinning-mode", "public-key", "--pin-cert", roots, chain]).status == 0)
    #expect(try runPurex509(base + ["--pinning-mode", "public-key", "--pin", try pin(of: roots), chain]).status == 0)
    #expect(try runPurex509(base + ["--pinning-mode", "certificate", "--pin-cert", roots, chain]).status == 0)
}
