import PKIX
import Trust

/// What every evaluator of this module returns, as `Verifier.verify` and
/// `TrustEnvironment.validate` do: `.success` with the verified chain the
/// decision rests on (leaf to anchor; nil when the decision validated
/// nothing, as `DisabledTrustEvaluator`, `CustomTrustEvaluator`, pinning
/// without validation whose evaluation failed, or AFNetworking's
/// allowInvalidCertificates), or `.failure` with the reason.
public typealias TrustEvaluation = Result<VerifiedChain?, ServerTrustFailure>

/// Alamofire 5's evaluator protocol: one evaluation of a server's trust for
/// a host. Class-bound, as Alamofire's evaluators are final classes, which
/// also lets a trust manager hold different evaluators without generics.
public protocol ServerTrustEvaluating: AnyObject, Sendable {
    /// Judges `trust` for `host`: the verified chain when trusted, otherwise
    /// why not (Alamofire's `evaluate(_:forHost:)` throws instead). Fills the
    /// environment's signature cache.
    func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation
}

/// Chain validation against the system anchors with Apple's SSL policy,
/// for the host or (validateHost false) for no name: Alamofire's
/// `performValidation(forHost:)` and `performDefaultValidation(forHost:)`
/// both evaluate with `SecPolicyCreateSSL`, so the server-authentication
/// purpose holds either way.
public final class DefaultTrustEvaluator: ServerTrustEvaluating {
    /// Require the leaf to name the host; false validates the chain for no name.
    package let validateHost: Bool

    /// Alamofire's default validates the host.
    public init(validateHost: Bool = true) { self.validateHost = validateHost }

    /// The verified chain, otherwise `defaultEvaluationFailed` or `hostValidationFailed`.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        ServerTrustFailure.judged(environment.validateWithoutPins(trust, evaluation: .ssl(host: validateHost ? host : nil)))
    }
}

/// Certificate pinning, as Alamofire's evaluator decides: with
/// `acceptSelfSignedCertificates` the pinned certificates become the only
/// anchors (`SecTrustSetAnchorCertificates`), otherwise the system anchors
/// stay; `performDefaultValidation` evaluates with the SSL policy and no
/// name, `validateHost` with the SSL policy for the host (each a full chain
/// evaluation, so the host is validated even without default validation);
/// then a certificate of the evaluated chain must equal a pinned one byte
/// for byte. With neither validation that chain is still the one the trust
/// holds once evaluated (reading it evaluates), anchor included.
public final class PinnedCertificatesTrustEvaluator: ServerTrustEvaluating {
    /// The pinned certificates; one must appear byte for byte on the verified path.
    public let certificates: [Certificate]
    /// Make the pinned certificates the only anchors, so that a self-signed server
    /// can be trusted. Off by default: the system anchors stay.
    package let acceptSelfSignedCertificates: Bool
    /// Validate the chain with the SSL policy and no name. On by default.
    package let performDefaultValidation: Bool
    /// Validate the chain for the host with the SSL policy. On by default.
    package let validateHost: Bool

    /// Alamofire's defaults: system anchors, both validations on.
    public init(certificates: [Certificate], acceptSelfSignedCertificates: Bool = false,
                performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.certificates = certificates
        self.acceptSelfSignedCertificates = acceptSelfSignedCertificates
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// `noCertificatesFound` without pins; the verified path when one (with
    /// both validations off, the chain the trust holds once evaluated:
    /// `TrustEnvironment.evaluatedChain`, verified or nil) holds a pinned
    /// certificate; otherwise the validation failure or `certificatePinningFailed`.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        guard !certificates.isEmpty else { return .failure(.noCertificatesFound) }
        let pinned = certificates
        let miss = ServerTrustFailure.certificatePinningFailed(host: host, served: trust.served, pinned: pinned.map(ServedCertificate.init))
        let anchors = acceptSelfSignedCertificates ? TrustStore(pinned) : nil
        guard performDefaultValidation || validateHost else {
            // Nothing evaluated yet, but `trust.af.certificateData`
            // (ServerTrustEvaluation.swift@3ad6241:275, 601-614) reads
            // SecTrustCopyCertificateChain / SecTrustGetCertificateAtIndex,
            // which evaluate the trust first: the list is the chain built
            // against the anchors in force (the pinned ones after
            // `setAnchorCertificates`, 263-265), anchor included. Built for no
            // name: the name decides acceptance, not which path is built.
            let result = environment.validateWithoutPins(trust, pinnedAnchors: anchors, evaluation: .ssl(host: nil))
            let chain = environment.evaluatedChain(of: trust, result: result)
            return chain.contains { served in pinned.contains { $0.der == served.der } } ? .success(result.verifiedChain) : .failure(miss)
        }
        // One search: the host evaluation includes the nameless one, and the
        // pin check runs on each verified path.
        let result = environment.validate(trust, pinnedAnchors: anchors,
                                          evaluation: .ssl(host: validateHost ? host : nil), accept: PinCheck.certificates(pinned))
        return ServerTrustFailure.judged(result, miss: miss)
    }
}

/// Public-key pinning, as Alamofire's evaluator decides: default validation
/// (SSL policy, no name) when asked, host validation (SSL policy for the
/// host) when asked, each a full evaluation against the system anchors;
/// then a key of the evaluated chain (with neither validation, the chain
/// the trust holds once evaluated, anchor included) must equal a pinned key.
public final class PublicKeysTrustEvaluator: ServerTrustEvaluating {
    /// The pinned keys; a certificate of the verified path, anchor included, must carry one.
    public let keys: [SPKIPin]
    /// Validate the chain with the SSL policy and no name. On by default.
    package let performDefaultValidation: Bool
    /// Validate the chain for the host with the SSL policy. On by default.
    package let validateHost: Bool

    /// Alamofire's defaults: both validations on.
    public init(keys: [SPKIPin], performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.keys = keys
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// `noPublicKeysFound` without pins; the verified path when one (with
    /// both validations off, the chain the trust holds once evaluated:
    /// `TrustEnvironment.evaluatedChain`, verified or nil) carries a pinned
    /// key; otherwise the validation failure or `publicKeyPinningFailed`.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        guard !keys.isEmpty else { return .failure(.noPublicKeysFound) }
        let keys = self.keys
        let miss = ServerTrustFailure.publicKeyPinningFailed(host: host, served: trust.served, pinned: keys)
        guard performDefaultValidation || validateHost else {
            // `trust.af.publicKeys` (ServerTrustEvaluation.swift@3ad6241:360,
            // 596-598) are the keys of `trust.af.certificates` (601-609): the
            // chain the trust holds once evaluated, anchor included, as for
            // PinnedCertificatesTrustEvaluator.
            let result = environment.validateWithoutPins(trust, evaluation: .ssl(host: nil))
            let chain = environment.evaluatedChain(of: trust, result: result)
            return chain.contains { keys.contains(SPKIPin(certificate: $0)) } ? .success(result.verifiedChain) : .failure(miss)
        }
        let result = environment.validate(trust, evaluation: .ssl(host: validateHost ? host : nil), accept: PinCheck.keys(keys))
        return ServerTrustFailure.judged(result, miss: miss)
    }
}

/// Every evaluator must pass, in order; the first failure is returned.
public final class CompositeTrustEvaluator: ServerTrustEvaluating {
    /// Run in this order; the first failure stops the rest.
    package let evaluators: [any ServerTrustEvaluating]

    /// An empty list accepts every server.
    public init(evaluators: [any ServerTrustEvaluating]) { self.evaluators = evaluators }

    /// The first failure, or, when every evaluator passes, the chain the
    /// last one that verified a chain returned (nil when none did).
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        var decided: VerifiedChain?
        for evaluator in evaluators {
            switch evaluator.evaluate(trust, forHost: host, in: &environment) {
            case .failure(let failure): return .failure(failure)
            case .success(let chain): if let chain { decided = chain }
            }
        }
        return .success(decided)
    }
}

/// Accepts every server. Named, as in Alamofire, so that nobody uses it by
/// accident; it exists because development servers need it.
public final class DisabledTrustEvaluator: ServerTrustEvaluating {
    /// There is nothing to configure.
    public init() {}

    /// Always success, with no chain: no validation, no pins, no host check.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation { .success(nil) }
}

/// A closure as an evaluator; it returns a reason to refuse, or nil.
public final class CustomTrustEvaluator: ServerTrustEvaluating {
    /// Called with the trust and host; returns a reason to refuse, or nil to accept.
    package let closure: @Sendable (ServerTrust, String) -> String?

    /// The closure decides alone: the evaluator validates nothing itself.
    public init(_ closure: @escaping @Sendable (ServerTrust, String) -> String?) { self.closure = closure }

    /// The closure's reason as `customEvaluationFailed`, or success with no
    /// chain (the closure verified nothing the evaluator can vouch for).
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        if let reason = closure(trust, host) { return .failure(.customEvaluationFailed(reason)) }
        return .success(nil)
    }
}

/// Alamofire's `ServerTrustManager`: an evaluator per host.
public final class ServerTrustManager: Sendable {
    /// Refuse a host without an evaluator (`noRequiredEvaluator`) instead of
    /// validating it by default. On by default, as in Alamofire.
    package let allHostsMustBeEvaluated: Bool
    /// Hosts (lower-case) and their evaluators; a list, not a dictionary,
    /// because the core has no hashing seed in Embedded Swift.
    package let evaluators: [(host: String, evaluator: any ServerTrustEvaluating)]
    /// How configured and requested hosts become the names compared.
    package let hostNames: HostNameConversion

    /// Hosts are converted by `hostNames` (`.uts46` takes `bücher.example`)
    /// and lower-cased here; when a host is listed twice, the first entry wins.
    public init(allHostsMustBeEvaluated: Bool = true, evaluators: [(host: String, evaluator: any ServerTrustEvaluating)],
                hostNames: HostNameConversion = .asciiOnly) {
        self.allHostsMustBeEvaluated = allHostsMustBeEvaluated
        self.hostNames = hostNames
        // A host with no ASCII form keeps its text, which no converted request equals.
        self.evaluators = evaluators.map { (host: Self.lower(hostNames.ascii($0.host) ?? $0.host), evaluator: $0.evaluator) }
    }

    /// The evaluator for `host`; nil means "evaluate by default".
    public func evaluator(forHost host: String) throws(ServerTrustFailure) -> (any ServerTrustEvaluating)? {
        let name = Self.lower(hostNames.ascii(host) ?? host)
        if let match = evaluators.first(where: { $0.host == name }) { return match.evaluator }
        if allHostsMustBeEvaluated { throw .noRequiredEvaluator(host: host) }
        return nil
    }

    /// Evaluates `trust` for `host` with its evaluator, or the default one;
    /// the evaluator is given the host's converted (A-label) form.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        do {
            let evaluator = try evaluator(forHost: host) ?? DefaultTrustEvaluator()
            return evaluator.evaluate(trust, forHost: hostNames.ascii(host) ?? host, in: &environment)
        } catch {
            return .failure(error)
        }
    }

    static func lower(_ host: String) -> String {
        String(decoding: ASCII.lowercased(host.utf8), as: UTF8.self)
    }
}
