import DER

/// RFC 5280 §5.3.1 CRLReason. 7 is not used.
public enum CRLReason: Int, Sendable, Equatable, CaseIterable {
    /// Codes 0–4: no reason given; the subject's key compromised; a CA's key compromised; the subject's affiliation changed; the certificate replaced.
    case unspecified = 0, keyCompromise = 1, cACompromise = 2, affiliationChanged = 3, superseded = 4
    /// Codes 5, 6, 8–10: no longer needed; suspended; taken off hold (delta CRLs only); a privilege withdrawn; an attribute authority's key compromised.
    case cessationOfOperation = 5, certificateHold = 6, removeFromCRL = 8, privilegeWithdrawn = 9, aACompromise = 10

    /// The reason's ASN.1 identifier (`keyCompromise`, …), for display.
    public var name: String {
        switch self {
        case .unspecified: return "unspecified"
        case .keyCompromise: return "keyCompromise"
        case .cACompromise: return "cACompromise"
        case .affiliationChanged: return "affiliationChanged"
        case .superseded: return "superseded"
        case .cessationOfOperation: return "cessationOfOperation"
        case .certificateHold: return "certificateHold"
        case .removeFromCRL: return "removeFromCRL"
        case .privilegeWithdrawn: return "privilegeWithdrawn"
        case .aACompromise: return "aACompromise"
        }
    }
}

/// RFC 5280 §4.2.1.13 ReasonFlags: the reasons a distribution point covers.
/// Bit n (in X.690 order, the first bit is 0) is `1 << n`.
package struct ReasonFlags: OptionSet, Sendable, Equatable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bit 0, which RFC 5280 leaves unused; `allReasons` leaves it out.
    package static let unused = ReasonFlags(rawValue: 1 << 0)
    /// Bit 1: the subject's key was compromised.
    package static let keyCompromise = ReasonFlags(rawValue: 1 << 1)
    /// Bit 2: a CA's key was compromised.
    package static let cACompromise = ReasonFlags(rawValue: 1 << 2)
    /// Bit 3: the subject's name or other details changed.
    package static let affiliationChanged = ReasonFlags(rawValue: 1 << 3)
    /// Bit 4: the certificate was replaced.
    package static let superseded = ReasonFlags(rawValue: 1 << 4)
    /// Bit 5: the certificate is no longer needed for its purpose.
    package static let cessationOfOperation = ReasonFlags(rawValue: 1 << 5)
    /// Bit 6: the certificate is suspended, possibly for a time only.
    package static let certificateHold = ReasonFlags(rawValue: 1 << 6)
    /// Bit 7: a privilege the certificate granted was withdrawn.
    package static let privilegeWithdrawn = ReasonFlags(rawValue: 1 << 7)
    /// Bit 8: an attribute authority's key was compromised.
    package static let aACompromise = ReasonFlags(rawValue: 1 << 8)
    /// Every reason but the unused bit: what a CRL without onlySomeReasons covers.
    package static let allReasons = ReasonFlags(rawValue: 0x1FE)
}

/// RFC 5280 §5.2.5 issuingDistributionPoint.
package struct IssuingDistributionPoint: Sendable, Equatable {
    /// The extension value's TLV: two CRLs have the same scope when these bytes are equal.
    package let encoded: ArraySlice<UInt8>
    /// `fullName`: the content of the GeneralNames.
    package let fullName: ArraySlice<UInt8>?
    /// `nameRelativeToCRLIssuer`: the RelativeDistinguishedName SET TLV
    /// (its tag is the implicit [1]).
    package let relativeName: ArraySlice<UInt8>?
    /// The CRL covers end-entity certificates only.
    package let onlyContainsUserCerts: Bool
    /// The CRL covers CA certificates only.
    package let onlyContainsCACerts: Bool
    /// The reasons the CRL covers; nil when it covers all of them.
    package let onlySomeReasons: ReasonFlags?
    /// The CRL may list certificates of other issuers, named by each entry's certificateIssuer (§5.3.3).
    package let indirectCRL: Bool
    /// The CRL covers attribute certificates only, so it decides nothing for public-key certificates.
    package let onlyContainsAttributeCerts: Bool

    /// Where a parse found the point's parts; the flags as read.
    struct Location: Sendable {
        let encoded: Range<Int>
        let fullName: Range<Int>?
        let relativeName: Range<Int>?
        let onlyContainsUserCerts: Bool
        let onlyContainsCACerts: Bool
        let onlySomeReasons: ReasonFlags?
        let indirectCRL: Bool
        let onlyContainsAttributeCerts: Bool

        func view(in der: [UInt8]) -> IssuingDistributionPoint {
            IssuingDistributionPoint(
                encoded: der[encoded], fullName: fullName.map { der[$0] }, relativeName: relativeName.map { der[$0] },
                onlyContainsUserCerts: onlyContainsUserCerts, onlyContainsCACerts: onlyContainsCACerts,
                onlySomeReasons: onlySomeReasons, indirectCRL: indirectCRL, onlyContainsAttributeCerts: onlyContainsAttributeCerts)
        }
    }
}

/// The extensions of a CRL (§5.2) this library knows, each kept once, with
/// the bytes of the CRL that holds them, and whether an unknown one is
/// critical (then the CRL must not be used, §5.2).
package struct CRLExtensions: Sendable {
    /// The CRL's storage: a view is one retain, not a copy of every slot.
    let storage: CertificateList.Storage
    var der: [UInt8] { storage.der }
    var layout: CRLExtensionLayout { storage.extensions }

    /// cRLNumber's INTEGER content (§5.2.3).
    package var crlNumber: ArraySlice<UInt8>? { layout.crlNumber.map { der[$0] } }
    /// deltaCRLIndicator's BaseCRLNumber content (§5.2.4): a delta CRL.
    package var deltaCRLIndicator: ArraySlice<UInt8>? { layout.deltaCRLIndicator.map { der[$0] } }
    /// issuingDistributionPoint (§5.2.5): which certificates and reasons the CRL covers; nil when absent.
    package var issuingDistributionPoint: IssuingDistributionPoint? { layout.issuingDistributionPoint?.view(in: der) }
    /// authorityKeyIdentifier (§5.2.1): which of the issuer's keys signed the CRL.
    package var authorityKeyIdentifier: AuthorityKeyIdentifier? { layout.authorityKeyIdentifier?.view(in: der) }
    /// issuerAltName (§5.2.2); `list` is the GeneralNames content.
    package var issuerAlternativeName: ListExtension? { layout.issuerAlternativeName?.list(in: der) }
    /// freshestCRL (§5.2.6): where delta CRLs are published, kept raw.
    package var freshestCRL: ExtensionSlot? { layout.freshestCRL?.slot(in: der) }
    /// authorityInfoAccess (§5.2.7), kept raw.
    package var authorityInformationAccess: ExtensionSlot? { layout.authorityInformationAccess?.slot(in: der) }
    /// Whether a CRL extension this library does not process is critical; entry extensions count only in `CertificateList.hasUnrecognisedCriticalExtension`.
    package var hasUnrecognisedCriticalExtension: Bool { layout.hasUnrecognisedCriticalExtension }
}

/// Where a CRL's parse found the extensions it knows; `CRLExtensions` is the public view.
struct CRLExtensionLayout: Sendable {
    var list: Range<Int>? = nil
    var crlNumber: Range<Int>? = nil
    var deltaCRLIndicator: Range<Int>? = nil
    var issuingDistributionPoint: IssuingDistributionPoint.Location? = nil
    var authorityKeyIdentifier: AuthorityKeyIdentifier.Location? = nil
    var issuerAlternativeName: ExtensionLocation? = nil
    var freshestCRL: ExtensionLocation? = nil
    var authorityInformationAccess: ExtensionLocation? = nil
    var hasUnrecognisedCriticalExtension = false
}

/// One revokedCertificates entry (§5.1.2.6, §5.3), decoded when asked for.
public struct RevokedCertificate: Sendable, Equatable {
    /// The entry's SEQUENCE TLV.
    package let encoded: ArraySlice<UInt8>
    /// userCertificate.
    package let serialNumber: SerialNumber
    /// Seconds since 1970-01-01T00:00:00Z.
    package let revocationDate: Int64
    /// reasonCode (§5.3.1); nil when absent (read as unspecified).
    public let reason: CRLReason?
    /// invalidityDate (§5.3.2).
    package let invalidityDate: Int64?
    /// The GeneralNames content of the certificateIssuer that governs this
    /// entry (§5.3.3: its own, else the nearest earlier entry's); nil means
    /// the CRL issuer.
    package let certificateIssuer: ArraySlice<UInt8>?
}
