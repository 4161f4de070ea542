import DER
import PKIX
import Testing
@testable import Trust

// The valid-policy graph (Trust/Checks/PolicyProcessing.swift) beyond PKITS: its
// size is bounded by a budget with its own error, and a hostile shape (every
// CA asserting many policies and anyPolicy, the shape that made OpenSSL's
// tree exponential, CVE-2023-0464) grows linearly and ends in that error.

private func policy(_ n: Int) -> OID { OID(der: [0x2A, 0x03, UInt8(0x80 | (n >> 7)), UInt8(n & 0x7F)]) }

private func build(levels count: Int, width: Int, budget: Int) -> (work: Int, levels: Int, error: TrustFailure?) {
    var work = 0
    var level = PolicyGraph.Level(nodes: [], hasAny: true)
    let policies = (0..<width).map(policy) + [.anyPolicy]
    for depth in 1...count {
        do throws(BudgetExhausted) {
            level = try Evaluation.nextLevel(after: level, policies: policies, anyAllowed: true) { (units: Int) throws(BudgetExhausted) in
                work += units
                if work > budget { throw BudgetExhausted(budget: .policyGraph) }
            }
        } catch {
            return (work, depth, error.failure)
        }
    }
    return (work, count, nil)
}

@Test func theGraphGrowsLinearlyWithTheCertificates() {
    // Seven CAs and a leaf, each with 100 policies and anyPolicy: the tree
    // of the RFC could hold 100^7 nodes; the graph holds 100 per level.
    let shape = build(levels: 8, width: 100, budget: .max)
    #expect(shape.error == nil)
    #expect(shape.work <= 8 * (100 + 100 + 100 + 1))
}

@Test func aGraphOverItsBudgetEndsWithItsOwnError() {
    let shape = build(levels: 8, width: 3_000, budget: Budgets().policyGraph)
    #expect(shape.error == .budgetExceeded(.policyGraph))
    #expect(shape.levels <= 8)
}

@Test func policyListsWithDuplicatesOrUnknownCriticalQualifiersAreRefused() {
    let a = PolicyInformation(policy: policy(1), qualifierIDs: [.cpsQualifier])
    let b = PolicyInformation(policy: policy(2), qualifierIDs: [.userNoticeQualifier])
    let odd = PolicyInformation(policy: policy(3), qualifierIDs: [policy(99)])
    #expect(Evaluation.checkPolicyList([a, b], critical: true) == nil)
    #expect(Evaluation.checkPolicyList([a, b, a], critical: false) == .duplicatePolicy(policy(1)))
    #expect(Evaluation.checkPolicyList([a, odd], critical: false) == nil)
    #expect(Evaluation.checkPolicyList([a, odd], critical: true) == .unknownQualifier(policy(99)))
}

@Test func mappingInhibitedDeletesTheMappedNodes() throws {
    var level = PolicyGraph.Level(nodes: [
        PolicyGraph.Node(policy: policy(1), parents: [], underAny: true, expected: [policy(1)]),
        PolicyGraph.Node(policy: policy(2), parents: [], underAny: true, expected: [policy(2)]),
    ], hasAny: false)
    let mappings = [PolicyMapping(issuerDomainPolicy: policy(1), subjectDomainPolicy: policy(7))]
    var mapped = level
    try Evaluation.applyMappings(mappings, to: &mapped, allowed: true) { (_: Int) throws(BudgetExhausted) in }
    #expect(mapped.nodes.map(\.expected) == [[policy(7)], [policy(2)]])
    try Evaluation.applyMappings(mappings, to: &level, allowed: false) { (_: Int) throws(BudgetExhausted) in }
    #expect(level.nodes.map(\.policy) == [policy(2)])
}
