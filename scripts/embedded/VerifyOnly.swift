// The verify-only wasm32 program (scripts/embedded-size.sh): what a device
// that checks its server links — parse, SHA-2, RSA, ECDSA P-256 and P-384,
// Ed25519, path building for a host and one public-key pin. No revocation or
// PKCS#12 is asked for, and the policies are checked without the
// valid-policy graph (`CertificatePolicyInputs.withoutPolicyGraph`), so the
// linker may drop them.
// Each verdict is printed and the script compares it with the expected one.
import PKIX
import Pinning
import Trust

@_cdecl("swift_main")
func swiftMain() {
    guard let rsa = parse(rsaLeaf, rsaIntermediate, rsaRoot), let p256 = parse(p256Leaf, p256Intermediate, p256Root),
          let p384 = parse(p384Leaf, p384Intermediate, p384Root),
          let ed25519 = parse(ed25519Leaf, ed25519Intermediate, ed25519Root) else {
        print("FAILED: a chain certificate does not parse")
        return
    }
    verify("rsa chain", rsa)
    verify("p256 chain", p256)
    verify("p384 chain", p384)
    verify("ed25519 chain", ed25519)
    var wrongHost = VerificationPolicy(time: chainTime, certificatePolicies: .withoutPolicyGraph)
    wrongHost.identity = ServerIdentity(host: "www.example.org")
    var verifier = Verifier(store: TrustStore([p256[2]]), policy: wrongHost)
    if case .failure(let failure) = verifier.verify(leaf: p256[0], intermediates: [p256[1]]) {
        report("wrong host", failure.code)
    } else {
        print("FAILED: a wrong host was trusted")
    }
    var tampered = p256Intermediate
    tampered[tampered.count - 1] ^= 0x01
    if let bad = try? Certificate(derEncoded: tampered) {
        verify("p256 tampered intermediate", [p256[0], bad, p256[2]])
    } else {
        print("FAILED: the tampered intermediate does not parse")
    }
    pinned(p256)
}

/// Leaf, intermediate and root of one of Vectors/chains' generated chains.
func parse(_ leaf: [UInt8], _ intermediate: [UInt8], _ root: [UInt8]) -> [Certificate]? {
    guard let l = try? Certificate(derEncoded: leaf), let i = try? Certificate(derEncoded: intermediate),
          let r = try? Certificate(derEncoded: root) else { return nil }
    return [l, i, r]
}

/// The chain for www.example.com under the default (strict) profile.
func verify(_ label: String, _ chain: [Certificate]) {
    var policy = VerificationPolicy(time: chainTime, certificatePolicies: .withoutPolicyGraph)
    policy.identity = ServerIdentity(host: "www.example.com")
    var verifier = Verifier(store: TrustStore([chain[2]]), policy: policy)
    switch verifier.verify(leaf: chain[0], intermediates: [chain[1]]) {
    case .success(let verified): report(label, "trusted (", String(verified.certificates.count), " certificates)")
    case .failure(let failure): report(label, failure.code)
    }
}

/// Alamofire's public-key pinning of the root; a key nobody serves must not pass.
func pinned(_ chain: [Certificate]) {
    let trust = ServerTrust(certificates: [chain[0], chain[1]])
    var environment = TrustEnvironment(systemAnchors: TrustStore([chain[2]]), policy: VerificationPolicy(time: chainTime, certificatePolicies: .withoutPolicyGraph))
    let evaluator = PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: chain[2])])
    report("p256 pinned root key", verdict(evaluator.evaluate(trust, forHost: "www.example.com", in: &environment)))
    let stranger = PublicKeysTrustEvaluator(keys: [SPKIPin(subjectPublicKeyInfo: [0x30, 0x00])])
    report("p256 stranger key", verdict(stranger.evaluate(trust, forHost: "www.example.com", in: &environment)))
}

/// "label: text…", printed piece by piece: joining the strings would link
/// the standard library's general concatenation (7.2 KB of the size-first
/// module, docs/embedded.md), which is this program's cost, not the
/// library's.
func report(_ label: String, _ text: String, _ more: String = "", _ end: String = "") {
    print(label, terminator: "")
    print(": ", terminator: "")
    print(text, terminator: "")
    print(more, terminator: "")
    print(end)
}

func verdict(_ evaluation: TrustEvaluation) -> String {
    if case .success(let chain?) = evaluation, !chain.certificates.isEmpty { return "trusted" }
    return "refused"
}
