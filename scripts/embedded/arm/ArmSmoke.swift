// The Cortex-M smoke program (scripts/embedded-arm-check.sh): verify-only,
// as a device that checks its server would be — three-certificate chains
// for a host signed with RSA, ECDSA P-256 and Ed25519, the P-256 chain again
// through a pinned root key, and the P-256 chain with its intermediate's
// signature tampered; then each of the three chains warm, verified again by
// the verifier that verified it once. Each verification runs between two
// calls into the start-up code (start.c), which measure its instructions,
// stack and heap; each verdict is printed and the check compares it with the
// expected one, and a warm one's allocations with the check's bound. The
// policies are checked without the valid-policy graph
// (`CertificatePolicyInputs.withoutPolicyGraph`), which such a device leaves
// out.
import PKIX
import Pinning
import Trust

@_extern(c, "arm_measure_begin") func measureBegin()
@_extern(c, "arm_measure_end") func measureEnd()
@_extern(c, "arm_measure_report") func measureReport()

/// The three certificates of one of Vectors/chains' generated chains.
struct Chain {
    let leaf: Certificate
    let intermediate: Certificate
    let root: Certificate
}

@_cdecl("swift_main")
func swiftMain() {
    measureBegin()
    let parsed = parse(rsaLeaf, rsaIntermediate, rsaRoot)
    measureEnd()
    guard let rsa = parsed, let p256 = parse(p256Leaf, p256Intermediate, p256Root),
          let ed25519 = parse(ed25519Leaf, ed25519Intermediate, ed25519Root) else {
        print("FAILED: a chain certificate does not parse")
        return
    }
    print("parse rsa chain: 3 certificates")
    measureReport()

    verify("rsa chain", rsa)
    verify("p256 chain", p256)
    verify("ed25519 chain", ed25519)
    pinned(p256)

    var tampered = p256Intermediate
    tampered[tampered.count - 1] ^= 0x01
    guard let badIntermediate = try? Certificate(derEncoded: tampered) else {
        print("FAILED: the tampered intermediate does not parse")
        return
    }
    verify("p256 tampered intermediate", Chain(leaf: p256.leaf, intermediate: badIntermediate, root: p256.root))

    verifyWarm("rsa chain, warm", rsa)
    verifyWarm("p256 chain, warm", p256)
    verifyWarm("ed25519 chain, warm", ed25519)
}

func parse(_ leaf: [UInt8], _ intermediate: [UInt8], _ root: [UInt8]) -> Chain? {
    guard let l = try? Certificate(derEncoded: leaf), let i = try? Certificate(derEncoded: intermediate),
          let r = try? Certificate(derEncoded: root) else { return nil }
    return Chain(leaf: l, intermediate: i, root: r)
}

/// A cold verification (a new store, verifier and signature cache) of the
/// chain for www.example.com under the default (strict) profile.
func verify(_ label: String, _ chain: Chain) {
    measureBegin()
    var policy = VerificationPolicy(time: chainTime, certificatePolicies: .withoutPolicyGraph)
    policy.identity = ServerIdentity(host: "www.example.com")
    var verifier = Verifier(store: TrustStore([chain.root]), policy: policy)
    let result = verifier.verify(leaf: chain.leaf, intermediates: [chain.intermediate])
    measureEnd()
    switch result {
    case .success(let verified): print(label + ": trusted (" + String(verified.certificates.count) + " certificates)")
    case .failure(let failure): print(label + ": " + failure.code)
    }
    measureReport()
}

/// A warm verification: the second of the same chain by the same verifier,
/// as a client that checks its server on every connection makes it. The
/// first has grown the verifier's lists and filled its signature cache; the
/// certificates and the intermediates array exist before the measured
/// region, since a client has them from the handshake, so what is measured
/// is the evaluation alone. The first verdict is dropped before the second
/// evaluation, as a client drops a connection's chain: a chain still held
/// keeps the verifier's storage, and the next one would get new.
func verifyWarm(_ label: String, _ chain: Chain) {
    var policy = VerificationPolicy(time: chainTime, certificatePolicies: .withoutPolicyGraph)
    policy.identity = ServerIdentity(host: "www.example.com")
    var verifier = Verifier(store: TrustStore([chain.root]), policy: policy)
    let intermediates = [chain.intermediate]
    guard case .success = verifier.verify(leaf: chain.leaf, intermediates: intermediates) else {
        print("FAILED: " + label + ": the first verification did not trust the chain")
        return
    }
    measureBegin()
    let result = verifier.verify(leaf: chain.leaf, intermediates: intermediates)
    measureEnd()
    // Their last use is the evaluation, so without this the optimiser may
    // free the verifier and the array inside the region, and the figures
    // would include a teardown that a client keeping them never pays.
    withExtendedLifetime((verifier, intermediates)) {}
    switch result {
    case .success(let verified): print(label + ": trusted (" + String(verified.certificates.count) + " certificates)")
    case .failure(let failure): print(label + ": " + failure.code)
    }
    measureReport()
}

/// Public-key pinning as Alamofire's evaluator does it: the chain validated
/// against the root, then its root key pinned; a key nobody serves must not
/// pass.
func pinned(_ chain: Chain) {
    let trust = ServerTrust(certificates: [chain.leaf, chain.intermediate])
    measureBegin()
    var environment = TrustEnvironment(systemAnchors: TrustStore([chain.root]), policy: VerificationPolicy(time: chainTime, certificatePolicies: .withoutPolicyGraph))
    let evaluator = PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: chain.root)])
    let evaluation = evaluator.evaluate(trust, forHost: "www.example.com", in: &environment)
    measureEnd()
    print("p256 pinned root key: " + verdict(evaluation))
    measureReport()
    let stranger = PublicKeysTrustEvaluator(keys: [SPKIPin(subjectPublicKeyInfo: [0x30, 0x00])])
    print("p256 stranger key: " + verdict(stranger.evaluate(trust, forHost: "www.example.com", in: &environment)))
}

func verdict(_ evaluation: TrustEvaluation) -> String {
    switch evaluation {
    case .success(let chain?) where !chain.certificates.isEmpty: return "trusted"
    case .success: return "refused (no chain)"
    case .failure: return "refused"
    }
}
