import Foundation
import PureX509

/// PureX509's decision on the certificates a TLS peer presents, for
/// swift-nio-ssl's custom verification callback: one of the library's
/// decisions (RFC 5280 validation, an Alamofire-style evaluator,
/// AFNetworking's `SecurityPolicy`, or pin sets), the anchors it trusts,
/// and the policy it validates with, at the time `clock` gives for each
/// handshake.
///
/// A value, safe to share between event loops: every handshake gets its
/// own `TrustEnvironment` (the anchors' prepared keys are kept in the
/// `TrustStore`, so a fresh environment costs no key parsing).
public struct PureX509TLSVerifier: Sendable {
    /// What decides whether a presented chain is trusted.
    public enum Decision: Sendable {
        /// RFC 5280 path validation under `policy`, for the host when one is given.
        case validation
        /// An Alamofire evaluator (`DefaultTrustEvaluator`, `PinnedCertificatesTrustEvaluator`, …).
        case evaluator(any ServerTrustEvaluating)
        /// AFNetworking's `AFSecurityPolicy` (`domain` is the host).
        case securityPolicy(SecurityPolicy)
        /// SPKI pin sets by host (TrustKit, OkHttp); `report` receives pin
        /// misses and lapsed sets, including report-only ones.
        case pinning(PinningConfiguration, report: @Sendable (PinValidationReport) -> Void)
    }

    /// The trusted anchors, their keys precomputed (`TrustStore.precomputeKeys()`,
    /// here and whenever they are replaced), as a verifier serves many handshakes.
    public var anchors: TrustStore {
        didSet { anchors.precomputeKeys() }
    }
    /// Purpose, profile, key policy, budgets and revocation; the time is
    /// replaced by `clock()` and the identity by the host of each handshake.
    public var policy: VerificationPolicy
    public var decision: Decision
    /// Seconds since 1970 at each handshake (the system clock by default).
    public var clock: @Sendable () -> Int64

    public init(anchors: TrustStore, policy: VerificationPolicy = VerificationPolicy(time: 0, purpose: .serverAuth),
                decision: Decision = .validation, clock: @escaping @Sendable () -> Int64 = SystemClock.now) {
        var anchors = anchors
        anchors.precomputeKeys()
        self.anchors = anchors
        self.policy = policy
        self.decision = decision
        self.clock = clock
    }

    /// The verifier a server uses for client certificates (mutual TLS):
    /// RFC 5280 validation with the clientAuth purpose and no name.
    public static func clientCertificates(anchors: TrustStore, policy: VerificationPolicy = VerificationPolicy(time: 0, purpose: .clientAuth),
                                          clock: @escaping @Sendable () -> Int64 = SystemClock.now) -> PureX509TLSVerifier {
        var policy = policy
        policy.purpose = .clientAuth
        return PureX509TLSVerifier(anchors: anchors, policy: policy, decision: .validation, clock: clock)
    }

    /// Decides on `presented` (DER, as the peer sent them, leaf first) for
    /// `host` (nil: no name is checked, as for a client certificate); an
    /// internationalised host is matched as its A-label form.
    public func evaluate(presented: [[UInt8]], host: String?) -> PeerVerification {
        let trust: ServerTrust
        do { trust = try ServerTrust(presented: presented) } catch {
            return .refused(ServerTrustFailure(validation: error))
        }
        var policy = self.policy
        policy.time = clock()
        var environment = TrustEnvironment(systemAnchors: anchors, policy: policy)
        // A caller of `evaluate` may pass the host as typed (`bücher.example`).
        environment.hostNames = .uts46
        // Every decision returns the verified chain it rests on (nil when it
        // validated nothing), which becomes NIO's validated-chain metadata.
        let evaluation: TrustEvaluation
        switch decision {
        case .validation:
            switch environment.validate(trust, evaluation: .ssl(host: host)) {
            case .success(let chain): evaluation = .success(chain)
            case .failure(let refused): evaluation = .failure(ServerTrustFailure(validation: refused))
            }
        case .evaluator(let evaluator):
            evaluation = evaluator.evaluate(trust, forHost: host ?? "", in: &environment)
        case .securityPolicy(let security):
            evaluation = security.evaluate(trust, domain: host, in: &environment)
        case .pinning(let configuration, let report):
            evaluation = configuration.evaluate(trust, host: host ?? "", in: &environment, report: report)
        }
        switch evaluation {
        case .success(let chain): return .trusted(path: chain?.certificates)
        case .failure(let refused): return .refused(refused)
        }
    }
}

/// A handshake's verdict.
public enum PeerVerification: Sendable {
    /// Trusted; `path` is the verified path, leaf to anchor, or nil when
    /// the decision validated nothing (`DisabledTrustEvaluator`, pinning
    /// without validation, AFNetworking's allowInvalidCertificates).
    case trusted(path: [Certificate]?)
    case refused(ServerTrustFailure)

    public var failure: ServerTrustFailure? {
        if case .refused(let failure) = self { return failure }
        return nil
    }
}

/// The wall clock, in whole seconds since 1970.
public enum SystemClock {
    @Sendable public static func now() -> Int64 { Int64(Date().timeIntervalSince1970.rounded(.down)) }
}
