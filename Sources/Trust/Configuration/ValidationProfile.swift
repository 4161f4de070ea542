/// Which rules a path must meet beyond RFC 5280 §6.1, as named models of
/// the reference verifiers (docs/profiles.md lists every rule, its source
/// and what each profile does with it). A profile is data: a name, the
/// rules of the table (`ConformanceRule`) it checks on the leaf, on each
/// intermediate and on the anchor, and one switch per leniency the
/// verifiers disagree on that is not a rule of the table. Every default is
/// the strict behaviour.
///
/// - `strict` (the default): RFC 5280 and what the major verifiers agree on.
/// - `chromium` (`compatible` is the same profile): the leniencies Chromium's
///   verifier has in practice.
/// - `rfc5280`: §6 path validation alone — none of the rules on how a
///   certificate is made that §6 does not check, as PKITS tests it, but
///   nameConstraints only in a CA, which x509-limbo's rfc5280 cases refuse.
/// - `apple`: Apple's SSL policy as SecTrust applies it (iOS 13+, macOS
///   10.15+), what AFNetworking's and Alamofire's evaluations run under.
/// - `cabf`: the CA/Browser Forum's issuance rules, on every certificate.
public struct ValidationProfile: Sendable, Equatable {
    /// The profile's name (`strict`, `chromium`, `rfc5280`, `apple`, `cabf`,
    /// or the caller's), which traces and `purex509 verify --profile all` print.
    public var name: String
    /// The rules checked on the leaf, in this order (those for server
    /// authentication only when that is the purpose; Apple's 398-day rule
    /// once the path's anchor is known).
    public var leafRules: [ConformanceRule] { didSet { anchoredLeafRules = Self.anchored(leafRules) } }
    /// The leaf's rules that wait for the path's anchor, so that a path
    /// under a profile without them pays nothing for the wait.
    private(set) var anchoredLeafRules: [ConformanceRule]
    /// The rules checked on each intermediate, in this order.
    public var intermediateRules: [ConformanceRule]
    /// The rules checked on the anchor's certificate, in this order.
    public var anchorRules: [ConformanceRule]
    /// A rule a leaf breaks is waived when the leaf is itself a trust anchor
    /// (the caller trusts that certificate as it is); `cabf`, a linter's
    /// view, waives nothing, nor does `apple` (SecTrust exempts only a leaf
    /// the user's trust settings trust, which has no counterpart here).
    public var waivesRulesForAnchorLeaf = true
    /// The host is matched against subjectAltName alone, even when
    /// `VerificationPolicy.allowCommonNameFallback` is set (Apple HT210176:
    /// "DNS names in the CommonName of a certificate are no longer trusted");
    /// a mismatch is `hostnameMismatch`.
    public var hostFromSubjectAltNameOnly = false
    /// A presented wildcard whose remainder is a public suffix of
    /// `VerificationPolicy.publicSuffixes` never matches (`*.co.uk` for
    /// `apple.co.uk`): Chromium's `X509Certificate::VerifyHostname`
    /// (net/cert/x509_certificate.cc, registry-controlled domains without
    /// private registries) and Apple's `SecDNSMatch`
    /// (SecPolicyLeafCallbacks.c, `SecDNSIsTLD`) refuse them.
    public var refusesWildcardOverPublicSuffix = false
    /// anyExtendedKeyUsage alone on the leaf satisfies serverAuth and
    /// clientAuth (Chromium and Go accept it; the CA/Browser Forum forbids it).
    public var acceptsAnyExtendedKeyUsageInLeaf = false
    /// A leaf with basicConstraints cA TRUE may be a server's certificate
    /// (Chromium does not refuse it; webpki does).
    public var acceptsCALeaf = false
    /// The anchor certificate's validity dates are checked at the
    /// verification time (RFC 5937 §3 leaves it to the relying party;
    /// Chromium does not check them by default).
    public var checksAnchorValidity = true

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
    /// With `enforcesAnchorConstraints`, the anchor's certificatePolicies,
    /// policyMappings, policyConstraints and inhibitAnyPolicy take part in
    /// policy processing as an intermediate's would (Chromium's
    /// ApplyTrustAnchorConstraints, verify_certificate_chain.cc, which
    /// deviates from RFC 5937 §3.2 on purpose, crbug.com/1403258). Off, the
    /// policy tree starts at anyPolicy below the anchor (RFC 5280 §6.1.2).
    public var processesAnchorPolicies = false
    /// Which RSASSA-PSS parameters a signature may carry (RFC 4055 §3.1
    /// allows any hash, mask and salt): by default a salt as long as the
    /// hash and MGF1 with the same hash (Chromium's signature_algorithm.cc,
    /// ParseRsaPss, accepts only those); `cabf` the BR §7.1.3.2.1 encodings
    /// byte for byte; `rfc5280` any (docs/signatures.md).
    package var pssParameters = PSSParameterRule.saltMatchesHash
    /// The Certificate Transparency policy a server certificate must meet
    /// when its path ends at a system root and it was issued on or after the
    /// policy's date (`CTPolicy.enforcedFrom`); a caller-added anchor is
    /// exempt, as on Apple platforms. `apple` requires Apple's; the others
    /// none (`CertificateTransparencySettings.required` asks on any path).
    public var certificateTransparency: CTPolicy? = nil

    /// Every rule (the default).
    public static let strict = ValidationProfile(
        name: "strict", leafRules: ConformanceRule.presented, intermediateRules: ConformanceRule.issuer,
        anchorRules: ConformanceRule.anchor)

    /// Chromium's verifier as it behaves by default (a TRUSTED_ANCHOR
    /// without enforced constraints or expiry, KeyPurpose SERVER_AUTH), each
    /// rule it does not enforce left out with where it says so.
    public static let chromium: ValidationProfile = {
        let notEnforced: [ConformanceRule] = [
            // Chromium never requires it, and old private CAs omit it.
            .missingAuthorityKeyIdentifier,
            // Chromium only warns; some deployed CAs issued negative serials.
            .serialNumberNotPositive,
            // Its verifier checks keyUsage only in CAs
            // (verify_certificate_chain.cc; target-has-keycertsign-but-not-ca).
            .keyCertSignWithoutCA,
            // ParseBasicConstraints (parse_certificate.cc) reads it without a
            // check; target-has-pathlen-but-not-ca expects the target trusted.
            .pathLengthWithoutCA,
            // verify_certificate_chain.cc reads keyUsage for keyCertSign only;
            // parsed_certificate.cc asks an empty subject only for a critical
            // subjectAltName.
            .emptySubjectWithCRLSign,
            // §6.1 does not check it; Chromium, Go, webpki and PKITS 4.6.4
            // accept such a CA.
            .nonCriticalBasicConstraints,
        ]
        var profile = ValidationProfile(
            name: "chromium", leafRules: ConformanceRule.presented.filter { !notEnforced.contains($0) },
            intermediateRules: ConformanceRule.issuer.filter { !notEnforced.contains($0) }, anchorRules: [])
        profile.acceptsAnyExtendedKeyUsageInLeaf = true
        profile.acceptsCALeaf = true
        profile.refusesWildcardOverPublicSuffix = true
        profile.checksAnchorValidity = false
        profile.enforcesAnchorConstraints = false
        profile.checksServerLeafKeyUsage = false
        // Only reached when a caller enforces anchor constraints, as Chromium's does.
        profile.processesAnchorPolicies = true
        return profile
    }()

    /// The name `chromium` had first; the same profile.
    public static let compatible = chromium

    /// RFC 5280 §6 alone: of §4's construction rules only nameConstraints
    /// in a CA (the one the path-validation suites hold too), the EKU and
    /// CA-leaf rules of the CA/Browser Forum off, and anchors as §6.1.1(d)
    /// gives them (a name and a key, no dates).
    public static let rfc5280: ValidationProfile = {
        var profile = ValidationProfile(
            name: "rfc5280", leafRules: [.nameConstraintsOutsideCA], intermediateRules: [.nameConstraintsOutsideCA], anchorRules: [])
        profile.acceptsAnyExtendedKeyUsageInLeaf = true
        profile.acceptsCALeaf = true
        profile.checksAnchorValidity = false
        // RFC 4055 §3.1 allows any parameters; §6 says nothing more.
        profile.pssParameters = .anyRFC4055
        return profile
    }()

    /// Apple's SSL policy as SecTrust applies it on iOS 13+ and macOS
    /// 10.15+ — its own rule set, not `strict`'s: Apple's rules
    /// (AppleRules.swift) and none of RFC 5280 §4's construction rules,
    /// which SecTrust does not check (no authorityKeyIdentifier or
    /// subjectKeyIdentifier required, serial numbers and key identifiers as
    /// they come). What SecTrust does beyond the rule table, each from
    /// Apple's published Security source (docs/profiles.md cites each):
    ///
    /// - anyExtendedKeyUsage, Microsoft's and Netscape's SGC purposes satisfy
    ///   the generic EKU check (`set_ssl_ekus`); the serverAuth rule then
    ///   decides (`missingServerAuthEKU`);
    /// - a CA certificate may be the leaf, and the leaf's keyUsage is not
    ///   read (SecPolicyCreateSSL adds no NotCA and no key-usage check);
    /// - a v3 anchor above the leaf has basicConstraints with cA
    ///   (`SecPVCParentCertificateChecks`, for every certificate above the leaf);
    /// - nothing is waived for a leaf that is itself an app-supplied anchor;
    /// - a critical nameConstraints extension with a name form SecTrust does
    ///   not process fails (`SecNameConstraintsAreSubtreesSupported`);
    /// - the host from subjectAltName alone, and no wildcard over a public
    ///   suffix (`SecDNSMatch`);
    /// - Apple's Certificate Transparency policy under a system root.
    public static let apple: ValidationProfile = {
        var profile = ValidationProfile(
            name: "apple", leafRules: ConformanceRule.appleLeaf, intermediateRules: ConformanceRule.appleIssuer,
            anchorRules: ConformanceRule.appleAnchor)
        profile.waivesRulesForAnchorLeaf = false
        profile.acceptsAnyExtendedKeyUsageInLeaf = true
        profile.acceptsCALeaf = true
        profile.checksServerLeafKeyUsage = false
        profile.requiresAnchorBasicConstraints = true
        profile.hostFromSubjectAltNameOnly = true
        profile.refusesWildcardOverPublicSuffix = true
        profile.certificateTransparency = .apple
        return profile
    }()

    /// The CA/Browser Forum's issuance rules checked by a verifier, on every
    /// certificate, anchors included and nothing waived: `strict` plus the
    /// subscriber profile (BR §6.3.2, §7.1.2.7) and the root profile (BR
    /// §7.1.2.1). For linting corpora and CA output; some roots of the
    /// system bundle break it (docs/profiles.md).
    public static let cabf: ValidationProfile = {
        var profile = ValidationProfile(
            name: "cabf", leafRules: ConformanceRule.presented + ConformanceRule.subscriber,
            intermediateRules: ConformanceRule.issuer, anchorRules: ConformanceRule.anchor + ConformanceRule.root)
        profile.waivesRulesForAnchorLeaf = false
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

    /// A profile of `name` checking those rules; every leniency as `strict` has it.
    public init(name: String = "custom", leafRules: [ConformanceRule], intermediateRules: [ConformanceRule], anchorRules: [ConformanceRule]) {
        self.name = name
        self.leafRules = leafRules
        self.anchoredLeafRules = Self.anchored(leafRules)
        self.intermediateRules = intermediateRules
        self.anchorRules = anchorRules
    }

    private static func anchored(_ rules: [ConformanceRule]) -> [ConformanceRule] {
        rules.filter { $0.check.needsAnchor }
    }

    /// Whether the profile checks `rule` on any certificate of a path.
    public func applies(_ rule: ConformanceRule) -> Bool {
        leafRules.contains(rule) || intermediateRules.contains(rule) || anchorRules.contains(rule)
    }
}
