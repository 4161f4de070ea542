import PureX509

/// `verify --pins`' JSON error fields, read from the failure itself.
enum PinningCodes {
    /// The failure's stable code: `ServerTrustFailure.code`, the one place it is defined.
    static func code(_ failure: ServerTrustFailure) -> String { failure.code }

    static func index(_ failure: ServerTrustFailure) -> Int? {
        failure.validationFailure?.certificateIndex
    }
}
