import Foundation
import PKIX
import Testing
@testable import Trust

// The `apple` profile as its own rule set (Sources/Trust/Rules/AppleRules.swift,
// ValidationProfile.apple): each rule it takes from Apple's Security source
// rather than from `strict`, with a chain it refuses and one it accepts,
// each also decided under `strict` (the profile it used to be built on) and,
// for the wildcard rule, `chromium`. Fixtures: Vectors/apple-ssl/generate.py.

private let folder = vectors.appendingPathComponent("apple-ssl")
private let in2019: Int64 = 1_546_300_800  // 2019-01-01
private let in2020: Int64 = 1_577_836_800  // 2020-01-01
private let mid2020: Int64 = 1_590_969_600  // 2020-06-01
private let in2026: Int64 = 1_780_272_000  // 2026-06-01

struct AppleSSLCase: CustomStringConvertible, Sendable {
    enum Verdict: Equatable, Sendable, CustomStringConvertible {
        case trusted
        /// One of Apple's rules of the table, broken at a path position.
        case apple(Int, ConformanceRule)
        /// A rule of RFC 5280's table (strict's), broken at a path position.
        case rule(Int, ConformanceRule)
        /// Any other refusal, by its code, at a path position (nil: the path as a whole).
        case refused(Int?, String)

        var description: String {
            switch self {
            case .trusted: return "trusted"
            case .apple(let index, let rule), .rule(let index, let rule): return "\(rule.code) at \(index)"
            case .refused(let index, let code): return "\(code) at \(index.map(String.init) ?? "-")"
            }
        }
    }

    let name: String
    let leaf: String
    var intermediates: [String] = []
    var anchor = "root"
    var provenance: TrustStore.Provenance = .caller
    var host = "www.example.com"
    let time: Int64
    let apple: Verdict
    let strict: Verdict
    /// Chromium's verdict, where the row is about a rule it shares.
    var chromium: Verdict? = nil
    var description: String { name }
}

private let cases: [AppleSSLCase] = [
    // No authorityKeyIdentifier: SecTrust never requires one.
    AppleSSLCase(name: "no AKI in leaf or intermediate", leaf: "leaf-no-aki", intermediates: ["intermediate-no-aki"],
                 time: in2026, apple: .trusted, strict: .rule(0, .missingAuthorityKeyIdentifier)),
    AppleSSLCase(name: "AKI present", leaf: "leaf-under-nc-dns", intermediates: ["intermediate-nc-dns"],
                 time: in2026, apple: .trusted, strict: .trusted),
    // anyExtendedKeyUsage alone: the generic SSL EKU check takes it; the
    // serverAuth rule refuses it under a system root, and under another
    // anchor after 2019-06-30T23:00Z.
    AppleSSLCase(name: "anyEKU, 2018, app anchor", leaf: "leaf-any-eku-2018-06-01", time: in2019,
                 apple: .trusted, strict: .refused(0, "extendedKeyUsage")),
    AppleSSLCase(name: "anyEKU, 2018, system root", leaf: "leaf-any-eku-2018-06-01", provenance: .system, time: in2019,
                 apple: .apple(0, .missingServerAuthEKU), strict: .refused(0, "extendedKeyUsage")),
    AppleSSLCase(name: "anyEKU, 2019-08, app anchor", leaf: "leaf-any-eku-2019-08-01", time: in2020,
                 apple: .apple(0, .missingServerAuthEKU), strict: .refused(0, "extendedKeyUsage")),
    // No extendedKeyUsage under a system root: refused whatever the date.
    AppleSSLCase(name: "no EKU, 2018, system root", leaf: "leaf-no-eku-2018-06-01", provenance: .system, time: in2019,
                 apple: .apple(0, .missingServerAuthEKU), strict: .trusted),
    AppleSSLCase(name: "no EKU, 2018, app anchor", leaf: "leaf-no-eku-2018-06-01", time: in2019,
                 apple: .trusted, strict: .trusted),
    // Under an app anchor the rule holds after the source's instant.
    AppleSSLCase(name: "no EKU, at 2019-06-30T23:00Z", leaf: "leaf-no-eku-2019-06-30T23", time: in2020,
                 apple: .trusted, strict: .trusted),
    AppleSSLCase(name: "no EKU, a second later", leaf: "leaf-no-eku-2019-06-30T23-plus-1s", time: in2020,
                 apple: .apple(0, .missingServerAuthEKU), strict: .trusted),
    // 825 days: from 2018-03-01 under a system root, from 2019-06-30T23:00Z under any anchor.
    AppleSSLCase(name: "900 days from 2018-06-01, system root", leaf: "leaf-900-days-2018-06-01", provenance: .system,
                 time: in2019, apple: .apple(0, .validityOver825Days), strict: .trusted),
    AppleSSLCase(name: "900 days from 2018-06-01, app anchor", leaf: "leaf-900-days-2018-06-01", time: in2019,
                 apple: .trusted, strict: .trusted),
    AppleSSLCase(name: "900 days from 2018-02-28, system root", leaf: "leaf-900-days-2018-02-28", provenance: .system,
                 time: in2019, apple: .trusted, strict: .trusted),
    AppleSSLCase(name: "900 days from the second before the source's instant, app anchor",
                 leaf: "leaf-900-days-2019-06-30T22", time: in2020, apple: .trusted, strict: .trusted),
    // A leaf that is itself the app's anchor: nothing waived.
    AppleSSLCase(name: "self-anchored leaf without EKU", leaf: "self-anchor-no-eku", anchor: "self-anchor-no-eku",
                 time: mid2020, apple: .apple(0, .missingServerAuthEKU), strict: .trusted),
    AppleSSLCase(name: "self-anchored leaf of 900 days", leaf: "self-anchor-900-days", anchor: "self-anchor-900-days",
                 time: mid2020, apple: .apple(0, .validityOver825Days), strict: .trusted),
    AppleSSLCase(name: "self-anchored leaf within the rules", leaf: "self-anchor-ok", anchor: "self-anchor-ok",
                 time: mid2020, apple: .trusted, strict: .trusted),
    // An app anchor without basicConstraints.
    AppleSSLCase(name: "anchor without basicConstraints", leaf: "leaf-under-root-no-basic-constraints",
                 anchor: "root-no-basic-constraints", time: in2026,
                 apple: .refused(1, "notACA"), strict: .rule(1, .missingBasicConstraints)),
    // A critical nameConstraints with a form SecTrust does not process, in an
    // intermediate; a dNSName subtree (the AKI row above) is processed. In
    // the trusted anchor, SecTrust does not look.
    AppleSSLCase(name: "registeredID subtree in an intermediate", leaf: "leaf-under-nc-registered-id",
                 intermediates: ["intermediate-nc-registered-id"], time: in2026,
                 apple: .apple(1, .unprocessedNameConstraintForm), strict: .trusted),
    AppleSSLCase(name: "registeredID subtree in the anchor", leaf: "leaf-under-root-nc-registered-id",
                 anchor: "root-nc-registered-id", time: in2026, apple: .trusted, strict: .trusted),
    // A wildcard over a public suffix never matches under apple and chromium.
    AppleSSLCase(name: "*.co.uk for apple.co.uk", leaf: "leaf-wildcard-co-uk", host: "apple.co.uk", time: in2026,
                 apple: .refused(0, "hostnameMismatch"), strict: .trusted, chromium: .refused(0, "hostnameMismatch")),
    AppleSSLCase(name: "*.example.co.uk for www.example.co.uk", leaf: "leaf-wildcard-example-co-uk",
                 host: "www.example.co.uk", time: in2026, apple: .trusted, strict: .trusted, chromium: .trusted),
]

/// The ICANN section of the list the tool ships: enough for these rows.
private let suffixes = PublicSuffixList(text: Array("uk\nco.uk\ncom\n".utf8))

private func load(_ name: String) throws -> Certificate {
    try #require(try certificates(folder.appendingPathComponent(name + ".pem")).first)
}

private func decide(_ row: AppleSSLCase, _ profile: ValidationProfile) throws -> AppleSSLCase.Verdict {
    let store = TrustStore([try load(row.anchor)], provenance: row.provenance)
    var policy = VerificationPolicy(time: row.time, purpose: .serverAuth, identity: ServerIdentity(host: row.host))
    policy.profile = profile
    policy.publicSuffixes = suffixes
    // The rows are about Apple's SSL rules: the CT policy, which a system
    // root brings in from 2018-10-15, has its own tests (CTPolicyTests).
    policy.profile.certificateTransparency = nil
    var verifier = Verifier(store: store, policy: policy)
    let result = verifier.verify(leaf: try load(row.leaf), intermediates: try row.intermediates.map(load))
    guard case .failure(let failure) = result else { return .trusted }
    switch failure.reason {
    case .appleSSLPolicy(let rule): return .apple(failure.certificateIndex ?? -1, rule)
    case .nonConforming(let rule): return .rule(failure.certificateIndex ?? -1, rule)
    default: return .refused(failure.certificateIndex, failure.code)
    }
}

@Test(arguments: cases)
func appleDecidesByAppleRules(_ row: AppleSSLCase) throws {
    #expect(try decide(row, .apple) == row.apple, "apple")
    #expect(try decide(row, .strict) == row.strict, "strict")
    if let chromium = row.chromium { #expect(try decide(row, .chromium) == chromium, "chromium") }
}

/// Every rule of the table that `apple` checks is Apple's or one it shares
/// by Apple's source; RFC 5280's construction rules are `strict`'s.
@Test func appleChecksOnlyAppleRules() {
    let apple = ValidationProfile.apple
    for rule in apple.leafRules + apple.intermediateRules + apple.anchorRules {
        #expect(rule.check.family == .appleSSL, "\(rule.code)")
    }
    #expect(!apple.waivesRulesForAnchorLeaf && apple.requiresAnchorBasicConstraints)
    #expect(apple.refusesWildcardOverPublicSuffix && ValidationProfile.chromium.refusesWildcardOverPublicSuffix)
    #expect(!ValidationProfile.strict.refusesWildcardOverPublicSuffix && !ValidationProfile.cabf.refusesWildcardOverPublicSuffix)
}

/// The ICANN section alone: a private registry (github.io) is no suffix a
/// certificate wildcard is measured against.
@Test func theICANNSectionStopsAtItsEndMarker() {
    let text = Array("// ===BEGIN ICANN DOMAINS===\nco.uk\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n".utf8)
    let icann = PublicSuffixList(text: text, icannOnly: true)
    let all = PublicSuffixList(text: text)
    #expect(icann.isPublicSuffix(Array("co.uk".utf8)) && !icann.isPublicSuffix(Array("github.io".utf8)))
    #expect(all.isPublicSuffix(Array("github.io".utf8)))
}

/// The 2017 Netflix chain (Vectors/samples), whose Symantec intermediate
/// has no authorityKeyIdentifier: every iPhone took it then, and so does
/// `apple`, under the root as the app's anchor or as a system root (issued
/// in 2016: before the 825-day, EKU-date and CT rules). strict refuses it.
@Test func theNetflixChainOf2017IsTrustedUnderApple() throws {
    let samples = vectors.appendingPathComponent("samples")
    let chain = try certificates(samples.appendingPathComponent("netflix-chain.pem"))
    let root = try #require(try certificates(samples.appendingPathComponent("netflix-root.pem")).first)
    let june2017: Int64 = 1_496_275_200
    for provenance in [TrustStore.Provenance.caller, .system] {
        var policy = VerificationPolicy(time: june2017, purpose: .serverAuth, identity: ServerIdentity(host: "www.netflix.com"))
        policy.profile = .apple
        var verifier = Verifier(store: TrustStore([root], provenance: provenance), policy: policy)
        let result = verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
        #expect((try? result.get()) != nil, "\(provenance): \(result)")
        policy.profile = .strict
        var strict = Verifier(store: TrustStore([root], provenance: provenance), policy: policy)
        guard case (1?, .nonConforming(.missingAuthorityKeyIdentifier))? = strict.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())).refusal else {
            Issue.record("strict should refuse the intermediate without an authorityKeyIdentifier")
            continue
        }
    }
}
