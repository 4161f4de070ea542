import DER
import PKIX
import SHA2

/// A chain that passed every check: leaf first, trust anchor last. Only the
/// verifier makes these.
public struct VerifiedChain: Sendable {
    /// The path, leaf first, anchor last; a leaf that is itself an anchor is alone.
    public let certificates: [Certificate]
    /// SHA-256 of the anchor's SubjectPublicKeyInfo, from the trust store
    /// (computed when the anchor was added, not per evaluation).
    public let anchorKeyDigest: Digest
    /// RFC 5280 §6.1.5's user-constrained policy set: the policies of the
    /// caller's initial set (`VerificationPolicy.certificatePolicies`) the
    /// path is valid for; `[.anyPolicy]` when any is accepted and the path
    /// asserts anyPolicy throughout; empty when the path asserts no policy
    /// and none is required. Empty for a leaf that is itself an anchor.
    public internal(set) var userConstrainedPolicies: [OID] = []
    /// What revocation checking found for each certificate it covered,
    /// leaf first; empty when checking was off. Under a soft-fail policy an
    /// "unknown" here is a certificate trusted without information.
    public internal(set) var revocation: [RevocationFinding] = []
    /// The first certificate, the one the policy's purpose and identity were checked on.
    public var leaf: Certificate { certificates[0] }
    /// The trust-store certificate the path ends in (the leaf, when it is an anchor).
    public var anchor: Certificate { certificates[certificates.count - 1] }

    init(_ certificates: [Certificate], anchorKeyDigest: Digest) {
        self.certificates = certificates
        self.anchorKeyDigest = anchorKeyDigest
    }
}

/// Decides whether a leaf, with intermediates the peer supplied, chains to
/// an anchor of `store` under `policy`. Keep one verifier per thread (or
/// per connection pool): its signature cache makes repeated evaluations of
/// the same chain skip the RSA work.
public struct Verifier: Sendable {
    /// The anchors every path must end in.
    public let store: TrustStore
    /// What each evaluation checks; it may change between evaluations.
    public var policy: VerificationPolicy
    /// Verified signature edges, reused by every evaluation of this value.
    public var cache: SignatureCache
    /// The CRLs and OCSP responses revocation checking reads (`policy.revocation`).
    public var revocationSources: RevocationSources

    /// A verifier with no CRLs or OCSP responses.
    public init(store: TrustStore, policy: VerificationPolicy, cache: SignatureCache = SignatureCache()) {
        self.init(store: store, policy: policy, cache: cache, revocationSources: RevocationSources())
    }

    /// A verifier with the revocation information `policy.revocation` may read.
    public init(store: TrustStore, policy: VerificationPolicy, cache: SignatureCache = SignatureCache(),
                revocationSources: RevocationSources) {
        self.store = store
        self.policy = policy
        self.cache = cache
        self.revocationSources = revocationSources
    }

    /// Parses a presented chain (leaf first) and verifies it.
    public mutating func verify(presented ders: [[UInt8]]) -> Result<VerifiedChain, TrustFailure> {
        var certificates: [Certificate] = []
        for (index, der) in ders.enumerated() {
            do {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                return .failure(.malformed(index: index, error))
            }
        }
        guard let leaf = certificates.first else { return .failure(.unknownIssuer(index: 0)) }
        return verify(leaf: leaf, intermediates: Array(certificates.dropFirst()))
    }

    /// Verifies `leaf` through any of `intermediates` (any order, unrelated
    /// ones allowed). `accept` may refuse a path that passed every check —
    /// pinning does — and the search then goes on to the next path.
    public mutating func verify(
        leaf: Certificate, intermediates: [Certificate],
        accept: (VerifiedChain) -> PinMismatch? = { _ in nil }
    ) -> Result<VerifiedChain, TrustFailure> {
        var search = SearchState(leaf: leaf, intermediates: intermediates, budgets: policy.budgets)
        return evaluate(&search, accept: accept)
    }

    /// `verify`, recording every check as it runs (`purex509 verify
    /// --explain`), and the path the decision is about with where each of
    /// its certificates came from. Decides exactly as `verify` does.
    public mutating func explain(
        leaf: Certificate, intermediates: [Certificate],
        accept: (VerifiedChain) -> PinMismatch? = { _ in nil }
    ) -> Explanation {
        var search = SearchState(leaf: leaf, intermediates: intermediates, budgets: policy.budgets)
        search.trace = TraceLog(limit: policy.budgets.traceSteps)
        search.bestPath = []
        let result = evaluate(&search, accept: accept)
        let origins = search.decidedPath ?? search.bestPath ?? []
        let path = origins.map { origin -> PathEntry in
            switch origin {
            case .anchor(let index): return PathEntry(certificate: store.anchors[index], origin: origin)
            case .presented(let position):
                return PathEntry(certificate: position == 0 ? leaf : intermediates[position - 1], origin: origin)
            }
        }
        return Explanation(result: result, path: path, steps: search.trace?.steps ?? [], omittedSteps: search.trace?.omitted ?? 0)
    }

    mutating func evaluate(_ search: inout SearchState, accept: (VerifiedChain) -> PinMismatch?) -> Result<VerifiedChain, TrustFailure> {
        let leaf = search.leaf
        if let failure = checkLeaf(leaf, search: &search) {
            search.bestPath = search.bestPath.map { _ in [.presented(0)] }
            return .failure(failure)
        }
        // A leaf that is itself an anchor is trusted as such (a pinned
        // self-signed certificate, say): no signature to check.
        for index in store.anchors(named: leaf.subject.encoded) where store.anchors[index].der == leaf.der {
            let chain = VerifiedChain([leaf], anchorKeyDigest: store.keyDigest(ofAnchor: index))
            let refusal = search.step(.pins, 0, search.leafNode, accept(chain).map(TrustFailure.pinMismatch))
            if search.trace != nil { search.decidedPath = [.presented(0)] }
            return refusal.map { .failure($0) } ?? .success(chain)
        }
        var path = [search.leafNode]
        do {
            if let chain = try extend(&path, search: &search, accept: accept).chain { return .success(chain) }
        } catch {
            return .failure(error.failure)
        }
        return .failure(search.best ?? .unknownIssuer(index: 0))
    }
}

struct PathNode {
    let certificate: Certificate
    /// The index in the trust store, for anchors.
    let anchorIndex: Int?
    /// The index in the evaluation's `IssuerIndex`, for presented certificates.
    let presentedIndex: Int?
    /// Subject + SPKI identity (`IssuerIndex.keyClass`).
    let keyClass: Int
    var isAnchor: Bool { anchorIndex != nil }

    init(certificate: Certificate, anchorIndex: Int?, presentedIndex: Int?, keyClass: Int) {
        self.certificate = certificate
        self.anchorIndex = anchorIndex
        self.presentedIndex = presentedIndex
        self.keyClass = keyClass
    }

    init(_ candidate: Candidate, anchors: [Certificate], index: IssuerIndex) {
        if let anchor = candidate.anchorIndex {
            self.init(certificate: anchors[anchor], anchorIndex: anchor, presentedIndex: nil, keyClass: candidate.keyClass)
        } else {
            let presented = candidate.presentedIndex ?? 0
            self.init(certificate: index.certificates[presented], anchorIndex: nil, presentedIndex: presented, keyClass: candidate.keyClass)
        }
    }
}

/// Work done, what the search has learnt, and the most specific failure seen so far.
struct SearchState {
    /// Every budget's spending (Meter.swift).
    var meter: Meter
    var best: TrustFailure? = nil
    /// With a trace: every check, and the origins of the path of `best`
    /// (nil when not explaining, so a plain evaluation keeps no paths).
    var trace: TraceLog? = nil
    var bestPath: [CertificateOrigin]? = nil
    /// With a trace: the path that was trusted.
    var decidedPath: [CertificateOrigin]? = nil
    let leaf: Certificate
    let leafKeyClass: Int
    var index: IssuerIndex
    /// Per presented certificate (and, last, the leaf): its issuer candidates, built once.
    var candidateLists: [[Candidate]?]
    /// Per presented certificate: the shallowest path position from which it
    /// is known to lead nowhere (Int.max: not known).
    var deadFrom: [Int]

    init(leaf: Certificate, intermediates: [Certificate], budgets: Budgets) {
        meter = Meter(limits: budgets)
        self.leaf = leaf
        index = IssuerIndex(intermediates)
        leafKeyClass = index.keyClass(of: leaf) ?? -1
        candidateLists = Array(repeating: nil, count: index.count + 1)
        deadFrom = Array(repeating: Int.max, count: index.count)
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

    /// Call only when explaining: the step is built before the call.
    mutating func note(_ step: TraceStep) { trace?.add(step) }

    func origin(of node: PathNode) -> CertificateOrigin {
        if let anchor = node.anchorIndex { return .anchor(anchor) }
        if let presented = node.presentedIndex { return .presented(index.presentedAt[presented] + 1) }
        return .presented(0)
    }
}
