import PKIX

// A TLS client's certificate, judged as a server judges it. The PKCS12
// module reads client identities out of files and decides nothing about
// trust (it does not import this module); it hands over a certificate and
// the file's certificates that can issue along a path from it
// (`ClientIdentity.pathCandidates`), and the verification happens here,
// where path building and the purposes live.

extension VerificationPolicy {
    /// This policy as a server applies it to a client's certificate: the
    /// purpose is `.clientAuth` (id-kp-clientAuth, RFC 5280 §4.2.1.12) and
    /// there is no server identity; everything else (time, profile, key
    /// policy, budgets, revocation) is kept as given.
    public var forClientCertificate: VerificationPolicy {
        var policy = self
        policy.purpose = .clientAuth
        policy.identity = nil
        return policy
    }
}

extension Verifier {
    /// Verifies a TLS client's certificate `leaf` against `store` as a
    /// server would (`policy.forClientCertificate`), offering `candidates`
    /// as intermediates (any order, unrelated ones allowed): for a .p12
    /// identity, its `pathCandidates`, so the path builder can backtrack
    /// past a dead end such as a cross-certificate whose issuer is not
    /// trusted. A caller verifying several identities of one file with
    /// one `Verifier` (one signature cache) calls
    /// `verify(leaf:intermediates:)` on it instead.
    public static func verifyClient(
        _ leaf: Certificate, offering candidates: [Certificate], against store: TrustStore, policy: VerificationPolicy
    ) -> Result<VerifiedChain, TrustFailure> {
        var verifier = Verifier(store: store, policy: policy.forClientCertificate)
        return verifier.verify(leaf: leaf, intermediates: candidates)
    }

    /// `verifyClient(_:offering:against:policy:)` with the default policy
    /// at `time` (seconds since 1970).
    public static func verifyClient(
        _ leaf: Certificate, offering candidates: [Certificate], against store: TrustStore, at time: Int64
    ) -> Result<VerifiedChain, TrustFailure> {
        verifyClient(leaf, offering: candidates, against: store, policy: VerificationPolicy(time: time, purpose: .clientAuth))
    }
}
