import PureX509

// How `verify` prints AFSecurityPolicy's evaluation (the pinning flags,
// docs/pinning.md): the verdict as every other (VerdictJSON), naming the
// path of the evaluation that decided, and with --explain each evaluation
// the policy made, titled with Apple's policy names.

extension VerifyOptions {
    func printSecurityPolicy(_ evaluation: PinnedEvaluation, _ decision: VerifyDecision, extra extraJSON: [(String, JSONOutput)]) {
        let certificates = decision.presented
        let evaluations = evaluation.evaluations, reports = evaluation.reports
        var extra = extraJSON
        if json && explain {
            extra.append(("evaluations", .array(zip(evaluations, reports).map { evaluation, report in
                Self.evaluationJSON(evaluation, report.traceJSON(presented: certificates, anchors: evaluation.anchors),
                                    omitted: report.explanation.omittedSteps)
            })))
        }
        let decided = evaluation.decidingIndex
        switch evaluation.outcome {
        case .success:
            // AFNetworking's "trust anything": allowInvalidCertificates with no
            // pinning returns YES before any check decides (lines 261–266);
            // a script reading only the exit code must not mistake it for a verdict.
            if allowInvalid && evaluation.mode == .none {
                printError("purex509: warning: --allow-invalid without pinning trusts any chain (AFNetworking's allowInvalidCertificates with SSLPinningModeNone): nothing was checked, the verdict does not depend on the chain")
            }
            // The last evaluation that trusted the chain decided its path.
            // With --allow-invalid there may be none: no evaluation verified
            // the chain, the verdict says so in text and JSON, whatever the
            // mode, and the served certificates are listed as they came.
            if let decided, case .success(let chain) = evaluations[decided].explanation.result {
                let report = reports[decided]
                let scope = pinScope(evaluation, ct: chain.transparency, judged: chain.certificates, validated: true)
                if json {
                    printJSON(VerdictJSON(trusted: true, certificates: chain.certificates, path: report.pathJSON, members: [
                        ("chainValidated", .bool(true)), ("note", .null), ("revocation", report.revocationJSON(chain)),
                        ("checked", scope.json), ("pins", Self.pinsJSON(evaluation, judged: chain.certificates, from: report.fromJSON)),
                    ] + extra))
                } else {
                    printTrusted(chain.certificates, notes: report.revocationNotes(chain), scope: scope,
                                 scopeOnItsOwnLine: decision.scopeOnItsOwnLine)
                }
            } else {
                let note = evaluation.pins.isEmpty ? Self.unvalidatedWithoutPins : Self.unvalidatedWithPins
                let scope = pinScope(evaluation, ct: nil, judged: certificates, validated: false)
                if json {
                    printJSON(VerdictJSON(trusted: true, certificates: certificates, path: .array([]), members: [
                        ("chainValidated", .bool(false)), ("note", .string(note)),
                        ("checked", scope.json), ("pins", Self.pinsJSON(evaluation, judged: certificates, from: { _ in nil })),
                    ] + extra))
                } else {
                    printTrusted(certificates, endsInAnchor: false, notes: [note], scope: scope,
                                 scopeOnItsOwnLine: decision.scopeOnItsOwnLine)
                }
            }
        case .failure(let failure):
            let report = decided.map { reports[$0] }
            let message = failure.describe { report?.name($0) ?? "certificate \($0)" }
            if json {
                let index = failure.validationFailure?.certificateIndex
                let error = VerdictJSON.error(code: failure.code, certificate: index, from: index.flatMap { report?.fromJSON($0) },
                                              message: message, failure: failure.validationFailure)
                // The pins were compared with the path a pin miss refused, else the reported path, else the served chain.
                let judgedReport = (evaluation.pinMissIndex ?? decided).map { reports[$0] }
                let judged = judgedReport.map { $0.explanation.path.map(\.certificate) }.flatMap { $0.isEmpty ? nil : $0 } ?? certificates
                let from: (Int) -> JSONOutput? = judgedReport.map { report in { report.fromJSON($0) } } ?? { _ in nil }
                printJSON(VerdictJSON(trusted: false, certificates: report?.explanation.path.map(\.certificate) ?? [], error: error,
                                      path: report?.pathJSON ?? .array([]),
                                      members: [("checked", .null), ("pins", Self.pinsJSON(evaluation, judged: judged, from: from))] + extra))
            } else {
                printError("not trusted: \(message)")
            }
        }
        if explain && !json {
            for (number, (evaluation, report)) in zip(evaluations, reports).enumerated() {
                print("evaluation \(number + 1): " + Self.evaluationTitle(evaluation))
                for line in report.traceLines(presented: certificates, anchors: evaluation.anchors) { print(line) }
            }
        }
    }

    /// What a trusted verdict of the pinning path checked: the host unless
    /// no evaluation matched it, the pins with the one that matched, and
    /// revocation as the options or the revocation evaluator set it.
    func pinScope(_ evaluation: PinnedEvaluation, ct: CTResult?, judged: [Certificate], validated: Bool) -> VerdictScope {
        let pins = evaluation.pins.map { report in
            let kind = report.kind == .publicKey ? "public key" : "certificate"
            return report.matchedText(judged: judged).map { "\(kind) \($0) matched" } ?? kind
        }
        var scope = self.scope(ct: ct, hostChecked: evaluation.hostChecked && validated,
                               pins: pins.isEmpty ? nil : pins.joined(separator: "; "), path: validated)
        if let revocation = evaluation.revocationScope { scope.revocation = revocation }
        if !validated { scope.revocation = nil }
        return scope
    }

    /// `pins`: a PinReport object per kind of pin checked (two when a
    /// composite pins keys and certificates), null without pins.
    static func pinsJSON(_ evaluation: PinnedEvaluation, judged: [Certificate], from: (Int) -> JSONOutput?) -> JSONOutput {
        evaluation.pins.isEmpty ? .null : .array(evaluation.pins.map { $0.json(judged: judged, from: from) })
    }

    /// The verdict's note when `--allow-invalid` let through a chain no evaluation verified.
    static let unvalidatedWithPins = "chain not validated: trust rests on the pins alone"
    static let unvalidatedWithoutPins = "chain not validated: nothing was checked"

    /// "SSL policy for www.example.com, system anchors" (Apple's policy names, docs/pinning.md).
    static func evaluationTitle(_ evaluation: TrustEnvironment.RecordedEvaluation) -> String {
        let anchors = evaluation.pinnedAnchors ? "the --pin-cert certificates as the only anchors" : "the trust anchors"
        switch evaluation.evaluation {
        case .ssl(let host?): return "SSL policy for \(host), against \(anchors)"
        case .ssl(nil): return "SSL policy without a host, against \(anchors)"
        case .basicX509: return "basic X.509 policy (no purpose, no name), against \(anchors)"
        }
    }

    static func evaluationJSON(_ evaluation: TrustEnvironment.RecordedEvaluation, _ trace: JSONOutput, omitted: Int) -> JSONOutput {
        var policy = "ssl", host: JSONOutput = .null
        switch evaluation.evaluation {
        case .ssl(let name): host = name.map { .string($0) } ?? .null
        case .basicX509: policy = "basicX509"
        }
        return .object([
            ("policy", .string(policy)), ("host", host), ("anchors", .string(evaluation.pinnedAnchors ? "pinned" : "roots")),
            ("verdict", .string(evaluation.explanation.result.isSuccess ? "trusted" : "refused")),
            ("failure", evaluation.explanation.result.failure.map { .string($0.code) } ?? .null),
            ("trace", trace), ("traceOmittedSteps", .int(omitted)),
        ])
    }
}
