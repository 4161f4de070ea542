import DER
import Foundation
import PKIX
import Testing
import Trust

// The key policy judges the leaf's own key too: a leaf
// with a 512-bit RSA key was trusted because only issuer keys were checked.
// Fixtures: Vectors/leaf-keys (one root, five leaves differing in key).

private func certificate(_ name: String) throws -> Certificate {
    let text = [UInt8](try Data(contentsOf: vectors.appendingPathComponent("leaf-keys/\(name).pem")))
    return try Certificate(derEncoded: try #require(try PEM.certificates(in: text).first).der)
}

private func verify(_ leaf: String, _ adjust: (inout VerificationPolicy) -> Void = { _ in }) throws -> Result<VerifiedChain, TrustFailure> {
    // 2030-01-01T00:00:00Z, inside every fixture's validity.
    var policy = VerificationPolicy(time: 1_893_456_000, identity: ServerIdentity(host: "www.example.com"))
    adjust(&policy)
    var verifier = Verifier(store: TrustStore([try certificate("root")]), policy: policy)
    return verifier.verify(leaf: try certificate(leaf), intermediates: [])
}

@Test func leafKeysInsidePolicyAreTrusted() throws {
    #expect(throws: Never.self) { try verify("leaf-rsa2048").get() }
    #expect(throws: Never.self) { try verify("leaf-p256").get() }
    #expect(throws: Never.self) { try verify("leaf-rsa1024") { $0.keys.minimumRSAModulusBits = 1024 }.get() }
}

@Test func smallRSALeafKeysAreRefusedByDefault() throws {
    #expect(try verify("leaf-rsa512") == .failure(.leafKey(.keyRefused(.rsaModulusTooSmall(bits: 512, minimum: 2048)))))
    #expect(try verify("leaf-rsa1024") == .failure(.leafKey(.keyRefused(.rsaModulusTooSmall(bits: 1024, minimum: 2048)))))
    #expect(try verify("leaf-rsa512") { $0.keys.minimumRSAModulusBits = 1024 }
            == .failure(.leafKey(.keyRefused(.rsaModulusTooSmall(bits: 512, minimum: 1024)))))
}

@Test func leafKeysOnCurvesOutsidePolicyAreRefused() throws {
    #expect(try verify("leaf-p256") { $0.keys.allowedCurves = [.p384] } == .failure(.leafKey(.keyRefused(.curveNotAllowed(.ecdsa(.p256))))))
    guard case (_, .leafKey(.unsupportedAlgorithm(let what)))? = try verify("leaf-secp256k1").refusal else {
        Issue.record("a secp256k1 leaf must be refused as unsupported")
        return
    }
    #expect(what.description.contains("1.3.132.0.10"), "\(what)")
}

private extension Result where Success == VerifiedChain, Failure == TrustFailure {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.failure(let a), .failure(let b)): return a == b
        default: return false
        }
    }
}

/// The leaf's rsaEncryption key must carry NULL parameters (RFC 3279
/// §2.3.1), as an issuer key must: Vectors/rsa-key-params.
@Test func leafRSAKeyParametersMustBeNull() throws {
    func load(_ name: String) throws -> Certificate {
        let text = [UInt8](try Data(contentsOf: vectors.appendingPathComponent("rsa-key-params/\(name).pem")))
        return try Certificate(derEncoded: try #require(try PEM.certificates(in: text).first).der)
    }
    let policy = VerificationPolicy(time: 1_893_456_000, identity: ServerIdentity(host: "www.example.com"))
    var verifier = Verifier(store: TrustStore([try load("root")]), policy: policy)
    #expect(throws: Never.self) { try verifier.verify(leaf: try load("leaf-rsa-null-parameters"), intermediates: []).get() }
    switch verifier.verify(leaf: try load("leaf-rsa-absent-parameters"), intermediates: []) {
    case .success: Issue.record("a leaf RSA key without NULL parameters was trusted")
    case .failure(let failure):
        #expect(failure == .leafKey(.keyRefused(.invalidKey(reason: .rsaParametersNotNull))), "\(failure)")
        #expect(failure.description == "the leaf's own key is refused: invalid key: rsaEncryption parameters must be NULL")
    }
}
