import Foundation
import PKIX
import Testing
import Trust

// A check that had nothing to judge is traced as not applicable, never as
// a pass: the host with no reference identity, the pins when the caller
// gave none, name constraints when no CA on the path carries any, a rule
// about an extension the certificate does not have. Each row has its
// counterpart where the check does apply and is traced as a verdict.

/// The verdict the trace gives `check` at `position` ("pass", "fail", "n/a"), or nil when it has no step.
func traced(_ explanation: Explanation, _ check: String, at position: Int) -> String? {
    for step in explanation.steps {
        switch step {
        case .check(let name, let at, _, let failure) where name.code == check && at == position: return failure == nil ? "pass" : "fail"
        case .notApplicable(let name, let at, _, _) where name.code == check && at == position: return "n/a"
        default: continue
        }
    }
    return nil
}

func explainCase(_ name: String, host: String?, accept: ((VerifiedChain) -> PinMismatch?)? = nil) throws -> Explanation {
    let row = try chainCase(name)
    let folder = vectors.appendingPathComponent("chains/" + row.name)
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    var policy = VerificationPolicy(time: row.at)
    policy.identity = host.flatMap { ServerIdentity(host: $0) }
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("roots.pem"))), policy: policy)
    guard let accept else { return verifier.explain(leaf: chain[0], intermediates: Array(chain.dropFirst())) }
    return verifier.explain(leaf: chain[0], intermediates: Array(chain.dropFirst()), accept: accept)
}

/// No host asked for: the hostname step is n/a (and the chain still trusted); with a host it is a verdict.
@Test func hostnameIsNotApplicableWithoutAHost() throws {
    let without = try explainCase("valid", host: nil)
    #expect(without.result.isTrusted)
    #expect(traced(without, "hostname", at: 0) == "n/a")
    let row = try chainCase("valid")
    let with = try explainCase("valid", host: row.host)
    #expect(traced(with, "hostname", at: 0) == "pass")
    let wrong = try explainCase("valid", host: "not-the-host.example")
    #expect(traced(wrong, "hostname", at: 0) == "fail")
}

/// Without `accept` the pins step is n/a; with one it passes or refuses the path.
@Test func pinsAreNotApplicableWithoutAPinCheck() throws {
    let row = try chainCase("valid")
    let without = try explainCase("valid", host: row.host)
    #expect(traced(without, "pins", at: 2) == "n/a")
    let accepting = try explainCase("valid", host: row.host) { _ in nil }
    #expect(traced(accepting, "pins", at: 2) == "pass")
    let refusing = try explainCase("valid", host: row.host) { _ in PinMismatch(kind: .publicKey, served: [], pinned: []) }
    #expect(traced(refusing, "pins", at: 2) == "fail")
    #expect(!refusing.result.isTrusted)
}

/// Name constraints are n/a on a path without any, a pass inside them and a failure outside.
@Test func nameConstraintsApplyOnlyWhenACarriesThem() throws {
    #expect(traced(try explainCase("valid", host: try chainCase("valid").host), "nameConstraints", at: 0) == "n/a")
    let inside = try explainCase("nc-permitted", host: "www.example.com")
    #expect(inside.result.isTrusted)
    #expect(traced(inside, "nameConstraints", at: 0) == "pass")
    let outside = try explainCase("nc-dns-outside", host: "www.example.com")
    #expect(!outside.result.isTrusted)
    #expect(traced(outside, "nameConstraints", at: 0) == "fail")
}

/// A rule about nameConstraints is n/a on a root and an intermediate
/// without the extension, and a pass on the intermediate that has it.
@Test func aRuleAboutAnAbsentExtensionIsNotApplicable() throws {
    let plain = try explainCase("valid", host: try chainCase("valid").host)
    #expect(traced(plain, "nonCriticalNameConstraints", at: 2) == "n/a")
    #expect(traced(plain, "nameConstraintsOutsideCA", at: 1) == "n/a")
    let constrained = try explainCase("nc-permitted", host: "www.example.com")
    #expect(traced(constrained, "nameConstraintsOutsideCA", at: 1) == "pass")
}

extension Result where Success == VerifiedChain {
    var isTrusted: Bool { if case .success = self { return true } else { return false } }
}
