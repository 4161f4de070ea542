import DER
import PKIX
import Testing
@testable import Trust

// `CertificatePolicyInputs.withoutPolicyGraph` against the graph, on every
// PKITS path (core, policy and revocation sections; the default policy
// inputs, no CRLs): the same verdict, failure for failure, except where the
// graph alone can tell, which must be refused as `notProcessed` and only
// where a policyConstraints extension requires an explicit policy.

private struct Row {
    let label: String
    let graph: Result<VerifiedChain, TrustFailure>
    let counters: Result<VerifiedChain, TrustFailure>
    /// Whether the search without the graph refused a path as not
    /// processed: it may report another path's failure instead.
    let countersRefusedAPath: Bool
    /// Whether a certificate of the case requires an explicit policy.
    let requires: Bool
}

private func verdicts(profile: ValidationProfile) throws -> [Row] {
    let index = try PKITSIndex()
    var rows: [Row] = []
    for test in index.tests {
        let label = "\(test["test_number"] as? String ?? "?") \(test["title"] as? String ?? "")"
        guard let names = test["certs_root_first"] as? [String],
              let certificates = try? names.map({ try index.certificate($0) }) else { continue }
        func verifier(_ inputs: CertificatePolicyInputs) -> Verifier {
            var policy = VerificationPolicy(time: PKITSIndex.time, purpose: .any, certificatePolicies: inputs)
            policy.keys.minimumRSAModulusBits = 1024
            policy.profile = profile
            return Verifier(store: TrustStore([certificates[0]]), policy: policy)
        }
        let leaf = certificates[certificates.count - 1], presented = Array(certificates.dropFirst().dropLast().reversed())
        var withGraph = verifier(CertificatePolicyInputs()), withoutGraph = verifier(.withoutPolicyGraph)
        let explained = withoutGraph.explain(leaf: leaf, intermediates: presented)
        let refusedAPath = explained.steps.contains { step in
            if case .path(_, let failure?) = step { return failure.reason == .policy(.notProcessed) }
            return false
        }
        let requires = certificates.contains { $0.policyConstraintValues?.requireExplicitPolicy != nil }
        rows.append(Row(label: label, graph: withGraph.verify(leaf: leaf, intermediates: presented),
                        counters: explained.result, countersRefusedAPath: refusedAPath, requires: requires))
    }
    return rows
}


private func outcome(_ result: Result<VerifiedChain, TrustFailure>) -> String {
    switch result {
    case .success(let chain): return "trusted (\(chain.certificates.count) certificates)"
    case .failure(let failure): return "\(failure)"
    }
}

@Test(arguments: ["strict", "rfc5280"])
func withoutTheGraphEveryPKITSPathIsDecidedAsWithItOrRefused(_ profileName: String) throws {
    let rows = try verdicts(profile: pkitsProfile(profileName))
    var same = 0, refused = 0, acceptedBoth = 0, policyFailuresBoth = 0
    for row in rows {
        switch (row.graph, row.counters) {
        case (.success(let a), .success(let b)):
            #expect(a.certificates.map(\.der) == b.certificates.map(\.der), "\(row.label)")
            #expect(b.userConstrainedPolicies.isEmpty, "\(row.label)")
            same += 1
            acceptedBoth += 1
        case (_, .failure(let failure)) where failure.reason == .policy(.notProcessed):
            #expect(row.requires, "\(row.label): refused as not processed, but no certificate requires an explicit policy")
            refused += 1
        case (.success, .failure) where row.countersRefusedAPath:
            // The graph's path was refused as not processed, and the search
            // reported another path's failure (self-issued certificates).
            #expect(row.requires, "\(row.label): refused as not processed, but no certificate requires an explicit policy")
            refused += 1
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(row.label): \(a) with the graph, \(b) without")
            if case .policy = a.reason { policyFailuresBoth += 1 }
            same += 1
        default:
            Issue.record("\(row.label): \(outcome(row.graph)) with the graph, \(outcome(row.counters)) without")
        }
    }
    print("PKITS without the policy graph (\(profileName)): \(same) of \(rows.count) decided alike, \(refused) refused as not processed")
    #expect(rows.count >= 200)
    // Each branch is exercised: paths accepted, paths refused for a policy
    // by both, and paths only the graph can decide.
    #expect(acceptedBoth > 50)
    #expect(policyFailuresBoth > 0)
    #expect(refused > 0)
    #expect(same + refused == rows.count)
}

@Test func settingAnInputBringsTheGraphBack() {
    var inputs = CertificatePolicyInputs.withoutPolicyGraph
    #expect(inputs.graph == nil)
    #expect(inputs != CertificatePolicyInputs())
    inputs.requireExplicitPolicy = false
    #expect(inputs.graph != nil)
    #expect(inputs == CertificatePolicyInputs())
    #expect(VerificationPolicy(time: 0).certificatePolicies.graph != nil)
}
