import DER
import PKIX

// The CT policies' rules, one entry each: its code, the text that states
// it, what it asks and its predicate over the path's SCT findings
// (`CTTally`). A policy is the list of its rules, checked in order; the
// first unmet one is the failure. docs/ct.md cites each.
//
// Apple (support.apple.com/103214): at least two SCTs from once- or
// currently-approved logs, and either two from currently-approved logs
// with one delivered by TLS or OCSP, or one embedded SCT from a
// currently-approved log plus embedded SCTs from distinct logs by
// lifetime (≤ 180 days: 2, at most 1 per operator counting; 181–398
// days: 3, at most 2 per operator); at least one from an RFC 6962 log.
// Lifetime is notBefore through notAfter inclusive, in 86,400-second
// days, any part of a day counting as a day. Certificates issued before
// 2021-04-21 are counted by the month table Apple used until then
// (published in its Security source: under 15 months 2, to 27 months 3,
// to 39 months 4, above 5), with no operator limit. A lifetime over 398
// days (which `apple` refuses by its 398-day rule) needs what 398 days do.
//
// Chrome (ct_policy.md): embedded, 2 SCTs for a lifetime ≤ 180 days and
// 3 above, from distinct logs, at least one of them not retired, from at
// least two operators (each SCT's operator at its timestamp); from TLS or
// OCSP, 2 SCTs from logs not retired, of two operators; since Chrome 134,
// at least one SCT from an RFC 6962 log.

/// A rule of a Certificate Transparency policy, from the table of CT rules.
public enum CTRule: UInt8, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// A log list to check SCTs against.
    case logList
    /// Apple: two SCTs from once- or currently-approved logs.
    case appleTwoSCTs
    /// Apple: enough SCTs by delivery and lifetime.
    case appleEnoughSCTs
    /// Apple: one SCT from an RFC 6962 log.
    case appleRFC6962Log
    /// Chrome: enough SCTs by delivery and lifetime, from two operators.
    case chromeEnoughSCTs
    /// Chrome: one SCT from an RFC 6962 log.
    case chromeRFC6962Log

    /// A stable name for scripts.
    public var code: String { String(entry.code) }
    /// The text that states the rule.
    package var section: String { String(entry.section) }
    /// What the rule asks.
    package var asks: String { String(entry.asks) }
    /// What the rule asks, with its source.
    public var description: String { asks + " (" + section + ")" }

    var entry: CTRuleEntry { CTRuleEntry.table[Int(rawValue)] }

    /// The rules of `policy`, in the order checked.
    package static func rules(of policy: CTPolicy) -> [CTRule] {
        switch policy {
        case .apple: return appleRules
        case .chrome: return chromeRules
        }
    }

    private static let appleRules: [CTRule] = [.logList, .appleTwoSCTs, .appleEnoughSCTs, .appleRFC6962Log]
    private static let chromeRules: [CTRule] = [.logList, .chromeEnoughSCTs, .chromeRFC6962Log]
}

/// One CT rule, declared once.
struct CTRuleEntry: Sendable {
    let rule: CTRule
    let code: StaticString
    let section: StaticString
    let asks: StaticString
    /// Whether the path's SCTs meet the rule.
    let isMet: @Sendable (CTTally) -> Bool

    /// Every entry, in `CTRule`'s order (a test checks each case has one).
    static let table: [CTRuleEntry] = [
        CTRuleEntry(rule: .logList, code: "ctLogList", section: "RFC 6962 §3.2",
                    asks: "a log list to check SCTs against") { $0.hasLogList },
        CTRuleEntry(rule: .appleTwoSCTs, code: "appleCTTwoSCTs", section: appleSection,
                    asks: "at least two SCTs from distinct once- or currently-approved logs") { tally in
            tally.distinctLogs { _ in true } >= 2
        },
        CTRuleEntry(rule: .appleEnoughSCTs, code: "appleCTEnoughSCTs", section: appleSection,
                    asks: "two SCTs from currently-approved logs with one from TLS or OCSP, or an embedded SCT from a currently-approved log and embedded SCTs from distinct logs by lifetime") { tally in
            let delivered = tally.distinctLogs { $0.isCurrent } >= 2 && tally.findings.contains { $0.isCurrent && $0.origin != .embedded }
            let (needed, perOperator) = tally.appleEmbeddedRequirement
            let embedded = tally.findings.contains { $0.isCurrent && $0.origin == .embedded }
                && tally.cappedCount(perOperator: perOperator) { $0.origin == .embedded } >= needed
            return delivered || embedded
        },
        CTRuleEntry(rule: .appleRFC6962Log, code: "appleCTRFC6962Log", section: appleSection,
                    asks: "at least one SCT from an RFC 6962 log") { tally in
            tally.findings.contains { $0.disposition.counts && $0.fromRFC6962Log }
        },
        CTRuleEntry(rule: .chromeEnoughSCTs, code: "chromeCTEnoughSCTs", section: chromeSection,
                    asks: "embedded SCTs from distinct logs (2 for 180 days or less, 3 above), one not retired, from two operators; or two SCTs from TLS or OCSP from logs not retired, of two operators") { tally in
            let embedded: (SCTFinding) -> Bool = { $0.origin == .embedded }
            let embeddedMet = tally.distinctLogs(embedded) >= (tally.lifetimeDays <= 180 ? 2 : 3)
                && tally.findings.contains { embedded($0) && $0.isCurrent }
                && tally.distinctOperators(embedded) >= 2
            let delivered: (SCTFinding) -> Bool = { $0.origin != .embedded && $0.isCurrent }
            let deliveredMet = tally.distinctLogs(delivered) >= 2 && tally.distinctOperators(delivered) >= 2
            return embeddedMet || deliveredMet
        },
        CTRuleEntry(rule: .chromeRFC6962Log, code: "chromeCTRFC6962Log", section: chromeSection,
                    asks: "at least one SCT from an RFC 6962 log") { tally in
            tally.findings.contains { $0.disposition.counts && $0.fromRFC6962Log }
        },
    ]

    private static let appleSection = CTPolicy.apple.source
    private static let chromeSection = CTPolicy.chrome.source
}

/// What the rules read: the path's SCT findings and the leaf's lifetime.
struct CTTally: Sendable {
    let findings: [SCTFinding]
    let hasLogList: Bool
    /// notBefore through notAfter inclusive, in 86,400-second days, a part day counting whole.
    let lifetimeDays: Int64
    /// Whole calendar months from notBefore to notAfter.
    let lifetimeMonths: Int64
    /// Issued before 2021-04-21, when Apple's day-based table took over.
    let issuedBeforeDayTable: Bool

    init(findings: [SCTFinding], hasLogList: Bool, notBefore: Int64, notAfter: Int64) {
        self.findings = findings
        self.hasLogList = hasLogList
        let seconds = notAfter - notBefore + 1
        lifetimeDays = seconds <= 0 ? 0 : (seconds + 86_399) / 86_400
        lifetimeMonths = Self.months(from: notBefore, to: notAfter)
        issuedBeforeDayTable = notBefore < 1_618_963_200 // 2021-04-21T00:00:00Z
    }

    /// Apple's embedded-SCT count and per-operator limit for the leaf's lifetime.
    var appleEmbeddedRequirement: (needed: Int, perOperator: Int) {
        if issuedBeforeDayTable {
            let needed = lifetimeMonths < 15 ? 2 : lifetimeMonths <= 27 ? 3 : lifetimeMonths <= 39 ? 4 : 5
            return (needed, needed)
        }
        return lifetimeDays <= 180 ? (2, 1) : (3, 2)
    }

    /// Distinct logs among the counted SCTs `include` accepts. Findings
    /// are few (three in a real certificate, at most 64 per source), so
    /// each is compared with those before it rather than collected.
    func distinctLogs(_ include: (SCTFinding) -> Bool) -> Int {
        var count = 0
        for i in findings.indices where counts(i, include) && !findings[..<i].indices.contains(where: { counts($0, include) && findings[$0].logID == findings[i].logID }) {
            count += 1
        }
        return count
    }

    /// Distinct operators among the counted SCTs `include` accepts.
    func distinctOperators(_ include: (SCTFinding) -> Bool) -> Int {
        var count = 0
        for i in findings.indices where counts(i, include) && !findings[..<i].indices.contains(where: { counts($0, include) && sameName(findings[$0].operatorName, findings[i].operatorName) }) {
            count += 1
        }
        return count
    }

    /// Distinct logs among the counted SCTs `include` accepts, at most
    /// `perOperator` of them counting for any one operator.
    func cappedCount(perOperator: Int, _ include: (SCTFinding) -> Bool) -> Int {
        var total = 0
        for i in findings.indices where firstOfItsLog(i, include) {
            // This log's place among its operator's distinct logs so far.
            var before = 0
            for j in findings[..<i].indices where firstOfItsLog(j, include) && sameName(findings[j].operatorName, findings[i].operatorName) {
                before += 1
            }
            if before < perOperator { total += 1 }
        }
        return total
    }

    private func counts(_ index: Int, _ include: (SCTFinding) -> Bool) -> Bool {
        findings[index].disposition.counts && include(findings[index])
    }

    private func firstOfItsLog(_ index: Int, _ include: (SCTFinding) -> Bool) -> Bool {
        counts(index, include) && !findings[..<index].indices.contains { counts($0, include) && findings[$0].logID == findings[index].logID }
    }

    /// Whole months from `start` to `end` (both seconds since 1970), as a
    /// calendar counts them: a month is complete when the same day and time
    /// of the next month is reached.
    static func months(from start: Int64, to end: Int64) -> Int64 {
        guard end > start else { return 0 }
        let (startDay, startSecond) = split(start), (endDay, endSecond) = split(end)
        let a = CivilTime.date(days: startDay), b = CivilTime.date(days: endDay)
        var months = (b.year - a.year) * 12 + (b.month - a.month)
        if (b.day, endSecond) < (a.day, startSecond) { months -= 1 }
        return max(0, months)
    }

    private static func split(_ time: Int64) -> (days: Int64, second: Int64) {
        let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
        return (days, time - days * 86_400)
    }
}

extension SCTFinding {
    /// Counted, from a log approved at the verification time.
    var isCurrent: Bool {
        if case .counted(current: true) = disposition { return true }
        return false
    }
}

/// Whether two names from one log list are the same, byte for byte: the
/// list's own strings, so no Unicode normalisation is asked for (which the
/// Embedded build would have to link tables for).
func sameName(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (let x?, let y?): return x.utf8.elementsEqual(y.utf8)
    case (nil, nil): return true
    default: return false
    }
}
