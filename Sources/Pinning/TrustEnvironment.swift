import PKIX
import Trust

/// What pinning policies validate chains with: the system anchors and one
/// complete `VerificationPolicy` (time, purpose, profile, key policy,
/// budgets, switches). Pinning never builds paths itself; it asks
/// `Trust.Verifier` and judges the paths it returns.
public struct TrustEnvironment: Sendable {
    public var systemAnchors: TrustStore
    /// Everything but the reference identity, which each evaluation sets
    /// from its host. `policy.purpose` is the purpose of Apple's SSL policy
    /// (`.serverAuth` unless a caller, such as `verify --purpose`, says otherwise).
    public var policy: VerificationPolicy

    public init(systemAnchors: TrustStore, time: Int64) {
        self.systemAnchors = systemAnchors
        self.policy = VerificationPolicy(time: time, purpose: .serverAuth)
    }

    public init(systemAnchors: TrustStore, policy: VerificationPolicy) {
        self.systemAnchors = systemAnchors
        self.policy = policy
        self.policy.identity = nil
    }

    /// Seconds since 1970.
    public var time: Int64 {
        get { policy.time }
        set { policy.time = newValue }
    }

    /// Which of Apple's policies an evaluation applies.
    public enum Evaluation: Sendable, Equatable {
        /// `SecPolicyCreateSSL(true, host)`: the environment's purpose
        /// (server authentication), and the host when one is given.
        case ssl(host: String?)
        /// `SecPolicyCreateBasicX509()`: the path only, no purpose, no name.
        case basicX509
    }

    /// Validates the trust against `anchors` under `evaluation`. `accept`
    /// may refuse a verified path, and the path builder then tries the next one.
    public func validate(
        _ trust: ServerTrust, anchors: TrustStore, evaluation: Evaluation,
        accept: (VerifiedChain) -> TrustFailure? = { _ in nil }
    ) -> Result<VerifiedChain, TrustFailure> {
        guard let leaf = trust.certificates.first else { return .failure(.unknownIssuer(index: 0)) }
        var policy = self.policy
        policy.identity = nil
        switch evaluation {
        case .ssl(let host):
            if let host {
                guard let identity = ServerIdentity(host: host) else { return .failure(.invalidReferenceIdentity) }
                policy.identity = identity
            }
        case .basicX509:
            policy.purpose = .any
        }
        var verifier = Verifier(store: anchors, policy: policy, cache: SignatureCache(capacity: 0))
        return verifier.verify(leaf: leaf, intermediates: Array(trust.certificates.dropFirst()), accept: accept)
    }
}
