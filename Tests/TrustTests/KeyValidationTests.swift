import Foundation
import PKIX
import Testing
import Trust

// The leaf's own key goes through the preparation an
// issuer's key goes through (`VerificationKey.prepare`), so a key outside
// its algorithm's bounds is refused with the reason, not trusted. Fixtures:
// Vectors/bypass-and-keys (generate.py): each `key-<case>.pem` is a leaf for
// www.example.com signed by `root.pem`, its SubjectPublicKeyInfo patched
// into the case's shape before signing.

private func fixture(_ file: String) throws -> Certificate {
    let text = [UInt8](try Data(contentsOf: vectors.appendingPathComponent("bypass-and-keys/" + file)))
    return try Certificate(derEncoded: try #require(try PEM.certificates(in: text).first).der)
}

private func verifyLeaf(_ file: String, anchors: [String] = ["root.pem"],
                        _ adjust: (inout VerificationPolicy) -> Void = { _ in }) throws -> Result<VerifiedChain, TrustFailure> {
    // 2030-01-01T00:00:00Z, inside every fixture's validity.
    var policy = VerificationPolicy(time: 1_893_456_000, identity: ServerIdentity(host: "www.example.com"))
    adjust(&policy)
    var verifier = Verifier(store: TrustStore(try anchors.map(fixture)), policy: policy)
    return verifier.verify(leaf: try fixture(file), intermediates: [])
}

/// One bad key shape and the words its refusal must contain.
struct BadKeyRow: CustomTestStringConvertible, Sendable {
    let file: String
    let reason: String
    var testDescription: String { file }
}

let badLeafKeyRows: [BadKeyRow] = [
    .init(file: "key-rsa-exponent-one.pem", reason: "public exponent"),
    .init(file: "key-rsa-exponent-even.pem", reason: "public exponent"),
    .init(file: "key-rsa-modulus-even.pem", reason: "RSA modulus of 2048 bits"),
    .init(file: "key-rsa-modulus-negative.pem", reason: "RSA modulus of 0 bits"),
    .init(file: "key-rsa-modulus-huge.pem", reason: "RSA modulus of 16400 bits"),
    .init(file: "key-ec-off-curve.pem", reason: "not on the curve"),
    .init(file: "key-ec-compressed.pem", reason: "malformed elliptic-curve public key"),
    .init(file: "key-ec-infinity.pem", reason: "not on the curve"),
    .init(file: "key-ed25519-short.pem", reason: "malformed elliptic-curve public key"),
    .init(file: "key-ed25519-long.pem", reason: "malformed elliptic-curve public key"),
    .init(file: "key-ed25519-parameters.pem", reason: "Ed25519 key parameters must be absent"),
]

/// Each shape is refused as the leaf's key, index 0, with its reason.
@Test(arguments: badLeafKeyRows)
func badLeafKeyIsRefused(_ row: BadKeyRow) throws {
    switch try verifyLeaf(row.file) {
    case .success:
        Issue.record("\(row.file): a leaf with this key was trusted")
    case .failure(let failure):
        guard case .leafKey(.keyRefused(.invalidKey(let reason))) = failure.reason else {
            Issue.record("\(row.file): \(failure)")
            return
        }
        #expect(failure.certificateIndex == 0)
        #expect(failure.code == "leafKey")
        #expect(reason.description.contains(row.reason), "\(row.file): \(reason)")
    }
}

/// The legitimate keys of each kind PureX509 verifies are trusted.
@Test(arguments: ["key-good-rsa2048.pem", "key-good-p256.pem", "key-good-p384.pem", "key-good-ed25519.pem"])
func goodLeafKeyIsTrusted(_ file: String) throws {
    #expect(throws: Never.self, "\(file)") { try verifyLeaf(file).get() }
}

/// The policy is judged before the encoding, so a key that is both too
/// small and out of bounds says "below the policy" (LeafKeyTests), and a
/// policy that lowers the RSA minimum does not admit an invalid key.
@Test func encodingIsJudgedWhateverThePolicy() throws {
    let lenient: (inout VerificationPolicy) -> Void = {
        $0.keys.minimumRSAModulusBits = 512
        $0.profile = .compatible
    }
    guard case (_, .leafKey(.keyRefused(.invalidKey)))? = try verifyLeaf("key-rsa-exponent-one.pem", lenient).refusal else {
        Issue.record("an RSA leaf key with e = 1 passed a lenient policy")
        return
    }
    #expect(throws: Never.self) { try verifyLeaf("key-good-rsa2048.pem", lenient).get() }
}

/// A leaf that is itself an anchor (a pinned self-signed certificate) is
/// judged with the key the trust store prepared, and still trusted.
@Test func anchorLeafKeyIsStillTrusted() throws {
    #expect(throws: Never.self) { try verifyLeaf("anchor-leaf.pem", anchors: ["root.pem", "anchor-leaf.pem"]).get() }
    // Not an anchor: no issuer.
    #expect(throws: TrustFailure.unknownIssuer(index: 0)) { try verifyLeaf("anchor-leaf.pem").get() }
    // An anchor whose key the store could not prepare is no usable leaf either.
    guard case (_, .leafKey(.keyRefused(.invalidKey)))? = try verifyLeaf(
        "key-ec-off-curve.pem", anchors: ["root.pem", "key-ec-off-curve.pem"]).refusal else {
        Issue.record("a leaf that is an anchor with an off-curve key was trusted")
        return
    }
}

/// The key policy binds every issuer key on every evaluation: an edge the
/// signature cache remembers from an evaluation under a laxer policy must
/// not let a key the current policy refuses through (`Verifier.policy` may
/// change between evaluations).
@Test func cachedEdgeStillMeetsTheKeyPolicy() throws {
    let folder = vectors.appendingPathComponent("chains/weak-issuer-key")
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    let row = try #require(chainCases.first { $0.name == "weak-issuer-key" })
    var policy = VerificationPolicy(time: row.at, identity: ServerIdentity(host: "www.example.com"))
    policy.keys.minimumRSAModulusBits = 1024
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("roots.pem"))), policy: policy)
    #expect(throws: Never.self) { try verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())).get() }
    verifier.policy.keys.minimumRSAModulusBits = 2048
    switch verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())) {
    case .success: Issue.record("an RSA-1024 issuer key was trusted from the cache under a 2048-bit minimum")
    case .failure(let failure): #expect(failure.code == "weakKey", "\(failure)")
    }
}
