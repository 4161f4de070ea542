import PureX509

// How the tool prints Certificate Transparency (docs/output.md): the `ct`
// object of `verify --json`, `connect --json` and `scan`, the note of a
// policy not enforced, and the log list's line in `--explain`.

enum CTOutput {
    /// The CT result a decision carries: the verified chain's, or the
    /// failure's when CT refused the chain; nil when no policy applied.
    static func result(_ outcome: Result<VerifiedChain, TrustFailure>) -> CTResult? {
        switch outcome {
        case .success(let chain): return chain.transparency
        case .failure(let failure):
            if case .certificateTransparency(let result) = failure.reason { return result }
            return nil
        }
    }

    /// `{"policy", "enforced", "met", "unmetRule", "valid", "operators",
    /// "scts": [{"origin", "logID", "log", "operator", "timestamp", "status", "reason"}]}`;
    /// null when no policy applied.
    static func json(_ result: CTResult?) -> JSONOutput {
        guard let result else { return .null }
        return .object([
            ("policy", .string(result.policy.name)),
            ("enforced", .bool(result.enforced)),
            ("met", .bool(result.unmetRule == nil)),
            ("unmetRule", .optional(result.unmetRule?.code)),
            ("valid", .int(result.validCount)),
            ("operators", .array(result.operators.map { .string($0) })),
            ("scts", .array(result.findings.map(json))),
            ("unreadableLists", .array(result.unreadableLists.map { .string($0.description) })),
        ])
    }

    static func json(_ finding: SCTFinding) -> JSONOutput {
        .object([
            ("origin", .string(finding.origin.name)),
            ("logID", .string(Base64.encode(finding.logID))),
            ("log", .optional(finding.logName)),
            ("operator", .optional(finding.operatorName)),
            ("timestamp", .string(CivilTime.iso8601(Int64(clamping: finding.timestamp / 1000)))),
            ("status", .string(finding.disposition.code)),
            ("reason", .string(finding.disposition.description)),
        ])
    }

    /// What the verdict rests on besides the checks: a policy not enforced.
    static func notes(_ result: CTResult?) -> [String] {
        guard let result, !result.enforced else { return [] }
        return ["\(result.policy.name)'s CT policy not enforced: the log list is more than 70 days old"]
    }

    /// `--explain`'s line on the log list: which, and how old at the verification time.
    static func logListLine(_ list: LoadedCTLogList, at time: Int64) -> String {
        guard let published = list.published else { return "ct log list: \(list.name) (undated)" }
        let days = (time - published) / 86_400
        let age = days >= 0 ? "\(days) days old at the verification time" : "published \(-days) days after the verification time"
        return "ct log list: \(list.name), \(age)"
    }

    /// The same for --json: `{"source", "version", "published", "ageDays"}`.
    static func logListJSON(_ list: LoadedCTLogList, at time: Int64) -> JSONOutput {
        .object([
            ("source", .string(list.name)),
            ("version", .string(list.list.version)),
            ("published", list.published.map { .string(CivilTime.iso8601($0)) } ?? .null),
            ("ageDays", list.published.map { .int(Int((time - $0) / 86_400)) } ?? .null),
        ])
    }
}
