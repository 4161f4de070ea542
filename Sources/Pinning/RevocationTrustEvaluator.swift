import Trust

/// Alamofire's `RevocationTrustEvaluator` (ServerTrustEvaluation.swift
/// lines 125–195 at 3ad6241): the default validation (SSL policy, no name)
/// when `performDefaultValidation`, the SSL policy for the host when
/// `validateHost`, then one more evaluation with the revocation policy
/// alone (`SecPolicyCreateRevocation`, which replaces the SSL policy: the
/// path and every certificate's status, no purpose, no name), whose
/// failure is `revocationCheckFailed`.
///
/// The CRLs and OCSP responses are the environment's `revocationSources`;
/// nothing is fetched. `.ocsp` and `.crl` choose the methods consulted;
/// a revocation from any of them refuses the chain, whatever the order
/// (OCSP first unless `.preferCRL`, which only says whose "good" is
/// reported), so a replayed stapled "good" cannot hide a revoking CRL. No
/// usable information refuses the chain only with
/// `.requirePositiveResponse`, as Apple's evaluation does when no method
/// yields an answer.
public final class RevocationTrustEvaluator: ServerTrustEvaluating {
    /// Apple's `kSecRevocation…` flags, with their values.
    public struct Options: OptionSet, Sendable {
        /// The bits, equal to Apple's constants of the same names.
        public let rawValue: UInt
        /// Options from bits, combined as Apple's flags are.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// `kSecRevocationOCSPMethod`: OCSP responses may decide a status.
        package static let ocsp = Options(rawValue: 1)
        /// `kSecRevocationCRLMethod`: CRLs may decide a status.
        public static let crl = Options(rawValue: 2)
        /// `kSecRevocationPreferCRL`: CRLs are consulted before OCSP responses.
        package static let preferCRL = Options(rawValue: 4)
        /// `kSecRevocationRequirePositiveResponse`: a certificate with no usable
        /// information refuses the chain instead of passing.
        package static let requirePositiveResponse = Options(rawValue: 8)
        /// Nothing is ever fetched here; kept so options carry over unchanged.
        package static let networkAccessDisabled = Options(rawValue: 16)
        /// `kSecRevocationUseAnyAvailableMethod`: OCSP and CRLs.
        public static let any = Options(rawValue: 3)
    }

    /// First validate the chain with the SSL policy and no name.
    package let performDefaultValidation: Bool
    /// Then validate the chain for the host with the SSL policy.
    package let validateHost: Bool
    /// The methods that may decide a status, and how strictly.
    package let options: Options

    /// Alamofire's defaults: both validations, then OCSP or CRLs (`.any`), unknown status passing.
    public init(performDefaultValidation: Bool = true, validateHost: Bool = true, options: Options = .any) {
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
        self.options = options
    }

    /// Runs the enabled validations, then the revocation evaluation; the first
    /// failure, the last one as `revocationCheckFailed`, or the chain the
    /// revocation evaluation verified.
    public func evaluate(_ trust: ServerTrust, forHost host: String, in environment: inout TrustEnvironment) -> TrustEvaluation {
        if performDefaultValidation, case .failure(let failure) = environment.validateWithoutPins(trust, evaluation: .ssl(host: nil)) {
            return .failure(ServerTrustFailure(validation: failure))
        }
        if validateHost, case .failure(let failure) = environment.validateWithoutPins(trust, evaluation: .ssl(host: host)) {
            return .failure(ServerTrustFailure(validation: failure))
        }
        var methods: RevocationPolicy.Methods = []
        if options.contains(.ocsp) { methods.insert(.ocsp) }
        if options.contains(.crl) { methods.insert(.crl) }
        let revocation = RevocationPolicy(coverage: .chain, requirePositiveResponse: options.contains(.requirePositiveResponse),
                                          methods: methods, preferCRL: options.contains(.preferCRL))
        switch environment.validateWithoutPins(trust, evaluation: .basicX509, revocation: revocation) {
        case .success(let chain): return .success(chain)
        case .failure(let failure): return .failure(.revocationCheckFailed(failure))
        }
    }
}
