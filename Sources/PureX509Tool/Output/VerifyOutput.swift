import PureX509

// How `verify` and `connect` print a decision (VerifyDecision.swift): the
// verdict as text (`trusted` and the path, or `not trusted: REASON` on
// stderr) or as one JSON object (VerdictJSON), and with --explain every
// check that ran (docs/output.md).

extension VerifyOptions {
    /// Prints `decision`, with --json as one object that also holds `extra`
    /// (connect's `served`, `endpoint`, `identity`); throws
    /// `ToolExit.refused` unless the chain is trusted.
    func output(_ decision: VerifyDecision, extra: [(String, JSONOutput)] = []) throws {
        switch decision.verdict {
        case .validation(let report): printValidation(report, decision, extra: extra)
        case .profiles(let rows): printProfiles(rows, extra: extra)
        case .securityPolicy(let evaluation): printSecurityPolicy(evaluation, decision, extra: extra)
        case .ats(let verdict): printATS(verdict, decision, extra: extra)
        }
        if !decision.isTrusted { throw ToolExit.refused }
    }

    func printValidation(_ report: VerifyReport, _ decision: VerifyDecision, extra: [(String, JSONOutput)]) {
        // With --explain, the trace and the profile whose rules its steps are.
        let time = verificationPolicy().time
        let ct: [(String, JSONOutput)] = decision.ctLogList == nil ? [] : [("ct", CTOutput.json(CTOutput.result(report.explanation.result)))]
        let trace: [(String, JSONOutput)] = !explain ? [] : [
            ("profile", .string(profile.description)),
            ("ctLogList", decision.ctLogList.map { CTOutput.logListJSON($0, at: time) } ?? .null),
            ("trace", report.traceJSON(presented: decision.presented, anchors: decision.anchors)),
            ("traceOmittedSteps", .int(report.explanation.omittedSteps)),
        ]
        switch report.explanation.result {
        case .success(let verified):
            let scope = self.scope(ct: verified.transparency)
            if json {
                printJSON(VerdictJSON(trusted: true, certificates: verified.certificates, policies: verified.userConstrainedPolicies,
                                      path: report.pathJSON, members: [("revocation", report.revocationJSON(verified)), ("checked", scope.json),
                                                                              ("pins", .null)]
                                        + ct + trace + extra))
            } else {
                printTrusted(verified.certificates, notes: report.revocationNotes(verified) + CTOutput.notes(verified.transparency), scope: scope,
                             scopeOnItsOwnLine: decision.scopeOnItsOwnLine)
            }
        case .failure(let failure):
            if json {
                printJSON(VerdictJSON(trusted: false, certificates: report.explanation.path.map(\.certificate),
                                      error: report.errorJSON(failure), path: report.pathJSON, members: [("checked", .null), ("pins", .null)] + ct + trace + extra))
            } else {
                printError("not trusted: \(report.message(failure))")
            }
        }
        if explain && !json {
            print("trace:")
            // Which profile's rules the steps are (docs/profiles.md); each step names its source.
            print("  profile: \(profile)")
            if let list = decision.ctLogList { print("  " + CTOutput.logListLine(list, at: time)) }
            for line in report.traceLines(presented: decision.presented, anchors: decision.anchors) { print(line) }
        }
    }

    /// `PROFILE: trusted` or `PROFILE: not trusted: REASON` per profile, or
    /// with --json `{"trusted", "profiles": [{"profile", "trusted", "error",
    /// "path", "revocation"}]}`, `trusted` only when every profile trusts.
    func printProfiles(_ rows: [(profile: ValidationProfile, report: VerifyReport)], extra: [(String, JSONOutput)]) {
        let checksCT = checksTransparency
        var lines: [String] = [], objects: [JSONOutput] = []
        for (profile, report) in rows {
            switch report.explanation.result {
            case .success(let chain):
                let notes = report.revocationNotes(chain) + CTOutput.notes(chain.transparency)
                let scope = self.scope(ct: chain.transparency)
                lines.append("\(profile.name): trusted" + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")") + "; " + scope.text)
                objects.append(.object([("profile", .string(profile.name)), ("trusted", .bool(true)), ("error", .null),
                                        ("path", report.pathJSON), ("revocation", report.revocationJSON(chain)), ("checked", scope.json)]
                                       + (checksCT ? [("ct", CTOutput.json(chain.transparency))] : [])))
            case .failure(let failure):
                lines.append("\(profile.name): not trusted: \(report.message(failure))")
                objects.append(.object([("profile", .string(profile.name)), ("trusted", .bool(false)), ("error", report.errorJSON(failure)),
                                        ("path", report.pathJSON), ("revocation", .null), ("checked", .null)]
                                       + (checksCT ? [("ct", CTOutput.json(CTOutput.result(.failure(failure))))] : [])))
            }
        }
        if json {
            let everyProfileTrusts = rows.allSatisfy { $0.report.explanation.result.isSuccess }
            print(JSONOutput.object([("trusted", .bool(everyProfileTrusts)), ("profiles", .array(objects))] + extra).serialized(pretty: false))
        } else {
            for line in lines { print(line) }
        }
    }

    /// The verdict in text: `trusted` (with `notes`, what the verdict rests
    /// on besides the checks: a chain not validated, a revocation status
    /// left unknown under soft fail, as `trusted (note; note)`), then each
    /// certificate, leaf first: its subject (RFC 4514-escaped, `\xNN` for
    /// control characters, so each certificate is one line), its SHA-256
    /// fingerprint and serial (what `openssl x509 -fingerprint -serial`
    /// would be run for). `endsInAnchor`: the list is a verified path whose
    /// last certificate is named the anchor, not the served certificates as they came.
    func printTrusted(_ certificates: [Certificate], endsInAnchor: Bool = true, notes: [String], scope: VerdictScope? = nil,
                      scopeOnItsOwnLine: Bool = false) {
        // What was and was not checked ends the line, so `trusted` stays its first word for scripts.
        let verdict = notes.isEmpty ? "trusted" : "trusted (" + notes.joined(separator: "; ") + ")"
        if scopeOnItsOwnLine {
            print(verdict)
            if let scope { print(scope.text) }
        } else {
            print(verdict + (scope.map { "; " + $0.text } ?? ""))
        }
        for (i, certificate) in certificates.enumerated() {
            let anchor = endsInAnchor && i == certificates.count - 1 ? "  (anchor)" : ""
            print("  \(i): \(certificate.subjectForDisplay)\(anchor)")
            print("     SHA-256 \(Hex.encode(SHA256.hash(certificate.der), separator: ":"))  serial \(Hex.encode(certificate.serialNumber.bytes, separator: ":"))")
        }
    }

    func printJSON(_ verdict: VerdictJSON) {
        print(verdict.encoded.serialized(pretty: false))
    }
}
