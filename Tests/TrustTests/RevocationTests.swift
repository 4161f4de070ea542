import Foundation
import PKIX
import Testing
import Trust

// The revocation policy's switches, on PKITS chains (pkitsCRL runs the
// whole category with coverage .chain and information required).

private func pkits(_ certificates: [String], crls: [String], coverage: RevocationPolicy.Coverage,
                   required: Bool = false) throws -> Result<VerifiedChain, TrustFailure> {
    let root = vectors.appendingPathComponent("pkits")
    let parsed = try certificates.map { try Certificate(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("certs/\($0).crt")))) }
    let lists = try crls.map { try CertificateList(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("crls/\($0).crl")))) }
    var policy = VerificationPolicy(time: 1_302_825_600, purpose: .any)
    policy.keys.minimumRSAModulusBits = 1024
    policy.revocation = RevocationPolicy(coverage: coverage, requirePositiveResponse: required)
    var verifier = Verifier(store: TrustStore([parsed[0]]), policy: policy, revocationSources: RevocationSources(crls: lists))
    return verifier.verify(leaf: parsed[parsed.count - 1], intermediates: Array(parsed.dropFirst().dropLast()))
}

private let revokedEE = ["TrustAnchorRootCertificate", "GoodCACert", "InvalidRevokedEETest3EE"]
private let revokedCA = ["TrustAnchorRootCertificate", "GoodCACert", "RevokedsubCACert", "InvalidRevokedCATest2EE"]

@Test func aRevokedLeafIsRefusedWithItsEntry() throws {
    let result = try pkits(revokedEE, crls: ["TrustAnchorRootCRL", "GoodCACRL"], coverage: .leaf)
    guard case (let index?, .revoked(let revocation))? = result.refusal else { Issue.record("\(result)"); return }
    #expect(index == 0)
    #expect(revocation.serialNumber == [0x0F] && revocation.reason == .keyCompromise)
    #expect(revocation.date == 1_262_334_601)  // 2010-01-01T08:30:01Z, as openssl crl -text prints it
    if case .failure(let failure) = result { #expect(failure.code == "revoked") }
}

@Test func coverageDecidesWhichCertificatesAreChecked() throws {
    let crls = ["TrustAnchorRootCRL", "GoodCACRL", "RevokedsubCACRL"]
    // Off: nothing is read, the revoked leaf is trusted.
    #expect(throws: Never.self) { try pkits(revokedEE, crls: crls, coverage: .off).get() }
    // The revoked CA is certificate 1: leaf coverage does not see it, chain coverage does.
    #expect(throws: Never.self) { try pkits(revokedCA, crls: crls, coverage: .leaf).get() }
    let chain = try pkits(revokedCA, crls: crls, coverage: .chain)
    guard case (let index?, .revoked)? = chain.refusal else { Issue.record("\(chain)"); return }
    #expect(index == 1)
}

@Test func missingInformationFailsOnlyWhenRequired() throws {
    let chain = ["TrustAnchorRootCertificate", "GoodCACert", "ValidCertificatePathTest1EE"]
    #expect(throws: Never.self) { try pkits(chain, crls: [], coverage: .chain).get() }
    let required = try pkits(chain, crls: [], coverage: .chain, required: true)
    guard case (let index?, .revocationUnknown(let gap))? = required.refusal else { Issue.record("\(required)"); return }
    #expect(index == 0 && gap == .noCRL)
    // With the CRLs supplied, the same chain is trusted under the same policy.
    #expect(throws: Never.self) { try pkits(chain, crls: ["TrustAnchorRootCRL", "GoodCACRL"], coverage: .chain, required: true).get() }
    // A CRL from another CA covers nothing.
    let wrong = try pkits(chain, crls: ["TrustAnchorRootCRL", "BadSignedCACRL"], coverage: .leaf, required: true)
    guard case (_, .revocationUnknown(.noCRL))? = wrong.refusal else { Issue.record("\(wrong)"); return }
}

@Test func theTraceHasARevocationStep() throws {
    let root = vectors.appendingPathComponent("pkits")
    let certificates = try revokedEE.map { try Certificate(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("certs/\($0).crt")))) }
    let crls = try ["TrustAnchorRootCRL", "GoodCACRL"].map { try CertificateList(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("crls/\($0).crl")))) }
    var policy = VerificationPolicy(time: 1_302_825_600, purpose: .any)
    policy.keys.minimumRSAModulusBits = 1024
    policy.revocation = RevocationPolicy(coverage: .chain)
    var verifier = Verifier(store: TrustStore([certificates[0]]), policy: policy, revocationSources: RevocationSources(crls: crls))
    let explanation = verifier.explain(leaf: certificates[2], intermediates: [certificates[1]])
    let revocationSteps = explanation.steps.filter {
        if case .check(.revocation, _, _, _) = $0 { return true }
        return false
    }
    #expect(revocationSteps.count == 1, "the leaf fails first; the intermediate is not reached")
    if case .check(_, let position, _, let failure)? = revocationSteps.first {
        #expect(position == 0 && failure?.code == "revoked")
    }
}

/// A separate CRL signer's own path (PKITS 4.4.19) is validated within the
/// evaluation's budgets: the signature checks it costs count, and when
/// they run out the evaluation ends with budgetExceeded, never with more work.
@Test func theSignersPathSpendsTheEvaluationsBudget() throws {
    let root = vectors.appendingPathComponent("pkits")
    let names = ["TrustAnchorRootCertificate", "SeparateCertificateandCRLKeysCertificateSigningCACert",
                 "SeparateCertificateandCRLKeysCRLSigningCert", "ValidSeparateCertificateandCRLKeysTest19EE"]
    let certificates = try names.map { try Certificate(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("certs/\($0).crt")))) }
    let crls = try ["TrustAnchorRootCRL", "SeparateCertificateandCRLKeysCRL"].map {
        try CertificateList(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("crls/\($0).crl"))))
    }
    func verify(checks: Int) -> Result<VerifiedChain, TrustFailure> {
        var policy = VerificationPolicy(time: 1_302_825_600, purpose: .any)
        policy.keys.minimumRSAModulusBits = 1024
        policy.revocation = RevocationPolicy(coverage: .chain, requirePositiveResponse: true)
        policy.budgets.signatureChecks = checks
        var verifier = Verifier(store: TrustStore([certificates[0]]), policy: policy, revocationSources: RevocationSources(crls: crls))
        return verifier.verify(leaf: certificates[3], intermediates: [certificates[1], certificates[2]])
    }
    let enough = try #require((1...30).first { if case .success = verify(checks: $0) { return true } else { return false } })
    // Two certificate signatures, the CRLs' signatures, and the signer's own path and CRL.
    #expect(enough >= 5, "\(enough)")
    guard case (_, .budgetExceeded(.signatureChecks))? = verify(checks: enough - 1).refusal else {
        Issue.record("one check fewer: \(verify(checks: enough - 1))")
        return
    }
}
