import DER
import PKIX
import SHA2

// RFC 6960 for the certificate at `index` of a path that passed every
// other check, from the responses the caller supplied (stapled, fetched or
// cached; Verifier.revocationSources). A SingleResponse is used only when
// its CertID names this certificate under this path's issuer (name hash,
// key hash, serial), it is current at the evaluation time within the
// policy's clock skew, neither it nor its response carries an unknown
// critical extension, and the response is signed by the issuer itself or
// by a certificate the issuer issued for OCSP signing (§4.2.2.2), valid at
// the evaluation time. The nonce is not required: stapled and cached
// responses have none. A delegated responder's own revocation status is
// not checked (§4.2.2.2.1 leaves it to the CA; id-pkix-ocsp-nocheck is
// what responders carry).

extension Evaluation {
    /// The status the supplied OCSP responses give the certificate at `index`.
    mutating func ocspStatus(of index: Int, nodes: [PathNode]) throws(BudgetExhausted) -> RevocationStatus {
        let certificate = nodes[index].certificate
        let issuer = nodes[index + 1].certificate
        var gap = RevocationGap.noOCSPResponse
        func note(_ found: RevocationGap) { if found.rank > gap.rank { gap = found } }
        var good = false
        var hashes = CertIDHashes(certificate: certificate, issuer: issuer)
        // The issuer's key, prepared once for every response that needs it.
        var issuerKey: VerificationKey? = nil, issuerKeyPrepared = false
        func preparedIssuerKey() -> VerificationKey? {
            if !issuerKeyPrepared {
                issuerKeyPrepared = true
                if case .success(let key) = VerificationKey.prepare(issuer) { issuerKey = key }
            }
            return issuerKey
        }
        for response in revocationSources.ocspResponses {
            guard let basic = response.basic else { continue }
            // The signature is checked once per response (twice at most:
            // with SHA-1 refused, then allowed), however many of its
            // entries name the certificate.
            var authorised: Bool? = nil, authorisedWithSHA1: Bool? = nil
            for single in basic.responses where hashes.matches(single.certID) {
                guard !basic.hasUnrecognisedCriticalExtension, !single.hasUnrecognisedCriticalExtension else {
                    note(.ocspUnrecognisedCriticalExtension)
                    continue
                }
                guard isCurrent(single) else { note(.ocspResponseOutOfDate); continue }
                if authorised == nil {
                    authorised = try isAuthorised(basic, issuer: issuer, issuerKey: preparedIssuerKey(),
                                                  sha1: policy.sha1)
                }
                var trusted = authorised == true
                // RFC 6960 §4.3 asks clients to process sha1WithRSA. A
                // SHA-1 collision could only forge a "revoked", which
                // refuses a chain an attacker could block anyway, so a
                // SHA-1 signature is honoured for revocations alone.
                if !trusted, case .revoked = single.status, !policy.allowSHA1 {
                    if authorisedWithSHA1 == nil {
                        authorisedWithSHA1 = try isAuthorised(basic, issuer: issuer, issuerKey: preparedIssuerKey(),
                                                          sha1: .allowed)
                    }
                    trusted = authorisedWithSHA1 == true
                }
                guard trusted else {
                    note(.ocspResponderNotAuthorised)
                    continue
                }
                switch single.status {
                case .revoked(let time, let reason):
                    // A revocation outranks any "good" another response gives.
                    return .revoked(Revocation(serialNumber: Array(certificate.serialNumber.bytes), date: time, reason: reason))
                case .good: good = true
                case .unknown: note(.ocspStatusUnknown)
                }
            }
        }
        return good ? .good : .unknown(gap)
    }

    /// §4.2.2.1 and §3.2 (5): thisUpdate not in the future, nextUpdate not
    /// passed, each within `ocspClockSkew`; with no nextUpdate the response
    /// is used for at most `ocspMaximumAge` after thisUpdate.
    func isCurrent(_ single: SingleResponse) -> Bool {
        let skew = policy.revocation.ocspClockSkew
        guard single.thisUpdate <= policy.time + skew else { return false }
        // A window that ends before it starts is no window (OpenSSL refuses it too).
        if let next = single.nextUpdate { return single.thisUpdate <= next && policy.time <= next + skew }
        return policy.time - single.thisUpdate <= policy.revocation.ocspMaximumAge
    }

    /// At most this many certificates of one response are tried as its
    /// delegated responder: each costs a signature check with the issuer's
    /// key, and responses may come from an unauthenticated fetch or cache.
    static let maximumDelegateCandidates = 4

    /// §4.2.2.2: the response is signed by the key its ResponderID names,
    /// and that key is the issuer's, or a delegate's whose certificate the
    /// issuer signed, with id-kp-OCSPSigning, valid now, and no critical
    /// extension this library does not process (RFC 5280 §4.2).
    mutating func isAuthorised(_ basic: BasicOCSPResponse, issuer: Certificate,
                               issuerKey: VerificationKey?, sha1: SHA1Verification?) throws(BudgetExhausted) -> Bool {
        guard let issuerKey else { return false }
        if Self.responder(basic.responderID, names: issuer) {
            return try verify(basic.signedData, with: issuerKey, sha1: sha1) == nil
        }
        var tried = 0
        for delegate in basic.certificates where Self.responder(basic.responderID, names: delegate) {
            guard tried < Self.maximumDelegateCandidates else { break }
            guard Self.sameName(delegate.issuer, issuer.subject),
                  delegate.extendedKeyUsages.contains(.ocspSigning),
                  !delegate.extensions.hasUnrecognisedCriticalExtension,
                  checkValidity(delegate, index: 0) == nil,
                  case .success(let key) = VerificationKey.prepare(delegate) else { continue }
            tried += 1
            guard try verify(delegate.signedData, with: issuerKey, sha1: sha1) == nil else { continue }
            return try verify(basic.signedData, with: key, sha1: sha1) == nil
        }
        return false
    }

    /// Whether `id` names `certificate`: its subject Name (RFC 5280 §7.1
    /// matching, as path building uses), or the SHA-1 of its key bits.
    static func responder(_ id: ResponderID, names certificate: Certificate) -> Bool {
        switch id {
        case .byName(let name):
            return NameComparison.equivalent(name.encoded, certificate.subject.encoded)
        case .byKey(let hash):
            return hash.elementsEqual(InsecureSHA1.hash(certificate.publicKey.key))
        }
    }

    /// Two names of two certificates, byte for byte or by RFC 5280 §7.1.
    static func sameName(_ a: Name, _ b: Name) -> Bool {
        NameComparison.equivalent(a.encoded, b.encoded)
    }
}

/// The CertID hashes of one certificate under its issuer, each computed
/// once, when a response first uses that hash function.
struct CertIDHashes {
    let certificate: Certificate
    let issuer: Certificate
    private var computed: [(CertID.Hash, name: Digest, key: Digest)] = []

    init(certificate: Certificate, issuer: Certificate) {
        self.certificate = certificate
        self.issuer = issuer
    }

    /// §4.1.1: the name hash is over the certificate's issuer field, the key
    /// hash over the issuer's subjectPublicKey bits, and the serial is the
    /// certificate's.
    mutating func matches(_ id: CertID) -> Bool {
        guard let hash = id.hash, id.serialNumber == certificate.serialNumber else { return false }
        let (name, key) = digests(hash)
        return id.issuerNameHash.elementsEqual(name) && id.issuerKeyHash.elementsEqual(key)
    }

    private mutating func digests(_ hash: CertID.Hash) -> (Digest, Digest) {
        for entry in computed where entry.0 == hash { return (entry.name, entry.key) }
        let name = hash.digest(certificate.issuer.encoded)
        let key = hash.digest(issuer.publicKey.key)
        computed.append((hash, name, key))
        return (name, key)
    }
}

extension CertID.Hash {
    func digest(_ bytes: ArraySlice<UInt8>) -> Digest {
        switch self {
        case .sha1: return InsecureSHA1.hash(bytes)
        case .sha256: return SHA256.hash(bytes)
        case .sha384: return SHA384.hash(bytes)
        case .sha512: return SHA512.hash(bytes)
        }
    }
}
