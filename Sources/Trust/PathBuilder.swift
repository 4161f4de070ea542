import DER
import PKIX

// Depth-first path building with backtracking (DESIGN.md, STYLE.md §6):
// candidates are anchors first, then presented intermediates, each group
// ordered so that an AKI/SKI match comes first; loops are cut by subject +
// SPKI; each edge's signature is verified before any policy check; any
// failure but an exhausted budget moves on to the next candidate.

extension Verifier {
    mutating func extend(
        _ path: inout [PathNode], intermediates: [Certificate], search: inout SearchState,
        accept: (VerifiedChain) -> TrustFailure?
    ) throws(TrustFailure) -> VerifiedChain? {
        let child = path[path.count - 1].certificate
        let childIndex = path.count - 1
        let candidates = issuerCandidates(of: child, intermediates: intermediates)
        if candidates.isEmpty {
            search.record(.unknownIssuer(index: childIndex))
            return nil
        }
        for candidate in candidates {
            search.steps += 1
            guard search.steps <= policy.budgets.pathBuildingSteps else { throw .budgetExceeded(.pathBuildingSteps) }
            let issuer = candidate.certificate
            // A certificate already on the path (same subject and key) would make a loop.
            if path.contains(where: { $0.certificate[$0.certificate.subject] == issuer[issuer.subject]
                && $0.certificate[$0.certificate.subjectPublicKeyInfo] == issuer[issuer.subjectPublicKeyInfo] }) {
                search.record(.unknownIssuer(index: childIndex))
                continue
            }
            guard path.count < policy.budgets.maximumPathLength else {
                search.record(.pathTooLong)
                continue
            }
            if let failure = try verifySignature(of: child, index: childIndex, by: candidate, search: &search) {
                search.record(failure)
                continue
            }
            path.append(candidate)
            defer { path.removeLast() }
            if let anchorIndex = candidate.anchorIndex {
                let chain = VerifiedChain(path.map { $0.certificate }, anchorKeyDigest: store.keyDigest(ofAnchor: anchorIndex))
                if let failure = try checkPath(chain, search: &search) ?? accept(chain) {
                    search.record(failure)
                    continue
                }
                return chain
            }
            if let failure = checkIntermediate(issuer, index: childIndex + 1) {
                search.record(failure)
                continue
            }
            if let chain = try extend(&path, intermediates: intermediates, search: &search, accept: accept) {
                return chain
            }
        }
        return nil
    }

    /// Anchors, then presented certificates, whose subject is `child`'s
    /// issuer; within each group those whose SKI equals `child`'s AKI key
    /// identifier first (RFC 5280 §4.2.1.1: a hint, never a filter).
    func issuerCandidates(of child: Certificate, intermediates: [Certificate]) -> [PathNode] {
        let issuerName = child[child.issuer]
        let wantedKeyID = child.extensions.authorityKeyIdentifier?.keyIdentifier.map { child[$0] }
        func keyIDMatches(_ certificate: Certificate) -> Bool {
            guard let wanted = wantedKeyID, let ski = certificate.extensions.subjectKeyIdentifier else { return false }
            return certificate[ski.list].elementsEqual(wanted)
        }
        var anchors = store.anchors(named: issuerName).map { PathNode(certificate: store.anchors[$0], anchorIndex: $0) }
        var presented = intermediates.filter { $0[$0.subject].elementsEqual(issuerName) }
            .map { PathNode(certificate: $0, anchorIndex: nil) }
        if anchors.isEmpty && presented.isEmpty {
            // No byte-equal issuer: try RFC 5280 §7.1 equivalence (NameEquivalence).
            let wanted = NameEquivalence.canonical(child, child.issuer)
            anchors = store.anchors(equivalentTo: wanted).map { PathNode(certificate: store.anchors[$0], anchorIndex: $0) }
            presented = intermediates.filter { NameEquivalence.canonical($0, $0.subject) == wanted }
                .map { PathNode(certificate: $0, anchorIndex: nil) }
        }
        func ordered(_ nodes: [PathNode]) -> [PathNode] {
            nodes.filter { keyIDMatches($0.certificate) } + nodes.filter { !keyIDMatches($0.certificate) }
        }
        return ordered(anchors) + ordered(presented)
    }
}
