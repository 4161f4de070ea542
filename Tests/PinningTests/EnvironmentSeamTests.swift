import Pinning
import PKIX
import SHA2
import Testing
import Trust

// The seam between Pinning and Trust: one verifier cache shared
// by every evaluation of an environment, and a pin refusal that is a typed
// value saying what was served and what was pinned.

@Test func evaluationsShareTheEnvironmentsSignatureCache() {
    var environment = Chains.environment([Chains.root])
    #expect(environment.cache.hits == 0)
    #expect(DefaultTrustEvaluator().evaluate(ServerTrust(certificates: Chains.valid), forHost: "www.example.com", in: &environment).refusal == nil)
    #expect(environment.cache.hits == 0, "the first evaluation verifies both signatures")
    #expect(DefaultTrustEvaluator().evaluate(ServerTrust(certificates: Chains.valid), forHost: "www.example.com", in: &environment).refusal == nil)
    #expect(environment.cache.hits == 2, "the second finds both edges cached")
    // An evaluation against pinned anchors uses the same cache: the edge
    // leaf ← intermediate is the same bytes whatever store is searched.
    let pinned = PinnedCertificatesTrustEvaluator(certificates: [Chains.root], acceptSelfSignedCertificates: true)
    #expect(pinned.evaluate(ServerTrust(certificates: Chains.valid), forHost: "www.example.com", in: &environment).refusal == nil)
    #expect(environment.cache.hits == 4)
    // A cache never turns a failure into a success: the expired chain is
    // refused however warm the cache is.
    let expired = DefaultTrustEvaluator().evaluate(ServerTrust(certificates: Chains.expired), forHost: "www.example.com", in: &environment)
    #expect(expired.refusal == .defaultEvaluationFailed(.expired(index: 0, notAfter: Chains.expired[0].notAfter, at: Chains.time)))
}

@Test func aPinMissIsATypedFailureNamingServedAndPinnedDigests() throws {
    var environment = Chains.environment([Chains.root])
    let stranger = SPKIPin(certificate: Chains.otherRoot)
    let result = environment.validate(ServerTrust(certificates: Chains.valid), evaluation: .ssl(host: "www.example.com"),
                                      accept: PinCheck.keys([stranger]))
    guard case .failure(let failure) = result, case .pinMismatch(let mismatch) = failure.reason else {
        Issue.record("expected a pin mismatch, got \(result)")
        return
    }
    #expect(mismatch.kind == .publicKey)
    let path = Chains.valid + [Chains.root]
    #expect(mismatch.served == path.map { SPKIPin(certificate: $0).digest })
    #expect(mismatch.pinned == [stranger.digest])
    #expect(TrustFailure.pinMismatch(mismatch).code == "pinMismatch")
    #expect(mismatch.description.contains(stranger.description))

    let certificateMiss = environment.validate(ServerTrust(certificates: Chains.valid), evaluation: .ssl(host: "www.example.com"),
                                               accept: PinCheck.certificates([Chains.otherRoot]))
    guard case .failure(let failure) = certificateMiss, case .pinMismatch(let byCertificate) = failure.reason else {
        Issue.record("expected a certificate pin mismatch, got \(certificateMiss)")
        return
    }
    #expect(byCertificate.kind == .certificate)
    #expect(byCertificate.served == path.map { SHA256.hash($0.der) })
    #expect(byCertificate.pinned == [SHA256.hash(Chains.otherRoot.der)])
    // The pin on the path is accepted.
    let hit = environment.validate(ServerTrust(certificates: Chains.valid), evaluation: .ssl(host: "www.example.com"),
                                   accept: PinCheck.keys([SPKIPin(certificate: Chains.valid[1])]))
    #expect((try? hit.get())?.certificates.count == 3)
}

@Test func recordedEvaluationsDecideAsTheUnrecordedOnes() {
    for (chain, host) in [(Chains.valid, "www.example.com"), (Chains.valid, "www.example.org"), (Chains.expired, "www.example.com"),
                          (Chains.expiredAlternative, "www.example.com")] {
        var plain = Chains.environment([Chains.root])
        var recorded = plain
        recorded.recordsEvaluations = true
        let policy = SecurityPolicy(pinningMode: .certificate, pinnedCertificates: [Chains.root])
        let a = policy.evaluate(ServerTrust(certificates: chain), domain: host, in: &plain)
        let b = policy.evaluate(ServerTrust(certificates: chain), domain: host, in: &recorded)
        #expect("\(a)" == "\(b)")
        #expect(plain.evaluations.isEmpty)
        #expect(!recorded.evaluations.isEmpty)
        #expect(recorded.evaluations.allSatisfy { !$0.explanation.steps.isEmpty })
    }
}

// One convention for every evaluator: success carries the verified chain the
// decision rests on (what the NIO adapter hands to swift-nio-ssl), nil when
// the evaluator validated nothing.
@Test func evaluatorsReturnTheVerifiedChain() throws {
    var environment = Chains.environment([Chains.root])
    let trust = ServerTrust(certificates: Chains.valid)
    let byDefault = try DefaultTrustEvaluator().evaluate(trust, forHost: "www.example.com", in: &environment).get()
    #expect(byDefault?.certificates.map(\.der) == (Chains.valid + [Chains.root]).map(\.der))
    let pinned = try PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: Chains.root)]).evaluate(trust, forHost: "www.example.com", in: &environment).get()
    #expect(pinned?.certificates.count == 3)
    #expect(try DisabledTrustEvaluator().evaluate(trust, forHost: "www.example.com", in: &environment).get() == nil)
    let composite = CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), DisabledTrustEvaluator()])
    #expect(try composite.evaluate(trust, forHost: "www.example.com", in: &environment).get()?.certificates.count == 3)
    let policy = SecurityPolicy(pinningMode: .certificate, pinnedCertificates: [Chains.root])
    #expect(try policy.evaluate(trust, domain: "www.example.com", in: &environment).get()?.certificates.count == 3)
    let refused = DefaultTrustEvaluator().evaluate(trust, forHost: "www.example.org", in: &environment)
    #expect(refused.refusal != nil)
}
