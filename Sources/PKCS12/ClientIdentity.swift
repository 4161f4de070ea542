import PKIX
import Trust

/// A certificate and the private key that belongs to it, with the issuers
/// the file carried: what a TLS client presents when a server asks for a
/// certificate (`kSecImportItemIdentity` and its chain, in Apple's terms).
public struct ClientIdentity: Sendable {
    /// How the key was paired with its certificate.
    public enum Pairing: Sendable, Equatable {
        /// Both bags carried the same localKeyId, and the public keys agree.
        case localKeyID
        /// The certificate's public key is the key's (no localKeyId, or none that agreed).
        case publicKey
    }

    /// How the key's public half was established before comparing it with the certificate.
    public enum KeyCheck: Sendable, Equatable {
        /// RSA: modulus and public exponent, read from the private key, equal the certificate's.
        case rsaComponents
        /// EC, Ed25519: computed from the secret (and equal to the stored one, where one was stored).
        case derived
        /// EC, Ed25519: only the public key stored beside the secret was compared; nothing was computed.
        case storedOnly
    }

    /// The end-entity certificate.
    public let certificate: Certificate
    /// Its private key.
    public let privateKey: PrivateKey
    /// The other certificates of the file that issue it, in order: the
    /// leaf's issuer first, towards the root. Without trust anchors to
    /// decide, this is the longest walk by issuer and subject names through
    /// the file (key identifiers, then file order, breaking ties), ending at
    /// a self-issued certificate, at most as long as a path the verifier
    /// accepts. `verifyChain` may find another path; `presenting(_:)` puts
    /// that one here.
    public let chain: [Certificate]
    /// Every certificate the file carried, in file order, this one included.
    package let fileCertificates: [Certificate]
    /// The file's certificates that can issue along a path from this one
    /// (`IssuerWalk.pathCandidates`): what the path builder is offered.
    let pathCandidates: [Certificate]
    /// The friendlyName of the key's bag, or else of the certificate's.
    public let friendlyName: String?
    /// The localKeyId of the key's bag, or else of the certificate's.
    public let localKeyID: [UInt8]?
    /// How the pair was found.
    public let pairing: Pairing
    /// How the key was shown to belong to the certificate.
    public let keyCheck: KeyCheck

    /// Verifies the identity's chain for TLS client authentication
    /// (id-kp-clientAuth, RFC 5280 §4.2.1.12) against `store`, as a server
    /// would: `policy`'s purpose is set to `.clientAuth` and its server
    /// identity cleared; everything else (time, profile, budgets) is used as given.
    public func verifyChain(against store: TrustStore, policy: VerificationPolicy) -> Result<VerifiedChain, TrustFailure> {
        var clientPolicy = policy
        clientPolicy.purpose = .clientAuth
        clientPolicy.identity = nil
        var verifier = Verifier(store: store, policy: clientPolicy)
        return verifyChain(using: &verifier)
    }

    /// Verifies the identity's certificate with `verifier` as it is (its
    /// store, policy and purpose), offering as intermediates every
    /// certificate of the file that can issue along a path from it (by
    /// names, up to the path length; at most `Budgets.signatureChecks`,
    /// more than the verifier could check): the path builder backtracks
    /// past a dead end such as a cross-certificate whose issuer is not
    /// trusted. One verifier for every identity of a file shares its
    /// signature cache.
    public func verifyChain(using verifier: inout Verifier) -> Result<VerifiedChain, TrustFailure> {
        verifier.verify(leaf: certificate, intermediates: pathCandidates)
    }

    /// This identity with `path` (a chain `verifyChain` returned for it) as
    /// its `chain`: what a client should send (RFC 8446 §4.4.2, RFC 5246
    /// §7.4.2: the sender's certificate first, each next one certifying the
    /// one before). An anchor is kept only when the file carried it; one
    /// that came from the caller's store is the server's to hold. A path
    /// that does not begin with this identity's certificate changes nothing.
    public func presenting(_ path: VerifiedChain) -> ClientIdentity {
        guard path.certificates.first?.der == certificate.der else { return self }
        var issuers = Array(path.certificates.dropFirst())
        if let anchor = issuers.last, !fileCertificates.contains(where: { $0.der == anchor.der }) {
            issuers.removeLast()
        }
        return ClientIdentity(certificate: certificate, privateKey: privateKey, chain: issuers,
                              fileCertificates: fileCertificates, pathCandidates: pathCandidates, friendlyName: friendlyName,
                              localKeyID: localKeyID, pairing: pairing, keyCheck: keyCheck)
    }

    /// `verifyChain(against:policy:)` with the default policy at `time` (seconds since 1970).
    public func verifyChain(against store: TrustStore, at time: Int64) -> Result<VerifiedChain, TrustFailure> {
        verifyChain(against: store, policy: VerificationPolicy(time: time, purpose: .clientAuth))
    }
}

/// A private key that no certificate in the file belongs to.
public struct UnmatchedKey: Sendable {
    /// The key.
    public let privateKey: PrivateKey
    /// Its bag's friendlyName and localKeyId.
    package let attributes: BagAttributes
    /// Why it was not paired.
    public let reason: UnmatchedKeyReason
}
