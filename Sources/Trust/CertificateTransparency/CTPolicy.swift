import PKIX

// Which Certificate Transparency policy a verification applies, and what
// it reads: the log list, and the SCTs that arrived beside the chain. The
// policies' rules are a table (CTRules.swift); what each SCT counts for is
// decided once per path (SCTFinding.swift, CTCheck.swift). docs/ct.md
// cites every rule.

/// A Certificate Transparency policy: whose rules decide that a server
/// certificate carries enough valid SCTs.
public enum CTPolicy: Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// Apple's CT policy (support.apple.com/103214), which SecTrust
    /// enforces beneath AFNetworking and Alamofire.
    case apple
    /// Chrome's CT policy (GoogleChrome/CertificateTransparency, ct_policy.md).
    case chrome

    /// `apple` or `chrome`, as `--require-ct` takes it.
    public var name: String {
        switch self {
        case .apple: return "apple"
        case .chrome: return "chrome"
        }
    }

    /// The name.
    public var description: String { name }

    /// The text that states the policy, which the trace and each of its rules cite.
    var source: StaticString {
        switch self {
        case .apple: return "Apple: Apple's Certificate Transparency policy (support.apple.com/103214)"
        case .chrome: return "Chrome CT Policy (GoogleChrome/CertificateTransparency ct_policy.md)"
        }
    }

    /// The policy of that name; nil for any other.
    package static func named(_ name: String) -> CTPolicy? { allCases.first { $0.name.utf8.elementsEqual(name.utf8) } }

    /// Certificates issued (notBefore) before this instant are not held to
    /// the policy when a profile requires it: Apple enforces CT for
    /// certificates issued after 2018-10-15 (support.apple.com/103214's
    /// announcement); Chrome for those issued from 2018-04-30
    /// (Chrome 68's enforcement date).
    public var enforcedFrom: Int64 {
        switch self {
        case .apple: return 1_539_561_600 // 2018-10-15T00:00:00Z
        case .chrome: return 1_525_046_400 // 2018-04-30T00:00:00Z
        }
    }
}

/// What a verification needs for Certificate Transparency.
public struct CertificateTransparencySettings: Sendable {
    /// A policy every path must meet, whatever its anchor and the profile
    /// (`purex509 --require-ct`); nil: only the profile's
    /// (`ValidationProfile.certificateTransparency`).
    public var required: CTPolicy?
    /// The logs SCTs are checked against. A path that must meet a policy
    /// without a list fails: no SCT can be checked.
    public var logs: CTLogList? {
        get { list }
        set {
            list = newValue
            check = newValue == nil ? nil : .findings
        }
    }
    private var list: CTLogList?
    /// The reading and checking of SCTs, installed with a list: a program
    /// that never gives one never names that code, and a linker that drops
    /// what nothing reaches leaves it out (docs/embedded.md).
    private(set) var check: SCTCheck?

    /// No policy asked for, no list.
    public init(required: CTPolicy? = nil, logs: CTLogList? = nil) {
        self.required = required
        self.logs = logs
    }

    /// No policy and no list, without naming the SCT check: the default
    /// policy's (`VerificationPolicy.certificateTransparency`).
    static var none: CertificateTransparencySettings { CertificateTransparencySettings(unchecked: ()) }

    private init(unchecked: Void) {}
}

/// The SCT findings of a path (CTCheck.swift), as a value the settings hold
/// only when they have a log list.
struct SCTCheck: Sendable {
    let run: @Sendable (inout Evaluation, [PathNode], CTLogList) throws(BudgetExhausted) -> ([SCTFinding], [SCTListError])

    static var findings: SCTCheck {
        SCTCheck { (evaluation, nodes, logs) throws(BudgetExhausted) in try evaluation.sctFindings(nodes, logs) }
    }
}

/// Where an SCT came from (RFC 6962 §3.3).
package enum SCTOrigin: Sendable, Equatable {
    /// The certificate's SCT-list extension: signed over the precertificate.
    case embedded
    /// A stapled OCSP response's SingleResponse extension: signed over the certificate.
    case ocsp
    /// The TLS handshake's signed_certificate_timestamp extension: signed over the certificate.
    case tls

    /// `embedded`, `ocsp` or `tls`.
    package var name: String {
        switch self {
        case .embedded: return "embedded"
        case .ocsp: return "ocsp"
        case .tls: return "tls"
        }
    }
}
