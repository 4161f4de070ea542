import PureX509

// How `verify --ats` prints its decision (docs/ats.md, docs/output.md): the
// verdict as every other (`trusted` and the path, or `not trusted: REASON`
// on stderr, or one VerdictJSON object), then what ATS asked of the host,
// each setting with the key and domain that decided it. A refusal's
// message ends with the key that decided it; in JSON the error object
// carries it as `decidedBy`.

extension VerifyOptions {
    func printATS(_ verdict: ATSVerdict, _ decision: VerifyDecision, extra: [(String, JSONOutput)]) {
        let evaluation = verdict.evaluation
        let report = verdict.report
        let time = verificationPolicy().time
        let lastResult = verdict.evaluations.last?.explanation.result
        var members: [(String, JSONOutput)] = [("ats", Self.atsJSON(verdict))]
        if decision.ctLogList != nil { members.append(("ct", CTOutput.json(lastResult.flatMap(CTOutput.result)))) }
        if explain {
            members += [
                ("profile", .string(profile.description)),
                ("ctLogList", decision.ctLogList.map { CTOutput.logListJSON($0, at: time) } ?? .null),
                ("evaluations", .array(zip(verdict.evaluations, verdict.reports).map { evaluation, report in
                    Self.evaluationJSON(evaluation, report.traceJSON(presented: decision.presented, anchors: evaluation.anchors),
                                        omitted: report.explanation.omittedSteps)
                })),
            ]
        }
        switch evaluation.result {
        case .success(let chain):
            let pinned = evaluation.resolution.leafPins != nil || evaluation.resolution.caPins != nil
            let scope = self.scope(ct: chain.transparency, pins: pinned ? "public key, NSPinnedDomains" : nil)
            if json {
                printJSON(VerdictJSON(trusted: true, certificates: chain.certificates, policies: chain.userConstrainedPolicies,
                                      path: report?.pathJSON ?? .array([]),
                                      members: [("revocation", report?.revocationJSON(chain) ?? .null), ("checked", scope.json)] + members + extra))
            } else {
                printTrusted(chain.certificates, notes: (report?.revocationNotes(chain) ?? []) + CTOutput.notes(chain.transparency), scope: scope,
                             scopeOnItsOwnLine: decision.scopeOnItsOwnLine)
                for line in Self.atsLines(verdict) { print(line) }
            }
        case .failure(let failure):
            let message = failure.describe { report?.name($0) ?? "certificate \($0)" }
            if json {
                let index = failure.certificateIndex
                var error = VerdictJSON.error(code: failure.code, certificate: index, from: index.flatMap { report?.fromJSON($0) },
                                              message: message, failure: failure.validationFailure)
                if case .object(let fields) = error { error = .object(fields + [("decidedBy", failure.decidedBy.map(Self.sourceJSON) ?? .null)]) }
                printJSON(VerdictJSON(trusted: false, certificates: report?.explanation.path.map(\.certificate) ?? [], error: error,
                                      path: report?.pathJSON ?? .array([]), members: members + extra))
            } else {
                printError("not trusted: \(message)")
            }
        }
        if explain && !json {
            // A trusted verdict printed the settings above; a refusal shows them here.
            if !evaluation.result.isSuccess { for line in Self.atsLines(verdict) { print(line) } }
            print("  profile: \(profile)")
            if let list = decision.ctLogList { print("  " + CTOutput.logListLine(list, at: time)) }
            for (number, (recorded, report)) in zip(verdict.evaluations, verdict.reports).enumerated() {
                print("evaluation \(number + 1): " + Self.evaluationTitle(recorded))
                for line in report.traceLines(presented: decision.presented, anchors: recorded.anchors) { print(line) }
            }
        }
    }

    /// What ATS asked of the host, one setting a line, each with what decided it.
    static func atsLines(_ verdict: ATSVerdict) -> [String] {
        let resolution = verdict.evaluation.resolution
        func pins(_ name: String, _ pins: ATSPins?) -> String {
            guard let pins else { return "  \(name): none for this host" }
            let domains = pins.domains.map { DisplayText.escaped($0) }.joined(separator: ", ")
            return "  \(name): \(pins.pins.count) from \(domains) — \(text(pins.source))"
        }
        func text(_ source: ATSSource) -> String { DisplayText.escaped(source.description) }
        let enforced = resolution.enforced
        let tls = resolution.minimumTLSVersion.value.map { "minimum \($0)" } ?? "no minimum"
        return [
            "App Transport Security for \(DisplayText.escaped(resolution.host)) (--ats \(verdict.file.name)):",
            "  ATS requirements: \(enforced.value ? "in force" : "lifted") — \(text(enforced.source))",
            pins("pinned leaf identities", resolution.leafPins),
            pins("pinned CA identities", resolution.caPins),
            "  Certificate Transparency: \(resolution.requiresCertificateTransparency.value ? "Apple's policy required" : "not required by ATS")"
                + " — \(text(resolution.requiresCertificateTransparency.source))",
            "  key and hash sizes: \(enforced.value ? "RSA >= 2048, EC >= 256 bits, SHA-256 or stronger" : "not required by ATS") — \(text(enforced.source))",
            tlsLine(verdict.handshake, tls: tls, resolution),
        ]
    }

    /// The TLS half: judged by `connect --ats` (what the server negotiated
    /// met the minimum and forward secrecy), or not judged without a handshake.
    static func tlsLine(_ handshake: NegotiatedTLS??, tls: String, _ resolution: ATSResolution) -> String {
        func text(_ source: ATSSource) -> String { DisplayText.escaped(source.description) }
        let settings = "TLS \(tls) — \(text(resolution.minimumTLSVersion.source)); forward secrecy "
            + "\(resolution.requiresForwardSecrecy.value ? "required" : "not required") — \(text(resolution.requiresForwardSecrecy.source))"
        guard let handshake else { return "  not judged without a handshake: " + settings }
        let negotiated = handshake.map { $0.text.isEmpty ? "" : " \($0.text)" } ?? ""
        return "  handshake\(negotiated) meets: " + settings
    }

    /// `{"key", "domain", "path", "ignoredBecauseOf"}`: `key` null for ATS's default.
    static func sourceJSON(_ source: ATSSource) -> JSONOutput {
        .object([("key", JSONOutput.optional(source.key?.description)), ("domain", JSONOutput.optional(source.domain)),
                 ("path", .string(source.description)), ("ignoredBecauseOf", JSONOutput.optional(source.ignoredBecauseOf?.description))])
    }

    /// The `ats` member: the file, the host, and each setting as `{"value", "decidedBy"}`.
    static func atsJSON(_ verdict: ATSVerdict) -> JSONOutput {
        atsJSON(file: verdict.file, resolution: verdict.evaluation.resolution, handshake: verdict.handshake)
    }

    /// The `ats` member for `file`'s settings for a host; `handshake` is
    /// what the server negotiated, when connect made one (`handshake` member).
    static func atsJSON(file: ATSInput, resolution: ATSResolution, handshake: NegotiatedTLS??) -> JSONOutput {
        func setting(_ value: JSONOutput, _ source: ATSSource) -> JSONOutput {
            .object([("value", value), ("decidedBy", sourceJSON(source))])
        }
        func pins(_ pins: ATSPins?) -> JSONOutput {
            guard let pins else { return .null }
            return .object([("pins", .array(pins.pins.map { .string($0.description) })), ("domains", .array(pins.domains.map { .string($0) })),
                            ("decidedBy", sourceJSON(pins.source))])
        }
        let loaded = file.loaded
        return .object([
            ("file", .string(file.name)), ("format", .string(loaded.format)), ("bareDictionary", .bool(loaded.isBareDictionary)),
            ("host", .string(resolution.host)), ("exceptionDomain", JSONOutput.optional(resolution.exceptionDomain)),
            ("enforced", setting(.bool(resolution.enforced.value), resolution.enforced.source)),
            ("allowsInsecureHTTPLoads", setting(.bool(resolution.allowsInsecureHTTPLoads.value), resolution.allowsInsecureHTTPLoads.source)),
            ("minimumTLSVersion", setting(JSONOutput.optional(resolution.minimumTLSVersion.value?.description), resolution.minimumTLSVersion.source)),
            ("requiresForwardSecrecy", setting(.bool(resolution.requiresForwardSecrecy.value), resolution.requiresForwardSecrecy.source)),
            ("requiresCertificateTransparency", setting(.bool(resolution.requiresCertificateTransparency.value),
                                                        resolution.requiresCertificateTransparency.source)),
            ("leafPins", pins(resolution.leafPins)), ("caPins", pins(resolution.caPins)),
            ("warnings", .array(loaded.warnings.map { .string($0.description) })),
        ] + (handshake.map { [("handshake", $0?.json ?? .null)] } ?? []))
    }
}

extension ATSFailure {
    /// The validation failure behind the refusal, when there is one.
    var validationFailure: TrustFailure? {
        switch reason {
        case .validation(let failure), .certificateTransparency(let failure): return failure
        default: return nil
        }
    }
}
