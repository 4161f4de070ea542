import PKIX
import Trust

/// Alamofire 5's evaluator protocol: one evaluation of a server's trust for
/// a host. Class-bound, as Alamofire's evaluators are final classes, which
/// also lets a trust manager hold different evaluators without generics.
public protocol ServerTrustEvaluating: AnyObject, Sendable {
    func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure?
}

/// Chain validation against the system anchors, with the host or without.
public final class DefaultTrustEvaluator: ServerTrustEvaluating {
    public let validateHost: Bool

    public init(validateHost: Bool = true) { self.validateHost = validateHost }

    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? {
        Self.defaultValidation(trust, host: host, validateHost: validateHost, anchors: environment.systemAnchors, in: environment)
    }

    static func defaultValidation(_ trust: ServerTrust, host: String, validateHost: Bool, anchors: TrustStore,
                                  in environment: TrustEnvironment) -> ServerTrustFailure? {
        switch environment.validate(trust, anchors: anchors, host: validateHost ? host : nil) {
        case .success: return nil
        case .failure(let failure): return ServerTrustFailure(validation: failure)
        }
    }
}

/// Certificate pinning. With `performDefaultValidation` the pinned
/// certificates are the only anchors (anchors-only) and the validated path
/// must hold one of them; without it, any served certificate equal byte for
/// byte to a pinned one suffices. `acceptSelfSignedCertificates` lets a
/// pinned self-signed leaf stand as its own anchor.
public final class PinnedCertificatesTrustEvaluator: ServerTrustEvaluating {
    public let certificates: [Certificate]
    public let acceptSelfSignedCertificates: Bool
    public let performDefaultValidation: Bool
    public let validateHost: Bool

    public init(certificates: [Certificate], acceptSelfSignedCertificates: Bool = false,
                performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.certificates = certificates
        self.acceptSelfSignedCertificates = acceptSelfSignedCertificates
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? {
        guard !certificates.isEmpty else { return .noCertificatesFound }
        let pinned = certificates
        let miss = ServerTrustFailure.certificatePinningFailed(host: host, served: trust.served, pinned: pinned.map(ServedCertificate.init))
        guard performDefaultValidation else {
            if validateHost, let leaf = trust.certificates.first, let identity = ServerIdentity(host: host), !identity.isPresented(by: leaf) {
                return .hostValidationFailed(.hostnameMismatch(presented: []))
            }
            return trust.certificates.contains { served in pinned.contains { $0.der == served.der } } ? nil : miss
        }
        // A self-signed pinned leaf is its own anchor only when allowed.
        let anchors = acceptSelfSignedCertificates ? pinned : pinned.filter { !($0.isSelfIssued && trust.certificates.first?.der == $0.der) }
        let result = environment.validate(trust, anchors: TrustStore(anchors), host: validateHost ? host : nil, accept: PinCheck.certificates(pinned))
        return ServerTrustFailure.from(result, miss: miss)
    }
}

/// Public-key pinning: default validation first when asked (pins then
/// checked on the verified paths, a miss moving the search on), else any
/// served certificate's key equal to a pinned key.
public final class PublicKeysTrustEvaluator: ServerTrustEvaluating {
    public let keys: [SPKIPin]
    public let performDefaultValidation: Bool
    public let validateHost: Bool

    public init(keys: [SPKIPin], performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.keys = keys
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? {
        guard !keys.isEmpty else { return .noPublicKeysFound }
        let keys = self.keys
        let miss = ServerTrustFailure.publicKeyPinningFailed(host: host, served: trust.served, pinned: keys)
        guard performDefaultValidation else {
            return trust.certificates.contains { keys.contains(SPKIPin(certificate: $0)) } ? nil : miss
        }
        let result = environment.validate(trust, anchors: environment.systemAnchors, host: validateHost ? host : nil, accept: PinCheck.keys(keys))
        return ServerTrustFailure.from(result, miss: miss)
    }
}

/// Every evaluator must pass, in order; the first failure is returned.
public final class CompositeTrustEvaluator: ServerTrustEvaluating {
    public let evaluators: [any ServerTrustEvaluating]

    public init(evaluators: [any ServerTrustEvaluating]) { self.evaluators = evaluators }

    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? {
        for evaluator in evaluators {
            if let failure = evaluator.evaluate(trust, forHost: host, in: environment) { return failure }
        }
        return nil
    }
}

/// Accepts every server. Named, as in Alamofire, so that nobody uses it by
/// accident; it exists because development servers need it.
public final class DisabledTrustEvaluator: ServerTrustEvaluating {
    public init() {}

    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? { nil }
}

/// A closure as an evaluator; it returns a reason to refuse, or nil.
public final class CustomTrustEvaluator: ServerTrustEvaluating {
    public let closure: @Sendable (ServerTrust, String) -> String?

    public init(_ closure: @escaping @Sendable (ServerTrust, String) -> String?) { self.closure = closure }

    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? {
        closure(trust, host).map { .customEvaluationFailed($0) }
    }
}

/// Alamofire's `ServerTrustManager`: an evaluator per host.
public final class ServerTrustManager: Sendable {
    public let allHostsMustBeEvaluated: Bool
    /// Hosts (lower-case) and their evaluators; a list, not a dictionary,
    /// because the core has no hashing seed in Embedded Swift.
    public let evaluators: [(host: String, evaluator: any ServerTrustEvaluating)]

    public init(allHostsMustBeEvaluated: Bool = true, evaluators: [(host: String, evaluator: any ServerTrustEvaluating)]) {
        self.allHostsMustBeEvaluated = allHostsMustBeEvaluated
        self.evaluators = evaluators.map { (host: Self.lower($0.host), evaluator: $0.evaluator) }
    }

    /// The evaluator for `host`; nil means "evaluate by default".
    public func evaluator(forHost host: String) throws(ServerTrustFailure) -> (any ServerTrustEvaluating)? {
        let name = Self.lower(host)
        if let match = evaluators.first(where: { $0.host == name }) { return match.evaluator }
        if allHostsMustBeEvaluated { throw .noRequiredEvaluator(host: host) }
        return nil
    }

    /// Evaluates `trust` for `host` with its evaluator, or the default one.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: TrustEnvironment) -> ServerTrustFailure? {
        do {
            let evaluator = try evaluator(forHost: host) ?? DefaultTrustEvaluator()
            return evaluator.evaluate(trust, forHost: host, in: environment)
        } catch {
            return error
        }
    }

    static func lower(_ host: String) -> String {
        String(decoding: ASCII.lowercased(host.utf8), as: UTF8.self)
    }
}
