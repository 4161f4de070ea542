// One place that counts an evaluation's work, compares it with the
// `Budgets` and refuses (webpki's `Budget`): every charge is made before
// the work it pays for, and running out throws `BudgetExhausted`, which
// ends the evaluation (no other path is tried) and is reported as
// `TrustFailure.budgetExceeded`. A CRL signer's nested evaluation spends
// the same meter, so revocation adds no work beyond the budgets.

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
    mutating func chargeSignature(cost: Int) throws(BudgetExhausted) {
        signatureChecks += 1
        guard signatureChecks <= limits.signatureChecks else { throw BudgetExhausted(budget: .signatureChecks) }
        signatureWork += cost
        guard signatureWork <= limits.signatureWork else { throw BudgetExhausted(budget: .signatureWork) }
    }

    /// `count` candidate issuers considered.
    @inline(__always)
    mutating func chargeSteps(_ count: Int) throws(BudgetExhausted) {
        pathBuildingSteps += count
        guard pathBuildingSteps <= limits.pathBuildingSteps else { throw BudgetExhausted(budget: .pathBuildingSteps) }
    }

    /// `count` name comparisons under name constraints.
    @inline(__always)
    mutating func chargeNameComparisons(_ count: Int) throws(BudgetExhausted) {
        nameConstraintComparisons += count
        guard nameConstraintComparisons <= limits.nameConstraintComparisons else { throw BudgetExhausted(budget: .nameConstraintComparisons) }
    }

    /// The policy graph of one path has grown to `size` nodes and edges: a
    /// cap on each path's graph, not a sum over the evaluation.
    @inline(__always)
    func checkPolicyGraph(_ size: Int) throws(BudgetExhausted) {
        guard size <= limits.policyGraph else { throw BudgetExhausted(budget: .policyGraph) }
    }
}

/// The one failure that ends an evaluation: a budget ran out. It is thrown
/// (`throws(BudgetExhausted)`), while every other failure is returned
/// (`TrustFailure?`) and the search moves on to the next path; the type
/// says which is which.
struct BudgetExhausted: Error {
    let budget: TrustFailure.Budget

    /// The failure the evaluation reports.
    var failure: TrustFailure { .budgetExceeded(budget) }
}
