import PKIX

// One evaluation of one presented chain: what it reads (the verifier's
// anchors, policy and revocation evidence), what it writes (the
// verifier's signature cache, swapped in and back), and everything it
// spends and learns on the way (the meter, the issuer index, each
// certificate's candidate list, dead ends, the best failure so far, the
// trace). Its methods are the checks: path building (PathBuilder.swift),
// the RFC 5280 checks (PathChecks.swift, NameConstraintsCheck.swift,
// PolicyProcessing.swift), the profile's rules (Rules/RuleChecks.swift),
// signatures (SignatureCheck.swift) and revocation (CRLCheck.swift,
// OCSPCheck.swift, CRLSigner.swift). A check returns its failure, and the
// search tries the next path; only a budget that runs out is thrown
// (`BudgetExhausted`, Meter.swift), and it ends the evaluation.

/// The state of one evaluation; `Verifier` makes one per call.
struct Evaluation {
    /// The anchors every path must end in.
    let store: TrustStore
    let policy: VerificationPolicy
    let revocationSources: RevocationSources
    /// The SCTs the handshake delivered (`Verifier.handshakeSCTs`).
    let handshakeSCTs: [SignedCertificateTimestamp]
    /// The verifier's cache, swapped in for the evaluation (empty until then).
    var cache = SignatureCache(capacity: 0)
    /// Every budget's spending (Meter.swift).
    var meter: Meter
    var best: TrustFailure? = nil
    /// With a trace: every check, and the origins of the path of `best`
    /// (nil when not explaining, so a plain evaluation keeps no paths).
    var trace: TraceLog? = nil
    var bestPath: [CertificateOrigin]? = nil
    /// With a trace: the path that was trusted.
    var decidedPath: [CertificateOrigin]? = nil
    /// Whether the caller's `accept` checks pins: false only for
    /// `Verifier.explain(leaf:intermediates:)`, whose trace then says the
    /// pin check did not apply rather than that it passed.
    var pinsApply = true
    let leaf: Certificate
    let leafKeyClass: Int
    /// The trust store's copy of the leaf, when the leaf is itself an anchor
    /// (looked up once: the leaf's checks and the search both ask).
    let leafAnchorIndex: Int?
    /// The presented certificates other than the leaf, indexed by subject and key.
    var issuers: IssuerIndex
    /// The lists the search fills, kept by the verifier from one
    /// evaluation to the next (EvaluationWorkspace).
    var workspace = EvaluationWorkspace()

    init(store: TrustStore, policy: VerificationPolicy, revocationSources: RevocationSources,
         handshakeSCTs: [SignedCertificateTimestamp] = [], leaf: Certificate, intermediates: [Certificate]) {
        self.store = store
        self.policy = policy
        self.revocationSources = revocationSources
        self.handshakeSCTs = handshakeSCTs
        meter = Meter(limits: policy.budgets)
        self.leaf = leaf
        leafAnchorIndex = store.anchorIndexes(named: leaf.subject.encoded).first { store.anchors[$0].der == leaf.der }
        issuers = IssuerIndex(intermediates)
        leafKeyClass = issuers.keyClass(of: leaf) ?? -1
    }

    /// The decision: the leaf's own checks, then a leaf that is itself an
    /// anchor, then the search for a path.
    mutating func run(accept: (VerifiedChain) -> PinMismatch?) -> Result<VerifiedChain, TrustFailure> {
        if let failure = checkLeaf(leaf) {
            bestPath = bestPath.map { _ in [.presented(0)] }
            return .failure(failure)
        }
        // A leaf that is itself an anchor is trusted as such (a pinned
        // self-signed certificate, say): no signature to check.
        if let index = leafAnchorIndex {
            if trace != nil { decidedPath = [.presented(0)] }
            // Rules that read the anchor's provenance (Apple's EKU and
            // validity limits) hold for such a leaf too.
            if let failure = checkAnchoredLeafRules(under: index, leaf: leafNode, leafIsAnchor: true) { return .failure(failure) }
            let chain = VerifiedChain(workspace.chain(alone: leaf), anchorKeyDigest: store.keyDigest(ofAnchor: index))
            let refusal = checkPins(chain, 0, leafNode, accept: accept)
            return refusal.map { .failure($0) } ?? .success(chain)
        }
        workspace.reset(presented: issuers.count, longestPath: min(max(policy.budgets.maximumIntermediates, 0), 14) + 2)
        var path = workspace.takePath()
        path.append(leafNode)
        defer { workspace.givePathBack(&path) }
        do {
            if let chain = try extend(&path, accept: accept).chain { return .success(chain) }
        } catch {
            return .failure(error.failure)
        }
        return .failure(best ?? .unknownIssuer(index: 0))
    }

    var leafNode: PathNode { PathNode(certificate: leaf, anchorIndex: nil, presentedIndex: nil, keyClass: leafKeyClass) }

    /// Keeps `failure` if it says more than what was seen so far; `path`
    /// (the nodes up to the certificate it is about) is kept with it when explaining.
    mutating func record(_ failure: TrustFailure, path: [PathNode], then next: PathNode? = nil) {
        if let current = best, current.rank >= failure.rank { return }
        best = failure
        if bestPath != nil { bestPath = path.map(origin) + (next.map { [origin(of: $0)] } ?? []) }
    }

    /// Records one check when explaining; returns its verdict.
    mutating func step(_ check: CheckName, _ position: Int, _ node: PathNode, _ failure: TrustFailure?) -> TrustFailure? {
        if trace != nil {
            let origin = origin(of: node)
            trace?.add(.check(check, position: position, origin: origin, failure: failure))
        }
        return failure
    }

    /// Records a check that was not applied, and why (`TraceStep.waived`).
    mutating func waive(_ check: CheckName, _ position: Int, _ node: PathNode, reason: String) {
        guard trace != nil else { return }
        let origin = origin(of: node)
        trace?.add(.waived(check, position: position, origin: origin, reason: reason))
    }

    /// Records a check that let the path through undecided (`TraceStep.undecided`).
    mutating func undecided(_ check: CheckName, _ position: Int, _ node: PathNode, reason: String) {
        guard trace != nil else { return }
        let origin = origin(of: node)
        trace?.add(.undecided(check, position: position, origin: origin, reason: reason))
    }

    /// Records a check that had nothing to judge (`TraceStep.notApplicable`).
    mutating func notApplicable(_ check: CheckName, _ position: Int, _ node: PathNode, reason: String) {
        guard trace != nil else { return }
        let origin = origin(of: node)
        trace?.add(.notApplicable(check, position: position, origin: origin, reason: reason))
    }

    /// The caller's pin check on a path that passed every other check; when
    /// the caller gave none (`pinsApply` false), recorded as not applicable.
    mutating func checkPins(_ chain: VerifiedChain, _ position: Int, _ node: PathNode,
                            accept: (VerifiedChain) -> PinMismatch?) -> TrustFailure? {
        guard pinsApply else {
            notApplicable(.pins, position, node, reason: "this evaluation checks no pins")
            return nil
        }
        return step(.pins, position, node, accept(chain).map(TrustFailure.pinMismatch))
    }

    /// Call only when explaining: the step is built before the call.
    mutating func note(_ step: TraceStep) { trace?.add(step) }

    func origin(of node: PathNode) -> CertificateOrigin {
        if let anchor = node.anchorIndex { return .anchor(anchor) }
        if let presented = node.presentedIndex { return .presented(issuers.presentedAt[presented] + 1) }
        return .presented(0)
    }
}

/// What the search learned of one presented certificate (or the leaf).
struct CertificateSlot {
    /// Its issuer candidates, built once: a range of the workspace's `candidates`.
    var candidates: Range<Int>? = nil
    /// The shallowest path position from which it is known to lead nowhere
    /// (Int.max: not known).
    var deadFrom = Int.max
}
