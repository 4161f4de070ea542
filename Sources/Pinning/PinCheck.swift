import PKIX
import SHA2
import Trust

/// The pin checks pinning policies hand to `Verifier.verify(accept:)`: they
/// refuse a verified path that carries no pinned key (or certificate), and
/// the path search then tries the next path. One SHA-256 over each SPKI on
/// the path until one matches; the whole path is hashed only to report a miss.
public enum PinCheck {
    /// The anchor's key digest comes from the trust store, so a pin on the
    /// anchor (the usual choice) costs no hashing; the other certificates
    /// are hashed, leaf first, until one matches.
    // Never inlined: a closure the optimiser sees made at the call site gets
    // the whole path search compiled again for it (about 15 KB of a
    // size-first wasm module); returned from a call, it is one indirect call
    // per verified path.
    @inline(never)
    public static func keys(_ pins: [SPKIPin]) -> @Sendable (VerifiedChain) -> PinMismatch? {
        { chain in
            if pins.contains(where: { $0.digest == chain.anchorKeyDigest }) { return nil }
            if chain.certificates.dropLast().contains(where: { pins.contains(SPKIPin(certificate: $0)) }) { return nil }
            let served = chain.certificates.dropLast().map { SPKIPin(certificate: $0).digest } + [chain.anchorKeyDigest]
            return PinMismatch(kind: .publicKey, served: served, pinned: pins.map { $0.digest })
        }
    }

    /// A certificate of the path must equal a pinned one byte for byte.
    @inline(never)
    public static func certificates(_ pinned: [Certificate]) -> @Sendable (VerifiedChain) -> PinMismatch? {
        { chain in
            if chain.certificates.contains(where: { certificate in pinned.contains { $0.der == certificate.der } }) { return nil }
            return PinMismatch(kind: .certificate, served: chain.certificates.map { SHA256.hash($0.der) },
                               pinned: pinned.map { SHA256.hash($0.der) })
        }
    }
}
