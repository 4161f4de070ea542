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
            if !broken && trace != nil && check.isInapplicable(certificate, extensions) {
                notApplicable(rule.checkName(check.family), index, node, reason: String(check.inapplicable))
                continue
            }
            if let failure = step(rule.checkName(check.family), index, node, broken ? rule.failure(index: index, check.family) : nil) {
                return failure
            }
        }
        return nil
    }

    /// The leaf's rules that read the path's anchor (Apple's EKU and
    /// validity limits, which differ under a system root), once a path has
    /// reached one. A rule that holds under a system root only is not a step
    /// of any other path.
    mutating func checkAnchoredLeafRules(_ nodes: [PathNode]) -> TrustFailure? {
        guard let anchor = nodes.last?.anchorIndex else { return nil }
        return checkAnchoredLeafRules(under: anchor, leaf: nodes[0], leafIsAnchor: false)
    }

    /// The same for a path of one, a leaf that is itself the anchor at
    /// `anchor`: a profile that waives the leaf's rules for such a leaf
    /// waives these too.
    mutating func checkAnchoredLeafRules(under anchor: Int, leaf node: PathNode, leafIsAnchor: Bool) -> TrustFailure? {
        let rules = policy.profile.anchoredLeafRules
        guard !rules.isEmpty else { return nil }
        let serverAuth = policy.purpose == .serverAuth
        // One copy of the extensions for all the rules, as `checkRules` does.
        let leaf = node.certificate, extensions = leaf.extensions
        var underSystemRoot: Bool? = nil
        for rule in rules {
            let check = rule.check
            guard !check.serverAuthOnly || serverAuth else { continue }
            // The store is asked once, and only when a rule is run.
            if underSystemRoot == nil { underSystemRoot = store.provenance(ofAnchor: anchor) == .system }
            let systemRoot = underSystemRoot == true
            if check.systemRootOnly && !systemRoot { continue }
            let broken = check.isBroken(leaf, extensions, systemRoot)
            if broken && leafIsAnchor && policy.profile.waivesRulesForAnchorLeaf {
                waive(rule.checkName(check.family), 0, node, reason: Self.leafIsAnchor)
                continue
            }
            if let failure = step(rule.checkName(check.family), 0, node, broken ? rule.failure(index: 0, check.family) : nil) {
                return failure
            }
        }
        return nil
    }

    /// Why a rule the leaf breaks is waived: the caller trusts that certificate as it is.
    static let leafIsAnchor = "the leaf is itself a trust anchor, trusted as the caller gave it"
}
