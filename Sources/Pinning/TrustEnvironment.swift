import PKIX
import Trust

/// What pinning policies validate chains with: the system anchors, one
/// complete `VerificationPolicy` (time, purpose, profile, key policy,
/// budgets, switches) and one `Verifier` whose signature cache every
/// evaluation shares. Pinning never builds paths itself; it asks the
/// verifier and judges the paths it returns.
///
/// A value, like `Verifier`: evaluations take it `inout` because they fill
/// its cache. Keep one per thread or connection pool, as for a verifier.
public struct TrustEnvironment: Sendable {
    private var verifier: Verifier

    /// The anchors every evaluation uses unless pinned certificates replace them.
    package var systemAnchors: TrustStore { verifier.store }
    /// Everything but the reference identity, which each evaluation sets
    /// from its host. `policy.purpose` is the purpose of Apple's SSL policy
    /// (`.serverAuth` unless a caller, such as `verify --purpose`, says otherwise).
    public var policy: VerificationPolicy {
        get { verifier.policy }
        set {
            verifier.policy = newValue
            verifier.policy.identity = nil
        }
    }

    /// The verified edges every evaluation through this environment shares
    /// (pinned-anchor evaluations too: an edge is keyed by the issuer's key
    /// and the subject's bytes, not by the store it was reached from).
    package var cache: SignatureCache { verifier.cache }

    /// The CRLs and OCSP responses every evaluation may read when its policy checks revocation.
    public var revocationSources: RevocationSources {
        get { verifier.revocationSources }
        set { verifier.revocationSources = newValue }
    }

    /// The SCTs the TLS handshake delivered, which every evaluation's CT
    /// policy counts with the leaf's own (`Verifier.handshakeSCTs`).
    public var handshakeSCTs: [SignedCertificateTimestamp] {
        get { verifier.handshakeSCTs }
        set { verifier.handshakeSCTs = newValue }
    }

    /// How the host of each `.ssl(host:)` evaluation becomes the name the
    /// leaf must present: `.asciiOnly` by default; `.uts46` (the `IDNA`
    /// module) accepts `bücher.example` and checks `xn--bcher-kva.example`.
    public var hostNames: HostNameConversion = .asciiOnly

    /// When true, every evaluation is also traced (`Verifier.explain`) and
    /// kept in `evaluations`, in the order the policy made them:
    /// `purex509 verify --explain` with pinning flags.
    package var recordsEvaluations: Bool {
        get { tracer != nil }
        set { tracer = newValue ? .explain : nil }
    }
    /// `Verifier.explain` behind a stored function, set only by
    /// `recordsEvaluations`: a program that never records links no tracing.
    private var tracer: EvaluationTracer?
    /// The evaluations traced while `recordsEvaluations` was on, oldest first.
    package private(set) var evaluations: [RecordedEvaluation] = []

    /// The default policy for server authentication at `time`, in seconds
    /// since 1970: the `apple` profile, no revocation checking. AFNetworking
    /// and Alamofire evaluate on SecTrust, whose SSL policy adds Apple's rules
    /// (SHA-2, RSA ≥ 2048, EKU and validity limits) to path validation, so a
    /// chain this environment trusts is one those apps' users would trust.
    /// Under system anchors (`TrustStore.Provenance.system`) that includes
    /// Apple's Certificate Transparency policy, which needs a log list:
    /// set `policy.certificateTransparency.logs` (PureX509Config's
    /// `CTLogListFile.shippedApple()` is Apple's list), or every such leaf
    /// issued since 2018-10-15 is refused (`CTRule.logList`).
    /// Pass a `VerificationPolicy` with another profile to decide otherwise.
    public init(systemAnchors: TrustStore, time: Int64, cache: SignatureCache = SignatureCache()) {
        self.init(systemAnchors: systemAnchors, policy: Self.defaultPolicy(time: time), cache: cache)
    }

    /// The policy `init(systemAnchors:time:cache:)` uses: server
    /// authentication under `ValidationProfile.apple` at `time`.
    package static func defaultPolicy(time: Int64) -> VerificationPolicy {
        var policy = VerificationPolicy(time: time, purpose: .serverAuth)
        policy.profile = .apple
        return policy
    }

    /// `policy` for every evaluation; its `identity` is dropped, since each evaluation sets the host.
    public init(systemAnchors: TrustStore, policy: VerificationPolicy, cache: SignatureCache = SignatureCache()) {
        verifier = Verifier(store: systemAnchors, policy: policy, cache: cache)
        verifier.policy.identity = nil
    }

    /// Seconds since 1970.
    public var time: Int64 {
        get { verifier.policy.time }
        set { verifier.policy.time = newValue }
    }

    /// Which of Apple's policies an evaluation applies.
    public enum Evaluation: Sendable, Equatable {
        /// `SecPolicyCreateSSL(true, host)`: the environment's purpose
        /// (server authentication), and the host when one is given.
        case ssl(host: String?)
        /// `SecPolicyCreateBasicX509()`: the path only, no purpose, no name.
        case basicX509
    }

    /// One evaluation as `recordsEvaluations` keeps it; the explanation's
    /// anchor origins index `anchors`.
    package struct RecordedEvaluation: Sendable {
        /// Which of Apple's policies was applied.
        package let evaluation: Evaluation
        /// True when the pinned certificates were the anchors.
        package let pinnedAnchors: Bool
        /// The store the evaluation used, which the explanation's anchor origins index.
        package let anchors: TrustStore
        /// The verifier's trace of the evaluation, with its result.
        package let explanation: Explanation
    }

    /// The chain a `SecTrust` holds once evaluated, which AFNetworking
    /// (`SecTrustGetCertificateAtIndex`) and Alamofire
    /// (`SecTrustCopyCertificateChain`) compare pins against: Apple documents
    /// it as running from the leaf to the anchor, or to the last certificate
    /// when no anchor was found, and both calls evaluate a trust that has
    /// not been evaluated yet. Here: the verified path, anchor included, when
    /// `result` verified; otherwise the presented certificates, from which
    /// Apple's partial path is built (the anchor is then missing, as in Apple's).
    package func evaluatedChain(of trust: ServerTrust, result: Result<VerifiedChain, TrustFailure>) -> [Certificate] {
        if case .success(let chain) = result { return chain.certificates }
        return trust.certificates
    }

    /// Evaluates the trust (as `validate`) and returns the chain it then
    /// holds (`evaluatedChain(of:result:)`), for callers that made no
    /// evaluation of their own before reading the chain.
    package mutating func evaluatedChain(of trust: ServerTrust, pinnedAnchors: TrustStore? = nil, evaluation: Evaluation) -> [Certificate] {
        evaluatedChain(of: trust, result: validateWithoutPins(trust, pinnedAnchors: pinnedAnchors, evaluation: evaluation))
    }

    /// Validates the trust under `evaluation` against the system anchors,
    /// or against `pinnedAnchors` when given (`SecTrustSetAnchorCertificates`).
    /// `accept` may refuse a verified path, and the path builder then tries
    /// the next one. `revocation`, when given, replaces the policy's for this
    /// evaluation (`RevocationTrustEvaluator`).
    public mutating func validate(
        _ trust: ServerTrust, pinnedAnchors: TrustStore? = nil, evaluation: Evaluation,
        revocation: RevocationPolicy? = nil,
        accept: (VerifiedChain) -> PinMismatch? = Verifier.acceptEveryPath
    ) -> Result<VerifiedChain, TrustFailure> {
        validate(trust, pinnedAnchors: pinnedAnchors, evaluation: evaluation, revocation: revocation, pinsApply: true, accept: accept)
    }

    /// `validate` with no pin check: a recorded trace says the pin check
    /// did not apply (`TraceStep.notApplicable`), not that it passed.
    package mutating func validateWithoutPins(
        _ trust: ServerTrust, pinnedAnchors: TrustStore? = nil, evaluation: Evaluation, revocation: RevocationPolicy? = nil
    ) -> Result<VerifiedChain, TrustFailure> {
        validate(trust, pinnedAnchors: pinnedAnchors, evaluation: evaluation, revocation: revocation, pinsApply: false,
                 accept: Verifier.acceptEveryPath)
    }

    private mutating func validate(
        _ trust: ServerTrust, pinnedAnchors: TrustStore?, evaluation: Evaluation, revocation: RevocationPolicy?,
        pinsApply: Bool, accept: (VerifiedChain) -> PinMismatch?
    ) -> Result<VerifiedChain, TrustFailure> {
        guard let leaf = trust.certificates.first else { return .failure(.unknownIssuer(index: 0)) }
        var policy = verifier.policy
        if let revocation { policy.revocation = revocation }
        switch evaluation {
        case .ssl(let host):
            if let host {
                guard let name = hostNames.ascii(host), let identity = ServerIdentity(host: name) else {
                    return .failure(.invalidReferenceIdentity)
                }
                policy.identity = identity
            }
        case .basicX509:
            policy.purpose = .any
        }
        // The cache moves into this evaluation's verifier and back, never
        // shared between two values, so inserting copies nothing.
        var evaluator = Verifier(store: pinnedAnchors ?? verifier.store, policy: policy, cache: SignatureCache(capacity: 0),
                                 revocationSources: verifier.revocationSources)
        evaluator.handshakeSCTs = verifier.handshakeSCTs
        swap(&evaluator.cache, &verifier.cache)
        defer { swap(&evaluator.cache, &verifier.cache) }
        let intermediates = Array(trust.certificates.dropFirst())
        let result: Result<VerifiedChain, TrustFailure>
        if let tracer {
            let explanation = tracer.explain(&evaluator, leaf, intermediates, pinsApply, accept)
            evaluations.append(RecordedEvaluation(evaluation: evaluation, pinnedAnchors: pinnedAnchors != nil,
                                                  anchors: evaluator.store, explanation: explanation))
            result = explanation.result
        } else {
            result = evaluator.verify(leaf: leaf, intermediates: intermediates, accept: accept)
        }
        return result
    }
}

/// How a recording environment traces an evaluation.
private struct EvaluationTracer: Sendable {
    let explain: @Sendable (inout Verifier, Certificate, [Certificate], Bool, (VerifiedChain) -> PinMismatch?) -> Explanation

    static var explain: EvaluationTracer {
        EvaluationTracer { verifier, leaf, intermediates, pinsApply, accept in
            verifier.explain(leaf: leaf, intermediates: intermediates, pinsApply: pinsApply, accept: accept)
        }
    }
}
