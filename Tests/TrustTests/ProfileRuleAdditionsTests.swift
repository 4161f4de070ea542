import Foundation
import PKIX
import RSA
import SHA2
import Testing
@testable import Trust

// Three construction rules and the RSASSA-PSS parameter rule, each with a
// certificate that breaks it and one that does not, under every named
// profile (Vectors/profile-rules/generate.py; leaves issued 2026-04-01 for
// 90 days, so that the apple and cabf validity limits hold, evaluated on
// 2026-05-01):
// - nameConstraints in a certificate that is not a CA is refused under
//   every profile, rfc5280 included (RFC 5280 §4.2.1.10; x509-limbo's
//   rfc5280::nc::not-allowed-in-ee-*);
// - pathLenConstraint without cA (§4.2.1.9) and an empty subject beside
//   cRLSign (§4.1.2.6) where construction rules apply, Chromium's
//   leniency aside;
// - a critical authorityInfoAccess in an anchor (§4.2.2.1) under the strict
//   anchor rules;
// - PSS parameters: salt = hash length with MGF1 of the same hash under
//   strict, chromium and apple; the CA/B Forum's encodings byte for byte
//   under cabf; anything RFC 4055 allows under rfc5280.

private let folder = vectors.appendingPathComponent("profile-rules")
private let may2026: Int64 = 1_777_593_600

private func verdict(_ leaf: String, under root: String, _ profile: ValidationProfile) throws -> Result<VerifiedChain, TrustFailure> {
    let presented = try #require(try certificates(folder.appendingPathComponent(leaf + ".pem")).first)
    var policy = VerificationPolicy(time: may2026, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.profile = profile
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent(root + ".pem"))), policy: policy)
    return verifier.verify(leaf: presented, intermediates: [])
}

private func trusted(_ result: Result<VerifiedChain, TrustFailure>) -> Bool {
    if case .success = result { return true }
    return false
}

/// Each leaf every profile trusts: the accepting side of every rule below.
@Test(arguments: ["leaf-good", "leaf-empty-subject", "leaf-crlsign"])
func aLeafMeetingTheRulesIsTrustedUnderEveryProfile(_ leaf: String) throws {
    for profile in ValidationProfile.named {
        let result = try verdict(leaf, under: "root", profile)
        #expect(trusted(result), "\(leaf) under \(profile.name): \(result)")
    }
}

/// RFC 5280 §4.2.1.10: "MUST be used only in a CA certificate"; rfc5280
/// refused nothing of §4 before, and trusted this leaf. apple does not
/// check it: SecTrust reads a certificate's nameConstraints only to bind
/// the certificates below it (SecPolicyCheckBasicCertificateProcessing).
@Test func nameConstraintsInALeafAreRefusedUnderEveryProfile() throws {
    for profile in ValidationProfile.named where profile.name != "apple" {
        let result = try verdict("leaf-name-constraints", under: "root", profile)
        guard case (0?, .nonConforming(.nameConstraintsOutsideCA))? = result.refusal else {
            Issue.record("\(profile.name): \(result)")
            continue
        }
    }
    #expect(ValidationProfile.named.allSatisfy { $0.leafRules.contains(.nameConstraintsOutsideCA) == ($0.name != "apple") })
    #expect((try? verdict("leaf-name-constraints", under: "root", .apple).get()) != nil)
    #expect(!ValidationProfile.rfc5280.applies(.keyCertSignWithoutCA))
}

/// The two new leaf rules: refused where construction rules apply, except
/// under chromium (Chromium's ParseBasicConstraints takes a pathLen under
/// cA FALSE, its test target-has-pathlen-but-not-ca trusts one, and its
/// verifier never reads cRLSign), rfc5280 (§6 checks neither) and apple
/// (SecTrust checks neither).
@Test(arguments: [
    ("leaf-pathlen-not-ca", ConformanceRule.pathLengthWithoutCA),
    ("leaf-crlsign-empty-subject", .emptySubjectWithCRLSign),
])
func aLeafRuleIsRefusedWhereConstructionRulesApply(_ leaf: String, _ rule: ConformanceRule) throws {
    for profile in [ValidationProfile.strict, .cabf] {
        let result = try verdict(leaf, under: "root", profile)
        guard case (0?, .nonConforming(let broken))? = result.refusal, broken == rule else {
            Issue.record("\(leaf) under \(profile.name): \(result)")
            continue
        }
    }
    for profile in [ValidationProfile.chromium, .rfc5280, .apple] {
        let result = try verdict(leaf, under: "root", profile)
        #expect(trusted(result), "\(leaf) under \(profile.name): \(result)")
    }
    #expect(rule.section.hasPrefix("RFC 5280 §4."))
    #expect(rule.description.contains(rule.section))
}

/// §4.2.2.1: authorityInfoAccess MUST be non-critical; no root of Mozilla's
/// bundle marks it critical, so the strict anchor rules hold anchors to it
/// (cabf is strict plus more). Chromium and §6.1.1(d) take an anchor as a
/// name and a key; Apple takes it as the app gives it.
@Test func aCriticalAuthorityInfoAccessInAnAnchorIsRefusedUnderTheStrictAnchorRules() throws {
    for profile in [ValidationProfile.strict, .cabf] {
        let result = try verdict("root-aia-critical-leaf", under: "root-aia-critical", profile)
        guard case (1?, .nonConforming(.criticalAuthorityInfoAccess))? = result.refusal else {
            Issue.record("\(profile.name): \(result)")
            continue
        }
    }
    for profile in [ValidationProfile.chromium, .rfc5280, .apple] {
        let result = try verdict("root-aia-critical-leaf", under: "root-aia-critical", profile)
        #expect(trusted(result), "\(profile.name): \(result)")
    }
    for profile in ValidationProfile.named {
        let result = try verdict("root-aia-leaf", under: "root-aia", profile)
        #expect(trusted(result), "a non-critical authorityInfoAccess under \(profile.name): \(result)")
    }
    #expect(ConformanceRule.anchor.contains(.criticalAuthorityInfoAccess))
}

/// The claim the anchor rule rests on, against the bundle this machine
/// trusts (MozillaRootsTests checks the copy in Vectors/mozilla-roots):
/// no root breaks any strict anchor rule, the new one included.
@Test func systemBundleRootsMeetTheStrictAnchorRules() throws {
    let path = "/etc/ssl/certs/ca-certificates.crt"
    guard let data = FileManager.default.contents(atPath: path) else {
        print("NOTICE: \(path) is absent; anchor-rule check not run")
        return
    }
    let roots = try PEM.certificates(in: [UInt8](data)).map { try Certificate(derEncoded: $0.der) }
    #expect(roots.count > 100)
    for rule in ConformanceRule.anchor {
        let breaking = roots.filter { rule.isBroken(by: $0) }.map { $0.subjectName.description }
        #expect(breaking.isEmpty, "\(rule.code): \(breaking)")
    }
}

/// What each profile does with each PSS shape: true when trusted.
private let pssVerdicts: [(leaf: String, strict: Bool, cabf: Bool, rfc5280: Bool)] = [
    ("pss-sha256-br", true, true, true),
    ("pss-sha384-br", true, true, true),
    ("pss-sha512-br", true, true, true),
    // The same parameters with the hash identifiers' NULL left out (RFC
    // 4055 allows both): not the BR's bytes.
    ("pss-sha256-no-null", true, false, true),
    // A salt of 0: every signature of a message is the same.
    ("pss-sha256-salt-0", false, false, true),
    ("pss-sha384-salt-32", false, false, true),
    ("pss-sha256-mgf1-sha384", false, false, true),
]

@Test func pssParametersAreJudgedByTheProfile() throws {
    for row in pssVerdicts {
        for profile in ValidationProfile.named {
            let expected: Bool
            switch profile.name {
            case "cabf": expected = row.cabf
            case "rfc5280": expected = row.rfc5280
            default: expected = row.strict  // strict, chromium and apple share the rule
            }
            let result = try verdict(row.leaf, under: "pss-root", profile)
            if expected {
                #expect(trusted(result), "\(row.leaf) under \(profile.name): \(result)")
            } else {
                guard case (0?, .disallowedAlgorithm(.rsaPSS))? = result.refusal else {
                    Issue.record("\(row.leaf) under \(profile.name): \(result)")
                    continue
                }
            }
        }
    }
}

/// The refusal names every parameter, so a user sees why.
@Test func aRefusedPSSSignatureSaysWhichParameters() throws {
    let result = try verdict("pss-sha384-salt-32", under: "pss-root", .strict)
    guard case .failure(let failure) = result else {
        Issue.record("trusted")
        return
    }
    #expect(failure.code == "disallowedAlgorithm")
    #expect(failure.description.contains("RSASSA-PSS with SHA-384, MGF1 with SHA-384 and a 32-octet salt"), "\(failure)")
}

/// An edge the signature cache holds from an evaluation under a wider rule
/// is held to this evaluation's rule.
@Test func aCachedPSSEdgeMeetsTheCurrentProfile() throws {
    let leaf = try #require(try certificates(folder.appendingPathComponent("pss-sha256-salt-0.pem")).first)
    var policy = VerificationPolicy(time: may2026, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.profile = .rfc5280
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("pss-root.pem"))), policy: policy)
    #expect(trusted(verifier.verify(leaf: leaf, intermediates: [])))
    verifier.policy.profile = .strict
    let result = verifier.verify(leaf: leaf, intermediates: [])
    guard case (0?, .disallowedAlgorithm(.rsaPSS(let parameters)))? = result.refusal else {
        Issue.record("cached edge under strict: \(result)")
        return
    }
    #expect(parameters.saltLength == 0)
    #expect(verifier.cache.hits >= 1)
}

/// The encodings cabf admits are BR §7.1.3.2.1's hex, byte for byte.
@Test func theBaselineRequirementsEncodingsAreTheBRBytes() {
    let hex = [
        "304106092a864886f70d01010a3034a00f300d06096086480165030402010500a11c301a06092a864886f70d010108300d06096086480165030402010500a203020120",
        "304106092a864886f70d01010a3034a00f300d06096086480165030402020500a11c301a06092a864886f70d010108300d06096086480165030402020500a203020130",
        "304106092a864886f70d01010a3034a00f300d06096086480165030402030500a11c301a06092a864886f70d010108300d06096086480165030402030500a203020140",
    ]
    #expect(PSSParameterRule.brEncodings.map { $0.map { String(format: "%02x", $0) }.joined() } == hex)
}

/// The seam without a profile keeps RFC 4055's freedom unless told.
@Test func theFreeSignatureCheckNarrowsOnlyWhenAsked() throws {
    let leaf = try #require(try certificates(folder.appendingPathComponent("pss-sha256-salt-0.pem")).first)
    let root = try #require(try certificates(folder.appendingPathComponent("pss-root.pem")).first)
    guard case .success(let key) = VerificationKey.prepare(root) else {
        Issue.record("root key")
        return
    }
    let signed = leaf.signedData
    #expect(checkSignature(algorithm: signed.algorithm.encoded, key: key, policy: KeyPolicy(), allowSHA1: false,
                           signature: signed.signature, message: signed.message) == nil)
    let narrowed = checkSignature(algorithm: signed.algorithm.encoded, key: key, policy: KeyPolicy(), allowSHA1: false,
                                  pssParameters: .saltMatchesHash, signature: signed.signature, message: signed.message)
    guard case .disallowedAlgorithm(.rsaPSS) = narrowed else {
        Issue.record("narrowed: \(String(describing: narrowed))")
        return
    }
}
