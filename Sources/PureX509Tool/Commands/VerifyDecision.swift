import PureX509

// What `verify` and `connect` decide about a presented chain, as a value
// made before anything is printed (VerifyOutput.swift prints it). One of
// three evaluations decides: the Verifier under one profile; the same
// Verifier under every named profile (`--profile all`: "Will this chain
// work in Chrome, under RFC 5280 alone, under the strict default?"); or,
// when a pinning flag is given, AFSecurityPolicy's evaluation
// (docs/pinning.md), which runs the Verifier itself.

/// The decision on one presented chain.
struct VerifyDecision {
    /// The presented certificates, CHAIN's (or the served ones) then the
    /// --untrusted ones: what a trace's `presented` origins index.
    let presented: [Certificate]
    /// The anchors the chain was judged against: what a trace's `anchor` origins index.
    let anchors: TrustStore
    let verdict: Verdict
    /// The CT log list the evaluations read, when any may check SCTs.
    var ctLogList: LoadedCTLogList? = nil
    /// Print what was checked on the line after `trusted` rather than on it (connect).
    var scopeOnItsOwnLine = false

    enum Verdict {
        /// One path validation, under `--profile` (strict by default); with
        /// no steps when a presented certificate did not parse.
        case validation(VerifyReport)
        /// `--profile all`: the same validation under each named profile, in
        /// `ValidationProfile.named` order.
        case profiles([(profile: ValidationProfile, report: VerifyReport)])
        /// A pinning flag was given: AFSecurityPolicy's evaluation.
        case securityPolicy(PinnedEvaluation)
        /// `--ats`: the certificate half of App Transport Security for --host.
        case ats(ATSVerdict)
    }

    /// Trusted: the validation succeeded, every profile trusts the chain, or the security policy accepted it.
    var isTrusted: Bool {
        switch verdict {
        case .validation(let report): return report.explanation.result.isSuccess
        case .profiles(let rows): return rows.allSatisfy { $0.report.explanation.result.isSuccess }
        case .securityPolicy(let evaluation): return evaluation.outcome.isSuccess
        case .ats(let verdict): return verdict.evaluation.result.isSuccess
        }
    }
}

/// AFSecurityPolicy's evaluation of a chain: its outcome, and each path
/// evaluation it made (the policy records them, so failures name input
/// positions and --explain traces each) with its report.
struct PinnedEvaluation {
    let mode: SecurityPolicy.PinningMode
    let outcome: TrustEvaluation
    let evaluations: [TrustEnvironment.RecordedEvaluation]
    let reports: [VerifyReport]
    /// The pins given and how to compare them (nil when nothing was pinned).
    var pins: [PinReport] = []
    /// Whether an evaluation matched the leaf against --host or --ip.
    var hostChecked = true
    /// The revocation clause of the scope when an evaluator (not --crl's
    /// coverage) decided what was checked; nil keeps the options' coverage.
    var revocationScope: String?? = nil

    /// The evaluation whose path a pin miss refused: the last one whose failure is `pinMismatch`.
    var pinMissIndex: Int? {
        evaluations.indices.last { index in
            if case .pinMismatch? = evaluations[index].explanation.result.failure?.reason { return true }
            return false
        }
    }

    /// The evaluation whose path the verdict reports: for a trusted chain,
    /// the last evaluation that trusted it (with --allow-invalid there may
    /// be none); for a refusal, the last whose failure is the policy's.
    var decidingIndex: Int? {
        switch outcome {
        case .success:
            return evaluations.indices.last { evaluations[$0].explanation.result.isSuccess }
        case .failure(let failure):
            return failure.validationFailure.flatMap { validation in
                evaluations.indices.last { evaluations[$0].explanation.result.failure == validation }
            }
        }
    }
}

extension VerifyOptions {
    /// Decides on a presented chain (leaf first, or cut short at a
    /// `malformed` certificate) with the --untrusted certificates, under the
    /// policy the options describe.
    /// `connect --ats` read the Info.plist before its handshake (`atsFile`)
    /// and judged the TLS half (`atsHandshake`, what the server negotiated).
    /// `malformedNote`: what CHAIN is when its one object is no certificate (a .p12), said with the refusal.
    func decide(store: TrustStore, certificates: [Certificate], malformed: TrustFailure?, malformedNote: String? = nil,
                atsFile loaded: ATSInput? = nil, atsHandshake: NegotiatedTLS?? = nil) throws -> VerifyDecision {
        // CHAIN's certificates, the malformed one included: later positions are --untrusted ones.
        let chainCount = max(certificates.count, (malformed?.certificateIndex).map { $0 + 1 } ?? 0)
        var malformed = malformed
        // An unreadable or invalid Info.plist stops the command (exit 2) whatever the chain holds.
        let atsFile = try loaded ?? ats.map { try ATSInput.load($0) }
        let extra = try loadUntrusted(after: certificates, malformed: &malformed)
        let presented = certificates + extra
        var policy = verificationPolicy()
        let sources = try revocationSources()
        let ctLogList = try transparencyLogList()
        policy.certificateTransparency.logs = ctLogList?.list
        let scts = try handshakeSCTs()
        func decision(_ verdict: VerifyDecision.Verdict) -> VerifyDecision {
            VerifyDecision(presented: presented, anchors: store, verdict: verdict, ctLogList: ctLogList)
        }
        if let malformed {
            var report = VerifyReport(explanation: Explanation(result: .failure(malformed), path: [], steps: []), chainCount: chainCount)
            if malformed.certificateIndex == 0 { report.malformedNote = malformedNote }
            return decision(.validation(report))
        }
        // noCertificateReason was nil, and every entry succeeded: there is a leaf.
        if case .all = profile {
            return decision(.profiles(profile.compared.map { named in
                var each = policy
                each.profile = named
                var verifier = Verifier(store: store, policy: each, revocationSources: sources)
                verifier.handshakeSCTs = scts
                let explanation = verifier.explain(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + extra)
                return (named, VerifyReport(explanation: explanation, chainCount: certificates.count))
            }))
        }
        if let atsFile {
            return decision(.ats(evaluateATS(atsFile, store: store, policy: policy, revocationSources: sources, handshakeSCTs: scts,
                                                 certificates: presented, chainCount: certificates.count, handshake: atsHandshake)))
        }
        if usesEvaluators {
            return decision(.securityPolicy(try evaluateAlamofire(store: store, policy: policy, revocationSources: sources,
                                                                  handshakeSCTs: scts, certificates: presented,
                                                                  chainCount: certificates.count)))
        }
        if usesSecurityPolicy {
            return decision(.securityPolicy(try evaluateSecurityPolicy(store: store, policy: policy, revocationSources: sources,
                                                                       handshakeSCTs: scts, certificates: presented,
                                                                       chainCount: certificates.count)))
        }
        var verifier = Verifier(store: store, policy: policy, revocationSources: sources)
        verifier.handshakeSCTs = scts
        let explanation = verifier.explain(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + extra)
        return decision(.validation(VerifyReport(explanation: explanation, chainCount: chainCount)))
    }

    /// The --untrusted certificates. They are presented material like CHAIN:
    /// one whose DER is refused is a verdict (exit 1, `malformed`, indexed
    /// after CHAIN's certificates, unless CHAIN already held
    /// one); an unreadable file, a file with no certificate or a block whose
    /// PEM does not decode stays exit 2.
    func loadUntrusted(after chain: [Certificate], malformed: inout TrustFailure?) throws -> [Certificate] {
        var presented = chain
        for file in untrusted {
            try CertificateInput.load(file).present(into: &presented, malformed: &malformed, flag: "--untrusted")
        }
        return Array(presented.dropFirst(chain.count))
    }

    /// `--pin`, `--pin-cert`, `--pinning-mode`, `--allow-invalid`,
    /// `--no-validate-host`: AFSecurityPolicy's evaluation (docs/pinning.md).
    /// The whole policy (--purpose, --profile, --at and the switches) holds
    /// on the pinning path too.
    func evaluateSecurityPolicy(store: TrustStore, policy: VerificationPolicy, revocationSources: RevocationSources,
                                handshakeSCTs: [SignedCertificateTimestamp] = [], certificates: [Certificate],
                                chainCount: Int) throws -> PinnedEvaluation {
        var pinned: [Certificate] = []
        for file in pinCertificates {
            pinned += try CertificateInput.loadPinned(file)
        }
        let mode = securityPolicyMode
        var security = SecurityPolicy(pinningMode: mode, pinnedCertificates: pinned)
        security.pinnedPublicKeys = pins.compactMap { try? SPKIPin($0) }
        security.allowInvalidCertificates = allowInvalid
        security.validatesDomainName = !noValidateHost
        var environment = TrustEnvironment(systemAnchors: store, policy: policy)
        environment.recordsEvaluations = true
        environment.revocationSources = revocationSources
        environment.handshakeSCTs = handshakeSCTs
        let outcome = security.evaluate(ServerTrust(certificates: certificates), domain: host ?? ip, in: &environment)
        let evaluations = environment.evaluations
        var pinReports: [PinReport] = []
        switch mode {
        case .publicKey: pinReports = [PinReport(kind: .publicKey, keys: security.pinnedPublicKeys + pinned.map { SPKIPin(certificate: $0) }, certificates: [])]
        case .certificate: pinReports = [PinReport(kind: .certificate, keys: [], certificates: pinned)]
        case .none: break
        }
        return PinnedEvaluation(mode: mode, outcome: outcome, evaluations: evaluations, reports: evaluations.map {
            VerifyReport(explanation: $0.explanation, chainCount: chainCount, pinnedAnchors: $0.pinnedAnchors)
        }, pins: pinReports, hostChecked: !noValidateHost)
    }
}
