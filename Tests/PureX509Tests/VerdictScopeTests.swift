import Foundation
import Testing
import TestSupport

// Issue 41 item 5: the verdict says what was and was not checked, in text
// and as the JSON `checked` object, and --explain shows a check that did
// not apply as n/a, never as a pass (docs/output.md).

private let chain = "Vectors/chains/valid/chain.pem"
private let roots = "Vectors/chains/valid/roots.pem"
private let base = ["verify", "--roots", roots, "--at", "1748736000"]

private func json(_ run: ToolRun) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
}

/// Without --host the line says no host was checked; with it, that it was.
@Test func theVerdictLineSaysWhetherAHostWasChecked() throws {
    let bare = try runPurex509(base + [chain])
    #expect(bare.status == 0)
    #expect(bare.output.hasPrefix("trusted; checked: path; not checked: host, pins, revocation, CT\n"), "\(bare.output)")
    let named = try runPurex509(base + ["--host", "www.example.com", chain])
    #expect(named.output.hasPrefix("trusted; checked: path, host www.example.com; not checked: pins, revocation, CT\n"), "\(named.output)")
    // A refusal keeps its own line: the reason, not a scope.
    let wrong = try runPurex509(base + ["--host", "other.example", chain])
    #expect(wrong.status == 1 && wrong.error.hasPrefix("not trusted: "), "\(wrong.error)")
}

/// The same facts as JSON fields: null for what was not checked, null `checked` for a refusal.
@Test func checkedIsInTheJSON() throws {
    let bare = try json(try runPurex509(base + ["--json", chain]))
    let checked = try #require(bare["checked"] as? [String: Any])
    #expect(checked["path"] as? Bool == true)
    #expect(checked["host"] is NSNull && checked["pins"] is NSNull && checked["revocation"] is NSNull && checked["ct"] is NSNull)
    #expect(bare["pins"] is NSNull)
    let named = try #require(try json(try runPurex509(base + ["--host", "www.example.com", "--json", chain]))["checked"] as? [String: Any])
    #expect(named["host"] as? String == "www.example.com")
    let refused = try json(try runPurex509(base + ["--host", "other.example", "--json", chain]))
    #expect(refused["trusted"] as? Bool == false && refused["checked"] is NSNull)
}

/// Revocation and pins join the checked list when given.
@Test func revocationAndPinsJoinTheCheckedList() throws {
    let pkits = "Vectors/pkits/"
    let revocation = try runPurex509(["verify", "--roots", pkits + "certs/TrustAnchorRootCertificate.crt", "--purpose", "any",
                                      "--at", "2011-04-15T00:00:00Z", "--untrusted", pkits + "certs/GoodCACert.crt",
                                      "--crl", pkits + "crls/GoodCACRL.crl", "--crl", pkits + "crls/TrustAnchorRootCRL.crl",
                                      pkits + "certs/ValidCertificatePathTest1EE.crt"])
    #expect(revocation.status == 0, "\(revocation.error)")
    #expect(revocation.output.hasPrefix("trusted; checked: path, revocation (chain); not checked: host, pins, CT\n"), "\(revocation.output)")
    let rootPin = String(try runPurex509(["pin", roots]).output.split(separator: " ")[0])
    let pinned = try runPurex509(base + ["--host", "www.example.com", "--pin", rootPin, chain])
    #expect(pinned.output.hasPrefix("trusted; checked: path, host www.example.com, pins (public key \(rootPin) matched); not checked: revocation, CT\n"),
            "\(pinned.output)")
}

/// --explain: no host and no pins are n/a, not [pass]; with both they are verdicts.
@Test func explainShowsChecksThatDidNotApply() throws {
    let bare = try runPurex509(base + ["--explain", chain])
    #expect(bare.output.contains("[n/a] path 0, input certificate 0 (O=PureX509 Chains, CN=www.example.com): the leaf names the host (RFC 9525 §6.3): no host name or address was given"), "\(bare.output)")
    #expect(bare.output.contains("the path carries a pinned key or certificate (docs/pinning.md (the caller's accept function)): this evaluation checks no pins"))
    #expect(!bare.output.contains("[pass] path 0, input certificate 0 (O=PureX509 Chains, CN=www.example.com): the leaf names the host"))
    #expect(!bare.output.contains("[pass] path 2, trust anchor 0 (O=PureX509 Chains, CN=Root A): the path carries a pinned key"))
    let rootPin = String(try runPurex509(["pin", roots]).output.split(separator: " ")[0])
    let full = try runPurex509(base + ["--host", "www.example.com", "--pin", rootPin, "--explain", chain])
    #expect(full.output.contains("[pass] path 0, input certificate 0 (O=PureX509 Chains, CN=www.example.com): the leaf names the host"), "\(full.output)")
    #expect(full.output.contains("): the path carries a pinned key or certificate (docs/pinning.md (the caller's accept function))\n"), "\(full.output)")
    // JSON: the step's verdict is notApplicable, with its reason.
    let traced = try json(try runPurex509(base + ["--explain", "--json", chain]))
    let steps = try #require(traced["trace"] as? [[String: Any]])
    let host = try #require(steps.first { $0["check"] as? String == "hostname" })
    #expect(host["verdict"] as? String == "notApplicable" && host["reason"] as? String == "no host name or address was given")
}
