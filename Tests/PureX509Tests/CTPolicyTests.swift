import Foundation
import PureX509
import PureX509Config
import Testing
import TestSupport

// Apple's and Chrome's Certificate Transparency policies over chains whose
// SCTs test logs signed (Vectors/ct-policy/generate.py): each rule with a
// chain that meets it and one that does not, what each SCT counts for
// (unknown log, bad signature, future, pending, rejected and retired logs
// on either side of their state's time, temporal intervals, previous
// operators), SCTs from TLS and OCSP, the lifetime edges at 180, 181 and
// 398 days and Apple's month table before 2021-04-21, when a profile
// requires CT (system roots, issued since the policy's date), and Apple's
// shipped list over the real chains of Vectors/samples.

private let folder = "ct-policy/"
private func seconds(_ text: String) -> Int64 {
    guard case .success(let value) = TimeArgument.parse(text) else { fatalError("bad time \(text)") }
    return value
}
private func list(_ format: String) throws -> CTLogList {
    try CTLogListFile.parse(try Vectors.bytes(folder + "loglist-\(format).json"))
}
private func chain(_ name: String) throws -> [Certificate] {
    try PEM.certificates(in: try Vectors.bytes(folder + name + ".pem")).map { try Certificate(derEncoded: $0.der) }
}
private func root() throws -> Certificate {
    try Certificate(derEncoded: try #require(PEM.certificates(in: try Vectors.bytes(folder + "root.pem")).first).der)
}

/// Verifies `name` at `time` with `policy` required (or under `profile`
/// alone when `policy` is nil), the list of `policy`'s format.
private func verify(_ name: String, at time: String, policy: CTPolicy?, profile: ValidationProfile = .strict,
                    provenance: TrustStore.Provenance = .caller, listFormat: String? = nil,
                    tls: String? = nil, ocsp: String? = nil) throws -> Result<VerifiedChain, TrustFailure> {
    var verification = VerificationPolicy(time: seconds(time), identity: ServerIdentity(host: "www.example.com"))
    verification.profile = profile
    verification.certificateTransparency = CertificateTransparencySettings(
        required: policy, logs: try list(listFormat ?? (policy == .chrome ? "chrome" : "apple")))
    var verifier = Verifier(store: TrustStore([try root()], provenance: provenance), policy: verification)
    if let tls {
        verifier.handshakeSCTs = try SignedCertificateTimestampList(tlsEncoded: try Vectors.bytes(folder + tls)[...]).timestamps
    }
    if let ocsp { verifier.revocationSources.ocspResponses = [try OCSPResponse(derEncoded: try Vectors.bytes(folder + ocsp))] }
    let certificates = try chain(name)
    return verifier.verify(leaf: certificates[0], intermediates: Array(certificates.dropFirst()))
}

/// The CT result of a decision: the chain's, or the refusal's.
private func ctResult(_ result: Result<VerifiedChain, TrustFailure>) -> CTResult? {
    switch result {
    case .success(let chain): return chain.transparency
    case .failure(let failure):
        if case .certificateTransparency(let result) = failure.reason { return result }
        return nil
    }
}

struct CTCase: CustomStringConvertible, Sendable {
    enum Expected: Equatable, Sendable {
        case met
        case unmet(CTRule)
        case notEnforced
    }
    let leaf: String
    let time: String
    let policy: CTPolicy
    var tls: String? = nil
    var ocsp: String? = nil
    /// What each SCT counted for, in order (embedded, OCSP, TLS).
    let scts: [String]
    let expected: Expected
    var description: String { "\(leaf) at \(time) under \(policy.name)" + (tls.map { " with \($0)" } ?? "") + (ocsp.map { " with \($0)" } ?? "") }
}

private let ok = "counted"
private let cases: [CTCase] = [
    // Apple, embedded: 2 logs of 2 operators for 180 days; one operator counts once.
    CTCase(leaf: "apple-180-two-operators", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .met),
    CTCase(leaf: "apple-180-one-operator", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .unmet(.appleEnoughSCTs)),
    // 181 days needs 3, at most 2 per operator counting; so does 398.
    CTCase(leaf: "apple-181-two-logs", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .unmet(.appleEnoughSCTs)),
    CTCase(leaf: "apple-181-three-logs", time: "2026-02-01", policy: .apple, scts: [ok, ok, ok], expected: .met),
    CTCase(leaf: "apple-398-two-logs", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .unmet(.appleEnoughSCTs)),
    CTCase(leaf: "apple-398-three-logs", time: "2026-02-01", policy: .apple, scts: [ok, ok, ok], expected: .met),
    // Tiled logs count, but one SCT must be from an RFC 6962 log.
    CTCase(leaf: "tiled-only", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .unmet(.appleRFC6962Log)),
    CTCase(leaf: "tiled-only", time: "2026-02-01", policy: .chrome, scts: [ok, ok], expected: .unmet(.chromeRFC6962Log)),
    // SCTs that do not count.
    CTCase(leaf: "unknown-log", time: "2026-02-01", policy: .apple, scts: [ok, "unknownLog"], expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "tampered", time: "2026-02-01", policy: .apple, scts: [ok, "badSignature"], expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "future", time: "2026-02-01", policy: .apple, scts: [ok, "timestampInFuture"], expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "future", time: "2026-06-15", policy: .apple, scts: [ok, ok], expected: .met),
    CTCase(leaf: "pending", time: "2026-02-01", policy: .apple, scts: [ok, "logNotTrusted"], expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "temporal", time: "2026-02-01", policy: .apple, scts: [ok, "outsideTemporalInterval"], expected: .unmet(.appleTwoSCTs)),
    // A rejected log before and after the state's time.
    CTCase(leaf: "rejected", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .met),
    CTCase(leaf: "rejected", time: "2026-04-01", policy: .apple, scts: [ok, "logNotTrusted"], expected: .unmet(.appleTwoSCTs)),
    // A retired log: its SCT embedded before retiring counts ("once
    // approved"), one issued after does not.
    CTCase(leaf: "retired-before", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .met),
    CTCase(leaf: "retired-before", time: "2026-04-01", policy: .apple, scts: [ok, ok], expected: .met),
    CTCase(leaf: "retired-before", time: "2026-04-01", policy: .chrome, scts: [ok, ok], expected: .notEnforced),
    CTCase(leaf: "retired-after", time: "2026-04-01", policy: .apple, scts: [ok, "logRetired"], expected: .unmet(.appleTwoSCTs)),
    // Apple's month table before 2021-04-21: 24 months needs 3.
    CTCase(leaf: "old-24-months-two-logs", time: "2021-01-01", policy: .apple, scts: [ok, ok], expected: .unmet(.appleEnoughSCTs)),
    CTCase(leaf: "old-24-months-three-logs", time: "2021-01-01", policy: .apple, scts: [ok, ok, ok], expected: .met),
    // Delivered by TLS or OCSP: two from currently-approved logs, any operators for Apple.
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .apple, tls: "tls-two-operators.sctlist", scts: [ok, ok], expected: .met),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .apple, tls: "tls-one-operator.sctlist", scts: [ok, ok], expected: .met),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .apple, tls: "tls-one.sctlist", scts: [ok], expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .apple, ocsp: "ocsp-two-operators.ocsp.der", scts: [ok, ok], expected: .met),
    // A retired log's SCT from TLS never counts.
    CTCase(leaf: "no-scts", time: "2026-04-01", policy: .apple, tls: "tls-retired.sctlist", scts: [ok, "logRetired"], expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .apple, scts: [], expected: .unmet(.appleTwoSCTs)),
    // Chrome: two operators, embedded or delivered; 3 logs above 180 days.
    CTCase(leaf: "apple-180-two-operators", time: "2026-02-01", policy: .chrome, scts: [ok, ok], expected: .met),
    CTCase(leaf: "apple-180-one-operator", time: "2026-02-01", policy: .chrome, scts: [ok, ok], expected: .unmet(.chromeEnoughSCTs)),
    CTCase(leaf: "apple-181-two-logs", time: "2026-02-01", policy: .chrome, scts: [ok, ok], expected: .unmet(.chromeEnoughSCTs)),
    CTCase(leaf: "apple-181-three-logs", time: "2026-02-01", policy: .chrome, scts: [ok, ok, ok], expected: .met),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .chrome, tls: "tls-two-operators.sctlist", scts: [ok, ok], expected: .met),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .chrome, tls: "tls-one-operator.sctlist", scts: [ok, ok], expected: .unmet(.chromeEnoughSCTs)),
    CTCase(leaf: "no-scts", time: "2026-02-01", policy: .chrome, ocsp: "ocsp-two-operators.ocsp.der", scts: [ok, ok], expected: .met),
    // Chrome counts an SCT towards the operator that ran the log then
    // (Chrome's list: log C was Alpha's until 2025-06-01); Apple's list
    // names no previous operators.
    CTCase(leaf: "previous-operator", time: "2026-02-01", policy: .chrome, scts: [ok, ok], expected: .unmet(.chromeEnoughSCTs)),
    CTCase(leaf: "previous-operator", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .met),
    // A Chrome list more than 70 days old (published 2026-01-15) does not enforce.
    CTCase(leaf: "apple-180-one-operator", time: "2026-04-01", policy: .chrome, scts: [ok, ok], expected: .notEnforced),
    // A precertificate-signing certificate issued the precertificate (RFC
    // 6962 §3.1): the logs signed the intermediate's key hash and the TBS
    // with the intermediate's name and key identifier, which is what the
    // final certificate gives. SCTs over the signing certificate's key hash
    // are not what the RFC has a log sign, and count for nothing.
    CTCase(leaf: "precert-signer", time: "2026-02-01", policy: .apple, scts: [ok, ok], expected: .met),
    CTCase(leaf: "precert-signer", time: "2026-02-01", policy: .chrome, scts: [ok, ok], expected: .met),
    CTCase(leaf: "precert-signer-key-hash", time: "2026-02-01", policy: .apple, scts: ["badSignature", "badSignature"],
           expected: .unmet(.appleTwoSCTs)),
    CTCase(leaf: "precert-signer-key-hash", time: "2026-02-01", policy: .chrome, scts: ["badSignature", "badSignature"],
           expected: .unmet(.chromeEnoughSCTs)),
]

@Suite struct CTPolicyTests {
    @Test(arguments: cases)
    func eachRuleHasAChainThatMeetsItAndOneThatDoesNot(_ row: CTCase) throws {
        let result = try verify(row.leaf, at: row.time, policy: row.policy, tls: row.tls, ocsp: row.ocsp)
        let ct = try #require(ctResult(result), "\(row): \(result)")
        #expect(ct.policy == row.policy)
        #expect(ct.findings.map(\.disposition.code) == row.scts, "\(row)")
        switch row.expected {
        case .met:
            #expect(ct.enforced && ct.unmetRule == nil, "\(row)")
            #expect((try? result.get()) != nil, "\(row): \(result)")
        case .unmet(let rule):
            #expect(ct.unmetRule == rule, "\(row)")
            guard case .failure(let refusal) = result, case .certificateTransparency = refusal.reason else {
                Issue.record("\(row): expected a CT refusal, got \(result)")
                return
            }
        case .notEnforced:
            #expect(!ct.enforced && ct.unmetRule == nil, "\(row)")
            #expect((try? result.get()) != nil, "\(row): \(result)")
        }
    }

    @Test func findingsNameTheLogTheOperatorAndTheOrigin() throws {
        let result = try verify("no-scts", at: "2026-02-01", policy: .apple, tls: "tls-two-operators.sctlist",
                                ocsp: "ocsp-two-operators.ocsp.der")
        let ct = try #require(ctResult(result))
        #expect(ct.findings.map(\.origin) == [.ocsp, .ocsp, .tls, .tls])
        #expect(ct.findings.map(\.logName) == ["Test log A", "Test log C", "Test log A", "Test log C"])
        #expect(ct.operators == ["Alpha", "Beta"])
        #expect(ct.validCount == 4)
        let refused = try verify("tampered", at: "2026-02-01", policy: .apple)
        guard case .failure(let refusal) = refused, case .certificateTransparency(let failure) = refusal.reason else {
            Issue.record("expected a CT refusal, got \(refused)")
            return
        }
        let message = TrustFailure.certificateTransparency(failure).description
        #expect(message.contains("does not meet apple's CT policy"))
        #expect(message.contains("1 of 2 SCTs counted (operators: Alpha)"))
        #expect(message.contains("embedded SCT from Test log C (Beta): bad signature"))
    }

    /// `apple` requires Apple's policy under a system root for a leaf issued
    /// on or after 2018-10-15; caller-added anchors are exempt, and the
    /// other profiles check CT only when asked.
    @Test func theAppleProfileRequiresCTUnderSystemRootsOnly() throws {
        func decide(_ leaf: String, _ time: String, _ profile: ValidationProfile, _ provenance: TrustStore.Provenance) throws -> Result<VerifiedChain, TrustFailure> {
            try verify(leaf, at: time, policy: nil, profile: profile, provenance: provenance, listFormat: "apple")
        }
        guard case .failure(let refusal) = try decide("no-scts", "2026-02-01", .apple, .system), case .certificateTransparency(let ct) = refusal.reason else {
            Issue.record("no SCTs under a system root must be refused")
            return
        }
        #expect(ct.unmetRule == .appleTwoSCTs)
        #expect(try decide("apple-180-two-operators", "2026-02-01", .apple, .system).get().transparency?.unmetRule == nil)
        #expect(try decide("no-scts", "2026-02-01", .apple, .caller).get().transparency == nil)
        for profile in [ValidationProfile.strict, .chromium, .rfc5280, .cabf] {
            #expect(try decide("no-scts", "2026-02-01", profile, .system).get().transparency == nil, "\(profile.name)")
        }
        // Apple's date: a leaf issued the day before is not held to it.
        #expect(try decide("before-enforcement", "2019-01-01", .apple, .system).get().transparency == nil)
        guard case .failure(let refusal) = try decide("after-enforcement", "2019-01-01", .apple, .system), case .certificateTransparency = refusal.reason else {
            Issue.record("a leaf issued on 2018-10-15 under a system root needs SCTs")
            return
        }
        // Asked for, the policy holds under any anchor, still from its date.
        guard case .failure(let refusal) = try verify("no-scts", at: "2026-02-01", policy: .apple), case .certificateTransparency = refusal.reason else {
            Issue.record("--require-ct apple applies under a caller-added anchor")
            return
        }
        #expect(try verify("before-enforcement", at: "2019-01-01", policy: .apple).get().transparency == nil)
    }

    /// A warm verifier answers the SCTs it verified from its cache: the same
    /// findings, no signature checked again.
    @Test func aWarmVerifierReusesVerifiedSCTs() throws {
        var policy = VerificationPolicy(time: seconds("2026-02-01"), identity: ServerIdentity(host: "www.example.com"))
        policy.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: try list("apple"))
        var verifier = Verifier(store: TrustStore([try root()]), policy: policy)
        let certificates = try chain("apple-181-three-logs")
        let cold = try verifier.verify(leaf: certificates[0], intermediates: [certificates[1]]).get()
        let hits = verifier.cache.hits
        let warm = try verifier.verify(leaf: certificates[0], intermediates: [certificates[1]]).get()
        #expect(warm.transparency == cold.transparency && warm.transparency?.validCount == 3)
        // Two certificate edges and three SCTs.
        #expect(verifier.cache.hits == hits + 5)
        // A tampered SCT is never cached: it fails again, warm.
        let tampered = try chain("tampered")
        for _ in 0..<2 {
            guard case .failure(let refusal) = verifier.verify(leaf: tampered[0], intermediates: [tampered[1]]), case .certificateTransparency(let ct) = refusal.reason else {
                Issue.record("the tampered SCT must not count")
                return
            }
            #expect(ct.findings.map(\.disposition.code) == ["counted", "badSignature"])
        }
    }

    /// Without a log list a required policy cannot be met.
    @Test func aRequiredPolicyWithoutALogListRefuses() throws {
        var policy = VerificationPolicy(time: seconds("2026-02-01"), identity: ServerIdentity(host: "www.example.com"))
        policy.certificateTransparency.required = .chrome
        var verifier = Verifier(store: TrustStore([try root()]), policy: policy)
        let certificates = try chain("apple-180-two-operators")
        guard case .failure(let refusal) = verifier.verify(leaf: certificates[0], intermediates: [certificates[1]]), case .certificateTransparency(let ct) = refusal.reason else {
            Issue.record("expected a CT refusal")
            return
        }
        #expect(ct.unmetRule == .logList && ct.findings.isEmpty)
    }

    /// The real chains of Vectors/samples against Apple's list, inside their validity.
    @Test func realChainsMeetApplesPolicyWithApplesList() throws {
        let apple = try CTLogListFile.parse(try Vectors.bytes("ct/loglist/apple-current_log_list.json"))
        for (chainFile, rootFile, host, time, valid) in [
            ("amazon-ecdsa-chain.pem", "amazon-root-ca4.pem", "valid.rootca4.demo.amazontrust.com", "2025-03-01T00:00:00Z", 3),
            ("netflix-chain.pem", "netflix-root.pem", "www.netflix.com", "2017-06-01T00:00:00Z", 3),
        ] {
            var policy = VerificationPolicy(time: seconds(time), identity: ServerIdentity(host: host))
            policy.profile = .chromium
            policy.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: apple)
            let roots = try PEM.certificates(in: try Vectors.bytes("samples/" + rootFile)).map { try Certificate(derEncoded: $0.der) }
            let certificates = try PEM.certificates(in: try Vectors.bytes("samples/" + chainFile)).map { try Certificate(derEncoded: $0.der) }
            var verifier = Verifier(store: TrustStore(roots), policy: policy)
            let chain = try verifier.verify(leaf: certificates[0], intermediates: Array(certificates.dropFirst())).get()
            // The netflix leaf (2016) is older than Apple's enforcement date: no policy applies.
            if certificates[0].notBefore < CTPolicy.apple.enforcedFrom {
                #expect(chain.transparency == nil, "\(chainFile)")
            } else {
                #expect(chain.transparency?.validCount == valid && chain.transparency?.unmetRule == nil, "\(chainFile)")
            }
        }
    }
}
