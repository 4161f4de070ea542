import PKIX
import Trust

/// What pinning policies validate chains with: the system anchors, the
/// evaluation time and the verifier's knobs. Pinning never builds paths
/// itself; it asks `Trust.Verifier` and judges the paths it returns.
public struct TrustEnvironment: Sendable {
    public var systemAnchors: TrustStore
    /// Seconds since 1970.
    public var time: Int64
    public var budgets = Budgets()
    public var keys = KeyPolicy()
    /// The RFC 5280 profile paths are validated under (`.strict` by default).
    public var profile = ValidationProfile.strict

    public init(systemAnchors: TrustStore, time: Int64) {
        self.systemAnchors = systemAnchors
        self.time = time
    }

    /// Validates the trust against `anchors`: the SSL server policy for
    /// `host`, or with `host` nil the basic X.509 policy (no name, no
    /// extended key usage), as Apple's `SecPolicyCreateSSL` and
    /// `SecPolicyCreateBasicX509` do. `accept` may refuse a verified path,
    /// and the path builder then tries the next one.
    public func validate(
        _ trust: ServerTrust, anchors: TrustStore, host: String?,
        accept: (VerifiedChain) -> TrustFailure? = { _ in nil }
    ) -> Result<VerifiedChain, TrustFailure> {
        guard let leaf = trust.certificates.first else { return .failure(.unknownIssuer(index: 0)) }
        var policy = VerificationPolicy(time: time, purpose: host == nil ? .any : .serverAuth)
        if let host {
            guard let identity = ServerIdentity(host: host) else { return .failure(.invalidReferenceIdentity) }
            policy.identity = identity
        }
        policy.budgets = budgets
        policy.keys = keys
        policy.profile = profile
        var verifier = Verifier(store: anchors, policy: policy, cache: SignatureCache(capacity: 0))
        return verifier.verify(leaf: leaf, intermediates: Array(trust.certificates.dropFirst()), accept: accept)
    }
}
