import DER
import PKIX

// RFC 5280 §6.3.3(b) and (c): whether a complete CRL speaks for a
// certificate, and for which reasons. A certificate without
// cRLDistributionPoints is read as one point with no name, every reason,
// and its issuer as the CRL issuer.
enum CRLScope {
    /// The reasons `crl` covers for `certificate` (the union over the
    /// certificate's distribution points that it matches); nil when it
    /// matches none.
    static func reasons(of crl: CertificateList, for certificate: Certificate) -> ReasonFlags? {
        let idp = crl.extensions.issuingDistributionPoint
        if let idp {
            let isCA = certificate.extensions.basicConstraints?.isCA == true
            if idp.onlyContainsAttributeCerts || (idp.onlyContainsUserCerts && isCA) || (idp.onlyContainsCACerts && !isCA) {
                return nil
            }
        }
        let points = certificate.distributionPoints
        let virtual = DistributionPoint(name: nil, reasons: nil, crlIssuer: nil)
        var result: ReasonFlags? = nil
        for point in points.isEmpty ? [virtual] : points {
            guard issuerMatches(crl, certificate, point), namesMatch(crl, certificate, point) else { continue }
            let reasons = (idp?.onlySomeReasons ?? .allReasons).intersection(point.reasons ?? .allReasons)
            result = (result ?? []).union(reasons)
        }
        return result
    }

    /// How a CRL may speak for a certificate: `direct` when a distribution
    /// point without cRLIssuer (or the point assumed for a certificate with
    /// none) lets the certificate's issuer publish it, `indirect` when a
    /// point's cRLIssuer names the CRL's issuer and the CRL says it is
    /// indirect; nil when neither, or when the CRL excludes the
    /// certificate's kind (§6.3.3(b)(2)(ii)–(iv)).
    static func issuerRelation(of crl: CertificateList, to certificate: Certificate) -> (direct: Bool, indirect: Bool)? {
        if let idp = crl.extensions.issuingDistributionPoint {
            let isCA = certificate.extensions.basicConstraints?.isCA == true
            if idp.onlyContainsAttributeCerts || (idp.onlyContainsUserCerts && isCA) || (idp.onlyContainsCACerts && !isCA) {
                return nil
            }
        }
        let points = certificate.distributionPoints
        var direct = false, indirect = false
        for point in points.isEmpty ? [DistributionPoint(name: nil, reasons: nil, crlIssuer: nil)] : points
        where issuerMatches(crl, certificate, point) {
            if point.crlIssuer == nil { direct = true } else { indirect = true }
        }
        return direct || indirect ? (direct, indirect) : nil
    }

    /// §6.3.3(b)(1): with a cRLIssuer, the CRL is indirect and its issuer is
    /// named there; otherwise the CRL's issuer is the certificate's. Names
    /// compare by §7.1, as path building compares them.
    static func issuerMatches(_ crl: CertificateList, _ certificate: Certificate, _ point: DistributionPoint) -> Bool {
        let crlIssuer = crl.issuer.encoded
        guard let names = point.crlIssuer else { return NameComparison.equivalent(crlIssuer, certificate.issuer.encoded) }
        guard crl.extensions.issuingDistributionPoint?.indirectCRL == true else { return false }
        return directoryNames(in: names).contains { NameComparison.equivalent($0, crlIssuer) }
    }

    /// §6.3.3(b)(2)(i): when the CRL's issuingDistributionPoint names a
    /// point, one of its names is one of the certificate's point's names
    /// (or, when that point has no name, of its cRLIssuer names).
    static func namesMatch(_ crl: CertificateList, _ certificate: Certificate, _ point: DistributionPoint) -> Bool {
        guard let idp = crl.extensions.issuingDistributionPoint, idp.fullName != nil || idp.relativeName != nil else { return true }
        let crlIssuerContent = nameContent(crl.issuer.encoded)
        let wanted: [ComparableName]
        switch point.name {
        case .fullName(let names)?:
            wanted = comparable(GeneralName.list(in: names))
        case .relativeToCRLIssuer(let rdn)?:
            // Relative to the point's CRL issuer: its cRLIssuer's directory name, else the certificate's issuer.
            let base = point.crlIssuer.flatMap { directoryNames(in: $0).first }
                ?? certificate.issuer.encoded
            wanted = [ComparableName(kind: .directoryName, bytes: nameContent(base) + setTagged(rdn))]
        case nil:
            wanted = point.crlIssuer.map { comparable(GeneralName.list(in: $0)) } ?? []
        }
        guard !wanted.isEmpty else { return false }
        if let full = idp.fullName { return anyName(in: full) { wanted.contains($0) } }
        guard let relative = idp.relativeName else { return false }
        return wanted.contains(ComparableName(kind: .directoryName, bytes: crlIssuerContent + setTagged(relative)))
    }

    /// Whether a name of the GeneralNames content `names` satisfies
    /// `predicate`, read one at a time: a CRL's scope may list millions of
    /// names, and none is kept beyond its comparison.
    static func anyName(in names: ArraySlice<UInt8>, _ predicate: (ComparableName) -> Bool) -> Bool {
        let base = names.startIndex
        return DERReader.withReader(over: names) { reader in
            while !reader.isAtEnd {
                guard let element = try? reader.readElement(), let kind = GeneralName.Kind(rawValue: element.tag.rawValue & 0x1F) else {
                    return false
                }
                var value = element.value
                // directoryName [4] is explicit: its value is a Name TLV, compared by its RDNs.
                if kind == .directoryName {
                    guard var explicit = try? reader.nested(element), let inner = try? explicit.read(.sequence) else { return false }
                    value = inner.value
                }
                if predicate(ComparableName(kind: kind, bytes: Array(names[(base + value.lowerBound)..<(base + value.upperBound)]))) { return true }
            }
            return false
        }
    }

    /// A name reduced to what equality means here: the kind and the
    /// octets, a directory name by its RDN sequence (so a name relative to
    /// an issuer compares with a full one).
    struct ComparableName: Equatable {
        let kind: GeneralName.Kind
        let bytes: [UInt8]
    }

    static func comparable(_ names: [GeneralName]) -> [ComparableName] {
        names.map { name in
            ComparableName(kind: name.kind, bytes: name.kind == .directoryName ? nameContent(name.value) : Array(name.value))
        }
    }

    /// The Name TLVs of the directoryName entries of a GeneralNames content.
    static func directoryNames(in names: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        GeneralName.list(in: names).filter { $0.kind == .directoryName }.map { $0.value }
    }

    /// The content of a Name TLV (its RDNs), or the bytes as given when they are not one.
    static func nameContent(_ tlv: ArraySlice<UInt8>) -> [UInt8] {
        let bytes = Array(tlv)
        return DERReader.withReader(over: bytes) { reader in
            guard let name = try? reader.read(.sequence) else { return bytes }
            return Array(bytes[name.value])
        }
    }

    /// An RDN encoded under the implicit [1] of nameRelativeToCRLIssuer, re-tagged as the SET it is.
    static func setTagged(_ rdn: ArraySlice<UInt8>) -> [UInt8] {
        guard !rdn.isEmpty else { return [] }
        return [DERTag.set.rawValue] + rdn.dropFirst()
    }

    /// Compares two INTEGER contents as signed big-endian numbers (minimal DER).
    static func compareIntegers(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        let negativeA = (a.first ?? 0) & 0x80 != 0, negativeB = (b.first ?? 0) & 0x80 != 0
        if negativeA != negativeB { return negativeA ? -1 : 1 }
        if a.count != b.count { return (a.count < b.count) != negativeA ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }
}
