import Trust

extension Result where Failure == TrustFailure {
    /// The refusal's position and reason, for one pattern over both; nil when trusted.
    var refusal: (index: Int?, reason: TrustFailure.Reason)? {
        if case .failure(let failure) = self { return (failure.certificateIndex, failure.reason) }
        return nil
    }
}
