/// Which of RFC 5280's rules a path must meet beyond §6.1 (docs/trust.md,
/// "Validation profiles"). `strict`, the default, enforces every rule;
/// `compatible` turns on the six leniencies Chromium's verifier has in
/// practice, one switch each, and differs in nothing else.
public struct ValidationProfile: Sendable, Equatable {
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
    public static let strict = ValidationProfile(
        acceptsAnyExtendedKeyUsageInLeaf: false, acceptsCALeaf: false, acceptsMissingAuthorityKeyIdentifier: false,
        acceptsNonPositiveSerialNumber: false, checksAnchorValidity: true, acceptsNonCriticalBasicConstraints: false)

    /// What browsers accept in practice.
    public static let compatible = ValidationProfile(
        acceptsAnyExtendedKeyUsageInLeaf: true, acceptsCALeaf: true, acceptsMissingAuthorityKeyIdentifier: true,
        acceptsNonPositiveSerialNumber: true, checksAnchorValidity: false, acceptsNonCriticalBasicConstraints: true)

    /// Each leniency set explicitly; `.strict` and `.compatible` are the usual choices.
    public init(
        acceptsAnyExtendedKeyUsageInLeaf: Bool, acceptsCALeaf: Bool, acceptsMissingAuthorityKeyIdentifier: Bool,
        acceptsNonPositiveSerialNumber: Bool, checksAnchorValidity: Bool, acceptsNonCriticalBasicConstraints: Bool
    ) {
        self.acceptsAnyExtendedKeyUsageInLeaf = acceptsAnyExtendedKeyUsageInLeaf
        self.acceptsCALeaf = acceptsCALeaf
        self.acceptsMissingAuthorityKeyIdentifier = acceptsMissingAuthorityKeyIdentifier
        self.acceptsNonPositiveSerialNumber = acceptsNonPositiveSerialNumber
        self.checksAnchorValidity = checksAnchorValidity
        self.acceptsNonCriticalBasicConstraints = acceptsNonCriticalBasicConstraints
    }
}
