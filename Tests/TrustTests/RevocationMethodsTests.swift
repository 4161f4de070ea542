import Foundation
import PKIX
import Testing
import Trust

// CRLs and OCSP responses together (docs/trust.md, "Methods and order"):
// every method the caller supplied information for is consulted, and a
// revocation from any of them refuses the certificate, in either order;
// the order (OCSP first unless preferCRL) only says which method's "good"
// is reported, and a "good" stands beside the other method's gap. The
// files are the generated cases (Vectors/revocation/generate.py: a leaf
// www.example.com, its intermediate and root; RSA and P-256 issuers),
// whose CRLs and responses are combined here; the verdicts of the same
// combinations as named cases are in cases.json.

private let folder = vectors.appendingPathComponent("revocation/generated")

/// The chain of one key type, with the CRLs of one case and the OCSP response of another.
private func evaluate(crlsOf crlCase: String?, ocspOf ocspCase: String?, keyType: String, preferCRL: Bool,
                      required: Bool = true, methods: RevocationPolicy.Methods = [.ocsp, .crl]) throws -> Result<VerifiedChain, TrustFailure> {
    let suffix = keyType == "rsa" ? "" : "." + keyType
    let chain = try certificates(folder.appendingPathComponent("good" + suffix + "/chain.pem"))
    let roots = try certificates(folder.appendingPathComponent("good" + suffix + "/roots.pem"))
    var policy = VerificationPolicy(time: 1_748_736_000, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.revocation = RevocationPolicy(coverage: .chain, requirePositiveResponse: required, methods: methods, preferCRL: preferCRL)
    let sources = RevocationSources(crls: try crlCase.map { try crls(folder.appendingPathComponent($0 + suffix)) } ?? [],
                                    ocspResponses: try ocspCase.map { try ocspResponses(folder.appendingPathComponent($0 + suffix)) } ?? [])
    var verifier = Verifier(store: TrustStore(roots), policy: policy, revocationSources: sources)
    return verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
}

private let keyTypes = ["rsa", "p256"]

/// A stapled "good" (current until its nextUpdate, so a replay after the
/// revocation still looks current) beside a CRL that revokes the leaf for
/// keyCompromise: refused whichever method comes first, with information
/// required or not. The first method that answered used to decide, and
/// OCSP first trusted the leaf.
@Test(arguments: keyTypes)
func anOCSPGoodDoesNotHideARevokingCRL(_ keyType: String) throws {
    for preferCRL in [false, true] {
        for required in [false, true] {
            let result = try evaluate(crlsOf: "revoked-leaf", ocspOf: "ocsp-good", keyType: keyType, preferCRL: preferCRL, required: required)
            guard case (let index?, .revoked(let revocation))? = result.refusal else {
                Issue.record("preferCRL \(preferCRL), required \(required): \(result)")
                continue
            }
            #expect(index == 0 && revocation.serialNumber == [0x03] && revocation.reason == .keyCompromise)
        }
    }
}

/// A CRL that says good beside an OCSP response that revokes: refused in
/// both orders. With preferCRL the CRL's "good" used to decide.
@Test(arguments: keyTypes)
func aCRLGoodDoesNotHideARevokingOCSPResponse(_ keyType: String) throws {
    for preferCRL in [false, true] {
        let result = try evaluate(crlsOf: "good", ocspOf: "ocsp-revoked", keyType: keyType, preferCRL: preferCRL)
        guard case (let index?, .revoked(let revocation))? = result.refusal else { Issue.record("preferCRL \(preferCRL): \(result)"); continue }
        #expect(index == 0 && revocation.serialNumber == [0x03] && revocation.reason == .keyCompromise)
    }
}

/// Both say good: trusted, the leaf's "good" reported from the method
/// consulted first; the intermediate is answered by the root's CRL alone.
@Test(arguments: keyTypes)
func bothGoodIsTrustedAndTheOrderSaysWhoseGoodIsReported(_ keyType: String) throws {
    for preferCRL in [false, true] {
        let chain = try evaluate(crlsOf: "good", ocspOf: "ocsp-good", keyType: keyType, preferCRL: preferCRL).get()
        #expect(chain.revocation == [
            RevocationFinding(certificateIndex: 0, status: .good, source: preferCRL ? .crl : .ocsp),
            RevocationFinding(certificateIndex: 1, status: .good, source: .crl),
        ])
    }
}

/// A "good" from one method and an unusable answer from the other (a
/// spoiled signature) is good, in either order, with information required:
/// an answer that cannot be used is no information, not a revocation.
@Test(arguments: keyTypes)
func aGoodStandsBesideTheOtherMethodsGap(_ keyType: String) throws {
    for preferCRL in [false, true] {
        let ocspGood = try evaluate(crlsOf: "bad-signature", ocspOf: "ocsp-good", keyType: keyType, preferCRL: preferCRL).get()
        #expect(ocspGood.revocation.first == RevocationFinding(certificateIndex: 0, status: .good, source: .ocsp))
        let crlGood = try evaluate(crlsOf: "good", ocspOf: "ocsp-bad-signature", keyType: keyType, preferCRL: preferCRL).get()
        #expect(crlGood.revocation.first == RevocationFinding(certificateIndex: 0, status: .good, source: .crl))
    }
}

/// Neither method usable: the more telling gap is reported, from whichever
/// method gave it (an unauthorised OCSP response outranks "no CRL").
@Test(arguments: keyTypes)
func twoGapsReportTheMoreTellingOne(_ keyType: String) throws {
    for preferCRL in [false, true] {
        let result = try evaluate(crlsOf: "ocsp-leaf-crl-chain", ocspOf: "ocsp-bad-signature", keyType: keyType, preferCRL: preferCRL)
        guard case (0?, .revocationUnknown(.ocspResponderNotAuthorised))? = result.refusal else { Issue.record("\(result)"); continue }
    }
}

/// A method the policy leaves out is not consulted at all, so its
/// revocation does not count (the caller's explicit choice, as Apple's
/// kSecRevocationOCSPMethod alone); nor does its gap.
@Test(arguments: keyTypes)
func aMethodLeftOutIsNotConsulted(_ keyType: String) throws {
    let ocspOnly = try evaluate(crlsOf: "revoked-leaf", ocspOf: "ocsp-good", keyType: keyType, preferCRL: false, required: false, methods: .ocsp)
    #expect(throws: Never.self) { try ocspOnly.get() }
    let crlOnly = try evaluate(crlsOf: "good", ocspOf: "ocsp-revoked", keyType: keyType, preferCRL: false, methods: .crl)
    #expect(throws: Never.self) { try crlOnly.get() }
}
