import DER
import PKIX

// Depth-first path building with backtracking (docs/trust.md):
// candidates are anchors first, then presented intermediates, each group
// ordered so that an AKI/SKI match comes first; loops are cut by subject +
// SPKI; each edge's signature is verified before any policy check; any
// failure but an exhausted budget moves on to the next candidate.
//
// What keeps hostile inputs cheap (a lattice of same-name CAs once took
// 11 s): each certificate's candidate list is built once per evaluation
// from the `IssuerIndex`, each edge's signature verdict is kept beside it,
// every candidate considered and every list entry built counts as a step,
// and a certificate from which no anchor can be reached is remembered as a
// dead end. "Cannot be reached" must not depend on the path below it: a
// subtree that met an anchor (whose path checks look at the whole path) or
// skipped a candidate because an ancestor was already on the path is not
// remembered; one that only ran out of depth is remembered for that depth
// and deeper.

/// One possible issuer of a certificate, with what is known of the edge.
struct Candidate {
    let anchorIndex: Int?
    let presentedIndex: Int?
    /// Subject + SPKI identity for the loop check.
    let keyClass: Int
    var verdict: EdgeVerdict = .unchecked
}

enum EdgeVerdict {
    case unchecked, valid
    case invalid(TrustFailure)
}

/// What a finished subtree says about whether its failure can be remembered.
struct SubtreeOutcome {
    var chain: VerifiedChain? = nil
    /// The shallowest path position whose presence made a candidate a loop.
    var loopPosition = Int.max
    var reachedAnchor = false
    var depthLimited = false

    mutating func absorb(_ other: SubtreeOutcome) {
        loopPosition = min(loopPosition, other.loopPosition)
        reachedAnchor = reachedAnchor || other.reachedAnchor
        depthLimited = depthLimited || other.depthLimited
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

extension Evaluation {
    mutating func extend(
        _ path: inout [PathNode], accept: (VerifiedChain) -> PinMismatch?
    ) throws(BudgetExhausted) -> SubtreeOutcome {
        let childPosition = path.count - 1
        let childNode = path[childPosition]
        let child = childNode.certificate
        let slot = childNode.presentedIndex ?? issuers.count
        if workspace.slots[slot].candidates == nil {
            let start = workspace.candidates.count
            appendIssuerCandidates(of: child)
            try meter.chargeSteps(workspace.candidates.count - start + 1)
            workspace.slots[slot].candidates = start..<workspace.candidates.count
        }
        var outcome = SubtreeOutcome()
        let listed = workspace.slots[slot].candidates ?? 0..<0
        if listed.isEmpty { record(.unknownIssuer(index: childPosition), path: path) }
        for k in listed {
            try meter.chargeSteps(1)
            let candidate = workspace.candidates[k]
            let position = childPosition + 1
            if let presented = candidate.presentedIndex, workspace.slots[presented].deadFrom <= position { continue }
            let node = PathNode(candidate, anchors: store.anchors, index: issuers)
            if trace != nil { note(.candidate(issuer: origin(of: node), position: childPosition)) }
            // A certificate already on the path (same subject and key) would make a loop.
            if let onPath = path.firstIndex(where: { $0.keyClass == candidate.keyClass }) {
                record(.unknownIssuer(index: childPosition), path: path)
                outcome.loopPosition = min(outcome.loopPosition, onPath)
                continue
            }
            // Intermediates the path would hold with this candidate.
            let intermediates = path.count - 1 + (candidate.anchorIndex == nil ? 1 : 0)
            let tooLong: TrustFailure? = intermediates > policy.budgets.maximumIntermediates ? .pathTooLong : nil
            if let failure = step(.pathDepth, position, node, tooLong) {
                record(failure, path: path, then: node)
                outcome.depthLimited = true
                continue
            }
            switch candidate.verdict {
            case .valid:
                _ = step(.signature, childPosition, childNode, nil)
            case .invalid(let failure):
                _ = step(.signature, childPosition, childNode, failure)
                record(failure, path: path, then: node)
                continue
            case .unchecked:
                var failure: TrustFailure?
                do {
                    failure = try verifySignature(of: child, index: childPosition, by: node)
                } catch {
                    _ = step(.signature, childPosition, childNode, error.failure)
                    throw error
                }
                // An edge the signature cache answered skipped the key
                // policy, which may have changed since it was cached (a
                // verifier's cache outlives a policy); an edge verified now
                // passed it already.
                if failure == nil, let refusal = policy.keys.refusal(of: node.certificate.publicKey) {
                    failure = .weakKey(index: childPosition, refusal)
                }
                workspace.candidates[k].verdict = failure.map { .invalid($0) } ?? .valid
                if let failure = step(.signature, childPosition, childNode, failure) {
                    record(failure, path: path, then: node)
                    continue
                }
            }
            path.append(node)
            defer { path.removeLast() }
            if let anchorIndex = candidate.anchorIndex {
                outcome.reachedAnchor = true
                var chain = VerifiedChain(workspace.chain(of: path), anchorKeyDigest: store.keyDigest(ofAnchor: anchorIndex))
                var failure = try checkPath(&chain, nodes: path)
                if failure == nil, let check = policy.revocation.check { failure = try check.run(&self, path, &chain) }
                if failure == nil { failure = checkPins(chain, position, node, accept: accept) }
                if trace != nil {
                    let origins = path.map(origin)
                    note(.path(origins, failure: failure))
                    if failure == nil { decidedPath = origins }
                }
                if let failure {
                    record(failure, path: path)
                    continue
                }
                outcome.chain = chain
                return outcome
            }
            if let failure = checkIntermediate(node, index: position) {
                record(failure, path: path)
                continue
            }
            let subtree = try extend(&path, accept: accept)
            if subtree.chain != nil { return subtree }
            if let presented = candidate.presentedIndex, !subtree.reachedAnchor, subtree.loopPosition >= position {
                workspace.slots[presented].deadFrom = subtree.depthLimited ? position : 0
            }
            outcome.absorb(subtree)
        }
        return outcome
    }

    /// Appends to the workspace's candidates the anchors, then presented
    /// certificates, whose subject is `child`'s issuer; within each group
    /// those whose SKI equals `child`'s AKI key identifier first (RFC 5280
    /// §4.2.1.1: a hint, never a filter).
    mutating func appendIssuerCandidates(of child: Certificate) {
        let issuerName = child.issuer.encoded
        var anchors = store.anchorIndexes(named: issuerName)
        var presented = issuers.named(issuerName)
        if anchors.isEmpty && presented.isEmpty {
            // No byte-equal issuer: try RFC 5280 §7.1 equivalence (NameEquivalence).
            let wanted = NameEquivalence.canonical(child.issuer)
            anchors = ArraySlice(store.anchors(equivalentTo: wanted))
            presented = ArraySlice(issuers.equivalent(to: wanted))
        }
        // A stable partition in place: key-identifier matches first.
        func ordered(_ indexes: ArraySlice<Int>, _ certificate: (Int) -> Certificate) -> ArraySlice<Int> {
            guard indexes.count > 1, let wanted = child.extensions.authorityKeyIdentifier?.keyIdentifier else { return indexes }
            func keyIDMatches(_ certificate: Certificate) -> Bool {
                guard let ski = certificate.extensions.subjectKeyIdentifier else { return false }
                return ski.list.elementsEqual(wanted)
            }
            var matching: [Int] = [], others: [Int] = []
            for index in indexes { if keyIDMatches(certificate(index)) { matching.append(index) } else { others.append(index) } }
            return ArraySlice(matching + others)
        }
        // Closures below capture these arrays, not `self` or the index:
        // capturing `store` copied the whole verifier (every field
        // retained) per certificate.
        let anchorCertificates = store.anchors, presentedCertificates = issuers.certificates
        for anchor in ordered(anchors, { anchorCertificates[$0] }) {
            // An anchor's identity is the presented class it equals (or the
            // leaf's), else one of its own.
            let certificate = anchorCertificates[anchor]
            let keyClass = issuers.keyClass(of: certificate)
                ?? (IssuerIndex.sameSubjectAndKey(certificate, leaf) ? leafKeyClass : -2 - anchor)
            workspace.candidates.append(Candidate(anchorIndex: anchor, presentedIndex: nil, keyClass: keyClass))
        }
        for certificate in ordered(presented, { presentedCertificates[$0] }) {
            workspace.candidates.append(Candidate(anchorIndex: nil, presentedIndex: certificate, keyClass: issuers.keyClass[certificate]))
        }
    }
}
