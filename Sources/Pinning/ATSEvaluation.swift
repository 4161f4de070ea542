import PKIX
import SHA2
import Trust

// The certificate half of App Transport Security for one host: the default
// server trust evaluation (the environment's SSL policy for the host), with
// NSPinnedDomains checked on each verified path (a miss moves the path
// search on, as the other pinning policies do), Apple's CT policy when
// NSRequiresCertificateTransparency asks for it, and ATS's key-size and
// signature-hash requirements on the path that passed. The TLS half
// (version, forward secrecy) needs a handshake and is not judged here.
//
// ATS's certificate requirements ("Preventing Insecure Network
// Connections", "Ensure the Network Server Meets Minimum Requirements"):
// RSA keys of at least 2048 bits, EC keys of at least 256 bits, and
// signatures with SHA-256 or a stronger hash. Only NSAllowsArbitraryLoads
// (when not ignored) and NSAllowsLocalNetworking (for a local host) lift
// them; NSExceptionAllowsInsecureHTTPLoads "doesn't by itself change
// default server trust evaluation requirements" (its reference page): it
// only lets an app's own trust handler loosen them, which is not modelled.
// PureX509's default key policy and its refusal of SHA-1 already ask as
// much on every edge, so a chain below them is refused during path
// validation; when ATS's requirement holds for the host, that refusal is
// reported as ATS's, naming the key that left it in force.

/// Why ATS refused a chain for a host, and which key decided.
public struct ATSFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Reason: Sendable, Equatable {
        /// The default server trust evaluation refused the chain, for a reason
        /// no ATS key is behind (expired, unknown issuer, wrong host, …).
        case validation(TrustFailure)
        /// No verified path met NSPinnedLeafIdentities (`leaf`) or
        /// NSPinnedCAIdentities; the digests of the refused path and the pins.
        case pinMismatch(leaf: Bool, PinMismatch)
        /// NSRequiresCertificateTransparency: the path does not meet Apple's CT policy.
        case certificateTransparency(TrustFailure)
        /// A certificate's key is below ATS's minimum (RSA 2048, EC 256 bits);
        /// the key as `RSA-1024`.
        case keySize(certificateIndex: Int, key: String)
        /// The key that signed the certificate at `certificateIndex` (its
        /// issuer's) is below ATS's minimum, as path validation found it.
        case issuerKeySize(certificateIndex: Int, key: String)
        /// A certificate is signed with a hash weaker than SHA-256; the algorithm.
        case signatureHash(certificateIndex: Int, algorithm: String)
    }

    /// What failed.
    public let reason: Reason
    /// The key, with its domain entry, that made the failed requirement
    /// hold; nil for a validation failure, which no ATS key decides.
    public let decidedBy: ATSSource?

    /// The path index of the certificate the failure is about, when it is about one.
    public var certificateIndex: Int? {
        switch reason {
        case .validation(let failure), .certificateTransparency(let failure): return failure.certificateIndex
        case .keySize(let index, _), .issuerKeySize(let index, _), .signatureHash(let index, _): return index
        case .pinMismatch(let leaf, _): return leaf ? 0 : nil
        }
    }

    /// A stable code for scripts: the `TrustFailure` code of a validation
    /// failure, else `atsPinMismatch`, `atsCertificateTransparency`,
    /// `atsKeySize` or `atsSignatureHash`.
    public var code: String {
        switch reason {
        case .validation(let failure): return failure.code
        case .pinMismatch: return "atsPinMismatch"
        case .certificateTransparency: return "atsCertificateTransparency"
        case .keySize, .issuerKeySize: return "atsKeySize"
        case .signatureHash: return "atsSignatureHash"
        }
    }

    /// The message, with certificates named by path index.
    public var description: String { describe { "certificate \($0)" } }

    /// The message with each path certificate named by `name`, ending with
    /// the key that decided (`decided by NSPinnedDomains.example.com.NSPinnedLeafIdentities`).
    public func describe(_ name: (Int) -> String) -> String {
        let decided = decidedBy.map { " (decided by \($0))" } ?? ""
        func list(_ digests: [Digest]) -> String { digests.map { "sha256/" + Base64.encode(Array($0)) }.joined(separator: ", ") }
        switch reason {
        case .validation(let failure):
            return failure.describe(name)
        case .pinMismatch(let leaf, let mismatch):
            let what = leaf ? "the leaf's key is not one of the pinned leaf identities"
                : "no CA certificate of the verified path carries a pinned CA identity"
            return "App Transport Security: \(what) (path: \(list(mismatch.served)); pinned: \(list(mismatch.pinned)))" + decided
        case .certificateTransparency(let failure):
            return "App Transport Security requires Certificate Transparency: " + failure.describe(name) + decided
        case .keySize(let index, let key):
            return "App Transport Security requires RSA keys of at least 2048 bits and EC keys of at least 256 bits; "
                + "the key of \(name(index)) is \(key)" + decided
        case .issuerKeySize(let index, let key):
            return "App Transport Security requires RSA keys of at least 2048 bits and EC keys of at least 256 bits; "
                + "the issuer key of \(name(index)) is \(key)" + decided
        case .signatureHash(let index, let algorithm):
            return "App Transport Security requires signatures with SHA-256 or stronger; \(name(index)) is signed with \(algorithm)" + decided
        }
    }
}

/// An ATS evaluation: the settings that applied to the host, and the
/// verified chain or why ATS refused it.
public struct ATSEvaluation: Sendable {
    /// What the policy asked of this host, each setting with its key.
    public let resolution: ATSResolution
    /// The verified path the decision rests on, or the failure.
    public let result: Result<VerifiedChain, ATSFailure>
}

extension ATSPolicy {
    /// Applies the certificate half of ATS for `host`: the environment's
    /// SSL policy for the host, the host's NSPinnedDomains identities on
    /// each verified path, Apple's CT policy when the governing
    /// NSExceptionDomains entry sets NSRequiresCertificateTransparency (a
    /// CT policy the environment already requires stands instead), and
    /// ATS's key-size and hash requirements unless ATS is lifted for the host.
    public func evaluate(_ trust: ServerTrust, host: String, in environment: inout TrustEnvironment) -> ATSEvaluation {
        let resolution = resolve(host: host)
        let saved = environment.policy
        defer { environment.policy = saved }
        let ctFromATS = resolution.requiresCertificateTransparency.value && saved.certificateTransparency.required == nil
        if ctFromATS { environment.policy.certificateTransparency.required = .apple }
        let leafPins = resolution.leafPins?.pins.map { $0.digest }
        let caPins = resolution.caPins?.pins.map { $0.digest }
        // Without NSPinnedDomains pins a recorded trace says no pin check applied, not that one passed.
        let result = leafPins == nil && caPins == nil ? environment.validateWithoutPins(trust, evaluation: .ssl(host: host))
            : environment.validate(trust, evaluation: .ssl(host: host), accept: Self.pinCheck(leaf: leafPins, ca: caPins))
        func fail(_ reason: ATSFailure.Reason, _ source: ATSSource?) -> ATSEvaluation {
            ATSEvaluation(resolution: resolution, result: .failure(ATSFailure(reason: reason, decidedBy: source)))
        }
        switch result {
        case .success(let chain):
            if resolution.enforced.value, let reason = Self.certificateRequirementFailure(chain.certificates) {
                return fail(reason, resolution.enforced.source)
            }
            return ATSEvaluation(resolution: resolution, result: .success(chain))
        case .failure(let failure):
            switch failure.reason {
            case .pinMismatch(let mismatch):
                // Every path starts at the served leaf, so whether its key is
                // pinned says which category refused the paths.
                let leaf = leafPins.map { pins in trust.certificates.first.map { !pins.contains(SPKIPin(certificate: $0).digest) } ?? true } ?? false
                return fail(.pinMismatch(leaf: leaf, mismatch), leaf ? resolution.leafPins?.source : resolution.caPins?.source)
            case .certificateTransparency where ctFromATS:
                return fail(.certificateTransparency(failure), resolution.requiresCertificateTransparency.source)
            default:
                if resolution.enforced.value, let reason = Self.requirementReason(failure) {
                    return fail(reason, resolution.enforced.source)
                }
                return fail(.validation(failure), nil)
            }
        }
    }

    /// The accept hook: the leaf's SPKI digest among `leaf`, then some CA
    /// of the path (intermediates and anchor, as the Security framework's
    /// CA check walks every certificate after the leaf) among `ca`; each
    /// category only when pinned. A miss reports that category's digests.
    static func pinCheck(leaf: [Digest]?, ca: [Digest]?) -> @Sendable (VerifiedChain) -> PinMismatch? {
        { chain in
            if let leaf {
                let served = SPKIPin(certificate: chain.leaf).digest
                if !leaf.contains(served) { return PinMismatch(kind: .publicKey, served: [served], pinned: leaf) }
            }
            if let ca {
                if ca.contains(chain.anchorKeyDigest) { return nil }
                let issuers = chain.certificates.dropFirst().dropLast().map { SPKIPin(certificate: $0).digest }
                if issuers.contains(where: { ca.contains($0) }) { return nil }
                // A path of the leaf alone (a pinned leaf as its own anchor) has no CA to match.
                let served = chain.certificates.count > 1 ? issuers + [chain.anchorKeyDigest] : []
                return PinMismatch(kind: .publicKey, served: served, pinned: ca)
            }
            return nil
        }
    }

    /// ATS's key and hash requirements on a verified path (anchor last):
    /// every key RSA ≥ 2048 or EC ≥ 256 bits, every signature but the
    /// anchor's own (which no one verifies) with SHA-256 or stronger.
    static func certificateRequirementFailure(_ path: [Certificate]) -> ATSFailure.Reason? {
        for (index, certificate) in path.enumerated() {
            let key = certificate.publicKey
            if let type = key.type {
                let sized = SizedKeyType(type, sizeInBits: key.sizeInBits)
                switch type {
                case .rsa where key.sizeInBits < 2048, .rsaPSS where key.sizeInBits < 2048, .ecdsa where key.sizeInBits < 256:
                    return .keySize(certificateIndex: index, key: sized.description)
                default: break
                }
            }
            guard index < path.count - 1 else { break }
            switch SignatureScheme(identifier: certificate.signatureAlgorithm) {
            case .rsaPKCS1?, .rsaPSS?, .ecdsa?, .ed25519?: continue
            case let other:
                let name = other.map { $0.description } ?? "an algorithm PureX509 does not verify"
                return .signatureHash(certificateIndex: index, algorithm: name)
            }
        }
        return nil
    }

    /// The ATS requirement behind a validation failure, when path validation
    /// refused what ATS refuses too: an RSA key below 2048 bits, an EC key
    /// on a curve below 256 bits, a SHA-1 or MD5 signature.
    static func requirementReason(_ failure: TrustFailure) -> ATSFailure.Reason? {
        let index = failure.certificateIndex ?? 0
        let refusal: KeyRefusal
        var issuer = false
        switch failure.reason {
        case .weakKey(let found): refusal = found; issuer = true
        case .leafKey(.keyRefused(let found)): refusal = found
        case .disallowedAlgorithm(let scheme), .leafKey(.disallowedAlgorithm(let scheme)):
            return .signatureHash(certificateIndex: index, algorithm: scheme.description)
        default: return nil
        }
        guard case .rsaModulusTooSmall(let bits, _) = refusal, bits < 2048 else { return nil }
        let key = SizedKeyType(.rsa, sizeInBits: bits).description
        return issuer ? .issuerKeySize(certificateIndex: index, key: key) : .keySize(certificateIndex: index, key: key)
    }
}
