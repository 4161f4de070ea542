import PKIX

/// The lists one evaluation fills, kept by the `Verifier` for the next so
/// that evaluating a chain again allocates nothing once they have grown to
/// its size. Emptied, never shrunk, at the start of each evaluation; what
/// an evaluation learned never reaches the next (`reset`).
struct EvaluationWorkspace: Sendable {
    /// Per presented certificate (and, last, the leaf): what the search learned of it.
    var slots: [CertificateSlot] = []
    /// Every certificate's issuer candidates, one list after another
    /// (`CertificateSlot.candidates` is a range of it).
    var candidates: [Candidate] = []
    /// The path being extended, leaf first.
    private var path: [PathNode] = []
    /// The certificates of the last chain handed out. A caller that still
    /// holds that chain keeps this storage; the next chain then gets new.
    private var certificates: [Certificate] = []

    /// Empties every list and gives the search one fresh slot per presented
    /// certificate and the leaf, with room for a path of `longestPath` nodes.
    /// A new workspace sizes each list once here rather than growing it by
    /// appends (one allocation per list instead of two or three; a kept
    /// workspace already has the room and allocates nothing).
    mutating func reset(presented: Int, longestPath: Int) {
        slots.removeAll(keepingCapacity: true)
        if slots.capacity < presented + 1 { slots.reserveCapacity(presented + 1) }
        for _ in 0...presented { slots.append(CertificateSlot()) }
        candidates.removeAll(keepingCapacity: true)
        // Typically an issuer per certificate plus an anchor or a cross-signed twin.
        let expectedCandidates = 2 * (presented + 1)
        if candidates.capacity < expectedCandidates { candidates.reserveCapacity(expectedCandidates) }
        path.removeAll(keepingCapacity: true)
        if path.capacity < longestPath { path.reserveCapacity(longestPath) }
    }

    /// The path's storage, lent to the search (which passes it `inout`
    /// while it also changes the workspace).
    mutating func takePath() -> [PathNode] {
        var taken: [PathNode] = []
        swap(&taken, &path)
        return taken
    }

    /// Takes the path's storage back, emptied.
    mutating func givePathBack(_ taken: inout [PathNode]) {
        taken.removeAll(keepingCapacity: true)
        swap(&taken, &path)
    }

    /// The certificates of `nodes`, in the kept storage when no earlier
    /// chain still holds it.
    mutating func chain(of nodes: [PathNode]) -> [Certificate] {
        certificates.removeAll(keepingCapacity: true)
        if certificates.capacity < nodes.count { certificates.reserveCapacity(nodes.count) }
        for node in nodes { certificates.append(node.certificate) }
        return certificates
    }

    /// A chain of one certificate (a leaf that is itself an anchor), the same way.
    mutating func chain(alone certificate: Certificate) -> [Certificate] {
        certificates.removeAll(keepingCapacity: true)
        certificates.append(certificate)
        return certificates
    }
}
