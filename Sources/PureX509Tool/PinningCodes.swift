import PureX509

/// Stable codes for `ServerTrustFailure` in JSON output.
enum PinningCodes {
    static func code(_ failure: ServerTrustFailure) -> String {
        switch failure {
        case .noRequiredEvaluator: return "noRequiredEvaluator"
        case .noCertificatesFound: return "noCertificatesFound"
        case .noPublicKeysFound: return "noPublicKeysFound"
        case .defaultEvaluationFailed(let trust): return trust.code
        case .hostValidationFailed: return "hostnameMismatch"
        case .certificatePinningFailed: return "certificatePinningFailed"
        case .publicKeyPinningFailed: return "publicKeyPinningFailed"
        case .customEvaluationFailed: return "customEvaluationFailed"
        case .domainValidationRequiresPinning: return "domainValidationRequiresPinning"
        case .pinSetExpired: return "pinSetExpired"
        case .revocationCheckFailed(let trust): return trust.code
        }
    }

    static func index(_ failure: ServerTrustFailure) -> Int? {
        failure.validationFailure?.certificateIndex
    }
}
