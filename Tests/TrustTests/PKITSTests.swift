import DER
import Foundation
import PKIX
import Testing
import Trust

/// The profile a PKITS run uses: `rfc5280` as it is — PKITS tests §6 path
/// validation, which that profile is, with no switch set here —
/// or `strict` with the two switches §6 does not need (4.6.4 expects a
/// non-critical basicConstraints to verify, 4.4.14 a negative serial to be
/// looked up). Either way PKITS's RSA-1024 keys need the key policy's
/// minimum lowered: a key policy, not a profile rule.
func pkitsProfile(_ name: String) -> ValidationProfile {
    guard name == "strict" else { return .rfc5280 }
    var profile = ValidationProfile.strict
    let lenient: [ConformanceRule] = [.nonCriticalBasicConstraints, .serialNumberNotPositive]
    profile.leafRules.removeAll { lenient.contains($0) }
    profile.intermediateRules.removeAll { lenient.contains($0) }
    return profile
}

/// NIST PKITS, `core` category: every entry's verdict must match.
@Test(arguments: ["strict", "rfc5280"])
func pkitsCore(_ profileName: String) throws {
    let run = try pkitsAgreement(category: "core", profile: pkitsProfile(profileName))
    for line in run.mismatches { print("  PKITS mismatch: \(line)") }
    print("PKITS core (\(profileName)): \(run.agree)/\(run.total) passed")
    #expect(run.total == 82)
    #expect(run.mismatches.isEmpty)
}

/// The PKITS suite's index and the folder it names files in.
struct PKITSIndex {
    let root = vectors.appendingPathComponent("pkits")
    let tests: [[String: Any]]
    let policyNames: [String: String]
    /// 2011-04-15T00:00:00Z, PKITS's validation time.
    static let time: Int64 = 1_302_825_600

    init() throws {
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("pkits_index.json"))) as? [String: Any])
        tests = try #require(index["tests"] as? [[String: Any]])
        policyNames = try #require(index["policy_oid_names"] as? [String: String])
    }

    func certificate(_ name: String) throws -> Certificate {
        try Certificate(derEncoded: [UInt8](Data(contentsOf: root.appendingPathComponent("certs/\(name).crt"))))
    }
}

/// Runs every PKITS case of `category` (core, policy or crl) under
/// `profile`, with the inputs each names (initial policy sets, CRLs) and
/// RSA-1024 allowed (a key policy, not a profile rule); the agreements,
/// the total and a line per disagreement.
func pkitsAgreement(category: String, profile: ValidationProfile) throws -> (agree: Int, total: Int, mismatches: [String]) {
    let index = try PKITSIndex()
    var agree = 0, mismatches: [String] = []
    for test in index.tests where test["category"] as? String == category {
        let expected = try #require(test["expected_valid"] as? Bool)
        let label = "\(test["test_number"] as? String ?? "?") \(test["title"] as? String ?? "")"
        var certificates: [Certificate] = []
        var parseFailure: DERError? = nil
        for name in try #require(test["certs_root_first"] as? [String]) {
            do { certificates.append(try index.certificate(name)) } catch let error as DERError { parseFailure = error; break }
        }
        if let parseFailure {
            if expected { mismatches.append("\(label): expected valid, got malformed: \(parseFailure)") } else { agree += 1 }
            continue
        }
        var policy = VerificationPolicy(time: PKITSIndex.time, purpose: .any)
        policy.keys.minimumRSAModulusBits = 1024
        policy.profile = profile
        var sources = RevocationSources()
        switch category {
        case "policy":
            if let initial = test["initial_policy_set"] as? [String] {
                policy.certificatePolicies.initialPolicySet = try initial.map { oidFromDotted(try #require(index.policyNames[$0])) }
            }
            policy.certificatePolicies.requireExplicitPolicy = test["initial_explicit_policy"] as? String == "true"
            policy.certificatePolicies.inhibitPolicyMapping = test["initial_policy_mapping_inhibit"] as? String == "true"
            policy.certificatePolicies.inhibitAnyPolicy = test["initial_inhibit_any_policy"] as? String == "true"
        case "crl":
            // A CRL that does not parse (4.4.2's spoiled signature BIT STRING) is not supplied.
            let crls = try #require(test["crls"] as? [String]).compactMap {
                try? CertificateList(derEncoded: [UInt8](Data(contentsOf: index.root.appendingPathComponent("crls/\($0).crl"))))
            }
            sources = RevocationSources(crls: crls)
            policy.revocation = RevocationPolicy(coverage: .chain, requirePositiveResponse: true)
        default: break
        }
        var verifier = Verifier(store: TrustStore([certificates[0]]), policy: policy, revocationSources: sources)
        let result = verifier.verify(leaf: certificates[certificates.count - 1], intermediates: Array(certificates.dropFirst().dropLast().reversed()))
        switch result {
        case .success(let chain) where expected:
            // Where PKITS gives the user-constrained policy set of a valid path, it must match too.
            if let set = test["expected_user_constrained_policy_set"] as? [String] {
                let wanted = try set.filter { !$0.isEmpty }.map { oidFromDotted(try #require(index.policyNames[$0])) }
                let got = chain.userConstrainedPolicies
                if Set(wanted.map(\.description)) == Set(got.map(\.description)) { agree += 1 } else { mismatches.append("\(label): policies \(got) ≠ \(wanted)") }
            } else {
                agree += 1
            }
        case .failure where !expected: agree += 1
        case .success: mismatches.append("\(label): expected invalid, got valid")
        case .failure(let failure): mismatches.append("\(label): expected valid, got \(failure)")
        }
    }
    return (agree, agree + mismatches.count, mismatches)
}

/// Dotted decimal to DER content octets (X.690 §8.19), for PKITS policy names.
func oidFromDotted(_ text: String) -> OID {
    let arcs = text.split(separator: ".").map { UInt64($0)! }
    var bytes: [UInt8] = []
    for (i, arc) in ([arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2)).enumerated() {
        _ = i
        var chunk: [UInt8] = [UInt8(arc & 0x7F)]
        var rest = arc >> 7
        while rest > 0 { chunk.insert(UInt8(rest & 0x7F) | 0x80, at: 0); rest >>= 7 }
        bytes += chunk
    }
    return OID(der: bytes)
}

/// NIST PKITS, `policy` category (4.8–4.12): each case with the initial
/// policy inputs it names; the verdict must match, and where PKITS gives the
/// user-constrained policy set of a valid path, that too.
@Test(arguments: ["strict", "rfc5280"])
func pkitsPolicy(_ profileName: String) throws {
    let run = try pkitsAgreement(category: "policy", profile: pkitsProfile(profileName))
    for line in run.mismatches { print("  PKITS policy mismatch: \(line)") }
    print("PKITS policy (\(profileName)): \(run.agree)/\(run.total) agree")
    #expect(run.total == 88)
    #expect(run.mismatches.isEmpty)
}

/// PKITS's revocation sections (4.4, 4.5, 4.7.4–5, 4.14, 4.15): every CRL
/// the case names is supplied, every certificate of the path is checked,
/// and a certificate without usable CRL information is refused (PKITS
/// expects 4.4.1 "Missing CRL" to fail). The profile switches PKITS needs
/// for its §6.1 inputs are set as for the core category, and negative
/// serial numbers are accepted because 4.4.14 is about the CRL lookup.
@Test(arguments: ["strict", "rfc5280"])
func pkitsCRL(_ profileName: String) throws {
    let run = try pkitsAgreement(category: "crl", profile: pkitsProfile(profileName))
    for line in run.mismatches { print("  PKITS crl mismatch: \(line)") }
    print("PKITS crl (\(profileName)): \(run.agree)/\(run.total) agree")
    #expect(run.total == 76)
    #expect(run.mismatches.isEmpty)
}

/// NIST PKITS, `non-rsa` category (4.1.4–4.1.6): DSA, which PureX509 does
/// not verify (nor do Chromium, Go or webpki for TLS). 4.1.4 and 4.1.5 end
/// in a DSA leaf key, refused by the key policy (`leafKey`) before any DSA
/// signature would be checked; 4.1.6's leaf does not parse (its spoiled
/// signature BIT STRING has unused bits). PKITS expects the first two to
/// verify: two disagreements by design.
@Test func pkitsNonRSAIsRefused() throws {
    let root = vectors.appendingPathComponent("pkits")
    let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("pkits_index.json"))) as? [String: Any])
    let tests = try #require(index["tests"] as? [[String: Any]]).filter { $0["category"] as? String == "non-rsa" }
    let expected = ["4.1.4": "leafKey", "4.1.5": "leafKey", "4.1.6": "malformed: signature BIT STRING with unused bits"]
    #expect(tests.count == 3)
    for test in tests {
        let number = test["test_number"] as? String ?? "?"
        let names = try #require(test["certs_root_first"] as? [String])
        var certificates: [Certificate] = []
        var verdict = ""
        for name in names {
            let der = [UInt8](try Data(contentsOf: root.appendingPathComponent("certs/\(name).crt")))
            do { certificates.append(try Certificate(derEncoded: der)) } catch { verdict = "malformed: \(error.rule)"; break }
        }
        if verdict.isEmpty {
            var policy = VerificationPolicy(time: 1_302_825_600, purpose: .any)
            policy.keys.minimumRSAModulusBits = 1024
            var verifier = Verifier(store: TrustStore([certificates[0]]), policy: policy)
            switch verifier.verify(leaf: certificates[certificates.count - 1], intermediates: Array(certificates.dropFirst().dropLast().reversed())) {
            case .success: verdict = "trusted"
            case .failure(let failure): verdict = failure.code
            }
        }
        #expect(verdict == expected[number], "\(number)")
    }
}
