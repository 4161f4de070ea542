import PKIX

/// Whether and how revocation is checked (the shape of Alamofire's
/// `RevocationTrustEvaluator.Options`). The core never fetches anything:
/// the caller supplies CRLs (`RevocationSources`), and a certificate
/// without usable information is "unknown", which fails only when
/// `requirePositiveResponse` says so.
public struct RevocationPolicy: Sendable, Equatable {
    public enum Coverage: Sendable, Equatable {
        /// No revocation checking (the default, as in every TLS stack without a fetcher).
        case off
        /// The leaf only.
        case leaf
        /// Every certificate of the path but the anchor.
        case chain
    }

    public var coverage: Coverage = .off
    /// No usable CRL for a certificate that must be checked refuses the
    /// path (`TrustFailure.revocationUnknown`) instead of letting it pass.
    public var requirePositiveResponse = false
    /// How deep the paths of CRL signers may nest (a CRL signer's own
    /// certificate is checked against CRLs whose signer is checked …).
    public var maximumSignerDepth = 3

    public init(coverage: Coverage = .off, requirePositiveResponse: Bool = false) {
        self.coverage = coverage
        self.requirePositiveResponse = requirePositiveResponse
    }
}

/// Revocation information the caller has: CRLs downloaded, cached or
/// shipped. Kept by the `Verifier` across evaluations, like the anchors.
public struct RevocationSources: Sendable {
    public var crls: [CertificateList]

    public init(crls: [CertificateList] = []) {
        self.crls = crls
    }
}

/// A revoked certificate as its CRL lists it.
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

    public var description: String {
        switch self {
        case .noCRL: return "no CRL covers it"
        case .crlOutOfDate: return "its CRL is not valid at the evaluation time"
        case .crlUnrecognisedCriticalExtension: return "its CRL has a critical extension PureX509 does not process"
        case .crlSignerNotFound: return "no valid signer was found for its CRL"
        case .reasonsNotCovered: return "its CRLs do not cover every revocation reason"
        case .deltaWithoutBase: return "only a delta CRL covers it, without its complete CRL"
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
        }
    }

    /// The more telling of two gaps: a CRL that was found but unusable says more than none.
    var rank: Int {
        switch self {
        case .noCRL: return 0
        case .reasonsNotCovered: return 1
        case .deltaWithoutBase: return 2
        case .crlOutOfDate: return 3
        case .crlUnrecognisedCriticalExtension: return 4
        case .crlSignerNotFound: return 5
        }
    }
}
