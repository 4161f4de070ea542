/// Which rules a path must meet beyond RFC 5280 §6.1, as named models of
/// the reference verifiers (docs/profiles.md lists every rule, its source
/// and what each profile does with it). A profile is data: a name and one
/// switch per rule that verifiers disagree on.
///
/// - `strict` (the default): RFC 5280 and what the major verifiers agree on.
/// - `chromium` (`compatible` is the same profile): the leniencies Chromium's
///   verifier has in practice, one switch each.
/// - `rfc5280`: §6 path validation alone — none of the rules on how a
///   certificate is made that §6 does not check, as PKITS tests it, but
///   nameConstraints only in a CA, which x509-limbo's rfc5280 cases refuse.
/// - `apple`: Apple's SSL policy as SecTrust applies it (iOS 13+, macOS
///   10.15+), what AFNetworking's and Alamofire's evaluations run under.
public struct ValidationProfile: Sendable, Equatable {
    /// The profile's name (`strict`, `chromium`, `rfc5280`, `apple`, or the caller's),
    /// which traces and `purex509 verify --profile all` print.
    public var name: String
    /// The rules of RFC 5280 §4 on how a certificate is made
    /// (`ConformanceRule`) are applied to presented certificates. §6 path
    /// validation checks none of them; `rfc5280` turns them off, all but
    /// those the path-validation suites hold too
    /// (`ConformanceRule.holdsUnderEveryProfile`).
    public var appliesConstructionRules = true
    /// Trust anchors are held to the construction rules every root of the
    /// Mozilla bundle meets (`ConformanceRule.anchor`: key identifiers not
    /// critical and consistent, basicConstraints present, nameConstraints
    /// critical). Strict only: Chromium and §6.1.1(d) take an anchor as a
    /// name and a key.
    public var appliesAnchorConstructionRules = false
    /// A rule a leaf breaks is waived when the leaf is itself a trust anchor
    /// (the caller trusts that certificate as it is); `cabf`, a linter's
    /// view, waives nothing.
    public var waivesRulesForAnchorLeaf = true
    /// A serverAuth leaf is held to the CA/B Forum subscriber profile
    /// (`ConformanceRule.subscriber`: BR §7.1.2.7 extendedKeyUsage and
    /// subjectAltName rules, §6.3.2 validity limits by issuance date).
    public var appliesSubscriberProfile = false
    /// The anchor is held to the CA/B Forum root profile
    /// (`ConformanceRule.root`: BR §7.1.2.1 — no extendedKeyUsage,
    /// basicConstraints critical, subjectKeyIdentifier present, AKI a
    /// keyIdentifier only — and §7.1's positive serial).
    public var appliesRootProfile = false

    // Apple's SSL policy, as SecTrust applies it beneath AFNetworking's and
    // Alamofire's evaluations (iOS 13+, macOS 10.15+): the `apple` profile
    // sets these six; every other profile leaves them off. Sources (cited
    // as in `AppleRule.source`): Apple support HT210176, "Requirements for
    // trusted certificates in iOS 13 and macOS 10.15", and HT211025, "About
    // upcoming limits on trusted certificates". Each applies to server
    // authentication (`VerificationPolicy.purpose == .serverAuth`, Apple's
    // SSL policy) only; docs/profiles.md marks what is inferred.
    /// Every certificate but the anchor is signed with a SHA-2 hash, even
    /// when `VerificationPolicy.allowSHA1` is set (HT210176: "TLS server
    /// certificates and issuing CAs must use a hash algorithm from the
    /// SHA-2 family in the signature algorithm").
    public var requiresSHA2Signatures = false
    /// The leaf's, every intermediate's and the anchor's RSA key has at
    /// least 2048 bits, whatever `VerificationPolicy.keys` allows
    /// (HT210176: "TLS server certificates and issuing CAs using RSA keys
    /// must use key sizes greater than or equal to 2048 bits").
    public var requiresRSA2048Keys = false
    /// The host is matched against subjectAltName alone, even when
    /// `VerificationPolicy.allowCommonNameFallback` is set (HT210176: "DNS
    /// names in the CommonName of a certificate are no longer trusted").
    public var hostFromSubjectAltNameOnly = false
    /// A leaf issued (notBefore) on or after 2019-07-01 carries
    /// extendedKeyUsage with id-kp-serverAuth (HT210176).
    public var requiresServerAuthEKUSince2019 = false
    /// A leaf issued (notBefore) on or after 2019-07-01 is valid for at
    /// most 825 days, whatever its anchor (HT210176).
    public var limitsValidityTo825DaysSince2019 = false
    /// A leaf issued (notBefore) on or after 2020-09-01 whose path ends in
    /// a system root (`TrustStore.Provenance.system`) is valid for at most
    /// 398 days; caller-added anchors are exempt (HT211025).
    public var limitsValidityTo398DaysSince2020 = false
    /// anyExtendedKeyUsage alone on the leaf satisfies serverAuth and
    /// clientAuth (Chromium and Go accept it; the CA/Browser Forum forbids it).
    public var acceptsAnyExtendedKeyUsageInLeaf: Bool
    /// A leaf with basicConstraints cA TRUE may be a server's certificate
    /// (Chromium does not refuse it; webpki does).
    public var acceptsCALeaf: Bool
    /// A certificate that is not self-signed may lack authorityKeyIdentifier
    /// or its keyIdentifier (§4.2.1.1; Chromium never requires it, and old
    /// private CAs omit it).
    public var acceptsMissingAuthorityKeyIdentifier: Bool
    /// A serial number of zero or below (§4.1.2.2 asks for a positive one;
    /// Chromium only warns, and some deployed CAs issued negative ones).
    public var acceptsNonPositiveSerialNumber: Bool
    /// The anchor certificate's validity dates are checked at the
    /// verification time (RFC 5937 §3 leaves it to the relying party;
    /// Chromium does not check them by default).
    public var checksAnchorValidity: Bool
    /// An intermediate whose basicConstraints (cA TRUE) is not marked
    /// critical may sign (§4.2.1.9 asks CAs to mark it critical, but §6.1
    /// path validation does not check it; Chromium, Go, webpki and PKITS
    /// 4.6.4 accept such a CA).
    public var acceptsNonCriticalBasicConstraints: Bool

    // Chromium's verifier (issue 30 item 2): each switch's default is the
    // strict behaviour; `.chromium` sets them as Chromium's defaults are, and
    // Tests/TrustTests/ChromiumVerifyChainTests.swift turns on the ones its
    // trust types and key purposes ask for.

    /// What the anchor certificate carries binds the path (RFC 5937 §3):
    /// its critical extensions, basicConstraints cA and pathLenConstraint,
    /// keyUsage keyCertSign, extendedKeyUsage, nameConstraints and
    /// certificate policies. Off, the anchor is a name and a key, as
    /// Chromium treats a TRUSTED_ANCHOR unless its CertificateTrust has
    /// `enforce_anchor_constraints` (trust_store.h; ApplyTrustAnchorConstraints
    /// in verify_certificate_chain.cc).
    public var enforcesAnchorConstraints = true
    /// With `enforcesAnchorConstraints`, a v3 anchor without basicConstraints
    /// is refused (Chromium's `require_anchor_basic_constraints`,
    /// trust_store.h; ProcessRootCertificate in verify_certificate_chain.cc).
    /// Off, such an anchor is a name and a key (a v1 root).
    public var requiresAnchorBasicConstraints = false
    /// How far Chromium's strict extended-key-usage rules reach
    /// (KeyPurpose SERVER_AUTH_STRICT / _STRICT_LEAF, VerifyExtendedKeyUsage
    /// in verify_certificate_chain.cc): the leaf must list the purpose itself
    /// (not anyExtendedKeyUsage, not an absent extension) and neither
    /// codeSigning, OCSPSigning nor timeStamping, and must not be a CA; the
    /// leaf's issuer, when it lists purposes, lists this one itself; CAs above
    /// it list purposes, this one or anyExtendedKeyUsage. `.none`: the rules
    /// of the profile's other switches alone.
    public var extendedKeyUsageStrictness = ExtendedKeyUsageStrictness.none
    /// The TLS server leaf's keyUsage, when present, asserts digitalSignature
    /// or keyEncipherment (RFC 5280 §4.2.1.3 with TLS's key uses). Chromium's
    /// path verifier does not look at a target's keyUsage for serverAuth
    /// (verify_certificate_chain.cc checks keyUsage only for CAs; test
    /// target-serverauth-various-keyusages accepts keyAgreement- and
    /// decipherOnly-only leaves).
    public var checksServerLeafKeyUsage = true
    /// keyCertSign asserted by a certificate without basicConstraints cA
    /// TRUE is accepted (RFC 5280 §4.2.1.3 forbids it). Chromium's verifier
    /// checks keyUsage only in CAs (verify_certificate_chain.cc; test
    /// target-has-keycertsign-but-not-ca accepts such a target).
    public var acceptsKeyCertSignWithoutCA = false
    /// With `enforcesAnchorConstraints`, the anchor's certificatePolicies,
    /// policyMappings, policyConstraints and inhibitAnyPolicy take part in
    /// policy processing as an intermediate's would (Chromium's
    /// ApplyTrustAnchorConstraints, verify_certificate_chain.cc, which
    /// deviates from RFC 5937 §3.2 on purpose, crbug.com/1403258). Off, the
    /// policy tree starts at anyPolicy below the anchor (RFC 5280 §6.1.2).
    public var processesAnchorPolicies = false
    /// A pathLenConstraint in basicConstraints whose cA is FALSE is
    /// accepted (RFC 5280 §4.2.1.9: "CAs MUST NOT include the
    /// pathLenConstraint field unless the cA boolean is asserted").
    /// Chromium parses it without a check (ParseBasicConstraints in
    /// parse_certificate.cc), and its test target-has-pathlen-but-not-ca
    /// expects such a target trusted.
    public var acceptsPathLengthWithoutCA = false
    /// An empty subject in a certificate whose keyUsage asserts cRLSign is
    /// accepted (RFC 5280 §4.1.2.6 requires a CRL issuer's subject to be a
    /// non-empty name). Chromium's verifier never reads cRLSign
    /// (verify_certificate_chain.cc checks keyUsage for keyCertSign only;
    /// parsed_certificate.cc asks only that an empty subject come with a
    /// critical subjectAltName).
    public var acceptsEmptySubjectWithCRLSign = false
    /// Which RSASSA-PSS parameters a signature may carry (RFC 4055 §3.1
    /// allows any hash, mask and salt): by default a salt as long as the
    /// hash and MGF1 with the same hash (Chromium's signature_algorithm.cc,
    /// ParseRsaPss, accepts only those); `cabf` the BR §7.1.3.2.1 encodings
    /// byte for byte; `rfc5280` any (docs/signatures.md).
    public var pssParameters = PSSParameterRule.saltMatchesHash

    /// Every rule (the default).
    public static let strict: ValidationProfile = {
        var profile = ValidationProfile(
            name: "strict", acceptsAnyExtendedKeyUsageInLeaf: false, acceptsCALeaf: false, acceptsMissingAuthorityKeyIdentifier: false,
            acceptsNonPositiveSerialNumber: false, checksAnchorValidity: true, acceptsNonCriticalBasicConstraints: false)
        profile.appliesAnchorConstructionRules = true
        return profile
    }()

    /// Chromium's verifier as it behaves by default (a TRUSTED_ANCHOR
    /// without enforced constraints or expiry, KeyPurpose SERVER_AUTH): the
    /// leniencies it has in practice (each switch's comment says where).
    public static let chromium: ValidationProfile = {
        var profile = ValidationProfile(
            name: "chromium", acceptsAnyExtendedKeyUsageInLeaf: true, acceptsCALeaf: true, acceptsMissingAuthorityKeyIdentifier: true,
            acceptsNonPositiveSerialNumber: true, checksAnchorValidity: false, acceptsNonCriticalBasicConstraints: true)
        profile.enforcesAnchorConstraints = false
        profile.checksServerLeafKeyUsage = false
        profile.acceptsKeyCertSignWithoutCA = true
        profile.acceptsPathLengthWithoutCA = true
        profile.acceptsEmptySubjectWithCRLSign = true
        // Only reached when a caller enforces anchor constraints, as Chromium's does.
        profile.processesAnchorPolicies = true
        return profile
    }()

    /// The name `chromium` had first; the same profile.
    public static let compatible = chromium

    /// RFC 5280 §6 alone: no construction rule of §4 that §6 does not
    /// check, the EKU and CA-leaf rules of the CA/Browser Forum off, and
    /// anchors as §6.1.1(d) gives them (a name and a key, no dates).
    public static let rfc5280: ValidationProfile = {
        var profile = ValidationProfile(
            name: "rfc5280", acceptsAnyExtendedKeyUsageInLeaf: true, acceptsCALeaf: true, acceptsMissingAuthorityKeyIdentifier: true,
            acceptsNonPositiveSerialNumber: true, checksAnchorValidity: false, acceptsNonCriticalBasicConstraints: true)
        profile.appliesConstructionRules = false
        // RFC 4055 §3.1 allows any parameters; §6 says nothing more.
        profile.pssParameters = .anyRFC4055
        return profile
    }()

    /// Apple's SSL policy as SecTrust applies it on iOS 13+ and macOS
    /// 10.15+ (the six switches of HT210176 and HT211025 above), on top of
    /// `strict`: Apple's own treatment of the rules the other switches
    /// cover is not modelled (docs/profiles.md).
    public static let apple: ValidationProfile = {
        var profile = ValidationProfile.strict
        profile.name = "apple"
        profile.requiresSHA2Signatures = true
        profile.requiresRSA2048Keys = true
        profile.hostFromSubjectAltNameOnly = true
        profile.requiresServerAuthEKUSince2019 = true
        profile.limitsValidityTo825DaysSince2019 = true
        profile.limitsValidityTo398DaysSince2020 = true
        // SecTrust takes an anchor as the app or the system gives it: the
        // strict rules on how an anchor is made are not Apple's (inferred).
        profile.appliesAnchorConstructionRules = false
        return profile
    }()

    /// The CA/Browser Forum's issuance rules checked by a verifier, on every
    /// certificate, anchors included and nothing waived: `strict` plus the
    /// subscriber profile (BR §6.3.2, §7.1.2.7) and the root profile (BR
    /// §7.1.2.1). For linting corpora and CA output; some roots of the
    /// system bundle break it (docs/profiles.md).
    public static let cabf: ValidationProfile = {
        var profile = ValidationProfile.strict
        profile.name = "cabf"
        profile.waivesRulesForAnchorLeaf = false
        profile.appliesSubscriberProfile = true
        profile.appliesRootProfile = true
        profile.pssParameters = .baselineRequirementsEncodings
        return profile
    }()

    /// Every named profile, in the order `--profile all` reports them.
    public static let named: [ValidationProfile] = [.strict, .chromium, .rfc5280, .apple, .cabf]

    /// How far Chromium's strict extended-key-usage rules reach
    /// (`extendedKeyUsageStrictness`).
    public enum ExtendedKeyUsageStrictness: Sendable, Equatable {
        /// Not applied.
        case none
        /// The leaf's rules only (KeyPurpose *_STRICT_LEAF).
        case leaf
        /// Every certificate's (KeyPurpose *_STRICT).
        case everyCertificate
    }

    /// The profile of that name (`compatible` is `chromium`); nil for any other.
    public static func named(_ name: String) -> ValidationProfile? {
        name == "compatible" ? .chromium : named.first { $0.name == name }
    }

    /// Each leniency set explicitly; the named profiles are the usual choices.
    public init(
        name: String = "custom",
        acceptsAnyExtendedKeyUsageInLeaf: Bool, acceptsCALeaf: Bool, acceptsMissingAuthorityKeyIdentifier: Bool,
        acceptsNonPositiveSerialNumber: Bool, checksAnchorValidity: Bool, acceptsNonCriticalBasicConstraints: Bool
    ) {
        self.name = name
        self.acceptsAnyExtendedKeyUsageInLeaf = acceptsAnyExtendedKeyUsageInLeaf
        self.acceptsCALeaf = acceptsCALeaf
        self.acceptsMissingAuthorityKeyIdentifier = acceptsMissingAuthorityKeyIdentifier
        self.acceptsNonPositiveSerialNumber = acceptsNonPositiveSerialNumber
        self.checksAnchorValidity = checksAnchorValidity
        self.acceptsNonCriticalBasicConstraints = acceptsNonCriticalBasicConstraints
    }
}
