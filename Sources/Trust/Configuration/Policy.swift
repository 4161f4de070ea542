import DER
import PKIX

/// What a chain is checked for, and the work it may cost.
public struct VerificationPolicy: Sendable {
    /// The extended key usage the leaf, and every issuer that lists one, must allow (RFC 5280 §4.2.1.12).
    public enum Purpose: Sendable, Equatable {
        /// id-kp-serverAuth, with the leaf-not-a-CA and key-usage rules of a TLS server.
        case serverAuth
        /// id-kp-clientAuth, for a TLS client's certificate.
        case clientAuth
        /// No extendedKeyUsage requirement.
        case any
    }

    /// Seconds since 1970; every certificate but the anchor must be valid then.
    public var time: Int64
    /// What the chain must be good for; server authentication by default.
    public var purpose: Purpose = .serverAuth
    /// The name the leaf must carry, when one is given.
    public var identity: ServerIdentity? = nil
    /// Which issuer keys may sign, on every edge: RSA modulus minimum, curves.
    public var keys = KeyPolicy()
    /// Accept SHA-1 RSA signatures (never MD5). Off: SHA-1 collisions are practical.
    public var allowSHA1 = false { didSet { sha1 = allowSHA1 ? .allowed : nil } }
    /// SHA-1's arithmetic, installed only while `allowSHA1` is true.
    private(set) var sha1: SHA1Verification? = nil
    /// Legacy opt-in: when the leaf has no dNSName at all, match a DNS
    /// reference against the subject's Common Names. Off by default, as
    /// RFC 9525 §6.3 and every current browser require.
    public var allowCommonNameFallback = false
    /// The public suffixes a presented wildcard may not stand over
    /// (`*.co.uk` never matches `apple.co.uk`) under a profile that refuses
    /// such wildcards (`ValidationProfile.refusesWildcardOverPublicSuffix`):
    /// the Public Suffix List's ICANN section, as Chromium reads it. The
    /// core ships no list; the default is the list's default rule alone
    /// (every single label is a suffix, which every profile refuses anyway),
    /// and the tool passes the list it carries.
    public var publicSuffixes = PublicSuffixList.topLevelOnly
    /// The four inputs of RFC 5280 §6.1.1 (c), (e), (f), (g) for
    /// certificate-policy processing; the defaults accept any policy.
    public var certificatePolicies: CertificatePolicyInputs
    /// Which rules beyond RFC 5280 §6.1 apply, as a named verifier's:
    /// `.strict` (the default), `.chromium`, `.rfc5280`, `.apple`, `.cabf`
    /// (ValidationProfile).
    public var profile = ValidationProfile.strict { didSet { installTransparencyCheck() } }
    /// Revocation checking against the CRLs in `Verifier.revocationSources`;
    /// off by default.
    public var revocation = RevocationPolicy.off
    /// Work limits for one evaluation; `Budgets` gives each default and its source.
    public var budgets = Budgets()
    /// The Certificate Transparency policy asked for beyond the profile's,
    /// and the log list SCTs are checked against.
    public var certificateTransparency = CertificateTransparencySettings.none { didSet { installTransparencyCheck() } }
    /// The CT check, installed only once the profile or the caller asks for
    /// a CT policy: a program that never does links none of its rules.
    private(set) var transparencyCheck: TransparencyCheck? = nil

    /// The other settings start at their defaults: strict profile, 2048-bit RSA
    /// minimum, no SHA-1, no Common Name fallback, no revocation checking.
    /// `certificatePolicies` is an argument so that its default is named by
    /// the caller: a program that passes `.withoutPolicyGraph` never names
    /// the policy graph, and its linker leaves it out (docs/embedded.md).
    public init(time: Int64, purpose: Purpose = .serverAuth, identity: ServerIdentity? = nil,
                certificatePolicies: CertificatePolicyInputs = CertificatePolicyInputs()) {
        self.time = time
        self.purpose = purpose
        self.identity = identity
        self.certificatePolicies = certificatePolicies
    }

    private mutating func installTransparencyCheck() {
        transparencyCheck = profile.certificateTransparency == nil && certificateTransparency.required == nil ? nil : .rules
    }
}

/// RFC 5280 §6.1.1's policy inputs.
public struct CertificatePolicyInputs: Sendable, Equatable {
    /// user-initial-policy-set: the policies the caller accepts;
    /// `[.anyPolicy]` (the default) accepts any.
    public var initialPolicySet: [OID] = [.anyPolicy] { didSet { graph = .rfc5280 } }
    /// initial-explicit-policy: the path must be valid for at least one
    /// policy of `initialPolicySet`.
    public var requireExplicitPolicy = false { didSet { graph = .rfc5280 } }
    /// initial-policy-mapping-inhibit.
    public var inhibitPolicyMapping = false { didSet { graph = .rfc5280 } }
    /// initial-any-policy-inhibit.
    public var inhibitAnyPolicy = false { didSet { graph = .rfc5280 } }
    /// The valid-policy graph, installed by `init()` and by setting any
    /// input; nil only in `withoutPolicyGraph`.
    private(set) var graph: PolicyGraphCheck?

    /// Any policy accepted, nothing required or inhibited.
    public init() { graph = .rfc5280 }

    private init(graph: PolicyGraphCheck?) { self.graph = graph }

    /// The default inputs without the valid-policy graph, for a program that
    /// must be small (docs/embedded.md): the path's verdict is the graph's
    /// wherever it does not depend on which policies are valid, which is
    /// every path unless a policyConstraints extension requires an explicit
    /// policy. Such a path is decided without the graph when a certificate
    /// below the requirement has no certificatePolicies (no policy can be
    /// valid: `PolicyFailure.noAcceptablePolicy`, as with the graph), and
    /// refused otherwise (`PolicyFailure.notProcessed`). Duplicate
    /// policies, unknown critical qualifiers and mappings of anyPolicy are
    /// refused as always. `VerifiedChain.userConstrainedPolicies` stays
    /// empty, and no graph budget is spent. Setting any input installs the
    /// graph again.
    public static var withoutPolicyGraph: CertificatePolicyInputs { CertificatePolicyInputs(graph: nil) }
}

/// RFC 5280's certificate-policy processing on the valid-policy graph
/// (PolicyProcessing.swift), held by the inputs that ask for it.
struct PolicyGraphCheck: Sendable, Equatable {
    let run: @Sendable (inout Evaluation, [Certificate], Meter) throws(BudgetExhausted) -> Result<[OID], TrustFailure>

    static var rfc5280: PolicyGraphCheck {
        PolicyGraphCheck { (evaluation, certificates, meter) throws(BudgetExhausted) in
            try evaluation.processPolicyGraph(certificates, meter: meter)
        }
    }

    /// There is one graph; inputs differ by holding it or not.
    static func == (a: PolicyGraphCheck, b: PolicyGraphCheck) -> Bool { true }
}

/// Bounds on the work one evaluation may do: part of the API, so a caller
/// sets what a hostile chain may cost.
public struct Budgets: Sendable, Equatable {
    /// Signature verifications, as Go's `maxChainSignatureChecks` and
    /// webpki's default: 100 covers any real chain many times over, and
    /// bounds what a server's decoy intermediates can cost.
    public var signatureChecks = 100
    /// The same checks weighted by cost, in units of one RSA-2048 or P-256
    /// verification (`VerificationKey.cost`): a P-521 check costs 8, an
    /// RSA-16384 check 64. Counting alone would let an attacker who picks
    /// the slowest keys make 100 checks cost 30 times more; 400 units bound
    /// the worst case near 40 ms here (docs/benchmarks.md) and leave any
    /// real chain (two or three checks) far below.
    public var signatureWork = 400
    /// Candidate issuers considered (webpki counts `build_chain_inner`
    /// calls with a limit of 200,000; decoys are cut by the signature
    /// budget long before this).
    public var pathBuildingSteps = 200_000
    /// Name comparisons under name constraints (webpki: 250,000).
    public var nameConstraintComparisons = 250_000
    /// Intermediates in a path, between the leaf and the anchor. The Web
    /// PKI uses at most three or four; eight leaves room for private
    /// hierarchies (webpki allows six, Go and OpenSSL more).
    public var maximumIntermediates = 8
    /// Nodes and parent links of the valid-policy graph for one path
    /// (Trust/PolicyProcessing.swift). The graph keeps one node per policy
    /// per depth, so it grows with the size of the certificates, not
    /// exponentially as the RFC's tree can (OpenSSL's CVE-2023-0464); a
    /// real path needs a few dozen.
    public var policyGraph = 20_000
    /// Steps `Verifier.explain` keeps (the rest are counted, not kept).
    /// A real chain's trace has 40–100 steps; this bounds what a hostile
    /// chain's trace costs (about 100 bytes a step).
    public var traceSteps = 10_000

    /// The defaults above, each with its source.
    public init() {}
}
