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
    /// leaf's issuer first, towards the root (by issuer and subject names,
    /// key identifiers breaking ties).
    public let chain: [Certificate]
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
        return verifier.verify(leaf: certificate, intermediates: chain)
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
    public let attributes: BagAttributes
    /// Why it was not paired.
    public let reason: UnmatchedKeyReason
}
