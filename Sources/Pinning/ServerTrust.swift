import PKIX
import Trust

/// What a TLS handshake hands over: the certificates the server presented,
/// leaf first (what `SecTrust` holds on Apple platforms).
public struct ServerTrust: Sendable {
    /// The presented certificates, leaf first, in the order the server sent them.
    public let certificates: [Certificate]

    /// Certificates already parsed, leaf first.
    public init(certificates: [Certificate]) {
        self.certificates = certificates
    }

    /// Parses the presented DER certificates.
    public init(presented ders: [[UInt8]]) throws(TrustFailure) {
        var certificates: [Certificate] = []
        for (index, der) in ders.enumerated() {
            do {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                throw .malformed(index: index, error)
            }
        }
        self.certificates = certificates
    }

    /// Each presented certificate's subject and pin, for failure messages.
    package var served: [ServedCertificate] { certificates.map(ServedCertificate.init) }
}

/// A certificate as a pinning failure reports it (OkHttp's message names
/// every served certificate's pin and subject beside the configured pins).
public struct ServedCertificate: Sendable, Equatable, CustomStringConvertible {
    /// The certificate, whose subject is decoded and printed only when
    /// asked: a program that refuses a pin without ever showing the failure
    /// links no name printing.
    private let subjectOf: SubjectSource
    /// The pin of its public key.
    package let pin: SPKIPin

    /// The subject DN as `DistinguishedName.description` prints it (`C=US, O=…, CN=…`).
    package var subject: String { subjectOf.certificate.subjectName.description }

    /// The certificate's subject and key pin.
    package init(_ certificate: Certificate) {
        subjectOf = SubjectSource(certificate: certificate)
        pin = SPKIPin(certificate: certificate)
    }

    /// `sha256/…: subject`, one line of a pinning failure message.
    public var description: String { pin.description + ": " + subject }
}

/// Why a server's trust was refused by a pinning policy or evaluator;
/// modelled on Alamofire's `ServerTrustFailureReason`.
public enum ServerTrustFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The trust manager requires an evaluator for every host and has none for this one.
    case noRequiredEvaluator(host: String)
    /// A certificate-pinning evaluator was given no certificates.
    case noCertificatesFound
    /// A public-key evaluator was given no keys.
    case noPublicKeysFound
    /// Chain validation (against the system anchors, or the pinned ones) failed.
    case defaultEvaluationFailed(TrustFailure)
    /// The chain is valid but does not name the host.
    case hostValidationFailed(TrustFailure)
    /// No served certificate equals a pinned one.
    case certificatePinningFailed(host: String, served: [ServedCertificate], pinned: [ServedCertificate])
    /// No served public key equals a pinned one.
    case publicKeyPinningFailed(host: String, served: [ServedCertificate], pinned: [SPKIPin])
    /// A custom evaluator refused, with its reason.
    case customEvaluationFailed(String)
    /// AFSecurityPolicy step 1: invalid certificates with domain validation need pinning.
    case domainValidationRequiresPinning
    /// The host's pin set expired and is configured to fail closed.
    case pinSetExpired(host: String)
    /// `RevocationTrustEvaluator`: the revocation evaluation refused the
    /// chain (a certificate revoked, or no usable information when a
    /// positive response is required), Alamofire's `revocationCheckFailed`.
    case revocationCheckFailed(TrustFailure)

    /// The message, with certificates named by path index (`certificate 0` is the leaf).
    public var description: String { describe { "certificate \($0)" } }

    /// A stable code for scripts (`purex509 verify --pins … --json`). A
    /// validation or revocation failure gives the code of the
    /// `TrustFailure` inside; a host that the chain does not name gives
    /// `hostnameMismatch`, as `TrustFailure.hostnameMismatch` does.
    public var code: String {
        switch self {
        case .noRequiredEvaluator: return "noRequiredEvaluator"
        case .noCertificatesFound: return "noCertificatesFound"
        case .noPublicKeysFound: return "noPublicKeysFound"
        case .defaultEvaluationFailed(let failure): return failure.code
        case .hostValidationFailed: return "hostnameMismatch"
        case .certificatePinningFailed: return "certificatePinningFailed"
        case .publicKeyPinningFailed: return "publicKeyPinningFailed"
        case .customEvaluationFailed: return "customEvaluationFailed"
        case .domainValidationRequiresPinning: return "domainValidationRequiresPinning"
        case .pinSetExpired: return "pinSetExpired"
        case .revocationCheckFailed(let failure): return failure.code
        }
    }

    /// The validation failure inside, when there is one: its certificate
    /// index counts along the path of the evaluation that failed.
    public var validationFailure: TrustFailure? {
        switch self {
        case .defaultEvaluationFailed(let failure), .hostValidationFailed(let failure), .revocationCheckFailed(let failure):
            return failure
        default: return nil
        }
    }

    /// The message with each path certificate named by `name`, as
    /// `TrustFailure.describe` does (the CLI names input positions).
    package func describe(_ name: (Int) -> String) -> String {
        switch self {
        case .noRequiredEvaluator(let host): return "no trust evaluator for \(host), and every host must be evaluated"
        case .noCertificatesFound: return "certificate pinning was configured without certificates"
        case .noPublicKeysFound: return "public-key pinning was configured without keys"
        case .defaultEvaluationFailed(let failure): return "chain validation failed: " + failure.describe(name)
        case .hostValidationFailed(let failure): return "host validation failed: " + failure.describe(name)
        case .certificatePinningFailed(let host, let served, let pinned):
            return "certificate pinning failed for \(host)!\n  Peer certificate chain:\n" + Self.lines(served)
                + "  Pinned certificates:\n" + Self.lines(pinned)
        case .publicKeyPinningFailed(let host, let served, let pinned):
            return "public-key pinning failed for \(host)!\n  Peer certificate chain:\n" + Self.lines(served)
                + "  Pinned keys:\n" + pinned.map { "    " + $0.description + "\n" }.joined()
        case .customEvaluationFailed(let reason): return "custom evaluation failed: \(reason)"
        case .domainValidationRequiresPinning:
            return "allowing invalid certificates while validating the domain requires pinned certificates"
        case .pinSetExpired(let host): return "the pin set for \(host) expired and fails closed"
        case .revocationCheckFailed(let failure): return "revocation check failed: " + failure.describe(name)
        }
    }

    /// A validation failure as a pinning failure: a wrong host (or a host
    /// string that is no host name) is `hostValidationFailed`, anything else
    /// `defaultEvaluationFailed`.
    public init(validation failure: TrustFailure) {
        switch failure.reason {
        case .hostnameMismatch, .invalidReferenceIdentity: self = .hostValidationFailed(failure)
        default: self = .defaultEvaluationFailed(failure)
        }
    }

    /// Validation with pins checked on the path: a pin mismatch becomes
    /// the evaluator's `miss` (which names every served certificate, not
    /// only the path's), other failures map as `init(validation:)`.
    static func judged(_ result: Result<VerifiedChain, TrustFailure>, miss: ServerTrustFailure) -> TrustEvaluation {
        switch result {
        case .success(let chain): return .success(chain)
        case .failure(let failure):
            if case .pinMismatch = failure.reason { return .failure(miss) }
            return .failure(ServerTrustFailure(validation: failure))
        }
    }

    /// Validation without pins.
    static func judged(_ result: Result<VerifiedChain, TrustFailure>) -> TrustEvaluation {
        switch result {
        case .success(let chain): return .success(chain)
        case .failure(let failure): return .failure(ServerTrustFailure(validation: failure))
        }
    }

    static func lines(_ served: [ServedCertificate]) -> String {
        served.map { "    " + $0.description + "\n" }.joined()
    }
}

extension Result where Success == VerifiedChain, Failure == TrustFailure {
    /// The chain when the validation succeeded, else nil: what an evaluator
    /// that validated for reading the chain, not for deciding, vouches for.
    var verifiedChain: VerifiedChain? {
        if case .success(let chain) = self { return chain }
        return nil
    }
}

/// A served certificate's subject, equal to another when the subject's
/// bytes are: two served certificates compare by pin and subject, as their
/// printed lines would, without printing either.
private struct SubjectSource: Sendable, Equatable {
    let certificate: Certificate

    static func == (a: SubjectSource, b: SubjectSource) -> Bool {
        a.certificate.subject.encoded.elementsEqual(b.certificate.subject.encoded)
    }
}
