import Foundation
import PKIX
import Pinning
import Testing
import Trust

// AFNetworking's and Alamofire's evaluations sit on SecTrust's SSL
// policy, so `TrustEnvironment(systemAnchors:time:)` decides under the
// `apple` profile, and a caller's `VerificationPolicy` with another profile
// replaces it. Certificates from Vectors/apple-articles (generate.py): every
// leaf names www.example.com and chains to one RSA root; the rules
// themselves are tested in Tests/TrustTests/AppleProfileTests.swift.

private let folder = vectors.appendingPathComponent("apple-articles")
private let in2026: Int64 = 1_780_272_000  // inside leaf-ok's 397 days
private let in2020: Int64 = 1_577_836_800  // inside the 2019 leaves
private let in2021: Int64 = 1_609_459_200  // inside the 2020 leaves

private func certificate(_ name: String, in folder: URL = folder) throws -> Certificate {
    let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".pem")))
    return try Certificate(derEncoded: try #require(PEM.certificates(in: bytes).first).der)
}

private func store(_ provenance: TrustStore.Provenance) throws -> TrustStore {
    TrustStore([try certificate("root")], provenance: provenance)
}

/// The Apple rule a default evaluation refused the leaf for, or nil when it trusted.
private func appleRule(_ failure: ServerTrustFailure?) -> AppleRule? {
    guard case .defaultEvaluationFailed(let refusal)? = failure, refusal.certificateIndex == 0,
          case .appleSSLPolicy(let rule) = refusal.reason else { return nil }
    return rule
}

@Suite struct AppleDefaultTests {
    @Test func theDefaultEnvironmentDecidesUnderTheAppleProfile() throws {
        let environment = TrustEnvironment(systemAnchors: try store(.system), time: in2026)
        #expect(environment.policy.profile.name == "apple")
        #expect(environment.policy.purpose == .serverAuth)
        #expect(TrustEnvironment.defaultPolicy(time: 7).profile.name == "apple")
        let chosen = TrustEnvironment(systemAnchors: try store(.system), policy: VerificationPolicy(time: in2026))
        #expect(chosen.policy.profile.name == "strict")
    }

    @Test func securityPolicyRefusesWhatSecTrustRefusesAndTrustsWhatItTrusts() throws {
        let policy = SecurityPolicy(pinningMode: .none)
        // Under a caller-added root the leaf is trusted; under a system root
        // it also needs SCTs (Apple's CT policy), which the fixture lacks.
        var trusted = TrustEnvironment(systemAnchors: try store(.caller), time: in2026)
        let ok = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-ok")]), domain: "www.example.com", in: &trusted)
        #expect((try? ok.get()) != nil)
        var system = TrustEnvironment(systemAnchors: try store(.system), time: in2026)
        let noSCTs = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-ok")]), domain: "www.example.com", in: &system)
        guard case .defaultEvaluationFailed(let refusal)? = noSCTs.failure, case .certificateTransparency(let ct) = refusal.reason else {
            Issue.record("expected a CT refusal, got \(noSCTs)")
            return
        }
        #expect(ct.policy == .apple && ct.unmetRule == .logList)

        var in2019 = TrustEnvironment(systemAnchors: try store(.caller), time: in2020)
        let long = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-825-days-over")]), domain: "www.example.com", in: &in2019)
        #expect(appleRule(long.failure) == .validityOver825Days)
        let noEKU = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-no-eku-2019-07-01")]), domain: "www.example.com", in: &in2019)
        #expect(appleRule(noEKU.failure) == .missingServerAuthEKU)
        // 2019-06-30T23:59:59Z is after the instant Apple's source names
        // "1 July 2019" (23:00Z); a leaf issued at that instant is trusted.
        let late = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-no-eku-2019-06-30")]), domain: "www.example.com", in: &in2019)
        #expect(appleRule(late.failure) == .missingServerAuthEKU)
        let edge = vectors.appendingPathComponent("apple-ssl")
        var atTheInstant = TrustEnvironment(systemAnchors: TrustStore([try certificate("root", in: edge)]), time: in2020)
        let before = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-no-eku-2019-06-30T23", in: edge)]),
                                     domain: "www.example.com", in: &atTheInstant)
        #expect((try? before.get()) != nil)
    }

    @Test func anotherProfileIsAPolicyAway() throws {
        let policy = SecurityPolicy(pinningMode: .none)
        var strict = TrustEnvironment(systemAnchors: try store(.caller), policy: VerificationPolicy(time: in2020))
        let long = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-825-days-over")]), domain: "www.example.com", in: &strict)
        #expect((try? long.get()) != nil)
        var viaDefault = TrustEnvironment(systemAnchors: try store(.caller), time: in2020)
        viaDefault.policy.profile = .strict
        let again = policy.evaluate(ServerTrust(certificates: [try certificate("leaf-825-days-over")]), domain: "www.example.com", in: &viaDefault)
        #expect((try? again.get()) != nil)
    }

    @Test func alamofireEvaluatorsApplyTheSystemRootLimitOnlyToSystemRoots() throws {
        let leaf = try certificate("leaf-398-days-over")
        var system = TrustEnvironment(systemAnchors: try store(.system), time: in2021)
        let refused = DefaultTrustEvaluator().evaluate(ServerTrust(certificates: [leaf]), forHost: "www.example.com", in: &system)
        #expect(appleRule(refused.refusal) == .validityOver398Days)
        var caller = TrustEnvironment(systemAnchors: try store(.caller), time: in2021)
        #expect(DefaultTrustEvaluator().evaluate(ServerTrust(certificates: [leaf]), forHost: "www.example.com", in: &caller).refusal == nil)
        // Pinned certificates made the anchors (acceptSelfSignedCertificates,
        // Alamofire's SecTrustSetAnchorCertificates) are anchors the app set:
        // HT211025's limit does not reach them, HT210176's 825 days does.
        // Without it the system roots stay the anchors, and so does the limit.
        let pinnedRoot = PinnedCertificatesTrustEvaluator(certificates: [try certificate("root")], acceptSelfSignedCertificates: true)
        #expect(pinnedRoot.evaluate(ServerTrust(certificates: [leaf]), forHost: "www.example.com", in: &system).refusal == nil)
        let pinnedOverSystem = PinnedCertificatesTrustEvaluator(certificates: [try certificate("root")])
        #expect(appleRule(pinnedOverSystem.evaluate(ServerTrust(certificates: [leaf]), forHost: "www.example.com", in: &system).refusal) == .validityOver398Days)
        var in2019 = TrustEnvironment(systemAnchors: try store(.system), time: in2020)
        let long = pinnedRoot.evaluate(ServerTrust(certificates: [try certificate("leaf-825-days-over")]), forHost: "www.example.com", in: &in2019)
        #expect(appleRule(long.refusal) == .validityOver825Days)
    }
}

private extension Result where Failure == ServerTrustFailure {
    var failure: ServerTrustFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
