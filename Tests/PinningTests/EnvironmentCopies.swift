import Pinning
import Trust

// The matrix rows each evaluate in a fresh environment (their own anchors
// and an empty cache), so that no row's verdict depends on an earlier one.
extension ServerTrustEvaluating {
    func evaluate(_ trust: ServerTrust, forHost host: String, inCopyOf environment: TrustEnvironment) -> ServerTrustFailure? {
        var copy = environment
        return evaluate(trust, forHost: host, in: &copy)
    }
}

extension ServerTrustManager {
    func evaluate(_ trust: ServerTrust, forHost host: String, inCopyOf environment: TrustEnvironment) -> ServerTrustFailure? {
        var copy = environment
        return evaluate(trust, forHost: host, in: &copy)
    }
}

extension SecurityPolicy {
    func evaluate(_ trust: ServerTrust, domain: String?, inCopyOf environment: TrustEnvironment) -> Result<Void, ServerTrustFailure> {
        var copy = environment
        return evaluate(trust, domain: domain, in: &copy)
    }
}
