import DER
import PKIX

// Certificate policies without the valid-policy graph
// (`CertificatePolicyInputs.withoutPolicyGraph`, for programs that must be
// small). With the default inputs, a path fails RFC 5280's policy
// processing only where explicit_policy has reached 0 and the
// valid_policy_tree is empty (§6.1.3(f), §6.1.5(g)), or on a malformed
// policy list or a mapping of anyPolicy (§4.2.1.4, §6.1.4(a)). The counter
// and the malformed cases need no graph. Whether the tree is empty is known
// without one only once a certificate without certificatePolicies has
// emptied it (§6.1.3(e)); where the verdict turns on a tree that may not be
// empty, the path is refused rather than guessed.

extension Evaluation {
    /// The policy verdict on `certificates` (leaf first, anchor last): on
    /// the graph when the inputs hold it, else from the counters alone.
    mutating func processPolicies(_ certificates: [Certificate], meter: Meter) throws(BudgetExhausted) -> Result<[OID], TrustFailure> {
        guard let graph = policy.certificatePolicies.graph else { return checkPoliciesWithoutGraph(certificates) }
        return try graph.run(&self, certificates, meter)
    }

    /// `processPolicyGraph`'s steps for the default inputs, with the tree
    /// known only as empty or not known to be empty.
    func checkPoliciesWithoutGraph(_ certificates: [Certificate]) -> Result<[OID], TrustFailure> {
        let n = certificates.count - 1
        guard n >= 1 else { return .success([]) }
        if Self.mapsAnyPolicy(certificates[0]) { return .failure(.policy(index: 0, .mappingWithAnyPolicy)) }
        if Self.mapsAnyPolicy(certificates[n]) { return .failure(.policy(index: n, .mappingWithAnyPolicy)) }
        var explicitPolicy = n + 1
        var treeIsEmpty = false
        if policy.profile.enforcesAnchorConstraints && policy.profile.processesAnchorPolicies {
            let anchor = certificates[n]
            if let critical = anchor.extensions.certificatePoliciesCritical,
               let failure = Self.checkPolicyList(anchor.certificatePolicyList, critical: critical) {
                return .failure(.policy(index: n, failure))
            }
            if let require = anchor.policyConstraintValues?.requireExplicitPolicy, require < explicitPolicy { explicitPolicy = require }
        }
        for i in 1...n {
            let index = n - i
            let certificate = certificates[index]
            if let critical = certificate.extensions.certificatePoliciesCritical {
                if let failure = Self.checkPolicyList(certificate.certificatePolicyList, critical: critical) {
                    return .failure(.policy(index: index, failure))
                }
            } else {
                treeIsEmpty = true
            }
            // §6.1.3(f).
            if explicitPolicy == 0 { return .failure(.policy(index: index, treeIsEmpty ? .noAcceptablePolicy : .notProcessed)) }
            if i == n {
                // §6.1.5(a), (b).
                explicitPolicy -= 1
                if certificate.policyConstraintValues?.requireExplicitPolicy == 0 { explicitPolicy = 0 }
                break
            }
            // §6.1.4(a), (h), (i).
            if Self.mapsAnyPolicy(certificate) { return .failure(.policy(index: index, .mappingWithAnyPolicy)) }
            if !certificate.isSelfIssued { explicitPolicy -= 1 }
            if let require = certificate.policyConstraintValues?.requireExplicitPolicy, require < explicitPolicy { explicitPolicy = require }
        }
        // §6.1.5(g).
        if explicitPolicy == 0 { return .failure(.policy(index: 0, treeIsEmpty ? .noAcceptablePolicy : .notProcessed)) }
        return .success([])
    }
}
