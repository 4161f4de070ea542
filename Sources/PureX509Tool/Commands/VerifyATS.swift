import PureX509

// `verify --ats Info.plist --host H`: the certificate half of App Transport
// Security (docs/ats.md), decided by Pinning's `ATSPolicy.evaluate` in a
// `TrustEnvironment` that carries verify's whole policy (--profile,
// --purpose, --at, revocation, CT inputs), so every other flag holds too.
// ATSOutput.swift prints it.

/// ATS's evaluation of a presented chain for --host, with the path
/// evaluation it made (recorded, so failures name input positions and
/// --explain traces it).
struct ATSVerdict {
    let file: ATSInput
    let evaluation: ATSEvaluation
    let evaluations: [TrustEnvironment.RecordedEvaluation]
    let reports: [VerifyReport]
    /// `connect --ats`: the TLS half was judged and met; what the server
    /// negotiated (nil inside when the TLS stack did not say). nil for
    /// `verify --ats`, which has no handshake.
    var handshake: NegotiatedTLS?? = nil

    /// The report whose path the verdict names: the last evaluation made.
    var report: VerifyReport? { reports.last }
}

extension VerifyOptions {
    func evaluateATS(_ file: ATSInput, store: TrustStore, policy: VerificationPolicy, revocationSources: RevocationSources,
                     handshakeSCTs: [SignedCertificateTimestamp], certificates: [Certificate], chainCount: Int,
                     handshake: NegotiatedTLS?? = nil) -> ATSVerdict {
        var environment = TrustEnvironment(systemAnchors: store, policy: policy)
        environment.recordsEvaluations = true
        environment.revocationSources = revocationSources
        environment.handshakeSCTs = handshakeSCTs
        // validate() made sure --host is given with verify --ats; connect takes its target's host or address.
        let evaluation = file.loaded.policy.evaluate(ServerTrust(certificates: certificates), host: atsHost, in: &environment)
        let evaluations = environment.evaluations
        return ATSVerdict(file: file, evaluation: evaluation, evaluations: evaluations,
                          reports: evaluations.map { VerifyReport(explanation: $0.explanation, chainCount: chainCount) },
                          handshake: handshake)
    }

    /// The host ATS chooses its settings by: --host, else --ip (connect
    /// fills in one of them from its target).
    var atsHost: String { host ?? ip ?? "" }
}
