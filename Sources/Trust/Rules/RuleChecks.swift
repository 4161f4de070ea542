import PKIX

// Runs a profile's rule lists (ValidationProfile.leafRules,
// .intermediateRules, .anchorRules) over the certificates of a path, each
// rule one step of the trace. Which rules, and in which order, is the
// profile's; what each asks and how it is decided is the table's
// (ConformanceRule.swift).

extension Evaluation {
    /// Runs `rules` on the certificate at path position `index`; the first
    /// broken one is the failure. Rules that serve server authentication
    /// only are skipped for other purposes, and those that need the path's
    /// anchor wait for `checkAnchoredLeafRules`. A rule broken by a leaf that
    /// is itself an anchor does not count when the profile waives it (the
    /// anchor is the caller's); the store lookup happens only then.
    mutating func checkRules(_ rules: [ConformanceRule], _ node: PathNode, index: Int) -> TrustFailure? {
        let certificate = node.certificate
        // One copy of the extensions for all the rules (each access through
        // the certificate copies the whole struct).
        let extensions = certificate.extensions
        let serverAuth = policy.purpose == .serverAuth
        // Only the leaf's own checks are waived, not the anchor's checks of
        // the same certificate on a path of one.
        let waives = index == 0 && !node.isAnchor && policy.profile.waivesRulesForAnchorLeaf
        // The table once for the loop, not a global's accessor per rule.
        let checks = RuleEntry.checks
        for rule in rules {
            let check = checks[Int(rule.rawValue)]
            if check.needsAnchor || (check.serverAuthOnly && !serverAuth) { continue }
            let broken = check.isBroken(certificate, extensions, false)
            if broken && waives && leafAnchorIndex != nil {
                waive(rule.checkName(check.family), index, node, reason: Self.leafIsAnchor)
                continue
            }
            if let failure = step(rule.checkName(check.family), index, node, broken ? rule.failure(index: index, check.family) : nil) {
                return failure
            }
        }
        return nil
    }

    /// The leaf's rules that read the path's anchor (Apple's 398-day limit
    /// under a system root), once a path has reached one.
    mutating func checkAnchoredLeafRules(_ nodes: [PathNode]) -> TrustFailure? {
        let rules = policy.profile.anchoredLeafRules
        guard !rules.isEmpty, let anchor = nodes.last?.anchorIndex else { return nil }
        let serverAuth = policy.purpose == .serverAuth
        var underSystemRoot: Bool? = nil
        for rule in rules {
            let check = rule.check
            guard !check.serverAuthOnly || serverAuth else { continue }
            // Only a leaf under a system root is held to these; any other
            // path does not take the step (as no rule of its kind applies).
            if underSystemRoot == nil { underSystemRoot = store.provenance(ofAnchor: anchor) == .system }
            guard underSystemRoot == true else { return nil }
            let leaf = nodes[0].certificate
            let broken = check.isBroken(leaf, leaf.extensions, true)
            if let failure = step(rule.checkName(check.family), 0, nodes[0], broken ? rule.failure(index: 0, check.family) : nil) {
                return failure
            }
        }
        return nil
    }

    /// Why a rule the leaf breaks is waived: the caller trusts that certificate as it is.
    static let leafIsAnchor = "the leaf is itself a trust anchor, trusted as the caller gave it"
}
