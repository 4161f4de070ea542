import DER
import PKIX
import SHA2

/// A bounded cache of verified edges, keyed by the exact bytes that were
/// verified: the issuer's SubjectPublicKeyInfo and the whole subject
/// certificate (so its TBS, algorithm and signature all take part). Only
/// successes are stored, and a lookup compares every byte, so a hit can
/// never turn a failure into a success. Entries hold the certificates'
/// own arrays (copy-on-write), so caching copies nothing.
public struct SignatureCache: Sendable {
    struct Entry: Sendable {
        let issuerKey: ArraySlice<UInt8>
        let certificate: [UInt8]
        var lastUsed: UInt64
    }

    /// The most edges kept (the least recently used goes first); 0 turns caching off.
    package let capacity: Int
    var entries: [Entry] = []
    var clock: UInt64 = 0
    /// Lookups answered from the cache so far.
    package private(set) var hits = 0

    /// 256 edges: a busy client's working set of server chains.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 0)
    }

    mutating func contains(issuerKey: ArraySlice<UInt8>, certificate: [UInt8]) -> Bool {
        clock &+= 1
        for i in entries.indices where entries[i].certificate == certificate && entries[i].issuerKey == issuerKey {
            entries[i].lastUsed = clock
            hits += 1
            return true
        }
        return false
    }

    mutating func insert(issuerKey: ArraySlice<UInt8>, certificate: [UInt8]) {
        guard capacity > 0 else { return }
        clock &+= 1
        let entry = Entry(issuerKey: issuerKey, certificate: certificate, lastUsed: clock)
        if entries.count < capacity {
            entries.append(entry)
            return
        }
        // Least recently used goes.
        var oldest = 0
        for i in entries.indices where entries[i].lastUsed < entries[oldest].lastUsed { oldest = i }
        entries[oldest] = entry
    }
}

extension Evaluation {
    /// Checks that `node`'s key signed `subject` (at path index `index`):
    /// the cache first, then the anchor's prepared key or a key prepared
    /// from the intermediate's SPKI, through the one signature seam.
    mutating func verifySignature(of subject: Certificate, index: Int, by node: PathNode) throws(BudgetExhausted) -> TrustFailure? {
        let issuer = node.certificate
        let issuerKey = issuer.subjectPublicKeyInfo.encoded
        if cache.contains(issuerKey: issuerKey, certificate: subject.der) {
            // The cache keeps bytes, not the profile that admitted them: an
            // edge cached under a wider PSS rule meets this evaluation's.
            if let scheme = policy.profile.pssParameters.refusal(ofAlgorithm: subject.signatureAlgorithm.encoded) {
                return .disallowedAlgorithm(index: index, algorithm: scheme)
            }
            return nil
        }
        let prepared = node.anchorIndex.map { store.verificationKey(ofAnchor: $0) } ?? VerificationKey.prepare(issuer)
        let key: VerificationKey
        switch prepared {
        case .success(let ready): key = ready
        case .failure(let failure): return TrustFailure(failure, index: index)
        }
        if let failure = try verify(subject.signedData, with: key) {
            return TrustFailure(failure, index: index)
        }
        cache.insert(issuerKey: issuerKey, certificate: subject.der)
        return nil
    }

    /// The one way a signature is checked during an evaluation, for
    /// certificate edges, CRLs, CRL signers, OCSP responses and OCSP
    /// delegates: the scheme is admitted first (known, allowed, fits the
    /// key, the key passes the policy), which is decided from a few bytes and
    /// costs no budget; then `signatureChecks` and `signatureWork` are
    /// charged once, before any arithmetic (webpki's `verify_signed_data`).
    /// `allowSHA1` overrides the policy's (OCSP honours SHA-1 for
    /// revocations alone); nil when the signature verifies.
    mutating func verify(_ signed: SignedData, with key: VerificationKey, allowSHA1: Bool? = nil) throws(BudgetExhausted) -> SignatureFailure? {
        let admitted: AdmittedScheme
        switch AdmittedScheme.admit(algorithm: signed.algorithm.encoded, key: key, policy: policy.keys,
                                    allowSHA1: allowSHA1 ?? policy.allowSHA1, pss: policy.profile.pssParameters) {
        case .success(let scheme): admitted = scheme
        case .failure(let failure): return failure
        }
        try meter.chargeSignature(cost: key.cost)
        return admitted.verify(key, signature: signed.signature, message: signed.message)
    }
}
