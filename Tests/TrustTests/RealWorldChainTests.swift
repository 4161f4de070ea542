import DER
import Foundation
import PKIX
import Testing
import Trust

/// Real-world chains from rustls-webpki's tests (Vectors/certs/rustls-webpki),
/// verified at a fixed time against their own roots.
struct RealWorldRow: CustomTestStringConvertible, Sendable {
    let name: String
    let folder: String
    let leaf: String
    let intermediates: [String]
    let root: String
    let host: String
    let at: Int64
    let expected: String
    /// Verified under `chromium` (`.compatible`, its first name) rather than the strict default.
    var compatible = false
    var testDescription: String { name }
}

let amazonIntermediates = ["r2m01.cer", "r2m02.cer", "r2m03.cer", "r2m04.cer"]

let realWorldRows: [RealWorldRow] = [
    // Symantec's 2017 intermediate has no authorityKeyIdentifier (its v1
    // root has no subjectKeyIdentifier to name): refused by the strict
    // profile, trusted by `chromium`.
    .init(name: "netflix 2017 strict", folder: "netflix", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "www.netflix.com", at: 1_496_275_200, expected: "nonConforming"),
    .init(name: "netflix 2017", folder: "netflix", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "www.netflix.com", at: 1_496_275_200, expected: "trusted", compatible: true),
    .init(name: "netflix other SAN", folder: "netflix", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "signup.netflix.com", at: 1_496_275_200, expected: "trusted", compatible: true),
    .init(name: "netflix expired in 2019", folder: "netflix", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "www.netflix.com", at: 1_559_347_200, expected: "expired"),
    .init(name: "netflix wrong host", folder: "netflix", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "www.netflix.org", at: 1_496_275_200, expected: "hostnameMismatch"),
    .init(name: "netflix without intermediate", folder: "netflix", leaf: "ee.der", intermediates: [], root: "ca.der",
          host: "www.netflix.com", at: 1_496_275_200, expected: "unknownIssuer"),
    .init(name: "sanofi 2025", folder: "sanofi", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "irelease-dev.sanofi.com", at: 1_748_736_000, expected: "trusted"),
    // Its root marks nameConstraints non-critical (RFC 5280 §4.2.1.10: MUST
    // be critical): the strict anchor rules refuse it, Chromium does not.
    .init(name: "web-platform-tests 2021", folder: "wpt", leaf: "ee.der", intermediates: [], root: "ca.der",
          host: "web-platform.test", at: 1_622_505_600, expected: "nonConforming"),
    .init(name: "web-platform-tests 2021, compatible", folder: "wpt", leaf: "ee.der", intermediates: [], root: "ca.der",
          host: "web-platform.test", at: 1_622_505_600, expected: "trusted", compatible: true),
    .init(name: "amazon root CA 1, intermediates unordered", folder: "amazon", leaf: "valid.rootca1.demo.amazontrust.com.cer",
          intermediates: amazonIntermediates, root: "AmazonRootCA1.cer", host: "valid.rootca1.demo.amazontrust.com",
          at: 1_740_787_200, expected: "trusted"),
    .init(name: "amazon root CA 2 (RSA-4096, SHA-384)", folder: "amazon", leaf: "valid.rootca2.demo.amazontrust.com.cer",
          intermediates: ["r4m01.cer", "r4m02.cer", "r4m03.cer", "r4m04.cer"], root: "AmazonRootCA2.cer",
          host: "valid.rootca2.demo.amazontrust.com", at: 1_740_787_200, expected: "trusted"),
    .init(name: "amazon expired demo leaf", folder: "amazon", leaf: "expired.rootca1.demo.amazontrust.com.cer",
          intermediates: amazonIntermediates, root: "AmazonRootCA1.cer", host: "expired.rootca1.demo.amazontrust.com",
          at: 1_740_787_200, expected: "expired"),
    .init(name: "amazon root CA 1 wrong root", folder: "amazon", leaf: "valid.rootca1.demo.amazontrust.com.cer",
          intermediates: amazonIntermediates, root: "AmazonRootCA2.cer", host: "valid.rootca1.demo.amazontrust.com",
          at: 1_740_787_200, expected: "unknownIssuer"),
    // RSA root → P-384 intermediate (RSA-signed) → P-256 leaf signed with ecdsa-with-SHA384.
    .init(name: "cloudflare ECDSA leaf", folder: "cloudflare_dns", leaf: "ee.der", intermediates: ["inter.der"], root: "ca.der",
          host: "cloudflare-dns.com", at: 1_641_000_000, expected: "trusted"),
    .init(name: "cloudflare ECDSA leaf, wrong host", folder: "cloudflare_dns", leaf: "ee.der", intermediates: ["inter.der"],
          root: "ca.der", host: "cloudflare.com", at: 1_641_000_000, expected: "hostnameMismatch"),
    // P-384 root → P-384 intermediate → P-384 leaf, ecdsa-with-SHA384 throughout.
    .init(name: "amazon root CA 4 (P-384)", folder: "amazon", leaf: "valid.rootca4.demo.amazontrust.com.cer",
          intermediates: amazonECDSA384Intermediates, root: "AmazonRootCA4.cer", host: "valid.rootca4.demo.amazontrust.com",
          at: 1_740_787_200, expected: "trusted"),
    // P-256 root → P-256 intermediate → P-256 leaf, ecdsa-with-SHA256 throughout.
    .init(name: "amazon root CA 3 (P-256)", folder: "amazon", leaf: "valid.rootca3.demo.amazontrust.com.cer",
          intermediates: ["e2m01.cer", "e2m02.cer", "e2m03.cer", "e2m04.cer"], root: "AmazonRootCA3.cer",
          host: "valid.rootca3.demo.amazontrust.com", at: 1_740_787_200, expected: "trusted"),
    .init(name: "amazon root CA 4 expired demo leaf", folder: "amazon", leaf: "expired.rootca4.demo.amazontrust.com.cer",
          intermediates: amazonECDSA384Intermediates, root: "AmazonRootCA4.cer", host: "expired.rootca4.demo.amazontrust.com",
          at: 1_740_787_200, expected: "expired"),
    // An ECDSA chain against the P-256 root: the names differ, so no issuer.
    .init(name: "amazon root CA 4 chain, root CA 3 trusted", folder: "amazon", leaf: "valid.rootca4.demo.amazontrust.com.cer",
          intermediates: amazonECDSA384Intermediates, root: "AmazonRootCA3.cer", host: "valid.rootca4.demo.amazontrust.com",
          at: 1_740_787_200, expected: "unknownIssuer"),
    // Ed25519 root → Ed25519 client certificate (no SAN: any purpose, no host).
    .init(name: "ed25519 client chain", folder: "ed25519", leaf: "ee.der", intermediates: [], root: "ca.der",
          host: "", at: 1_577_836_800, expected: "trusted"),
]

let amazonECDSA384Intermediates = ["e3m01.cer", "e3m02.cer", "e3m03.cer", "e3m04.cer"]

func loadCertificate(_ url: URL) throws -> Certificate {
    let bytes = [UInt8](try Data(contentsOf: url))
    if PEM.looksLikePEM(bytes) { return try Certificate(derEncoded: try #require(try PEM.certificates(in: bytes).first).der) }
    return try Certificate(derEncoded: bytes)
}

@Test(arguments: realWorldRows)
func realWorldChain(_ row: RealWorldRow) throws {
    let folder = vectors.appendingPathComponent("certs/rustls-webpki/tests/" + row.folder)
    let leaf = try loadCertificate(folder.appendingPathComponent(row.leaf))
    let intermediates = try row.intermediates.map { try loadCertificate(folder.appendingPathComponent($0)) }
    var policy = VerificationPolicy(time: row.at, purpose: row.host.isEmpty ? .any : .serverAuth)
    policy.identity = row.host.isEmpty ? nil : ServerIdentity(host: row.host)
    policy.profile = row.compatible ? .compatible : .strict
    var verifier = Verifier(store: TrustStore([try loadCertificate(folder.appendingPathComponent(row.root))]), policy: policy)
    switch verifier.verify(leaf: leaf, intermediates: intermediates) {
    case .success: #expect(row.expected == "trusted")
    case .failure(let failure): #expect(failure.code == row.expected, "\(failure)")
    }
}

/// The signature cache skips RSA work on a repeated evaluation and never
/// turns a failure into a success: a certificate whose signature bytes
/// differ from the cached one is checked again, and fails.
@Test func signatureCacheSkipsWorkAndKeepsFailures() throws {
    let valid = vectors.appendingPathComponent("chains/valid")
    let chain = try certificates(valid.appendingPathComponent("chain.pem"))
    let roots = try certificates(valid.appendingPathComponent("roots.pem"))
    let at = try #require(chainCases.first { $0.name == "valid" }).at
    var verifier = Verifier(store: TrustStore(roots), policy: VerificationPolicy(time: at))
    #expect((try? verifier.verify(leaf: chain[0], intermediates: [chain[1]]).get()) != nil)
    #expect(verifier.cache.hits == 0)
    // Warm: both edges come from the cache; a budget of zero checks proves no RSA ran.
    verifier.policy.budgets.signatureChecks = 0
    #expect((try? verifier.verify(leaf: chain[0], intermediates: [chain[1]]).get()) != nil)
    #expect(verifier.cache.hits == 2)
    // The same leaf with one signature bit flipped is not in the cache.
    var tampered = chain[0].der
    tampered[tampered.count - 3] ^= 0x01
    verifier.policy.budgets.signatureChecks = 100
    let bad = try Certificate(derEncoded: tampered)
    switch verifier.verify(leaf: bad, intermediates: [chain[1]]) {
    case .success: Issue.record("a tampered leaf was trusted after its original was cached")
    case .failure(let failure): #expect(failure == .badSignature(index: 0))
    }
    // A capacity of zero caches nothing.
    var uncached = Verifier(store: TrustStore(roots), policy: VerificationPolicy(time: at), cache: SignatureCache(capacity: 0))
    _ = uncached.verify(leaf: chain[0], intermediates: [chain[1]])
    _ = uncached.verify(leaf: chain[0], intermediates: [chain[1]])
    #expect(uncached.cache.hits == 0)
}

/// Failures rank: an expired leaf outranks "unknown issuer".
@Test func mostSpecificFailureWins() throws {
    let row = try #require(chainCases.first { $0.name == "expired-leaf-unknown-issuer" })
    guard case .failure(let failure) = try evaluate(row) else { Issue.record("trusted"); return }
    #expect(failure.code == "expired")
}

/// The Common Name is consulted only on request, and only when the leaf has no dNSName.
@Test func commonNameFallbackIsOptIn() throws {
    let folder = vectors.appendingPathComponent("chains/cn-only-leaf")
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    let roots = try certificates(folder.appendingPathComponent("roots.pem"))
    let at = try #require(chainCases.first { $0.name == "cn-only-leaf" }).at
    var policy = VerificationPolicy(time: at, identity: ServerIdentity(host: "www.example.com"))
    var verifier = Verifier(store: TrustStore(roots), policy: policy)
    guard case .failure(let failure) = verifier.verify(leaf: chain[0], intermediates: [chain[1]]) else {
        Issue.record("a CN-only leaf was trusted without the opt-in")
        return
    }
    #expect(failure.code == "hostnameMismatch")
    policy.allowCommonNameFallback = true
    verifier = Verifier(store: TrustStore(roots), policy: policy)
    #expect((try? verifier.verify(leaf: chain[0], intermediates: [chain[1]]).get()) != nil)
    verifier.policy.identity = ServerIdentity(host: "www.example.org")
    #expect((try? verifier.verify(leaf: chain[0], intermediates: [chain[1]]).get()) == nil)
    // A leaf with dNSNames never falls back, even with the opt-in.
    let valid = try certificates(vectors.appendingPathComponent("chains/valid/chain.pem"))
    #expect(ServerIdentity(host: "www.example.com")!.isPresented(by: valid[0], commonNameFallback: true))
    #expect(!ServerIdentity(host: "nowhere.example.com")!.isPresented(by: valid[0], commonNameFallback: true))
}

/// After `precomputeKeys()` an EC anchor's key is kept with its precomputed
/// multiples (RSA keys as they are), and the anchor's check through them refuses a tampered
/// signature as the plain path does: Amazon Root CA 4 (P-384) signs the e3m0x intermediates.
@Test func ecAnchorKeyIsPrecomputedAndStillRefusesTamperedSignatures() throws {
    let folder = vectors.appendingPathComponent("certs/rustls-webpki/tests/amazon")
    let root = try loadCertificate(folder.appendingPathComponent("AmazonRootCA4.cer"))
    let rsaRoot = try loadCertificate(folder.appendingPathComponent("AmazonRootCA1.cer"))
    var store = TrustStore([root])
    guard case .success(.ecdsa(let unprepared)) = store.verificationKey(ofAnchor: 0) else {
        Issue.record("Amazon Root CA 4's key is not an ECDSA key")
        return
    }
    #expect(!unprepared.hasPrecomputedMultiples && !store.keysPrecomputed)
    store.precomputeKeys()
    // Anchors added after precomputeKeys() are precomputed too.
    store.add(rsaRoot)
    guard case .success(.ecdsa(let anchorKey)) = store.verificationKey(ofAnchor: 0) else {
        Issue.record("Amazon Root CA 4's key is not an ECDSA key")
        return
    }
    #expect(anchorKey.hasPrecomputedMultiples)
    guard case .success(.rsa) = store.verificationKey(ofAnchor: 1) else {
        Issue.record("Amazon Root CA 1's key is not an RSA key")
        return
    }
    guard case .success(.ecdsa(let plainKey)) = VerificationKey.prepare(root) else {
        Issue.record("Amazon Root CA 4's key does not prepare")
        return
    }
    #expect(!plainKey.hasPrecomputedMultiples)

    let leaf = try loadCertificate(folder.appendingPathComponent("valid.rootca4.demo.amazontrust.com.cer"))
    var policy = VerificationPolicy(time: 1_740_787_200)
    policy.identity = ServerIdentity(host: "valid.rootca4.demo.amazontrust.com")
    // Try each issuing intermediate the demo leaf may have; one must chain.
    let intermediates = try amazonECDSA384Intermediates.map { try loadCertificate(folder.appendingPathComponent($0)) }
    var verifier = Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
    if case .failure(let failure) = verifier.verify(leaf: leaf, intermediates: intermediates) {
        Issue.record("the Amazon ECDSA chain was refused under a precomputed anchor: \(failure)")
    }
    // Flip a bit of every intermediate's signature (its last octet is s's
    // lowest): each is now refused on the anchor's edge.
    let tampered = try intermediates.map { certificate -> Certificate in
        var der = certificate.der
        der[der.count - 1] ^= 0x01
        return try Certificate(derEncoded: der)
    }
    switch verifier.verify(leaf: leaf, intermediates: tampered) {
    case .success: Issue.record("intermediates with tampered signatures were trusted under an EC anchor")
    case .failure(let failure): #expect(failure.code == "badSignature", "\(failure)")
    }
    // The plain store decides the same.
    var plain = Verifier(store: TrustStore([root, rsaRoot]), policy: policy, cache: SignatureCache(capacity: 0))
    switch plain.verify(leaf: leaf, intermediates: tampered) {
    case .success: Issue.record("intermediates with tampered signatures were trusted under a plain EC anchor")
    case .failure(let failure): #expect(failure.code == "badSignature", "\(failure)")
    }
}
