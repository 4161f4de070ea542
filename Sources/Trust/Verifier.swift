import DER
import PKIX
import SHA2

/// A chain that passed every check: leaf first, trust anchor last. Only the
/// verifier makes these.
public struct VerifiedChain: Sendable {
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
    public var leaf: Certificate { certificates[0] }
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
    public let store: TrustStore
    public var policy: VerificationPolicy
    public var cache: SignatureCache

    public init(store: TrustStore, policy: VerificationPolicy, cache: SignatureCache = SignatureCache()) {
        self.store = store
        self.policy = policy
        self.cache = cache
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
        accept: (VerifiedChain) -> TrustFailure? = { _ in nil }
    ) -> Result<VerifiedChain, TrustFailure> {
        if let failure = checkLeaf(leaf) { return .failure(failure) }
        // A leaf that is itself an anchor is trusted as such (a pinned
        // self-signed certificate, say): no signature to check.
        for index in store.anchors(named: leaf[leaf.subject]) where store.anchors[index].der == leaf.der {
            let chain = VerifiedChain([leaf], anchorKeyDigest: store.keyDigest(ofAnchor: index))
            return accept(chain).map { .failure($0) } ?? .success(chain)
        }
        var search = SearchState(leaf: leaf, intermediates: intermediates)
        var path = [PathNode(certificate: leaf, anchorIndex: nil, presentedIndex: nil, keyClass: search.leafKeyClass)]
        do {
            if let chain = try extend(&path, search: &search, accept: accept).chain { return .success(chain) }
        } catch {
            return .failure(error)
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

    init(_ candidate: Candidate, store: TrustStore, index: IssuerIndex) {
        if let anchor = candidate.anchorIndex {
            self.init(certificate: store.anchors[anchor], anchorIndex: anchor, presentedIndex: nil, keyClass: candidate.keyClass)
        } else {
            let presented = candidate.presentedIndex ?? 0
            self.init(certificate: index.certificates[presented], anchorIndex: nil, presentedIndex: presented, keyClass: candidate.keyClass)
        }
    }
}

/// Work done, what the search has learnt, and the most specific failure seen so far.
struct SearchState {
    var signatureChecks = 0
    var signatureWork = 0
    var steps = 0
    var nameComparisons = 0
    var best: TrustFailure? = nil
    let leaf: Certificate
    let leafKeyClass: Int
    var index: IssuerIndex
    /// Per presented certificate (and, last, the leaf): its issuer candidates, built once.
    var candidateLists: [[Candidate]?]
    /// Per presented certificate: the shallowest path position from which it
    /// is known to lead nowhere (Int.max: not known).
    var deadFrom: [Int]

    init(leaf: Certificate, intermediates: [Certificate]) {
        self.leaf = leaf
        index = IssuerIndex(intermediates)
        leafKeyClass = index.keyClass(of: leaf) ?? -1
        candidateLists = Array(repeating: nil, count: index.count + 1)
        deadFrom = Array(repeating: Int.max, count: index.count)
    }

    mutating func record(_ failure: TrustFailure) {
        if let current = best, current.rank >= failure.rank { return }
        best = failure
    }
}
