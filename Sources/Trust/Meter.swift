// One place that counts an evaluation's work, compares it with the
// `Budgets` and refuses (webpki's `Budget`): every charge is made before
// the work it pays for, and running out is `TrustFailure.budgetExceeded`,
// which ends the evaluation (no other path is tried). A CRL signer's
// nested evaluation spends the same meter, so revocation adds no work
// beyond the budgets.

/// What an evaluation has spent of each budget, and the limits.
struct Meter {
    let limits: Budgets
    private(set) var signatureChecks = 0
    private(set) var signatureWork = 0
    private(set) var pathBuildingSteps = 0
    private(set) var nameConstraintComparisons = 0

    init(limits: Budgets) { self.limits = limits }

    /// One signature verification with a key of `cost` units
    /// (`VerificationKey.cost`), counted and weighted.
    @inline(__always)
    mutating func chargeSignature(cost: Int) throws(TrustFailure) {
        signatureChecks += 1
        guard signatureChecks <= limits.signatureChecks else { throw .budgetExceeded(.signatureChecks) }
        signatureWork += cost
        guard signatureWork <= limits.signatureWork else { throw .budgetExceeded(.signatureWork) }
    }

    /// `count` candidate issuers considered.
    @inline(__always)
    mutating func chargeSteps(_ count: Int) throws(TrustFailure) {
        pathBuildingSteps += count
        guard pathBuildingSteps <= limits.pathBuildingSteps else { throw .budgetExceeded(.pathBuildingSteps) }
    }

    /// `count` name comparisons under name constraints.
    @inline(__always)
    mutating func chargeNameComparisons(_ count: Int) throws(TrustFailure) {
        nameConstraintComparisons += count
        guard nameConstraintComparisons <= limits.nameConstraintComparisons else { throw .budgetExceeded(.nameConstraintComparisons) }
    }

    /// The policy graph of one path has grown to `size` nodes and edges: a
    /// cap on each path's graph, not a sum over the evaluation.
    @inline(__always)
    func checkPolicyGraph(_ size: Int) throws(TrustFailure) {
        guard size <= limits.policyGraph else { throw .budgetExceeded(.policyGraph) }
    }
}
