import Pinning
import Trust

// The matrix rows each evaluate in a fresh environment (their own anchors
// and an empty cache), so that no row's verdict depends on an earlier one.
extension ServerTrustEvaluating {
    func evaluate(_ trust: ServerTrust, forHost host: String, inCopyOf environment: TrustEnvironment) -> ServerTrustFailure? {
        var copy = environment
        return evaluate(trust, forHost: host, in: &copy).refusal
    }
}

extension ServerTrustManager {
    func evaluate(_ trust: ServerTrust, forHost host: String, inCopyOf environment: TrustEnvironment) -> ServerTrustFailure? {
        var copy = environment
        return evaluate(trust, forHost: host, in: &copy).refusal
    }
}

extension SecurityPolicy {
    func evaluate(_ trust: ServerTrust, domain: String?, inCopyOf environment: TrustEnvironment) -> TrustEvaluation {
        var copy = environment
        return evaluate(trust, domain: domain, in: &copy)
    }
}

// The rows compare refusals; a trusted evaluation's chain is checked where it matters.
extension Result where Failure == ServerTrustFailure {
    var refusal: ServerTrustFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
