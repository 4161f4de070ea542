import DER
import PKIX
import SHA2

/// Trust anchors, found by subject name (and then by key identifier).
///
/// Kept as arrays sorted by subject bytes with binary search rather than a
/// dictionary: the core has no hashing seed source in Embedded Swift.
public struct TrustStore: Sendable {
    /// Where an anchor came from. Apple's SSL policy holds a chain that ends
    /// in a root of the platform's own store to rules a root the app or the
    /// caller added is exempt from (HT211025: the 398-day limit "will not
    /// affect certificates issued from user-added or administrator-added
    /// Root CAs"); nothing else depends on it.
    public enum Provenance: Sendable, Equatable {
        /// A root of the system trust bundle (`purex509` marks the bundle
        /// it loads when no `--roots` is given).
        case system
        /// An anchor the caller chose: `--roots`, pinned certificates, a
        /// private CA. The default.
        case caller
    }

    /// The anchors in the order they were added; `CertificateOrigin.anchor` indexes this.
    public private(set) var anchors: [Certificate] = []
    /// Each anchor's provenance, parallel to `anchors`.
    private var provenances: [Provenance] = []
    /// Certificates of added bundles that did not parse (skipped, not fatal).
    public private(set) var skipped = 0
    /// Indexes into `anchors`, sorted by subject DER.
    private var bySubject: [Int] = []
    /// Each anchor's subject in `NameEquivalence` form, for the fallback lookup.
    private var canonicalSubjects: [[UInt8]] = []
    /// Each anchor's key prepared for verification once here rather than on
    /// every evaluation, or why it cannot verify anything.
    private var keys: [Result<VerificationKey, SignatureFailure>] = []
    /// SHA-256 of each anchor's SubjectPublicKeyInfo, computed once: public-key
    /// pins on anchors then cost no hashing per evaluation.
    private var keyDigests: [Digest] = []

    /// Whether `precomputeKeys()` was called: anchors added since are precomputed as they come.
    package private(set) var keysPrecomputed = false

    /// Makes every anchor's key faster to verify with, now and for anchors
    /// added later, at a cost paid once here: an ECDSA key gets its
    /// precomputed multiples (`VerificationKey.withPrecomputation()`; about
    /// one verification's time and 6 KB for a P-384 key, after which each
    /// signature it checks takes about 40 % of the time). For a store that
    /// decides many chains — a server, a scan, a long-lived client. A store
    /// built to decide one chain is faster without it: the system bundle's
    /// 33 EC roots take about 13 ms to precompute, which one chain never
    /// pays back.
    public mutating func precomputeKeys() {
        guard !keysPrecomputed else { return }
        keysPrecomputed = true
        keys = keys.map { key in key.map { $0.withPrecomputation() } }
    }

    /// An empty store; `add` fills it.
    public init() {}

    /// The certificates as anchors, in order (duplicates are kept), all of
    /// one provenance (the caller's by default).
    public init(_ certificates: [Certificate], provenance: Provenance = .caller) {
        for certificate in certificates { add(certificate, provenance: provenance) }
    }

    /// Adds every certificate of a PEM bundle or a single DER certificate.
    /// Blocks that fail to parse are counted in `skipped`; a PEM text that is
    /// itself malformed is an error.
    public mutating func add(bundle bytes: [UInt8], provenance: Provenance = .caller) throws(PEM.Failure) {
        if PEM.looksLikePEM(bytes) {
            for block in try PEM.certificates(in: bytes) {
                if let certificate = try? Certificate(derEncoded: block.der) { add(certificate, provenance: provenance) } else { skipped += 1 }
            }
        } else if let certificate = try? Certificate(derEncoded: bytes) {
            add(certificate, provenance: provenance)
        } else {
            skipped += 1
        }
    }

    /// Adds one anchor, preparing its key and its SPKI digest once, here
    /// (and the key's precomputation after `precomputeKeys()`).
    public mutating func add(_ certificate: Certificate, provenance: Provenance = .caller) {
        let index = anchors.count
        anchors.append(certificate)
        provenances.append(provenance)
        canonicalSubjects.append(NameEquivalence.canonical(certificate.subject))
        keyDigests.append(SHA256.hash(certificate.subjectPublicKeyInfo.encoded))
        let key = VerificationKey.prepare(certificate)
        keys.append(keysPrecomputed ? key.map { $0.withPrecomputation() } : key)
        let position = lowerBound(certificate.subject.encoded)
        bySubject.insert(index, at: position)
    }

    /// Anchors held; bundle blocks that did not parse are in `skipped` instead.
    public var count: Int { anchors.count }

    /// Anchors whose subject equals `name` (raw DER comparison).
    package func anchors(named name: ArraySlice<UInt8>) -> [Int] { Array(anchorIndexes(named: name)) }

    /// `anchors(named:)` as a slice of the store's own order, so that path
    /// building looks anchors up without allocating.
    func anchorIndexes(named name: ArraySlice<UInt8>) -> ArraySlice<Int> {
        let start = lowerBound(name)
        var end = start
        while end < bySubject.count, anchors[bySubject[end]].compare(.subject, with: name) == 0 { end += 1 }
        return bySubject[start..<end]
    }

    /// Where anchor `index` came from.
    package func provenance(ofAnchor index: Int) -> Provenance { provenances[index] }

    /// SHA-256 of anchor `index`'s SubjectPublicKeyInfo.
    package func keyDigest(ofAnchor index: Int) -> Digest { keyDigests[index] }

    /// The prepared key of anchor `index`, or why it cannot be used.
    package func verificationKey(ofAnchor index: Int) -> Result<VerificationKey, SignatureFailure> { keys[index] }

    /// Anchors whose subject is equivalent under RFC 5280 §7.1 to a name in canonical form.
    func anchors(equivalentTo canonical: [UInt8]) -> [Int] {
        canonicalSubjects.indices.filter { canonicalSubjects[$0] == canonical }
    }

    private func lowerBound(_ name: ArraySlice<UInt8>) -> Int {
        partitionPoint(bySubject.count) { anchors[bySubject[$0]].compare(.subject, with: name) < 0 }
    }
}
