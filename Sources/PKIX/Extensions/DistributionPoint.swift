import DER

/// RFC 5280 §4.2.1.13: where a certificate's revocation status is
/// published, and by whom, with the bytes of the certificate that holds it.
public struct DistributionPoint: Sendable, Equatable {
    /// DistributionPointName: where the CRL is, as names of its own or relative to the CRL issuer's name.
    public enum Name: Sendable, Equatable {
        /// `fullName`: the content of the GeneralNames.
        case fullName(ArraySlice<UInt8>)
        /// `nameRelativeToCRLIssuer`: the RelativeDistinguishedName TLV
        /// (under its implicit [1] tag), to be appended to the CRL issuer's name.
        case relativeToCRLIssuer(ArraySlice<UInt8>)
    }

    /// A DistributionPointName where a parse found it.
    enum NameLocation: Sendable, Equatable {
        case fullName(Range<Int>)
        case relativeToCRLIssuer(Range<Int>)

        func view(in der: [UInt8]) -> Name {
            switch self {
            case .fullName(let range): return .fullName(der[range])
            case .relativeToCRLIssuer(let range): return .relativeToCRLIssuer(der[range])
            }
        }
    }

    /// A point where a parse found it.
    struct Location {
        let name: NameLocation?
        let reasons: ReasonFlags?
        let crlIssuer: Range<Int>?

        func view(in der: [UInt8]) -> DistributionPoint {
            DistributionPoint(name: name?.view(in: der), reasons: reasons, crlIssuer: crlIssuer.map { der[$0] })
        }
    }

    /// The `distributionPoint` field; nil when only `cRLIssuer` is given.
    public let name: Name?
    /// The reasons this point covers; nil: every reason.
    package let reasons: ReasonFlags?
    /// `cRLIssuer`: the GeneralNames content naming who signs the CRL, when
    /// it is not the certificate's issuer (an indirect CRL).
    package let crlIssuer: ArraySlice<UInt8>?

    /// A point from its fields, unchecked; all nil stands for the point assumed for a certificate without cRLDistributionPoints.
    package init(name: Name?, reasons: ReasonFlags?, crlIssuer: ArraySlice<UInt8>?) {
        self.name = name
        self.reasons = reasons
        self.crlIssuer = crlIssuer
    }

    /// `CRLDistributionPoints ::= SEQUENCE SIZE (1..MAX) OF DistributionPoint`.
    static func readList(_ reader: inout DERReader) throws(DERError) -> [Location] {
        let element = try reader.read(.sequence)
        guard !element.value.isEmpty else { throw DERError(.invalidExtension, at: element.start) }
        var points = try reader.nested(element)
        var result: [Location] = []
        while !points.isAtEnd {
            let point = try points.read(.sequence)
            var fields = try points.nested(point)
            var name: NameLocation? = nil, reasons: ReasonFlags? = nil, issuer: Range<Int>? = nil
            if fields.peekTag() == .contextSpecificConstructed(0) { name = try readName(&fields) }
            if fields.peekTag() == .contextSpecific(1) {
                reasons = try CRLExtensionLayout.readReasonFlags(&fields, tag: .contextSpecific(1))
            }
            if fields.peekTag() == .contextSpecificConstructed(2) {
                issuer = try GeneralName.readList(&fields, context: .alternativeName, tag: .contextSpecificConstructed(2))
            }
            try fields.expectEnd()
            // §4.2.1.13: a point is never the reasons field alone.
            guard name != nil || issuer != nil else { throw DERError(.invalidExtension, at: point.start) }
            result.append(Location(name: name, reasons: reasons, crlIssuer: issuer))
        }
        return result
    }

    /// `distributionPoint [0] DistributionPointName` at the reader's position.
    static func readName(_ reader: inout DERReader) throws(DERError) -> NameLocation {
        let wrapper = try reader.read(.contextSpecificConstructed(0))
        var inner = try reader.nested(wrapper)
        let name: NameLocation
        switch inner.peekTag() {
        case .contextSpecificConstructed(0):
            name = .fullName(try GeneralName.readList(&inner, context: .alternativeName, tag: .contextSpecificConstructed(0)))
        case .contextSpecificConstructed(1):
            name = .relativeToCRLIssuer(try DistinguishedName.checkRelative(&inner, tag: .contextSpecificConstructed(1)))
        default:
            throw DERError(.unexpectedTag, at: inner.position)
        }
        try inner.expectEnd()
        return name
    }
}

extension Certificate {
    /// The cRLDistributionPoints, decoded (parsing checked them); empty when absent.
    public var distributionPoints: [DistributionPoint] {
        guard let slot = storage.extensions.crlDistributionPoints else { return [] }
        let der = self.der
        return withReader(slot.value) { reader in ((try? DistributionPoint.readList(&reader)) ?? []).map { $0.view(in: der) } }
    }
}
