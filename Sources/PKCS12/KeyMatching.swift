import DER
import PKIX
import EC

/// Why a private key was not paired with any certificate.
public enum UnmatchedKeyReason: Sendable, Equatable, CustomStringConvertible {
    /// No certificate in the file has this key's public key.
    case noCertificate
    /// The certificate with the same localKeyId has a different public key.
    case localKeyIDMismatch
    /// The public key the file carried is not the one the private key gives.
    case inconsistentPublicKey
    /// An RSA key's private integers do not belong to its modulus and
    /// exponent (n ≠ p·q, or e·d ≢ 1 modulo p−1 or q−1, or CRT parts that
    /// disagree), so it cannot sign for a certificate with that n and e.
    case inconsistentPrivateKey
    /// The key's public half could be neither read nor computed, so nothing could be compared.
    case publicKeyUnavailable

    /// One English phrase.
    public var description: String {
        switch self {
        case .noCertificate: return "no certificate has this key"
        case .localKeyIDMismatch: return "the certificate with the same localKeyId has another key"
        case .inconsistentPublicKey: return "the public key stored with it is not its own"
        case .inconsistentPrivateKey: return "its private parts do not belong to its modulus"
        case .publicKeyUnavailable: return "its public key is neither stored nor computable"
        }
    }
}

/// A private key with its public half settled, ready to compare with certificates.
struct KeyCandidate {
    let entry: KeyEntry
    /// The EC point or Ed25519 key (derived, or carried when nothing could be derived).
    let publicKey: [UInt8]?
    /// Whether `publicKey` was computed from the secret (true) or only read from the file.
    let derived: Bool
    let problem: UnmatchedKeyReason?

    init(_ entry: KeyEntry) throws(PKCS12Error) {
        self.entry = entry
        let key = entry.key
        if key.algorithm == .rsa {
            // n and e are public: matching on them alone would pair any
            // certificate's n and e with private parts of another key.
            publicKey = nil
            derived = true
            problem = key.rsaPrivatePartsAreConsistent() ? nil : .inconsistentPrivateKey
            return
        }
        let computed = try key.derivedPublicKey()
        derived = computed != nil
        if let computed, let carried = key.carriedPublicKey, computed != carried {
            publicKey = nil
            problem = .inconsistentPublicKey
        } else if let point = computed ?? key.carriedPublicKey {
            publicKey = point
            problem = nil
        } else {
            publicKey = nil
            problem = .publicKeyUnavailable
        }
    }

    /// Whether `certificate`'s subject public key is this key's.
    func matches(_ certificate: Certificate) -> Bool {
        guard problem == nil else { return false }
        let spki = certificate.publicKey
        let certKey = spki.key
        // The same key type and curve, as the key table names them.
        let algorithm = entry.key.algorithm
        guard spki.type == algorithm.type else { return false }
        if case .rsa? = spki.type, case let (modulus, exponent)? = spki.rsaComponents {
            return Array(modulus.drop(while: { $0 == 0 })) == entry.key.rsaModulus
                && Array(exponent.drop(while: { $0 == 0 })) == entry.key.rsaExponent
        }
        guard let point = publicKey else { return false }
        if certKey.count == point.count { return Array(certKey) == point }
        // SEC 1 §2.3.3 compressed form: X and the parity of Y (ECDSA keys only).
        guard algorithm.ecdsaCurve != nil else { return false }
        let half = (point.count - 1) / 2
        guard half > 0, point.count == 1 + 2 * half, certKey.count == 1 + half, let last = point.last,
              certKey.first == 0x02 | (last & 1) else { return false }
        return Array(certKey.dropFirst()) == Array(point[1...half])
    }
}
