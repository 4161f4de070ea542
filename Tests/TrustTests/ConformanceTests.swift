import DER
import Foundation
import PKIX
import Testing
import Trust

// RFC 5280 profile rules on presented certificates: each
// rule with a certificate that breaks it and one that does not
// (Vectors/conformance, generated with openssl).

private func certificate(_ name: String) throws -> Certificate {
    let text = [UInt8](try Data(contentsOf: vectors.appendingPathComponent("conformance/\(name).pem")))
    return try Certificate(derEncoded: try #require(try PEM.certificates(in: text).first).der)
}

private func verify(_ leaf: String, through intermediates: [String] = []) throws -> Result<VerifiedChain, TrustFailure> {
    // 2030-01-01T00:00:00Z, inside every fixture's validity.
    let policy = VerificationPolicy(time: 1_893_456_000, identity: ServerIdentity(host: "www.example.com"))
    var verifier = Verifier(store: TrustStore([try certificate("root")]), policy: policy)
    return verifier.verify(leaf: try certificate(leaf), intermediates: try intermediates.map(certificate))
}

private func failure(_ result: Result<VerifiedChain, TrustFailure>) -> TrustFailure? {
    if case .failure(let failure) = result { return failure }
    return nil
}

@Test func conformingCertificatesAreTrusted() throws {
    #expect(failure(try verify("leaf-conforming")) == nil)
    #expect(failure(try verify("leaf-below-intermediate", through: ["intermediate-key-usage"])) == nil)
}

@Test(arguments: [
    ("leaf-critical-aki", ConformanceRule.criticalAuthorityKeyIdentifier),
    ("leaf-critical-ski", .criticalSubjectKeyIdentifier),
    ("leaf-critical-aia", .criticalAuthorityInfoAccess),
    ("leaf-name-constraints", .nameConstraintsOutsideCA),
    ("leaf-keycertsign", .keyCertSignWithoutCA),
])
func aLeafBreakingARuleIsRefused(_ leaf: String, _ rule: ConformanceRule) throws {
    #expect(failure(try verify(leaf)) == .nonConforming(index: 0, rule))
}

@Test func anIntermediateWithoutKeyUsageIsRefused() throws {
    #expect(failure(try verify("leaf-below-intermediate", through: ["intermediate-no-key-usage"]))
            == .nonConforming(index: 1, .missingKeyUsage))
}
