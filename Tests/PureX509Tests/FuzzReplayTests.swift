import Foundation
@testable import PureX509Fuzzing
import PureX509
import Testing
import TestSupport

// Every input a fuzzer crashed on is kept under
// Vectors/fuzz-regressions/<target>/ and replayed here through the same
// FuzzTarget body the fuzzer runs, together with the targets' seeds; a
// regression that comes back stops this test process as it stopped the
// fuzzer. The fixed store, keys and messages the targets use are checked
// too, so a target cannot silently fuzz nothing.

private let vectors = Vectors.root

private func inputs(_ directory: String, _ target: FuzzTarget) -> [(String, [UInt8])] {
    let folder = vectors.appendingPathComponent(directory).appendingPathComponent(target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().compactMap { name in
        (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, [UInt8]($0)) }
    }
}

@Test(arguments: FuzzTarget.allCases)
func regressionsAndSeedsReplayWithoutStopping(_ target: FuzzTarget) {
    let regressions = inputs("fuzz-regressions", target)
    let seeds = inputs("fuzz-seeds", target)
    for (_, bytes) in regressions + seeds { target.run(bytes) }
    print("fuzz replay \(target.rawValue): \(regressions.count) regressions, \(seeds.count) seeds")
    if [.evaluation, .pinString, .pinConfiguration, .signature, .revocation, .pkcs12, .sctList, .logList].contains(target) { #expect(seeds.count >= 3) }
}

@Test func theEvaluationTargetStartsFromTrustedChains() throws {
    #expect(EvaluationFuzzing.store.anchors.count == 8)
    for (name, bytes) in inputs("fuzz-seeds", .evaluation) {
        var verifier = Verifier(store: EvaluationFuzzing.store, policy: EvaluationFuzzing.policy)
        let result = verifier.verify(presented: EvaluationFuzzing.split(bytes))
        let trusted = (try? result.get()) != nil
        // The valid-* chains are trusted; the others each fail one check
        // (Amazon's real chain: it does not name www.example.com).
        #expect(trusted == name.hasPrefix("valid"), "\(name): \(result)")
        if name.hasPrefix("amazon") { #expect(result.failureCode == "hostnameMismatch", "\(result)") }
    }
}

@Test func thePKCS12TargetStartsFromFilesThatOpen() throws {
    let seeds = inputs("fuzz-seeds", .pkcs12)
    #expect(seeds.count >= 9)
    for (name, bytes) in seeds {
        let password = PKCS12Fuzzing.passwords[Int(bytes[0]) % PKCS12Fuzzing.passwords.count]
        let file = try PKCS12File(bytes: Array(bytes.dropFirst()), password: password, limits: PKCS12Fuzzing.limits(forSelector: bytes[0]))
        // Each seed holds one identity, so mutations start past the MAC, the decryption and the pairing.
        #expect(file.identities.count == 1, "\(name)")
    }
}

@Test func theSignatureTargetStartsFromValidSignatures() throws {
    #expect(SignatureFuzzing.cases.count == 5)
    for (name, bytes) in inputs("fuzz-seeds", .signature) {
        let chosen = SignatureFuzzing.cases[Int(bytes[0])]
        let valid = checkSignature(algorithm: chosen.algorithm, key: chosen.key, policy: KeyPolicy(), allowSHA1: false,
                                   signature: bytes[2...], message: chosen.message)
        #expect(valid == nil, "\(name)")
        var flipped = bytes
        flipped[flipped.count - 1] ^= 1
        #expect(checkSignature(algorithm: chosen.algorithm, key: chosen.key, policy: KeyPolicy(), allowSHA1: false,
                               signature: flipped[2...], message: chosen.message) != nil, "\(name)")
    }
}

@Test func theSplitterReadsConcatenatedCertificates() {
    #expect(EvaluationFuzzing.split([]) == [])
    #expect(EvaluationFuzzing.split([0x30, 0x00, 0x04, 0x01, 0xAA, 0x30]) == [[0x30, 0x00], [0x04, 0x01, 0xAA]])
    #expect(EvaluationFuzzing.split(Array(repeating: 0x05, count: 2) + Array(repeating: 0, count: 40)).count == 16)
}

private extension Result where Success == VerifiedChain, Failure == TrustFailure {
    var failureCode: String? {
        if case .failure(let failure) = self { return failure.code }
        return nil
    }
}

/// The revocation target's invariant is not vacuous: its fixed leaf is
/// trusted without revocation information, revoked by its fixed CRLs and by
/// its fixed OCSP response each alone.
@Test func theRevocationTargetStartsFromARevokedLeaf() {
    let fixed = RevocationFuzzing.hierarchy
    var policy = VerificationPolicy(time: 1_748_736_000)
    policy.identity = ServerIdentity(host: "www.example.com")
    policy.revocation = RevocationPolicy(coverage: .chain)
    var plain = Verifier(store: fixed.store, policy: policy)
    #expect((try? plain.verify(leaf: fixed.leaf, intermediates: fixed.intermediates).get()) != nil)
    for sources in [RevocationSources(crls: fixed.revokingCRLs), RevocationSources(ocspResponses: [fixed.revokingResponse])] {
        var verifier = Verifier(store: fixed.store, policy: policy, revocationSources: sources)
        #expect(verifier.verify(leaf: fixed.leaf, intermediates: fixed.intermediates).failureCode == "revoked")
    }
}

@Test func theSCTListTargetStartsFromGenuineSCTs() throws {
    // The two-operator list is trusted under Apple's policy: the target's
    // invariants are exercised on a path that counts SCTs.
    let world = CTFuzzing.world
    #expect(world.genuine.count == 7)
    let bytes = try Vectors.bytes("fuzz-seeds/sct-list/tls-two-operators.sctlist")
    var policy = VerificationPolicy(time: 1_769_904_000)
    policy.identity = ServerIdentity(host: "www.example.com")
    policy.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: world.logs)
    var verifier = Verifier(store: world.store, policy: policy)
    verifier.handshakeSCTs = try SignedCertificateTimestampList(tlsEncoded: bytes[...]).timestamps
    let chain = try verifier.verify(leaf: world.chain[0], intermediates: [world.chain[1]]).get()
    #expect(chain.transparency?.validCount == 2)
}
