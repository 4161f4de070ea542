import Foundation
import PKIX
import Testing
@testable import Trust

// The cabf profile: strict plus the CA/B Forum subscriber
// profile (BR §7.1.2.7, §6.3.2 with SC-081's limits) and root profile (BR
// §7.1.2.1), with nothing waived. Each rule is broken once beside a root
// and a leaf that meet them (Vectors/conformance-holes/generate.py, cabf_cases),
// evaluated on 2026-05-01; strict trusts every row.

private let folder = vectors.appendingPathComponent("conformance-holes")
private let may2026: Int64 = 1_777_593_600

private func verdict(_ stem: String, _ profile: ValidationProfile) throws -> Result<VerifiedChain, TrustFailure> {
    let leaf = try #require(try certificates(folder.appendingPathComponent("\(stem)-leaf.pem")).first)
    var policy = VerificationPolicy(time: may2026, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.profile = profile
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("\(stem).pem"))), policy: policy)
    return verifier.verify(leaf: leaf, intermediates: [])
}

@Test(arguments: [
    ("no-eku", 0, ConformanceRule.subscriberWithoutServerAuth),
    ("any-eku", 0, .subscriberAnyExtendedKeyUsage),
    ("eku-critical", 0, .subscriberCriticalExtendedKeyUsage),
    ("san-critical", 0, .subscriberCriticalSubjectAltName),
    ("validity-201-days", 0, .subscriberValidityTooLong),
    ("root-eku", 1, .rootExtendedKeyUsage),
    ("root-aki-issuer", 1, .rootAuthorityKeyIdentifierWithIssuer),
])
func aCABFRuleIsRefusedUnderCABFOnly(_ shape: String, _ index: Int, _ rule: ConformanceRule) throws {
    let cabf = try verdict("cabf-\(shape)", .cabf)
    guard case (let at?, .nonConforming(let broken))? = cabf.refusal, at == index, broken == rule else {
        Issue.record("\(shape): \(cabf)")
        return
    }
    #expect(rule.section.hasPrefix("CA/B Forum BR §"))
    #expect((try? verdict("cabf-\(shape)", .strict).get()) != nil, "\(shape) under strict")
}

@Test func aLeafThatMeetsTheBRIsTrustedUnderCABF() throws {
    #expect((try? verdict("cabf-good", .cabf).get()) != nil)
    // 200 days from 2026-03-15 on (SC-081), counted notBefore to notAfter inclusive.
    #expect((try? verdict("cabf-validity-200-days", .cabf).get()) != nil)
    #expect(BRValidityLimit.maximum(issuedAt: 1_773_532_800) == Int64(200 * 86_400))
    #expect(BRValidityLimit.maximum(issuedAt: 1_773_532_799) == Int64(398 * 86_400))
    #expect(BRValidityLimit.maximum(issuedAt: 1_868_227_200) == Int64(47 * 86_400))
    #expect(BRValidityLimit.maximum(issuedAt: 1_519_862_399) == nil)
}

/// cabf waives nothing for a leaf that is itself an anchor (a linter's view).
@Test func cabfWaivesNothingForAnAnchorLeaf() throws {
    let leaf = try #require(try certificates(folder.appendingPathComponent("anchor-leaf-breaking-rules.pem")).first)
    var policy = VerificationPolicy(time: 1_798_761_600, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.profile = .cabf
    var verifier = Verifier(store: TrustStore([leaf]), policy: policy)
    guard case .failure(let failure) = verifier.verify(leaf: leaf, intermediates: []) else {
        Issue.record("a CA leaf that is an anchor was trusted under cabf")
        return
    }
    #expect(failure.code == "leafIsCA")
}

/// The roots of Mozilla's bundle that the BR root profile refuses, by rule
/// (docs/profiles.md lists them): cabf is for linting, and says so.
@Test func mozillaRootsTheRootProfileRefuses() throws {
    let roots = try certificates(vectors.appendingPathComponent("mozilla-roots/roots.pem"))
    var refused = 0
    for rule in ConformanceRule.root {
        let breaking = roots.filter { rule.isBroken(by: $0) }
        refused += breaking.count
        print("cabf root profile, \(rule.code): \(breaking.count) of \(roots.count) Mozilla roots")
    }
    #expect(refused > 0)
    #expect(roots.filter { ConformanceRule.rootExtendedKeyUsage.isBroken(by: $0) }.count < roots.count)
}
