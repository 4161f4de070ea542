import Foundation
import PKIX
import Testing
import Trust

// The trace never says "pass" for a rule it did not
// apply, and a soft-fail "unknown" revocation status is reported, not read
// as "good". (1c, a CRL past its nextUpdate that still proves a revocation,
// is in the generated revocation cases: expired-crl, expired-crl-hold,
// expired-crl-empty.)

private let generated = vectors.appendingPathComponent("revocation/generated")

private func revocationVerifier(_ folder: String, required: Bool = false) throws -> (Verifier, [Certificate]) {
    let root = generated.appendingPathComponent(folder)
    let chain = try certificates(root.appendingPathComponent("chain.pem"))
    var policy = VerificationPolicy(time: 1_748_736_000, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.revocation = RevocationPolicy(coverage: .chain, requirePositiveResponse: required)
    let text = try Data(contentsOf: root.appendingPathComponent("crls.pem"))
    let crls = try PEM.blocks(in: [UInt8](text), label: "X509 CRL").map { try CertificateList(derEncoded: $0.der) }
    let verifier = Verifier(store: TrustStore(try certificates(root.appendingPathComponent("roots.pem"))), policy: policy,
                            revocationSources: RevocationSources(crls: crls))
    return (verifier, chain)
}

/// Only a CRL of another issuer is supplied: under soft fail the chain is
/// trusted, and the leaf's finding says unknown (noCRL), the
/// intermediate's good (the root's CRL covers it).
@Test func aSoftFailUnknownIsRecordedWithItsGap() throws {
    var (verifier, chain) = try revocationVerifier("wrong-issuer")
    let verified = try verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())).get()
    #expect(verified.revocation == [
        RevocationFinding(certificateIndex: 0, status: .unknown(.noCRL), source: .crl),
        RevocationFinding(certificateIndex: 1, status: .good, source: .crl),
    ])
    let explanation = verifier.explain(leaf: chain[0], intermediates: Array(chain.dropFirst()))
    let undecided = explanation.steps.compactMap { step -> Int? in
        if case .undecided(.revocation, let position, _, _) = step { return position }
        return nil
    }
    #expect(undecided == [0])
    // The leaf's revocation step is never recorded as a pass.
    #expect(!explanation.steps.contains { if case .check(.revocation, 0, _, nil) = $0 { return true }; return false })
}

@Test func checkedGoodIsRecordedAsGood() throws {
    var (verifier, chain) = try revocationVerifier("good", required: true)
    let verified = try verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())).get()
    #expect(verified.revocation.map(\.status) == [.good, .good])
    var off = verifier
    off.policy.revocation = RevocationPolicy(coverage: .off)
    #expect(try off.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())).get().revocation.isEmpty)
}

/// A leaf that is its own trust anchor and breaks two rules (a CA leaf for
/// serverAuth, a critical subjectKeyIdentifier): trusted, and the trace
/// shows both as waived, never as passed; the same certificate presented
/// under another anchor is refused for the first of them.
@Test func rulesWaivedForAnAnchorLeafAreNotPasses() throws {
    let leaf = try #require(try certificates(vectors.appendingPathComponent("conformance-holes/anchor-leaf-breaking-rules.pem")).first)
    let policy = VerificationPolicy(time: 1_798_761_600, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    var verifier = Verifier(store: TrustStore([leaf]), policy: policy)
    let explanation = verifier.explain(leaf: leaf, intermediates: [])
    #expect((try? explanation.result.get()) != nil)
    var waived: [CheckName] = []
    for step in explanation.steps {
        if case .waived(let check, 0, _, let reason) = step {
            waived.append(check)
            #expect(reason.contains("trust anchor"))
        }
        if case .check(let check, _, _, nil) = step {
            #expect(check != .leafNotCA && check != .profileRule(.criticalSubjectKeyIdentifier), "\(check) recorded as a pass")
        }
    }
    #expect(waived == [.leafNotCA, .profileRule(.criticalSubjectKeyIdentifier)])
    var other = Verifier(store: TrustStore(try certificates(vectors.appendingPathComponent("bypass-and-keys/root.pem"))), policy: policy)
    guard case .failure(let failure) = other.verify(leaf: leaf, intermediates: []) else {
        Issue.record("a CA leaf under another anchor was trusted")
        return
    }
    #expect(failure.code == "leafIsCA")
}
