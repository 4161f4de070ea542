import Foundation
import PKIX
import Testing
import Trust

// The `apple` profile: Apple's SSL policy as SecTrust
// applies it (HT210176, HT211025; Sources/Trust/Rules/AppleRules.swift). Each
// rule has a certificate that breaks it and one that does not, at the
// rule's edge where it has one (Vectors/apple-articles/generate.py). Every
// row is also decided under `strict`, which trusts them all: the refusals
// are the profile's, not something else about the fixture. The rules
// `apple` takes from Apple's source rather than from `strict` are in
// AppleSSLRulesTests.

private let folder = vectors.appendingPathComponent("apple-articles")
private let in2026: Int64 = 1_780_272_000  // 2026-06-01, inside the 2026 leaves' 397 days
private let in2020: Int64 = 1_577_836_800  // 2020-01-01, inside the 2019 leaves
private let in2021: Int64 = 1_609_459_200  // 2021-01-01, inside the 2020 leaves

struct AppleCase: CustomStringConvertible, Sendable {
    enum Expected: Equatable, Sendable {
        case trusted
        case refused(index: Int, AppleRule)
        case hostnameMismatch
        /// Apple's SSL rules pass, and Apple's CT policy refuses: the
        /// fixtures carry no SCTs, and a leaf under a system root issued
        /// since 2018-10-15 needs them (CTPolicyTests has the CT cases).
        case noSCTs
    }
    let name: String
    let leaf: String
    var intermediates: [String] = []
    let time: Int64
    var provenance: TrustStore.Provenance = .caller
    /// The policy leniency the rule must override (`allowSHA1`, a 1024-bit
    /// RSA minimum, the Common Name fallback), when there is one.
    var loosen: @Sendable (inout VerificationPolicy) -> Void = { _ in }
    let apple: Expected
    var description: String { name }
}

private let allowSHA1: @Sendable (inout VerificationPolicy) -> Void = { $0.allowSHA1 = true }
private let allowRSA1024: @Sendable (inout VerificationPolicy) -> Void = { $0.keys.minimumRSAModulusBits = 1024 }
private let allowCommonName: @Sendable (inout VerificationPolicy) -> Void = { $0.allowCommonNameFallback = true }

private let cases: [AppleCase] = [
    // The accepting counterpart of the 2026 rows: RSA-2048, SHA-256, EKU, SAN, 397 days.
    AppleCase(name: "ok, caller-added root", leaf: "leaf-ok", time: in2026, apple: .trusted),
    AppleCase(name: "ok, system root", leaf: "leaf-ok", time: in2026, provenance: .system, apple: .noSCTs),
    // SHA-2 signatures, on the leaf and on an intermediate, even with SHA-1 allowed.
    AppleCase(name: "SHA-1 leaf", leaf: "leaf-sha1", time: in2026, loosen: allowSHA1,
              apple: .refused(index: 0, .signatureHashNotSHA2)),
    AppleCase(name: "SHA-1 intermediate", leaf: "leaf-under-sha1-intermediate", intermediates: ["intermediate-sha1"],
              time: in2026, loosen: allowSHA1, apple: .refused(index: 1, .signatureHashNotSHA2)),
    AppleCase(name: "ok leaf with SHA-1 allowed", leaf: "leaf-ok", time: in2026, loosen: allowSHA1, apple: .trusted),
    // RSA keys of 2048 bits, on the leaf and on an issuing CA, even with a 1024-bit policy minimum.
    AppleCase(name: "RSA-1024 leaf", leaf: "leaf-rsa1024", time: in2026, loosen: allowRSA1024,
              apple: .refused(index: 0, .rsaKeyBelow2048Bits)),
    AppleCase(name: "RSA-1024 intermediate", leaf: "leaf-under-rsa1024-intermediate", intermediates: ["intermediate-rsa1024"],
              time: in2026, loosen: allowRSA1024, apple: .refused(index: 1, .rsaKeyBelow2048Bits)),
    AppleCase(name: "RSA-2048 leaf with a 1024-bit minimum", leaf: "leaf-ok", time: in2026, loosen: allowRSA1024, apple: .trusted),
    // The host from subjectAltName only, even with the Common Name fallback on.
    AppleCase(name: "name in the CN only", leaf: "leaf-cn-only", time: in2026, loosen: allowCommonName, apple: .hostnameMismatch),
    AppleCase(name: "name in subjectAltName, fallback on", leaf: "leaf-ok", time: in2026, loosen: allowCommonName, apple: .trusted),
    // extendedKeyUsage with serverAuth after 2019-06-30T23:00:00Z, the
    // instant Apple's source names "1 July 2019" (the edge itself is in
    // AppleSSLRulesTests): 2019-06-30T23:59:59Z is after it.
    AppleCase(name: "no EKU, issued 2019-07-01", leaf: "leaf-no-eku-2019-07-01", time: in2020,
              apple: .refused(index: 0, .missingServerAuthEKU)),
    AppleCase(name: "no EKU, issued 2019-06-30T23:59:59Z", leaf: "leaf-no-eku-2019-06-30", time: in2020,
              apple: .refused(index: 0, .missingServerAuthEKU)),
    // 825 days (and Apple's hour) from 2019-06-30T23:00Z, whatever the anchor.
    AppleCase(name: "825 days + 1 h + 1 s, caller-added root", leaf: "leaf-825-days-over", time: in2020,
              apple: .refused(index: 0, .validityOver825Days)),
    AppleCase(name: "825 days + 1 h + 1 s, system root", leaf: "leaf-825-days-over", time: in2020, provenance: .system,
              apple: .refused(index: 0, .validityOver825Days)),
    AppleCase(name: "825 days + 1 h", leaf: "leaf-825-days-edge", time: in2020, apple: .trusted),
    AppleCase(name: "900 days, issued 2019-06-30T23:59:59Z", leaf: "leaf-900-days-2019-06-30", time: in2020,
              apple: .refused(index: 0, .validityOver825Days)),
    // 398 days from 2020-09-01, under a system root only.
    AppleCase(name: "398 days + 1 s, system root", leaf: "leaf-398-days-over", time: in2021, provenance: .system,
              apple: .refused(index: 0, .validityOver398Days)),
    AppleCase(name: "398 days + 1 s, caller-added root", leaf: "leaf-398-days-over", time: in2021, apple: .trusted),
    AppleCase(name: "398 days, system root", leaf: "leaf-398-days-edge", time: in2021, provenance: .system, apple: .noSCTs),
    AppleCase(name: "500 days, issued the second before 2020-09-01, system root", leaf: "leaf-500-days-2020-08-31", time: in2021,
              provenance: .system, apple: .noSCTs),
]

private func load(_ name: String) throws -> Certificate {
    try #require(try certificates(folder.appendingPathComponent(name + ".pem")).first)
}

private func decide(_ row: AppleCase, profile: ValidationProfile) throws -> Result<VerifiedChain, TrustFailure> {
    let store = TrustStore([try load("root")], provenance: row.provenance)
    var policy = VerificationPolicy(time: row.time, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    row.loosen(&policy)
    policy.profile = profile
    // A list without logs: a CT policy that applies finds no SCT to count.
    policy.certificateTransparency.logs = CTLogList(format: .apple, version: "empty", timestamp: nil, logs: [])
    var verifier = Verifier(store: store, policy: policy)
    return verifier.verify(leaf: try load(row.leaf), intermediates: try row.intermediates.map(load))
}

@Test(arguments: cases)
func appleProfileDecidesEachRule(_ row: AppleCase) throws {
    let result = try decide(row, profile: .apple)
    switch (row.apple, result.refusal) {
    case (.trusted, nil): break
    case (.refused(let index, let rule), (let gotIndex, .appleSSLPolicy(let gotRule))?) where index == gotIndex && rule == gotRule:
        #expect(gotRule.section.hasPrefix("Apple: "))
    case (.hostnameMismatch, (_, .hostnameMismatch)?): break
    case (.noSCTs, (_, .certificateTransparency(let ct))?):
        #expect(ct.policy == .apple && ct.unmetRule == .appleTwoSCTs && ct.findings.isEmpty, "\(row.name)")
        // Apple's SSL rules alone trust it.
        var withoutCT = ValidationProfile.apple
        withoutCT.certificateTransparency = nil
        #expect((try? decide(row, profile: withoutCT).get()) != nil, "\(row.name) without CT")
    default: Issue.record("\(row.name): expected \(row.apple), got \(result)")
    }
    // The same chain and policy under strict: trusted, so the refusal above is the rule's.
    #expect((try? decide(row, profile: .strict).get()) != nil, "\(row.name) under strict")
}

@Test func appleIsANamedProfileAndStrictLeavesItsRulesOut() {
    #expect(ValidationProfile.named("apple") == .apple)
    #expect(ValidationProfile.named.map(\.name) == ["strict", "chromium", "rfc5280", "apple", "cabf"])
    for profile in [ValidationProfile.strict, .chromium, .rfc5280] {
        #expect(ConformanceRule.appleLeaf.allSatisfy { !profile.applies($0) } && !profile.hostFromSubjectAltNameOnly, "\(profile.name)")
    }
    // apple is its own rule set: none of strict's construction rules.
    let apple = ValidationProfile.apple
    #expect(apple.leafRules == ConformanceRule.appleLeaf)
    #expect(apple.intermediateRules == ConformanceRule.appleIssuer)
    #expect(apple.anchorRules == ConformanceRule.appleAnchor)
    #expect(ConformanceRule.presented.allSatisfy { !apple.applies($0) })
    #expect(ValidationProfile.apple.certificateTransparency == .apple)
    #expect(ValidationProfile.named.filter { $0.certificateTransparency != nil }.map(\.name) == ["apple"])
}

/// Apple's SSL policy is for servers: the basic X.509 evaluation
/// (`purpose: .any`, AFNetworking without domain validation) applies none of it.
@Test func appleRulesHoldForServerAuthenticationOnly() throws {
    let store = TrustStore([try load("root")])
    var policy = VerificationPolicy(time: in2020, purpose: .any)
    policy.profile = .apple
    var verifier = Verifier(store: store, policy: policy)
    #expect((try? verifier.verify(leaf: try load("leaf-825-days-over"), intermediates: []).get()) != nil)
}

/// A leaf that is itself the app's anchor is held to Apple's rules (SecTrust
/// exempts only a leaf the user's trust settings trust); a profile that
/// waives the leaf's rules for such a leaf waives these too, in the trace.
@Test func aLeafThatIsAnAppAnchorIsHeldToAppleRules() throws {
    let leaf = try load("leaf-no-eku-2019-07-01")
    var policy = VerificationPolicy(time: in2020, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.profile = .apple
    var verifier = Verifier(store: TrustStore([leaf]), policy: policy)
    #expect(verifier.verify(leaf: leaf, intermediates: []).refusal?.index == 0)
    if case .appleSSLPolicy(.missingServerAuthEKU)? = verifier.verify(leaf: leaf, intermediates: []).refusal?.reason {} else {
        Issue.record("expected the serverAuth EKU rule")
    }

    var waiving = ValidationProfile.strict
    waiving.leafRules += ConformanceRule.appleLeaf
    policy.profile = waiving
    var lenient = Verifier(store: TrustStore([leaf]), policy: policy)
    let explanation = lenient.explain(leaf: leaf, intermediates: [])
    #expect((try? explanation.result.get()) != nil, "\(explanation.result)")
    var waived: [CheckName] = []
    for step in explanation.steps {
        if case .waived(let check, _, _, _) = step { waived.append(check) }
        if case .check(.appleRule(.missingServerAuthEKU), _, _, _) = step { Issue.record("recorded as a check") }
    }
    #expect(waived.contains(.appleRule(.missingServerAuthEKU)))
}

/// The trace names each rule with its Apple article.
@Test func theTraceNamesTheAppleArticle() throws {
    var policy = VerificationPolicy(time: in2021, purpose: .serverAuth, identity: ServerIdentity(host: "www.example.com"))
    policy.profile = .apple
    var verifier = Verifier(store: TrustStore([try load("root")], provenance: .system), policy: policy)
    let explanation = verifier.explain(leaf: try load("leaf-398-days-over"), intermediates: [])
    let failing = explanation.steps.compactMap { step -> CheckName? in
        if case .check(let check, _, _, let failure) = step, failure != nil { return check }
        return nil
    }
    #expect(failing == [.appleRule(.validityOver398Days)])
    #expect(CheckName.appleRule(.validityOver398Days).section == "Apple: About upcoming limits on trusted certificates (HT211025)")
    #expect(CheckName.appleRule(.validityOver825Days).section
            == "Apple: Requirements for trusted certificates in iOS 13 and macOS 10.15 (HT210176); set_ssl_validity_periods")
    guard case .failure(let failure) = explanation.result else { return }
    #expect(failure.code == "appleSSLPolicy")
    #expect(failure.description.contains("398 days") && failure.description.contains("HT211025"))
}
