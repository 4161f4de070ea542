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
    struct Entry: Sendable, CacheSlot {
        let issuerKey: ArraySlice<UInt8>
        let certificate: [UInt8]
        var lastUsed: UInt64
    }

    /// An SCT whose log signature verified: the SCT's bytes (its log ID
    /// among them), the certificate it was checked over, and for an embedded
    /// SCT the issuer's SubjectPublicKeyInfo whose hash the entry held.
    struct SCTEdge: Sendable, CacheSlot {
        let sct: ArraySlice<UInt8>
        let certificate: [UInt8]
        let issuerKey: ArraySlice<UInt8>
        var lastUsed: UInt64
    }

    /// The most edges kept (the least recently used goes first), and as
    /// many verified SCTs; 0 turns caching off.
    package let capacity: Int
    var entries: [Entry] = []
    var scts: [SCTEdge] = []
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
        Self.place(Entry(issuerKey: issuerKey, certificate: certificate, lastUsed: clock), in: &entries, capacity: capacity)
    }

    /// Whether `sct` verified before over `certificate` (and, embedded, the
    /// precertificate `issuerKey` issued; empty for TLS and OCSP SCTs).
    mutating func contains(sct: ArraySlice<UInt8>, certificate: [UInt8], issuerKey: ArraySlice<UInt8>) -> Bool {
        clock &+= 1
        for i in scts.indices where sameBytes(scts[i].sct, sct) && sameBytes(scts[i].certificate[...], certificate[...])
            && sameBytes(scts[i].issuerKey, issuerKey) {
            scts[i].lastUsed = clock
            hits += 1
            return true
        }
        return false
    }

    mutating func insert(sct: ArraySlice<UInt8>, certificate: [UInt8], issuerKey: ArraySlice<UInt8>) {
        guard capacity > 0 else { return }
        clock &+= 1
        Self.place(SCTEdge(sct: sct, certificate: certificate, issuerKey: issuerKey, lastUsed: clock), in: &scts, capacity: capacity)
    }

    /// Adds `item` to `list`, in place of the least recently used one when
    /// the list holds `capacity` already.
    private static func place<Item: CacheSlot>(_ item: Item, in list: inout [Item], capacity: Int) {
        if list.count < capacity {
            list.append(item)
            return
        }
        var oldest = 0
        for i in list.indices where list[i].lastUsed < list[oldest].lastUsed { oldest = i }
        list[oldest] = item
    }
}

/// An entry of one of the cache's lists: when it was last used.
protocol CacheSlot {
    var lastUsed: UInt64 { get }
}

/// Whether `a` and `b` hold the same bytes, 32 at a time (four words
/// whose differences are combined before one branch): the caches compare
/// whole certificates on every hit.
func sameBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in
        b.withUnsafeBytes { y in
            func word(_ offset: Int) -> UInt64 {
                x.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            }
            var offset = 0
            while offset + 32 <= x.count {
                if word(offset) | word(offset + 8) | word(offset + 16) | word(offset + 24) != 0 { return false }
                offset += 32
            }
            while offset + 8 <= x.count {
                if word(offset) != 0 { return false }
                offset += 8
            }
            while offset < x.count {
                if x[offset] != y[offset] { return false }
                offset += 1
            }
            return true
        }
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
    /// SHA-1 as the policy allows it; nil when the signature verifies.
    mutating func verify(_ signed: SignedData, with key: VerificationKey) throws(BudgetExhausted) -> SignatureFailure? {
        try verify(signed, with: key, sha1: policy.sha1)
    }

    /// `verify(_:with:)` with SHA-1 as `sha1` allows it instead of the
    /// policy (OCSP honours SHA-1 for revocations alone).
    mutating func verify(_ signed: SignedData, with key: VerificationKey,
                         sha1: SHA1Verification?) throws(BudgetExhausted) -> SignatureFailure? {
        let admitted: AdmittedScheme
        switch AdmittedScheme.admit(algorithm: signed.algorithm.encoded, key: key, policy: policy.keys,
                                    sha1: sha1, pss: policy.profile.pssParameters) {
        case .success(let scheme): admitted = scheme
        case .failure(let failure): return failure
        }
        try meter.chargeSignature(cost: key.cost)
        return admitted.verify(key, signature: signed.signature, message: signed.message)
    }
}
