import DER
import Foundation
import PKIX
import Testing
import Trust

// The strict profile's additions, each refused and
// accepted (Vectors/conformance-holes/generate.py): anchors held to the RFC 5280
// rules on how a CA certificate is made (every Mozilla root meets them:
// MozillaRootsTests.swift), a non-empty issuer name, and an
// authorityInfoAccess that decodes.

private let folder = vectors.appendingPathComponent("conformance-holes")

private func verdict(_ roots: String, _ chain: String, _ profile: ValidationProfile) throws -> Result<VerifiedChain, TrustFailure> {
    let presented = try certificates(folder.appendingPathComponent(chain))
    let policy = VerificationPolicy(time: 1_798_761_600, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent(roots))), policy: policy)
    verifier.policy.profile = profile
    return verifier.verify(leaf: presented[0], intermediates: Array(presented.dropFirst()))
}

@Test(arguments: [
    ("critical-aki", ConformanceRule.criticalAuthorityKeyIdentifier),
    ("critical-ski", .criticalSubjectKeyIdentifier),
    ("aki-without-keyid", .authorityKeyIdentifierWithoutKeyIdentifier),
    ("aki-differs-from-ski", .keyIdentifierMismatch),
    ("noncritical-name-constraints", .nonCriticalNameConstraints),
    ("intermediate-without-aki", .missingAuthorityKeyIdentifier),
])
func anAnchorBreakingARuleIsRefusedUnderStrictOnly(_ shape: String, _ rule: ConformanceRule) throws {
    let strict = try verdict("anchor-\(shape).pem", "anchor-\(shape)-leaf.pem", .strict)
    guard case (1?, .nonConforming(let broken))? = strict.refusal, broken == rule else {
        Issue.record("\(shape) under strict: \(strict)")
        return
    }
    #expect((try? verdict("anchor-\(shape).pem", "anchor-\(shape)-leaf.pem", .chromium).get()) != nil)
    #expect((try? verdict("anchor-\(shape).pem", "anchor-\(shape)-leaf.pem", .rfc5280).get()) != nil)
}

/// (The fixtures are valid for ten years, which the apple and cabf
/// profiles' validity limits refuse; those rules have their own tests.)
@Test func aWellMadeAnchorIsTrustedUnderEveryProfile() throws {
    for profile in [ValidationProfile.strict, .chromium, .rfc5280] {
        #expect((try? verdict("anchor-good.pem", "anchor-good-leaf.pem", profile).get()) != nil, "\(profile.name)")
    }
}

/// §4.1.2.4: an empty issuer name is refused where construction rules
/// apply; §6 alone matches the empty names and trusts the path.
@Test func anEmptyIssuerNameIsRefused() throws {
    for profile in [ValidationProfile.strict, .chromium] {
        let result = try verdict("empty-issuer-root.pem", "empty-issuer-chain.pem", profile)
        guard case (0?, .nonConforming(.emptyIssuerName))? = result.refusal else {
            Issue.record("\(profile.name): \(result)")
            continue
        }
    }
    #expect((try? verdict("empty-issuer-root.pem", "empty-issuer-chain.pem", .rfc5280).get()) != nil)
}

/// An authorityInfoAccess whose AccessDescription holds an INTEGER where a
/// GeneralName belongs is malformed; the same leaf without it parses.
@Test func anAuthorityInfoAccessThatDoesNotDecodeIsMalformed() throws {
    let text = try Data(contentsOf: folder.appendingPathComponent("malformed-aia-leaf.pem"))
    let der = try #require(try PEM.certificates(in: [UInt8](text)).first).der
    #expect(throws: DERError.self) { try Certificate(derEncoded: der) }
    #expect(try certificates(folder.appendingPathComponent("anchor-good-leaf.pem")).count == 1)
}
