import DER
import PKIX

// Certificate-policy processing, RFC 5280 §6.1.2–§6.1.5, on a graph instead
// of the RFC's tree. The tree can hold one node per policy per *path* from
// the root, which grows exponentially with mappings and anyPolicy (OpenSSL's
// CVE-2023-0464); the graph holds one node per policy per depth, with the
// set of its parents, as Chromium's and BoringSSL's rewrites do. Every
// decision of the RFC is made on that graph:
//
// - A node at depth i stands for every tree node of depth i with its policy;
//   `parents` are the depth i−1 nodes whose expected_policy_set holds it, and
//   `underAny` marks a child of depth i−1's anyPolicy node. anyPolicy itself
//   is the level's `hasAny` flag.
// - A node's expected_policy_set is its own policy unless a policyMappings
//   extension of its certificate maps it (§6.1.4(b)(1)).
// - Pruning childless nodes (§6.1.3(d)(3)) is implicit: only nodes with a
//   path down to the leaf's level count in the end.
// - The intersection with the user-initial-policy-set (§6.1.5(g)) is taken
//   on the nodes right below anyPolicy that still reach the leaf's level
//   (the RFC's valid_policy_node_set); a leaf-level node survives exactly
//   when one of them above it does, so the result is named in the anchor's
//   policy domain, as PKITS expects after mappings.
//
// Work is counted (nodes and parent links) against `Budgets.policyGraph`.

struct PolicyGraph {
    struct Node {
        let policy: OID
        var parents: [Int]
        let underAny: Bool
        var expected: [OID]
    }

    struct Level {
        var nodes: [Node] = []
        var hasAny = false

        var isEmpty: Bool { nodes.isEmpty && !hasAny }
    }
}

extension Evaluation {
    /// Whether a policyMappings entry of `certificate` maps to or from anyPolicy.
    static func mapsAnyPolicy(_ certificate: Certificate) -> Bool {
        certificate.policyMappingList?.contains { $0.issuerDomainPolicy == .anyPolicy || $0.subjectDomainPolicy == .anyPolicy } ?? false
    }

    /// Processes the policies of `certificates` (leaf first, anchor last)
    /// on the graph and returns the user-constrained policy set, or why the
    /// path fails.
    func processPolicyGraph(_ certificates: [Certificate], meter: Meter) throws(BudgetExhausted) -> Result<[OID], TrustFailure> {
        let inputs = policy.certificatePolicies
        let n = certificates.count - 1
        guard n >= 1 else { return .success([]) }
        // §4.2.1.5: "Policies MUST NOT be mapped either to or from the special
        // value anyPolicy" binds every certificate; §6.1.4(a) checks only the
        // intermediates below, so the target and the anchor are checked here.
        // Two checks, not a loop over a two-element list, which would allocate on every path.
        if Self.mapsAnyPolicy(certificates[0]) { return .failure(.policy(index: 0, .mappingWithAnyPolicy)) }
        if Self.mapsAnyPolicy(certificates[n]) { return .failure(.policy(index: n, .mappingWithAnyPolicy)) }
        var explicitPolicy = inputs.requireExplicitPolicy ? 0 : n + 1
        var inhibitAnyPolicy = inputs.inhibitAnyPolicy ? 0 : n + 1
        var policyMapping = inputs.inhibitPolicyMapping ? 0 : n + 1
        // The graph's levels from depth 0 (anyPolicy alone). The root is
        // added when a certificate first brings policies or mappings, so a
        // path with neither allocates nothing here (a warm evaluation of
        // such a chain allocates nothing at all).
        var levels: [PolicyGraph.Level] = []
        let root = PolicyGraph.Level(nodes: [], hasAny: true)
        var treeIsNull = false
        var work = 0
        func spend(_ units: Int) throws(BudgetExhausted) {
            work += units
            try meter.checkPolicyGraph(work)
        }

        // Chromium's enforced anchor constraints (ApplyTrustAnchorConstraints,
        // `ValidationProfile.processesAnchorPolicies`): the anchor's policies
        // and mappings as an intermediate's, its policyConstraints and
        // inhibitAnyPolicy applied, without §6.1.4(h)'s decrements.
        if policy.profile.enforcesAnchorConstraints && policy.profile.processesAnchorPolicies {
            let anchor = certificates[n]
            if let critical = anchor.extensions.certificatePoliciesCritical {
                let information = anchor.certificatePolicyList
                if let failure = Self.checkPolicyList(information, critical: critical) {
                    return .failure(.policy(index: n, failure))
                }
                if levels.isEmpty { levels.append(root) }
                let level = try Self.nextLevel(after: levels[0], policies: information.map { $0.policy },
                                               anyAllowed: true, spend: spend)
                levels.append(level)
                treeIsNull = level.isEmpty
            }
            if let mappings = anchor.policyMappingList, !treeIsNull {
                if levels.isEmpty { levels.append(root) }
                try Self.applyMappings(mappings, to: &levels[levels.count - 1], allowed: true, spend: spend)
                treeIsNull = levels[levels.count - 1].isEmpty
            }
            if let constraints = anchor.policyConstraintValues {
                if let require = constraints.requireExplicitPolicy, require < explicitPolicy { explicitPolicy = require }
                if let inhibit = constraints.inhibitPolicyMapping, inhibit < policyMapping { policyMapping = inhibit }
            }
            if let skip = anchor.inhibitAnyPolicyValue, skip < inhibitAnyPolicy { inhibitAnyPolicy = skip }
        }

        for i in 1...n {
            let index = n - i
            let certificate = certificates[index]
            let isLeaf = i == n
            let selfIssued = certificate.isSelfIssued
            // §6.1.3(d), (e).
            if let critical = certificate.extensions.certificatePoliciesCritical {
                let information = certificate.certificatePolicyList
                if let failure = Self.checkPolicyList(information, critical: critical) {
                    return .failure(.policy(index: index, failure))
                }
                if !treeIsNull {
                    if levels.isEmpty { levels.append(root) }
                    let anyAllowed = inhibitAnyPolicy > 0 || (!isLeaf && selfIssued)
                    let level = try Self.nextLevel(after: levels[levels.count - 1], policies: information.map { $0.policy },
                                                   anyAllowed: anyAllowed, spend: spend)
                    levels.append(level)
                    treeIsNull = level.isEmpty
                }
            } else {
                treeIsNull = true
            }
            // §6.1.3(f).
            if explicitPolicy == 0 && treeIsNull { return .failure(.policy(index: index, .noAcceptablePolicy)) }

            if isLeaf {
                // §6.1.5(a), (b).
                if explicitPolicy > 0 { explicitPolicy -= 1 }
                if certificate.policyConstraintValues?.requireExplicitPolicy == 0 { explicitPolicy = 0 }
                break
            }
            // §6.1.4(a), (b).
            if let mappings = certificate.policyMappingList {
                if Self.mapsAnyPolicy(certificate) { return .failure(.policy(index: index, .mappingWithAnyPolicy)) }
                if !treeIsNull {
                    if levels.isEmpty { levels.append(root) }
                    try Self.applyMappings(mappings, to: &levels[levels.count - 1], allowed: policyMapping > 0, spend: spend)
                    treeIsNull = levels[levels.count - 1].isEmpty
                }
            }
            // §6.1.4(h), (i), (j).
            if !selfIssued {
                if explicitPolicy > 0 { explicitPolicy -= 1 }
                if policyMapping > 0 { policyMapping -= 1 }
                if inhibitAnyPolicy > 0 { inhibitAnyPolicy -= 1 }
            }
            if let constraints = certificate.policyConstraintValues {
                if let require = constraints.requireExplicitPolicy, require < explicitPolicy { explicitPolicy = require }
                if let inhibit = constraints.inhibitPolicyMapping, inhibit < policyMapping { policyMapping = inhibit }
            }
            if let skip = certificate.inhibitAnyPolicyValue, skip < inhibitAnyPolicy { inhibitAnyPolicy = skip }
        }

        // §6.1.5(g): the intersection, then (h)'s verdict.
        let constrained = treeIsNull ? [] : Self.userConstrainedPolicies(levels.isEmpty ? [root] : levels, initial: inputs.initialPolicySet)
        if explicitPolicy == 0 && constrained.isEmpty { return .failure(.policy(index: 0, .noAcceptablePolicy)) }
        return .success(constrained)
    }

    /// §4.2.1.4: no policy twice; under a critical extension, only the
    /// qualifiers the RFC defines (others cannot be processed).
    static func checkPolicyList(_ list: [PolicyInformation], critical: Bool) -> PolicyFailure? {
        // Sorted, so a certificate with thousands of policies costs n log n.
        var sorted = list.map { $0.policy }
        sorted.stablySort { lexicographicallyPrecedes($0, $1) }
        for i in sorted.indices.dropFirst() where sorted[i] == sorted[i - 1] { return .duplicatePolicy(sorted[i]) }
        guard critical else { return nil }
        for information in list {
            for id in information.qualifierIDs where id != .cpsQualifier && id != .userNoticeQualifier {
                return .unknownQualifier(id)
            }
        }
        return nil
    }

    /// §6.1.3(d)(1), (d)(2): the depth-i level from depth i−1 and certificate i's policies.
    static func nextLevel(after previous: PolicyGraph.Level, policies: [OID], anyAllowed: Bool,
                          spend: (Int) throws(BudgetExhausted) -> Void) throws(BudgetExhausted) -> PolicyGraph.Level {
        // Which depth i−1 nodes expect each policy, sorted once so that a
        // certificate with thousands of policies costs n log n, not n².
        var expectations: [(policy: OID, parent: Int)] = []
        for (k, node) in previous.nodes.enumerated() {
            for policy in node.expected { expectations.append((policy, k)) }
        }
        expectations.stablySort { lexicographicallyPrecedes($0.policy, $1.policy) }
        try spend(expectations.count)
        func parents(of policy: OID) -> [Int] {
            var low = 0, high = expectations.count
            while low < high {
                let middle = (low + high) / 2
                if lexicographicallyPrecedes(expectations[middle].policy, policy) { low = middle + 1 } else { high = middle }
            }
            var result: [Int] = []
            while low < expectations.count && expectations[low].policy == policy {
                result.append(expectations[low].parent)
                low += 1
            }
            return result
        }

        var level = PolicyGraph.Level()
        var listed: [OID] = []
        for policy in policies where policy != .anyPolicy {
            listed.append(policy)
            let found = parents(of: policy)
            if !found.isEmpty {
                level.nodes.append(PolicyGraph.Node(policy: policy, parents: found, underAny: false, expected: [policy]))
                try spend(1 + found.count)
            } else if previous.hasAny {
                level.nodes.append(PolicyGraph.Node(policy: policy, parents: [], underAny: true, expected: [policy]))
                try spend(1)
            }
        }
        if anyAllowed && policies.contains(.anyPolicy) {
            let listed = OIDSet(listed)
            // Every expected policy of depth i−1 not already a node here.
            var k = 0
            while k < expectations.count {
                let policy = expectations[k].policy
                var end = k
                while end < expectations.count && expectations[end].policy == policy { end += 1 }
                if !listed.contains(policy) {
                    level.nodes.append(PolicyGraph.Node(policy: policy, parents: expectations[k..<end].map { $0.parent },
                                                        underAny: false, expected: [policy]))
                    try spend(1 + end - k)
                }
                k = end
            }
            level.hasAny = previous.hasAny
        }
        return level
    }

    /// §6.1.4(b): mapped nodes expect their subject-domain policies; with
    /// mapping inhibited, mapped nodes are deleted instead.
    static func applyMappings(_ mappings: [PolicyMapping], to level: inout PolicyGraph.Level, allowed: Bool,
                              spend: (Int) throws(BudgetExhausted) -> Void) throws(BudgetExhausted) {
        try spend(mappings.count)
        // Grouped by issuer-domain policy through one sort (a certificate may
        // carry thousands of mappings: no pairwise scans), each group's
        // subject-domain policies in the order they appear, the groups in
        // the order their issuer first appears.
        let order = stableOrder(mappings.count) { a, b in
            let x = mappings[a].issuerDomainPolicy, y = mappings[b].issuerDomainPolicy
            return x == y ? a < b : lexicographicallyPrecedes(x, y)
        }
        var groups: [(issuer: OID, subjects: [OID], first: Int)] = []
        var start = 0
        while start < order.count {
            let issuer = mappings[order[start]].issuerDomainPolicy
            var end = start
            while end < order.count && mappings[order[end]].issuerDomainPolicy == issuer { end += 1 }
            groups.append((issuer, uniqued(order[start..<end].map { mappings[$0].subjectDomainPolicy }), order[start]))
            start = end
        }
        groups.stablySort { $0.first < $1.first }
        if !allowed {
            let mapped = OIDSet(groups.map { $0.issuer })
            level.nodes.removeAll { mapped.contains($0.policy) }
            return
        }
        // The first node of each policy, found by binary search (issuers are
        // distinct, so nodes appended below are never looked up).
        let nodes = level.nodes
        let byPolicy = stableOrder(nodes.count) { a, b in
            nodes[a].policy == nodes[b].policy ? a < b : lexicographicallyPrecedes(nodes[a].policy, nodes[b].policy)
        }
        for group in groups {
            let at = partitionPoint(byPolicy.count) { lexicographicallyPrecedes(nodes[byPolicy[$0]].policy, group.issuer) }
            if at < byPolicy.count && nodes[byPolicy[at]].policy == group.issuer {
                level.nodes[byPolicy[at]].expected = group.subjects
            } else if level.hasAny {
                level.nodes.append(PolicyGraph.Node(policy: group.issuer, parents: [], underAny: true, expected: group.subjects))
                try spend(1)
            }
        }
    }

    /// §6.1.5(g): the policies of `initial` the path is valid for, named in
    /// the caller's (the anchor's) policy domain: the valid_policy_node_set —
    /// nodes right below anyPolicy that still reach the leaf's level — kept
    /// where `initial` holds them, plus `initial`'s other policies when the
    /// leaf's level has anyPolicy; `[.anyPolicy]` when both are anyPolicy.
    static func userConstrainedPolicies(_ levels: [PolicyGraph.Level], initial: [OID]) -> [OID] {
        let acceptsAny = initial.contains(.anyPolicy)
        // alive: has a path down to the leaf's level (the RFC's pruning).
        var alive = levels.map { [Bool](repeating: false, count: $0.nodes.count) }
        let last = levels.count - 1
        for k in alive[last].indices { alive[last][k] = true }
        if last >= 2 {
            for depth in stride(from: last, through: 2, by: -1) {
                for (k, node) in levels[depth].nodes.enumerated() where alive[depth][k] {
                    for parent in node.parents { alive[depth - 1][parent] = true }
                }
            }
        }
        var top: [OID] = []
        for depth in levels.indices where depth >= 1 {
            for (k, node) in levels[depth].nodes.enumerated() where node.underAny && alive[depth][k] { top.append(node.policy) }
        }
        let wanted = OIDSet(initial), topPolicies = OIDSet(top)
        var result = uniqued(top.filter { acceptsAny || wanted.contains($0) })
        if levels[last].hasAny {
            if acceptsAny {
                result.append(.anyPolicy)
            } else {
                let found = OIDSet(result)
                result += uniqued(initial.filter { !topPolicies.contains($0) && !found.contains($0) })
            }
        }
        return result
    }
}

/// OIDs sorted once, for membership tests in log n.
struct OIDSet {
    private let sorted: [OID]

    init(_ oids: [OID]) { sorted = oids.stablySorted { lexicographicallyPrecedes($0, $1) } }

    func contains(_ oid: OID) -> Bool {
        let at = partitionPoint(sorted.count) { lexicographicallyPrecedes(sorted[$0], oid) }
        return at < sorted.count && sorted[at] == oid
    }
}

/// `list` without repeats, first occurrences kept in order; n log n.
func uniqued(_ list: [OID]) -> [OID] {
    guard list.count > 1 else { return list }
    let order = stableOrder(list.count) { a, b in list[a] == list[b] ? a < b : lexicographicallyPrecedes(list[a], list[b]) }
    var keep = [Bool](repeating: true, count: list.count)
    for (previous, next) in zip(order, order.dropFirst()) where list[previous] == list[next] { keep[next] = false }
    return list.indices.filter { keep[$0] }.map { list[$0] }
}

/// Byte order of two OIDs' content octets (any total order serves the sort).
private func lexicographicallyPrecedes(_ a: OID, _ b: OID) -> Bool {
    a.bytes.lexicographicallyPrecedes(b.bytes)
}
