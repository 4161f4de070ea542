import PKIX

// CA/B Forum Baseline Requirements §6.3.2: the longest validity period a
// subscriber (server) certificate may have, by its issuance date (read as
// notBefore), and the period as the BRs count it — notBefore to notAfter
// inclusive (RFC 5280 §4.1.2.5), so one second more than the difference.
// The 2026–2029 steps are Ballot SC-081v3 (adopted April 2025).
enum BRValidityLimit {
    /// (issued on or after, longest period in seconds), newest first.
    static let steps: [(from: Int64, maximum: Int64)] = [
        (1_868_227_200, 47 * 86_400),   // 2029-03-15
        (1_805_068_800, 100 * 86_400),  // 2027-03-15
        (1_773_532_800, 200 * 86_400),  // 2026-03-15
        (1_598_918_400, 398 * 86_400),  // 2020-09-01
        (1_519_862_400, 825 * 86_400),  // 2018-03-01
    ]

    /// The limit for a certificate issued at `notBefore`; nil before 2018-03-01
    /// (earlier limits, 39 and 60 months, are not modelled: every such
    /// certificate has expired).
    static func maximum(issuedAt notBefore: Int64) -> Int64? {
        steps.first { notBefore >= $0.from }?.maximum
    }

    static func exceeded(by certificate: Certificate) -> Bool {
        guard let maximum = maximum(issuedAt: certificate.notBefore) else { return false }
        let (difference, overflow) = certificate.notAfter.subtractingReportingOverflow(certificate.notBefore)
        return overflow || difference + 1 > maximum
    }
}
