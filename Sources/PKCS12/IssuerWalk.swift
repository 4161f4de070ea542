import PKIX

// Each identity's chain without trust anchors: the longest walk from the
// leaf through the file's certificates, each step to a certificate whose
// subject is the current issuer name (RFC 5280 §4.1.2.4, compared as
// encoded bytes), stopping at a self-issued certificate. When a root is in
// the file, the walk that reaches it is the longest, so a cross-signed
// intermediate whose issuer the file lacks is passed over for the one that
// chains to the root.
//
// What keeps a hostile file cheap: the certificates are sorted by subject
// once and every lookup is a binary search, so no name is compared
// linearly against every certificate; each certificate's next issuer is
// chosen once, in one depth-first pass over the whole file, and every
// identity reads the same choice; a walk is cut at the verifier's path
// length. The pass looks at each (certificate, same-named issuer) pair
// once, so its work is bounded by the square of `maximumBags`.

struct IssuerWalk {
    /// The longest walk kept: as many issuers as a path the verifier accepts
    /// holds (its intermediates and an anchor): Trust's default
    /// `Budgets.maximumIntermediates` (8) plus one. This module does not
    /// import Trust; a test holds the two equal.
    static let maximumIssuers = 9

    /// The most path candidates offered per identity: Trust's default
    /// `Budgets.signatureChecks` (100), the most edges a verifier checks;
    /// a test holds the two equal.
    static let maximumPathCandidates = 100

    let certificates: [Certificate]
    /// Positions into `certificates`, sorted by subject bytes, then file order.
    private let bySubject: [Int]
    /// For each certificate, the issuer its longest walk continues with (-1: none).
    private var next: [Int]
    /// For each certificate, the length of its longest walk including itself, at most `maximumIssuers`.
    private var height: [Int]

    init(_ certificates: [Certificate]) {
        self.certificates = certificates
        bySubject = certificates.indices.sorted { a, b in
            let order = Self.compareSubjects(certificates[a], certificates[b])
            return order != 0 ? order < 0 : a < b
        }
        next = Array(repeating: -1, count: certificates.count)
        height = Array(repeating: 0, count: certificates.count)
        var state = [VisitState](repeating: .unvisited, count: certificates.count)
        for start in certificates.indices where state[start] == .unvisited {
            visit(start, state: &state)
        }
    }

    /// Indexes of `leaf`'s issuers, its issuer first, at most `maximumIssuers`.
    func issuers(of leaf: Int) -> [Int] {
        var path: [Int] = []
        var current = next[leaf]
        while current >= 0 && current != leaf && path.count < Self.maximumIssuers {
            path.append(current)
            current = next[current]
        }
        return path
    }

    /// The certificates that can issue along a path from `leaf`: those
    /// named by its issuer, then by theirs, level by level (file order
    /// within a level), up to the path length and at most `limit` of them.
    /// The verifier checks at most `Budgets.signatureChecks` edges, so it
    /// could never use more than that many issuers; offering it more would
    /// only make it index them, once per identity.
    func pathCandidates(of leaf: Int, limit: Int) -> [Int] {
        var taken = [Bool](repeating: false, count: certificates.count)
        taken[leaf] = true
        var level = [leaf], found: [Int] = []
        var depth = 0
        while !level.isEmpty && depth < Self.maximumIssuers && found.count < limit {
            var nextLevel: [Int] = []
            for node in level {
                let range = frame(node)
                for position in range.cursor..<range.end where found.count < limit {
                    let candidate = bySubject[position]
                    if taken[candidate] { continue }
                    taken[candidate] = true
                    nextLevel.append(candidate)
                    found.append(candidate)
                }
            }
            level = nextLevel
            depth += 1
        }
        return found
    }

    private enum VisitState { case unvisited, onStack, done }

    /// One frame of the depth-first pass: a certificate, the range of its
    /// candidate issuers still to look at, and the best one so far.
    private struct Frame {
        let node: Int
        var cursor: Int
        let end: Int
        var best = -1
        var bestMatchesKeyID = false
    }

    /// Settles `next` and `height` for `start` and everything it can reach,
    /// without recursion (a chain of a thousand CAs is a thousand frames).
    /// A candidate still on the stack would close a loop and is skipped, so
    /// following `next` from any certificate never returns to it: each
    /// certificate's `next` was settled before the certificate itself.
    private mutating func visit(_ start: Int, state: inout [VisitState]) {
        var stack: [Frame] = [frame(start)]
        state[start] = .onStack
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].cursor < stack[top].end {
                let candidate = bySubject[stack[top].cursor]
                stack[top].cursor += 1
                let node = stack[top].node
                guard candidate != node, let matchesKeyID = keyIdentifiers(of: node, allow: candidate) else { continue }
                switch state[candidate] {
                case .onStack: continue
                case .unvisited:
                    state[candidate] = .onStack
                    stack.append(frame(candidate))
                    stack[top].cursor -= 1    // consider it again once it is settled
                case .done:
                    consider(candidate, matchesKeyID: matchesKeyID, in: &stack[top])
                }
                continue
            }
            let finished = stack.removeLast()
            next[finished.node] = finished.best
            height[finished.node] = finished.best < 0 ? 1 : min(Self.maximumIssuers, height[finished.best] + 1)
            state[finished.node] = .done
        }
    }

    /// Keeps `candidate` when its walk is longer than the best so far; on
    /// equal length a key identifier match wins, then file order.
    private func consider(_ candidate: Int, matchesKeyID: Bool, in frame: inout Frame) {
        if frame.best >= 0 {
            let current = height[frame.best], offered = height[candidate]
            if offered < current { return }
            if offered == current {
                if frame.bestMatchesKeyID && !matchesKeyID { return }
                if frame.bestMatchesKeyID == matchesKeyID && frame.best < candidate { return }
            }
        }
        frame.best = candidate
        frame.bestMatchesKeyID = matchesKeyID
    }

    /// A frame over the certificates named by `node`'s issuer; none for a
    /// self-issued certificate, where a walk ends.
    private func frame(_ node: Int) -> Frame {
        let certificate = certificates[node]
        if certificate.isSelfIssued { return Frame(node: node, cursor: 0, end: 0) }
        let issuer = certificate.issuer.encoded
        let low = partitionPoint { certificates[$0].compare(.subject, with: issuer) < 0 }
        let high = partitionPoint { certificates[$0].compare(.subject, with: issuer) <= 0 }
        return Frame(node: node, cursor: low, end: high)
    }

    /// The first position of `bySubject` whose certificate is not `below`.
    private func partitionPoint(_ below: (Int) -> Bool) -> Int {
        var low = 0, high = bySubject.count
        while low < high {
            let middle = low + (high - low) / 2
            if below(bySubject[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `candidate` may issue `node` by their key identifiers (RFC
    /// 5280 §4.2.1.1): nil when `node`'s authorityKeyIdentifier and the
    /// candidate's subjectKeyIdentifier are both present and differ; else
    /// whether they are present and equal.
    private func keyIdentifiers(of node: Int, allow candidate: Int) -> Bool? {
        guard let authority = certificates[node].extensions.authorityKeyIdentifier?.keyIdentifier,
              let subject = certificates[candidate].extensions.subjectKeyIdentifier?.list else { return false }
        return authority.elementsEqual(subject) ? true : nil
    }

    private static func compareSubjects(_ a: Certificate, _ b: Certificate) -> Int {
        a.compare(.subject, with: b.subject.encoded)
    }
}
