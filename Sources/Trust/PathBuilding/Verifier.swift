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
    /// What the Certificate Transparency policy the path had to meet found;
    /// nil when no policy applied.
    public internal(set) var transparency: CTResult? = nil
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
    /// The SCTs the TLS handshake delivered (its signed_certificate_timestamp
    /// extension, RFC 6962 §3.3), for the leaf of the next evaluations; a
    /// CT policy counts them with the embedded and OCSP ones.
    public var handshakeSCTs: [SignedCertificateTimestamp] = []
    /// The lists the last evaluation grew, lent to the next.
    var workspace = EvaluationWorkspace()

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
#if hasAttribute(export)
    @export(interface)
#endif
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
#if hasAttribute(export)
    @export(interface)
#endif
    public mutating func verify(
        leaf: Certificate, intermediates: [Certificate],
        accept: (VerifiedChain) -> PinMismatch? = Verifier.acceptEveryPath
    ) -> Result<VerifiedChain, TrustFailure> {
        withEvaluation(leaf: leaf, intermediates: intermediates) { $0.run(accept: accept) }
    }

    /// `verify`, recording every check as it runs (`purex509 verify
    /// --explain`), and the path the decision is about with where each of
    /// its certificates came from. Decides exactly as `verify` does. No pin
    /// check runs, and the trace says so (`TraceStep.notApplicable`).
    public mutating func explain(leaf: Certificate, intermediates: [Certificate]) -> Explanation {
        explain(leaf: leaf, intermediates: intermediates, pinsApply: false, accept: Verifier.acceptEveryPath)
    }

    /// `explain(leaf:intermediates:)` with a pin check: `accept` may refuse
    /// a path that passed every other check, as in `verify(leaf:intermediates:accept:)`,
    /// and the trace records its verdict on each path as the `pins` step.
    public mutating func explain(
        leaf: Certificate, intermediates: [Certificate],
        accept: (VerifiedChain) -> PinMismatch?
    ) -> Explanation {
        explain(leaf: leaf, intermediates: intermediates, pinsApply: true, accept: accept)
    }

    /// Either `explain`: `pinsApply` says whether `accept` is a pin check.
#if hasAttribute(export)
    @export(interface)
#endif
    package mutating func explain(
        leaf: Certificate, intermediates: [Certificate], pinsApply: Bool,
        accept: (VerifiedChain) -> PinMismatch?
    ) -> Explanation {
        let traceSteps = policy.budgets.traceSteps
        let (result, origins, trace) = withEvaluation(leaf: leaf, intermediates: intermediates) { evaluation in
            evaluation.trace = TraceLog(limit: traceSteps)
            evaluation.pinsApply = pinsApply
            evaluation.bestPath = []
            let result = evaluation.run(accept: accept)
            return (result, evaluation.decidedPath ?? evaluation.bestPath ?? [], evaluation.trace)
        }
        let path = origins.map { origin -> PathEntry in
            switch origin {
            case .anchor(let index): return PathEntry(certificate: store.anchors[index], origin: origin)
            case .presented(let position):
                return PathEntry(certificate: position == 0 ? leaf : intermediates[position - 1], origin: origin)
            }
        }
        return Explanation(result: result, path: path, steps: trace?.steps ?? [], omittedSteps: trace?.omitted ?? 0)
    }

    /// Runs `body` on an evaluation of this verifier (Evaluation.swift).
    /// The cache and the workspace are moved in and back, not copied: one
    /// shared with this value would be copied whole on the evaluation's
    /// first write.
    mutating func withEvaluation<R>(leaf: Certificate, intermediates: [Certificate], _ body: (inout Evaluation) -> R) -> R {
        var evaluation = Evaluation(store: store, policy: policy, revocationSources: revocationSources,
                                    handshakeSCTs: handshakeSCTs, leaf: leaf, intermediates: intermediates)
        swap(&cache, &evaluation.cache)
        swap(&workspace, &evaluation.workspace)
        defer {
            swap(&cache, &evaluation.cache)
            swap(&workspace, &evaluation.workspace)
        }
        return body(&evaluation)
    }
}

extension Verifier {
    /// The `accept` of an evaluation without a pin check. One stored value
    /// for every such caller: the optimiser compiles the path search again
    /// for each closure literal it sees passed down (three copies, about
    /// 20 KB of a size-first wasm module), and a value it cannot see into
    /// leaves one copy.
    @usableFromInline package static let acceptEveryPath: @Sendable (VerifiedChain) -> PinMismatch? = { _ in nil }
}
