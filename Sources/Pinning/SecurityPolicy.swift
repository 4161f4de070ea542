import PKIX
import Trust

/// AFNetworking's `AFSecurityPolicy`, with its semantics kept step for step
/// (AFSecurityPolicy.m, `evaluateServerTrust:forDomain:`), on PureX509's
/// verifier instead of `SecTrust`.
public struct SecurityPolicy: Sendable {
    public enum PinningMode: Sendable, Equatable {
        case none, certificate, publicKey
    }

    public var pinningMode: PinningMode
    /// DER certificates; in public-key mode their keys are the pins.
    public var pinnedCertificates: [Certificate]
    /// Further public-key pins for public-key mode (beyond AFNetworking,
    /// which only takes certificates).
    public var pinnedPublicKeys: [SPKIPin] = []
    public var allowInvalidCertificates = false
    public var validatesDomainName = true

    /// AFNetworking's `defaultPolicy`: no pinning, invalid certificates refused, domain validated.
    public static let defaultPolicy = SecurityPolicy(pinningMode: .none)

    public init(pinningMode: PinningMode, pinnedCertificates: [Certificate] = []) {
        self.pinningMode = pinningMode
        self.pinnedCertificates = pinnedCertificates
    }

    /// `evaluateServerTrust:forDomain:`: success, or why not.
    public func evaluate(_ trust: ServerTrust, domain: String?, in environment: TrustEnvironment) -> Result<Void, ServerTrustFailure> {
        // Step 1: a self-signed certificate's domain can only be validated with pinning.
        if domain != nil && allowInvalidCertificates && validatesDomainName
            && (pinningMode == .none || (pinnedCertificates.isEmpty && pinnedPublicKeys.isEmpty)) {
            return .failure(.domainValidationRequiresPinning)
        }
        // Step 2: the SSL policy with the domain, or the basic X.509 policy.
        let host = validatesDomainName ? domain : nil
        let systemResult = environment.validate(trust, anchors: environment.systemAnchors, host: host)
        let isValid: Bool
        if case .success = systemResult { isValid = true } else { isValid = false }

        switch pinningMode {
        case .none:
            // Step 3.
            if allowInvalidCertificates || isValid { return .success(()) }
            return .failure(failure(from: systemResult))
        case .certificate, .publicKey:
            // Step 4.
            if !isValid && !allowInvalidCertificates { return .failure(failure(from: systemResult)) }
        }
        let label = domain ?? ""
        if pinningMode == .certificate {
            // Step 5: the pinned certificates are the only anchors; the chain must
            // validate against them, and contain one of them byte for byte.
            let pinned = TrustStore(pinnedCertificates)
            let result = environment.validate(trust, anchors: pinned, host: host, accept: PinCheck.certificates(pinnedCertificates))
            switch result {
            case .success: return .success(())
            case .failure(.refusedByCaller):
                return .failure(.certificatePinningFailed(host: label, served: trust.served, pinned: pinnedCertificates.map(ServedCertificate.init)))
            case .failure(let failure): return .failure(.defaultEvaluationFailed(failure))
            }
        }
        // Step 6: any certificate of the chain carries a pinned key. When the
        // chain validated, the pins are checked on verified paths (a miss sends
        // the search to the next path); otherwise on the presented certificates.
        let pins = pinnedCertificates.map(SPKIPin.init(certificate:)) + pinnedPublicKeys
        if isValid {
            let pinned = environment.validate(trust, anchors: environment.systemAnchors, host: host, accept: PinCheck.keys(pins))
            if case .success = pinned { return .success(()) }
        } else if trust.certificates.contains(where: { pins.contains(SPKIPin(certificate: $0)) }) {
            return .success(())
        }
        return .failure(.publicKeyPinningFailed(host: label, served: trust.served, pinned: pins))
    }

    func failure(from result: Result<VerifiedChain, TrustFailure>) -> ServerTrustFailure {
        if case .failure(let failure) = result { return ServerTrustFailure(validation: failure) }
        return .defaultEvaluationFailed(.unknownIssuer(index: 0))
    }
}
