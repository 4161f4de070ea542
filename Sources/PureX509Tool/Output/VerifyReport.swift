import PureX509

/// What `verify` says about one path validation: the
/// certificates named by where they came from (their position in CHAIN,
/// in the --untrusted files, or among the --roots anchors) and their
/// subjects, the path the decision is about, and with --explain every
/// check in the order it ran (docs/output.md).
struct VerifyReport {
    let explanation: Explanation
    /// How many certificates CHAIN held: later presented positions came from --untrusted.
    let chainCount: Int
    /// The anchors were the --pin-cert certificates (AFSecurityPolicy's
    /// certificate mode), so an anchor index counts among them.
    var pinnedAnchors = false
    /// What the presented file is when its one object was refused as a
    /// certificate and is something else (a .p12): said with `malformed`.
    var malformedNote: String? = nil

    /// Where a certificate came from, in the tool's terms.
    enum Source {
        case input(Int), untrusted(Int), anchor(Int), pinned(Int)
    }

    func source(_ origin: CertificateOrigin) -> Source {
        switch origin {
        case .presented(let position) where position < chainCount: return .input(position)
        case .presented(let position): return .untrusted(position - chainCount)
        case .anchor(let index): return pinnedAnchors ? .pinned(index) : .anchor(index)
        }
    }

    /// "input certificate 2 (CN=…)", "--untrusted certificate 0 (CN=…)" or "trust anchor 5 (CN=…)".
    func label(_ origin: CertificateOrigin, _ certificate: Certificate?) -> String {
        let place: String
        switch source(origin) {
        case .input(let position): place = "input certificate \(position)"
        case .untrusted(let position): place = "--untrusted certificate \(position)"
        case .anchor(let index): place = "trust anchor \(index)"
        case .pinned(let index): place = "--pin-cert certificate \(index)"
        }
        return certificate.map { place + " (" + $0.subjectForDisplay.description + ")" } ?? place
    }

    /// The certificate at `index` of the reported path, named.
    func name(_ index: Int) -> String {
        let path = explanation.path
        // No path: a malformed presented certificate, whose index is its
        // position (CHAIN's certificates, then the --untrusted ones).
        if path.isEmpty { return label(.presented(index), nil) }
        guard index >= 0, index < path.count else { return "certificate \(index)" }
        return label(path[index].origin, path[index].certificate)
    }

    func message(_ failure: TrustFailure) -> String {
        if case .malformed = failure.reason, let malformedNote { return failure.describe(name) + " (" + malformedNote + ")" }
        return failure.describe(name)
    }

    func certificateJSON(_ origin: CertificateOrigin, _ certificate: Certificate?) -> JSONOutput {
        var input: JSONOutput = .null, untrusted: JSONOutput = .null, anchor: JSONOutput = .null, pinned: JSONOutput = .null
        switch source(origin) {
        case .input(let position): input = .int(position)
        case .untrusted(let position): untrusted = .int(position)
        case .anchor(let index): anchor = .int(index)
        case .pinned(let index): pinned = .int(index)
        }
        return .object([("input", input), ("untrusted", untrusted), ("anchor", anchor), ("pinned", pinned),
                        ("subject", certificate.map { .string($0.subjectForDisplay.description) } ?? .null)])
    }

    var pathJSON: JSONOutput {
        .array(explanation.path.map { certificateJSON($0.origin, $0.certificate) })
    }

    /// The `path` object of the certificate at `index` of the reported path.
    func fromJSON(_ index: Int) -> JSONOutput? {
        guard index >= 0, index < explanation.path.count else { return nil }
        return certificateJSON(explanation.path[index].origin, explanation.path[index].certificate)
    }

    /// The `error` object of a validation failure (`VerdictJSON.error`).
    func errorJSON(_ failure: TrustFailure) -> JSONOutput {
        let index = failure.certificateIndex
        return VerdictJSON.error(code: failure.code, certificate: index, from: index.flatMap(fromJSON), message: message(failure),
                                 failure: failure)
    }

    /// `revoked`: the entry (serial in hexadecimal, date, reason);
    /// `revocationUnknown`: the gap, as a stable word.
    static func revocationJSON(_ failure: TrustFailure?) -> [(String, JSONOutput)] {
        switch failure?.reason {
        case .revoked(let revocation)?:
            return [("revocation", .object([
                ("serial", .string(Hex.encode(revocation.serialNumber))),
                ("date", .string(CivilTime.iso8601(revocation.date))),
                ("reason", revocation.reason.map { .string($0.name) } ?? .null),
            ]))]
        case .revocationUnknown(let gap)?:
            return [("revocationGap", .string(gap.code))]
        default:
            return []
        }
    }

    /// What revocation checking found for a trusted path: for the text
    /// verdict, one clause per certificate whose status stayed unknown
    /// ("revocation status unknown for input certificate 0: no CRL covers
    /// it"), so that soft-fail trust never reads like checked trust.
    func revocationNotes(_ chain: VerifiedChain) -> [String] {
        chain.revocation.compactMap { finding in
            guard case .unknown(let gap) = finding.status else { return nil }
            return "revocation status unknown for \(place(finding.certificateIndex)): \(gap)"
        }
    }

    /// `revocation`: `[{"certificate", "from", "status", "source", "reason"}]`,
    /// one per certificate checked (`certificate` its path index, `reason`
    /// the gap's stable word when the status is unknown); null when checking was off.
    func revocationJSON(_ chain: VerifiedChain) -> JSONOutput {
        guard !chain.revocation.isEmpty else { return .null }
        return .array(chain.revocation.map { finding in
            let status: String, reason: JSONOutput
            switch finding.status {
            case .good: status = "good"; reason = .null
            case .unknown(let gap): status = "unknown"; reason = .string(gap.code)
            }
            return .object([("certificate", .int(finding.certificateIndex)), ("from", fromJSON(finding.certificateIndex) ?? .null),
                            ("status", .string(status)), ("source", .string(finding.source.rawValue)), ("reason", reason)])
        })
    }

    /// "input certificate 0", "--untrusted certificate 1": where the
    /// certificate at `index` of the reported path came from, unnamed.
    func place(_ index: Int) -> String {
        guard index >= 0, index < explanation.path.count else { return "certificate \(index)" }
        return label(explanation.path[index].origin, nil)
    }

    // The trace.

    /// The certificate behind an origin, when the reported path or the trace
    /// can say (every origin the trace names is on some candidate path).
    func certificate(_ origin: CertificateOrigin, presented: [Certificate], anchors: TrustStore) -> Certificate? {
        switch origin {
        case .presented(let position): return position < presented.count ? presented[position] : nil
        case .anchor(let index): return index < anchors.count ? anchors.anchors[index] : nil
        }
    }

    func traceLines(presented: [Certificate], anchors: TrustStore) -> [String] {
        // Each row names its certificate; a subject's display walks the whole
        // name to count what it leaves out, so each certificate is named once
        // (a 1 M-RDN subject cost about 40 ms a row).
        var names: [(origin: CertificateOrigin, text: String)] = []
        func named(_ origin: CertificateOrigin) -> String {
            if let known = names.first(where: { $0.origin == origin }) { return known.text }
            let text = label(origin, certificate(origin, presented: presented, anchors: anchors))
            names.append((origin, text))
            return text
        }
        if explanation.steps.isEmpty { return ["  (no steps: a presented certificate did not parse, so nothing was checked)"] }
        let omitted = explanation.omittedSteps > 0 ? ["  … \(explanation.omittedSteps) more steps, not recorded (Budgets.traceSteps)"] : []
        return explanation.steps.map { step in
            switch step {
            case .check(let check, let position, let origin, let failure):
                let verdict = failure == nil ? "pass" : "FAIL"
                let head = "  [\(verdict)] path \(position), \(named(origin)): \(check) (\(check.section))"
                return failure.map { head + ": " + $0.describe { "path certificate \($0)" } } ?? head
            case .waived(let check, let position, let origin, let reason):
                return "  [waived] path \(position), \(named(origin)): \(check) (\(check.section)): \(reason)"
            case .notApplicable(let check, let position, let origin, let reason):
                return "  [n/a] path \(position), \(named(origin)): \(check) (\(check.section)): \(reason)"
            case .undecided(let check, let position, let origin, let reason):
                return "  [unknown] path \(position), \(named(origin)): \(check) (\(check.section)): \(reason); the policy does not require it"
            case .candidate(let issuer, let position):
                return "  try \(named(issuer)) as the issuer of path certificate \(position)"
            case .signedCertificateTimestamp(let finding, let position, let origin):
                // An SCT that does not count is not a verdict: the policy step after them decides.
                let verdict = finding.disposition.counts ? "pass" : "not counted"
                return "  [\(verdict)] path \(position), \(named(origin)): \(finding.summary) (RFC 6962 §3.2)"
            case .path(let origins, let failure):
                let chain = origins.map(named).joined(separator: " <- ")
                return "  path " + chain + ": " + (failure.map { "refused, " + $0.describe { "path certificate \($0)" } } ?? "trusted")
            }
        } + omitted
    }

    func traceJSON(presented: [Certificate], anchors: TrustStore) -> JSONOutput {
        var objects: [(origin: CertificateOrigin, json: JSONOutput)] = []
        func cert(_ origin: CertificateOrigin) -> JSONOutput {
            if let known = objects.first(where: { $0.origin == origin }) { return known.json }
            let json = certificateJSON(origin, certificate(origin, presented: presented, anchors: anchors))
            objects.append((origin, json))
            return json
        }
        func failureJSON(_ failure: TrustFailure?) -> JSONOutput {
            failure.map { .object([("code", .string($0.code)), ("message", .string($0.describe { "path certificate \($0)" }))]) } ?? .null
        }
        return .array(explanation.steps.map { step in
            switch step {
            case .check(let check, let position, let origin, let failure):
                return .object([
                    ("step", .string("check")), ("check", .string(check.code)), ("section", .string(check.section)),
                    ("description", .string(check.description)), ("position", .int(position)), ("certificate", cert(origin)),
                    ("verdict", .string(failure == nil ? "pass" : "fail")), ("failure", failureJSON(failure)),
                ])
            case .waived(let check, let position, let origin, let reason), .undecided(let check, let position, let origin, let reason),
                 .notApplicable(let check, let position, let origin, let reason):
                let verdict: String
                switch step {
                case .waived: verdict = "waived"
                case .notApplicable: verdict = "notApplicable"
                default: verdict = "unknown"
                }
                return .object([
                    ("step", .string("check")), ("check", .string(check.code)), ("section", .string(check.section)),
                    ("description", .string(check.description)), ("position", .int(position)), ("certificate", cert(origin)),
                    ("verdict", .string(verdict)), ("failure", .null), ("reason", .string(reason)),
                ])
            case .candidate(let issuer, let position):
                return .object([("step", .string("candidate")), ("position", .int(position)), ("issuer", cert(issuer))])
            case .signedCertificateTimestamp(let finding, let position, let origin):
                return .object([
                    ("step", .string("sct")), ("section", .string("RFC 6962 §3.2")), ("position", .int(position)),
                    ("certificate", cert(origin)), ("verdict", .string(finding.disposition.counts ? "counted" : "notCounted")),
                    ("sct", CTOutput.json(finding)),
                ])
            case .path(let origins, let failure):
                return .object([
                    ("step", .string("path")), ("path", .array(origins.map(cert))),
                    ("verdict", .string(failure == nil ? "trusted" : "refused")), ("failure", failureJSON(failure)),
                ])
            }
        })
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
