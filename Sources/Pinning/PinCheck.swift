import PKIX
import Trust

/// The pin checks pinning policies hand to `Verifier.verify(accept:)`: they
/// refuse a verified path that carries no pinned key (or certificate), and
/// the path search then tries the next path. One SHA-256 over each SPKI on
/// the path, nothing else.
public enum PinCheck {
    /// The anchor's key digest comes from the trust store, so a pin on the
    /// anchor (the usual choice) costs no hashing; the other certificates
    /// are hashed, leaf first, until one matches.
    public static func keys(_ pins: [SPKIPin]) -> @Sendable (VerifiedChain) -> TrustFailure? {
        { chain in
            if pins.contains(where: { $0.digest == chain.anchorKeyDigest }) { return nil }
            return chain.certificates.dropLast().contains { pins.contains(SPKIPin(certificate: $0)) }
                ? nil : .refusedByCaller(reason: "no pinned key on the path")
        }
    }

    public static func certificates(_ pinned: [Certificate]) -> @Sendable (VerifiedChain) -> TrustFailure? {
        { chain in
            chain.certificates.contains { certificate in pinned.contains { $0.der == certificate.der } }
                ? nil : .refusedByCaller(reason: "no pinned certificate on the path")
        }
    }
}
