// Where revocation evidence comes from, as an ordered list: each method is
// the policy's switch for it, a test of whether the caller supplied any of
// its evidence, and the status it alone gives one certificate. CRLs
// (CRLCheck.swift) and OCSP responses (OCSPCheck.swift) are the two built
// in; `RevocationPolicy.preferCRL` is the list's order. Another method (a
// CRLSet, a CRLite filter) is one entry here, its evidence in
// `RevocationSources` and its gap cases in `RevocationGap`;
// `revocationStatus` (CRLCheck.swift) decides among them.

/// One kind of revocation evidence the verifier consults.
struct RevocationMethod: Sendable {
    /// The policy's switch that allows it.
    let allowedBy: RevocationPolicy.Methods
    /// How a finding from it is reported.
    let source: RevocationFinding.Source
    /// The gap reported when nothing of its kind was supplied.
    let nothingSupplied: RevocationGap
    /// Whether the caller supplied any evidence of its kind.
    let isSupplied: @Sendable (RevocationSources) -> Bool
    /// The status of the certificate at `index` of the path `nodes` from this evidence alone.
    let status: @Sendable (inout Evaluation, Int, [PathNode]) throws(BudgetExhausted) -> RevocationStatus

    /// OCSP responses (RFC 6960), stapled or fetched by the caller.
    static let ocsp = RevocationMethod(
        allowedBy: .ocsp, source: .ocsp, nothingSupplied: .noOCSPResponse, isSupplied: { !$0.ocspResponses.isEmpty },
        status: { (evaluation: inout Evaluation, index: Int, nodes: [PathNode]) throws(BudgetExhausted) in
            try evaluation.ocspStatus(of: index, nodes: nodes)
        })

    /// Certificate revocation lists (RFC 5280 §6.3).
    static let crl = RevocationMethod(
        allowedBy: .crl, source: .crl, nothingSupplied: .noCRL, isSupplied: { !$0.crls.isEmpty },
        status: { (evaluation: inout Evaluation, index: Int, nodes: [PathNode]) throws(BudgetExhausted) in
            try evaluation.crlStatus(of: index, nodes: nodes)
        })

    /// The methods in the order they are consulted: OCSP first, as
    /// Apple's evaluation orders them, unless the policy prefers CRLs.
    static func ordered(_ policy: RevocationPolicy) -> [RevocationMethod] {
        policy.preferCRL ? [.crl, .ocsp] : [.ocsp, .crl]
    }

    /// Whose gap is reported when the policy allows methods but the caller
    /// supplied nothing for any: a missing CRL is named before a missing
    /// OCSP response, whatever the order.
    static let namedWhenNothingSupplied: [RevocationMethod] = [.crl, .ocsp]
}
