import PKIX

/// A certificate and the private key that belongs to it, with the issuers
/// the file carried: what a TLS client presents when a server asks for a
/// certificate (`kSecImportItemIdentity` and its chain, in Apple's terms).
public struct ClientIdentity: Sendable {
    /// How the key was paired with its certificate.
    package enum Pairing: Sendable, Equatable {
        /// Both bags carried the same localKeyId, and the public keys agree.
        case localKeyID
        /// The certificate's public key is the key's (no localKeyId, or none that agreed).
        case publicKey
    }

    /// How the key's public half was established before comparing it with the certificate.
    package enum KeyCheck: Sendable, Equatable {
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
    /// accepts. Trust's `Verifier.verifyClient` may find another path;
    /// `presenting(_:)` puts that one here.
    public let chain: [Certificate]
    /// Every certificate the file carried, in file order, this one included.
    package let fileCertificates: [Certificate]
    /// The intermediates to offer a path builder for this certificate
    /// (Trust's `Verifier.verifyClient(_:offering:against:policy:)`): every
    /// certificate of the file that can issue along a path from it, by
    /// names (RFC 5280 §4.1.2.4, compared as encoded bytes), level by level
    /// in file order, up to the verifier's path length and at most its
    /// default signature-check budget (100), more than it could check. A
    /// file certificate whose subject equals an issuer name only after RFC
    /// 5280 §7.1 normalisation is not offered.
    public let pathCandidates: [Certificate]
    /// The friendlyName of the key's bag, or else of the certificate's.
    public let friendlyName: String?
    /// The localKeyId of the key's bag, or else of the certificate's.
    package let localKeyID: [UInt8]?
    /// How the pair was found.
    package let pairing: Pairing
    /// How the key was shown to belong to the certificate.
    package let keyCheck: KeyCheck

    /// This identity with `path` (the certificates of a chain Trust's
    /// verifier returned for it, leaf first) as its `chain`: what a client
    /// should send (RFC 8446 §4.4.2, RFC 5246 §7.4.2: the sender's
    /// certificate first, each next one certifying the one before). An anchor is kept only when the file carried it; one
    /// that came from the caller's store is the server's to hold. A path
    /// that does not begin with this identity's certificate changes nothing.
    public func presenting(_ path: [Certificate]) -> ClientIdentity {
        guard path.first?.der == certificate.der else { return self }
        var issuers = Array(path.dropFirst())
        if let anchor = issuers.last, !fileCertificates.contains(where: { $0.der == anchor.der }) {
            issuers.removeLast()
        }
        return ClientIdentity(certificate: certificate, privateKey: privateKey, chain: issuers,
                              fileCertificates: fileCertificates, pathCandidates: pathCandidates, friendlyName: friendlyName,
                              localKeyID: localKeyID, pairing: pairing, keyCheck: keyCheck)
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
