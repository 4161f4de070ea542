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
    /// Trust anchors are held to the construction rules every root of the
    /// Mozilla bundle meets (`ConformanceRule.anchor`: key identifiers not
    /// critical and consistent, basicConstraints present, nameConstraints
    /// critical). Strict only: Chromium and §6.1.1(d) take an anchor as a
    /// name and a key.
    public var appliesAnchorConstructionRules = false
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

    /// Every rule (the default).
    public static let strict: ValidationProfile = {
        var profile = ValidationProfile(
            name: "strict", acceptsAnyExtendedKeyUsageInLeaf: false, acceptsCALeaf: false, acceptsMissingAuthorityKeyIdentifier: false,
            acceptsNonPositiveSerialNumber: false, checksAnchorValidity: true, acceptsNonCriticalBasicConstraints: false)
        profile.appliesAnchorConstructionRules = true
        return profile
    }()

    /// Chromium's verifier as it behaves by default: the six leniencies it
    /// has in practice (each switch's comment says where).
    public static let chromium = ValidationProfile(
        name: "chromium", acceptsAnyExtendedKeyUsageInLeaf: true, acceptsCALeaf: true, acceptsMissingAuthorityKeyIdentifier: true,
        acceptsNonPositiveSerialNumber: true, checksAnchorValidity: false, acceptsNonCriticalBasicConstraints: true)

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
