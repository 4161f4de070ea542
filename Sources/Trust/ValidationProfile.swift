/// Which rules a path must meet beyond RFC 5280 §6.1, as named models of
/// the reference verifiers (docs/profiles.md lists every rule, its source
/// and what each profile does with it). A profile is data: a name and one
/// switch per rule that verifiers disagree on.
///
/// - `strict` (the default): RFC 5280 and what the major verifiers agree on.
/// - `chromium` (`compatible` is the same profile): the leniencies Chromium's
///   verifier has in practice, one switch each.
/// - `rfc5280`: §6 path validation alone — none of the rules on how a
///   certificate is made that §6 does not check, as PKITS tests it.
public struct ValidationProfile: Sendable, Equatable {
    /// The profile's name (`strict`, `chromium`, `rfc5280`, or the caller's),
    /// which traces and `purex509 verify --profile all` print.
    public var name: String
    /// The rules of RFC 5280 §4 on how a certificate is made
    /// (`ConformanceRule`) are applied to presented certificates. §6 path
    /// validation checks none of them; `rfc5280` turns them off.
    public var appliesConstructionRules = true
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

    /// Every rule (the default).
    public static let strict = ValidationProfile(
        name: "strict", acceptsAnyExtendedKeyUsageInLeaf: false, acceptsCALeaf: false, acceptsMissingAuthorityKeyIdentifier: false,
        acceptsNonPositiveSerialNumber: false, checksAnchorValidity: true, acceptsNonCriticalBasicConstraints: false)

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
        return profile
    }()

    /// Every named profile, in the order `--profile all` reports them.
    public static let named: [ValidationProfile] = [.strict, .chromium, .rfc5280]

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
