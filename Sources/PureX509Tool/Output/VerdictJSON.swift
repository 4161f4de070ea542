import PureX509

/// `verify --json`'s (and `connect --json`'s) result object, written by this
/// one encoder whichever evaluation decided (docs/output.md):
/// `{"trusted", "chain", "chainSubjects", "error", "policies", "path"}` and
/// the members that evaluation adds (`revocation`; `chainValidated` and
/// `note` on the pinning path; `profile`, `trace` and `evaluations` with
/// --explain; connect's `served`, `endpoint`, `identity`).
struct VerdictJSON {
    let trusted: Bool
    /// The certificates `chain` lists: the verified path (its last
    /// certificate the anchor), the refused path as far as it was built, or
    /// the served certificates as they came when nothing validated them.
    let certificates: [Certificate]
    /// The `error` object (`error(code:…)`); null when trusted.
    var error: JSONOutput = .null
    /// The user-constrained policy set, dotted; null when refused and on
    /// the pinning path, which does not report it.
    var policies: [OID]? = nil
    /// The reported path, each certificate with where it came from (`VerifyReport.pathJSON`).
    let path: JSONOutput
    var members: [(String, JSONOutput)] = []

    /// `chain` keeps the escaped subject strings scripts read (RFC 4514,
    /// `\xNN` for control characters); `chainSubjects` gives each subject's
    /// attributes apart (`inspect --json`'s `subjectAttributes`).
    var encoded: JSONOutput {
        let names = certificates.map { $0.subjectForDisplay }
        return .object([
            ("trusted", .bool(trusted)), ("chain", .array(names.map { .string($0.description) })),
            ("chainSubjects", .array(names.map { CertificateSummary.attributesJSON($0.relativeNames) })),
            ("error", error), ("policies", policies.map { .array($0.map { .string($0.description) }) } ?? .null),
            ("path", path),
        ] + members)
    }

    /// The `error` object: the failure's stable code, the path index of the
    /// certificate it names and where that certificate came from (`from`,
    /// a `path` entry), the message, and for a revocation failure what was
    /// found (`VerifyReport.revocationJSON`).
    static func error(code: String, certificate: Int?, from: JSONOutput?, message: String, failure: TrustFailure?) -> JSONOutput {
        .object([
            ("code", .string(code)), ("certificate", certificate.map { .int($0) } ?? .null),
            ("from", from ?? .null), ("message", .string(message)),
        ] + VerifyReport.revocationJSON(failure))
    }
}
