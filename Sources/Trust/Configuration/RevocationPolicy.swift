import PKIX

/// Whether and how revocation is checked (the shape of Alamofire's
/// `RevocationTrustEvaluator.Options`). The core never fetches anything:
/// the caller supplies CRLs and OCSP responses (`RevocationSources`), and a certificate
/// without usable information is "unknown", which fails only when
/// `requirePositiveResponse` says so.
public struct RevocationPolicy: Sendable, Equatable {
    /// Which certificates of a path have their status checked.
    public enum Coverage: Sendable, Equatable {
        /// No revocation checking (the default, as in every TLS stack without a fetcher).
        case off
        /// The leaf only.
        case leaf
        /// Every certificate of the path but the anchor.
        case chain
    }

    /// The methods consulted (`kSecRevocationOCSPMethod`, `…CRLMethod`):
    /// every one of them that has supplied information is asked, and a
    /// revocation from any of them refuses the certificate.
    public struct Methods: OptionSet, Sendable, Equatable {
        /// One bit per method.
        public let rawValue: UInt8
        /// Methods from their bits (see the static members).
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// OCSP responses (RFC 6960) may decide a status.
        public static let ocsp = Methods(rawValue: 1)
        /// CRLs (RFC 5280 §6.3) may decide a status.
        public static let crl = Methods(rawValue: 2)
    }

    /// Which certificates are checked; `.off` by default.
    public var coverage: Coverage {
        get { scope }
        set {
            scope = newValue
            check = newValue == .off ? nil : .statuses
        }
    }
    private var scope: Coverage = .off
    /// The check, installed by whatever turns `coverage` on: a program that
    /// never does so never names the CRL and OCSP code, and a linker that
    /// drops what nothing reaches leaves it out (docs/embedded.md).
    private(set) var check: RevocationCheck?
    /// Which information is consulted; both methods by default.
    public var methods: Methods = [.ocsp, .crl]
    /// CRLs are consulted before OCSP responses (`kSecRevocationPreferCRL`);
    /// otherwise OCSP first. Every allowed method is consulted either way
    /// and a revocation from any of them decides; the order only chooses
    /// which method's "good" is reported when none revokes.
    public var preferCRL = false
    /// How far an OCSP response's thisUpdate may lie in the future, and its
    /// nextUpdate in the past, for clocks that disagree: 5 minutes, the
    /// default of `openssl ocsp -validity_period` (OCSP_check_validity).
    public var ocspClockSkew: Int64 = 300
    /// How long a response without nextUpdate ("newer information is always
    /// available", RFC 6960 §4.2.2.1) is used after its thisUpdate: 7 days,
    /// Chromium's maximum age for OCSP responses.
    public var ocspMaximumAge: Int64 = 7 * 24 * 3600
    /// No usable CRL for a certificate that must be checked refuses the
    /// path (`TrustFailure.revocationUnknown`) instead of letting it pass.
    public var requirePositiveResponse = false
    /// How deep the paths of CRL signers may nest (a CRL signer's own
    /// certificate is checked against CRLs whose signer is checked …).
    public var maximumSignerDepth = 3

    /// Checking is off unless `coverage` says otherwise; the OCSP time limits and
    /// the signer depth keep their defaults.
    public init(coverage: Coverage = .off, requirePositiveResponse: Bool = false,
                methods: Methods = [.ocsp, .crl], preferCRL: Bool = false) {
        self.coverage = coverage
        self.requirePositiveResponse = requirePositiveResponse
        self.methods = methods
        self.preferCRL = preferCRL
    }
}

extension RevocationPolicy {
    /// No checking, without naming the check: the default policy's
    /// (`VerificationPolicy.revocation`).
    static var off: RevocationPolicy {
        var policy = RevocationPolicy(unchecked: ())
        policy.scope = .off
        return policy
    }

    private init(unchecked: Void) {}
}

/// The status check of a path's certificates (CRLCheck.swift), as a value a
/// policy holds only when it asks for it.
struct RevocationCheck: Sendable, Equatable {
    let run: @Sendable (inout Evaluation, [PathNode], inout VerifiedChain) throws(BudgetExhausted) -> TrustFailure?

    static var statuses: RevocationCheck {
        RevocationCheck { (evaluation, nodes, chain) throws(BudgetExhausted) in try evaluation.checkRevocation(nodes, chain: &chain) }
    }

    /// There is one check; `coverage` decides whether a policy holds it.
    static func == (a: RevocationCheck, b: RevocationCheck) -> Bool { true }
}

/// Revocation information the caller has: CRLs and OCSP responses
/// downloaded, cached, shipped or stapled. Kept by the `Verifier` across
/// evaluations, like the anchors.
public struct RevocationSources: Sendable {
    /// Complete and delta CRLs from any issuer; each is used only for certificates in its scope.
    public var crls: [CertificateList]
    /// OCSP responses, stapled or fetched; each is used for the certificates its CertIDs name.
    public var ocspResponses: [OCSPResponse]

    /// No information unless given.
    public init(crls: [CertificateList] = [], ocspResponses: [OCSPResponse] = []) {
        self.crls = crls
        self.ocspResponses = ocspResponses
    }
}

/// What revocation checking found for one certificate of a verified path:
/// "good", or "unknown" with why, when the policy does not require
/// information (`RevocationPolicy.requirePositiveResponse` off: soft fail).
/// A revoked certificate never reaches a verified path.
public struct RevocationFinding: Sendable, Equatable {
    /// The status found.
    public enum Status: Sendable, Equatable {
        /// A CRL or OCSP response says the certificate is not revoked, and
        /// no other consulted CRL or response revokes it.
        case good
        /// No supplied information decides; the gap says why.
        case unknown(RevocationGap)
    }

    /// The method whose answer is reported: the first, in the policy's
    /// order, that said "good", or, when none did, the one whose gap says most.
    public enum Source: String, Sendable, Equatable {
        /// Certificate revocation lists (RFC 5280 §6.3).
        case crl
        /// OCSP responses (RFC 6960).
        case ocsp
    }

    /// The certificate's position in the verified path (0: the leaf).
    public let certificateIndex: Int
    /// Good, or unknown with its gap.
    public let status: Status
    /// CRL or OCSP.
    public let source: Source

    /// A finding from its parts, as revocation checking records it.
    package init(certificateIndex: Int, status: Status, source: Source) {
        self.certificateIndex = certificateIndex
        self.status = status
        self.source = source
    }
}

/// A revoked certificate as its CRL or OCSP response lists it.
public struct Revocation: Sendable, Equatable {
    /// The serial number's INTEGER content octets.
    public let serialNumber: [UInt8]
    /// Seconds since 1970-01-01T00:00:00Z.
    public let date: Int64
    /// nil when the entry has no reasonCode (read as unspecified).
    public let reason: CRLReason?
}

/// Why no revocation status could be determined for a certificate.
public enum RevocationGap: Sendable, Equatable, CustomStringConvertible {
    /// No supplied CRL is issued for the certificate's issuer and scope.
    case noCRL
    /// A CRL in scope was found but is outside its validity at the evaluation time.
    case crlOutOfDate
    /// A CRL in scope carries a critical extension PureX509 does not process.
    case crlUnrecognisedCriticalExtension
    /// A CRL in scope has no signer whose key verifies it, whose keyUsage
    /// allows cRLSign and whose path reaches the same anchor.
    case crlSignerNotFound
    /// The CRLs in scope do not cover every reason code.
    case reasonsNotCovered
    /// A delta CRL was found without a usable complete CRL to apply it to.
    case deltaWithoutBase
    /// No supplied OCSP response speaks of the certificate (CertID).
    case noOCSPResponse
    /// The OCSP responses for it are outside their validity at the evaluation time.
    case ocspResponseOutOfDate
    /// An OCSP response for it, or its entry, has a critical extension PureX509 does not process.
    case ocspUnrecognisedCriticalExtension
    /// No OCSP response for it is signed by its issuer or an authorised delegate.
    case ocspResponderNotAuthorised
    /// The responder answered "unknown".
    case ocspStatusUnknown

    /// The reason as a clause about the certificate ("no CRL covers it"), for failure messages.
    public var description: String {
        switch self {
        case .noCRL: return "no CRL covers it"
        case .crlOutOfDate: return "its CRL is not valid at the evaluation time"
        case .crlUnrecognisedCriticalExtension: return "its CRL has a critical extension PureX509 does not process"
        case .crlSignerNotFound: return "no valid signer was found for its CRL"
        case .reasonsNotCovered: return "its CRLs do not cover every revocation reason"
        case .deltaWithoutBase: return "only a delta CRL covers it, without its complete CRL"
        case .noOCSPResponse: return "no OCSP response speaks of it"
        case .ocspResponseOutOfDate: return "its OCSP response is not valid at the evaluation time"
        case .ocspUnrecognisedCriticalExtension: return "its OCSP response has a critical extension PureX509 does not process"
        case .ocspResponderNotAuthorised: return "its OCSP response is not signed by its issuer or an authorised responder"
        case .ocspStatusUnknown: return "its OCSP responder does not know it"
        }
    }

    /// A stable word for scripts (`verify --json`).
    public var code: String {
        switch self {
        case .noCRL: return "noCRL"
        case .crlOutOfDate: return "crlOutOfDate"
        case .crlUnrecognisedCriticalExtension: return "crlUnrecognisedCriticalExtension"
        case .crlSignerNotFound: return "crlSignerNotFound"
        case .reasonsNotCovered: return "reasonsNotCovered"
        case .deltaWithoutBase: return "deltaWithoutBase"
        case .noOCSPResponse: return "noOCSPResponse"
        case .ocspResponseOutOfDate: return "ocspResponseOutOfDate"
        case .ocspUnrecognisedCriticalExtension: return "ocspUnrecognisedCriticalExtension"
        case .ocspResponderNotAuthorised: return "ocspResponderNotAuthorised"
        case .ocspStatusUnknown: return "ocspStatusUnknown"
        }
    }

    /// The more telling of two gaps: a CRL that was found but unusable says more than none.
    var rank: Int {
        switch self {
        case .noCRL, .noOCSPResponse: return 0
        case .reasonsNotCovered: return 1
        case .deltaWithoutBase, .ocspStatusUnknown: return 2
        case .crlOutOfDate, .ocspResponseOutOfDate: return 3
        case .crlUnrecognisedCriticalExtension, .ocspUnrecognisedCriticalExtension: return 4
        case .crlSignerNotFound, .ocspResponderNotAuthorised: return 5
        }
    }
}
