import PKIX
import Trust

/// AFNetworking's `AFSecurityPolicy`, with its semantics kept step for step
/// (AFSecurityPolicy.m, `evaluateServerTrust:forDomain:`), on PureX509's
/// verifier instead of `SecTrust`.
public struct SecurityPolicy: Sendable {
    /// AFNetworking's `AFSSLPinningMode`.
    public enum PinningMode: Sendable, Equatable {
        /// `none`: validation alone; `certificate`: the pinned certificates are the only
        /// anchors and one must be on the path; `publicKey`: a certificate of the path
        /// carries a pinned key.
        case none, certificate, publicKey
    }

    /// What a server must match beyond chain validation.
    package var pinningMode: PinningMode
    /// DER certificates; in public-key mode their keys are the pins.
    package var pinnedCertificates: [Certificate]
    /// Further public-key pins for public-key mode (beyond AFNetworking,
    /// which only takes certificates).
    public var pinnedPublicKeys: [SPKIPin] = []
    /// AFNetworking's `allowInvalidCertificates`: failing validation against the
    /// system anchors is not fatal by itself (the pinning mode still decides). Off by default.
    public var allowInvalidCertificates = false
    /// AFNetworking's `validatesDomainName`: the SSL policy for the domain; false
    /// validates the path alone (basic X.509 policy). On by default.
    public var validatesDomainName = true

    /// AFNetworking's `defaultPolicy`: no pinning, invalid certificates refused, domain validated.
    package static let defaultPolicy = SecurityPolicy(pinningMode: .none)

    /// AFNetworking's `policyWithPinningMode:withPinnedCertificates:`; other settings keep their defaults.
    public init(pinningMode: PinningMode, pinnedCertificates: [Certificate] = []) {
        self.pinningMode = pinningMode
        self.pinnedCertificates = pinnedCertificates
    }

    /// `evaluateServerTrust:forDomain:`: success with the verified chain the
    /// decision rests on (nil when it rests on none: allowInvalidCertificates,
    /// or public-key pins found on a chain that did not validate), or why not.
    public func evaluate(_ trust: ServerTrust, domain: String?, in environment: inout TrustEnvironment) -> TrustEvaluation {
        // Step 1: a self-signed certificate's domain can only be validated with pinning.
        if domain != nil && allowInvalidCertificates && validatesDomainName
            && (pinningMode == .none || (pinnedCertificates.isEmpty && pinnedPublicKeys.isEmpty)) {
            return .failure(.domainValidationRequiresPinning)
        }
        // Step 2 (AFSecurityPolicy.m: `SecPolicyCreateSSL(true, domain)` when
        // validatesDomainName, even with a nil domain, else
        // `SecPolicyCreateBasicX509()`).
        let evaluation: TrustEnvironment.Evaluation = validatesDomainName ? .ssl(host: domain) : .basicX509
        let label = domain ?? ""
        let pins = pinnedCertificates.map(SPKIPin.init(certificate:)) + pinnedPublicKeys
        // Step 6 in one search: the pins are checked on each verified path (a
        // miss sends the search to the next path), and a pin miss outranks
        // the failures of other paths, so `pinMismatch` means "valid, but
        // no path carries a pinned key".
        let result: Result<VerifiedChain, TrustFailure>
        if pinningMode == .publicKey {
            result = environment.validate(trust, evaluation: evaluation, accept: PinCheck.keys(pins))
        } else {
            result = environment.validateWithoutPins(trust, evaluation: evaluation)
        }
        let isValid: Bool
        switch result {
        case .success: isValid = true
        case .failure(let failure):
            if case .pinMismatch = failure.reason { isValid = true } else { isValid = false }
        }

        switch pinningMode {
        case .none:
            // Step 3.
            if allowInvalidCertificates || isValid { return .success(result.verifiedChain) }
            return .failure(failure(from: result))
        case .certificate, .publicKey:
            // Step 4.
            if !isValid && !allowInvalidCertificates { return .failure(failure(from: result)) }
        }
        if pinningMode == .certificate {
            // Step 5. AFNetworking reads the chain to compare
            // (`serverCertificates`, AFSecurityPolicy.m@00b2310:271) after the
            // first evaluation and before the pinned certificates become the
            // only anchors (`SecTrustSetAnchorCertificates`, line 281): the
            // chain of that first evaluation (lines 103-113: leaf to anchor,
            // or as far as it was built), never the second. A pinned root
            // that the server does not send and the system anchors do not
            // hold is therefore not in the list, and allow-invalid does not
            // make it so. Then the chain must validate against the pinned
            // anchors (lines 281-285), and only then is the list compared
            // byte for byte (lines 287-293).
            let serverCertificates = environment.evaluatedChain(of: trust, result: result)
            let pinned = TrustStore(pinnedCertificates)
            let anchored: VerifiedChain
            switch environment.validateWithoutPins(trust, pinnedAnchors: pinned, evaluation: evaluation) {
            case .failure(let failure): return .failure(.defaultEvaluationFailed(failure))
            case .success(let chain): anchored = chain
            }
            if serverCertificates.contains(where: { served in pinnedCertificates.contains { $0.der == served.der } }) {
                return .success(anchored)
            }
            return .failure(.certificatePinningFailed(host: label, served: trust.served, pinned: pinnedCertificates.map(ServedCertificate.init)))
        }
        // Step 6: any certificate of the chain carries a pinned key; when the
        // chain did not validate (allowInvalidCertificates), the presented ones.
        if case .success(let chain) = result { return .success(chain) }
        if !isValid && trust.certificates.contains(where: { pins.contains(SPKIPin(certificate: $0)) }) { return .success(nil) }
        return .failure(.publicKeyPinningFailed(host: label, served: trust.served, pinned: pins))
    }

    func failure(from result: Result<VerifiedChain, TrustFailure>) -> ServerTrustFailure {
        if case .failure(let failure) = result { return ServerTrustFailure(validation: failure) }
        return .defaultEvaluationFailed(.unknownIssuer(index: 0))
    }
}
