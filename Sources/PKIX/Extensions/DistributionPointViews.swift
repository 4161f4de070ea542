import DER

// What a viewer reads of distribution points beyond `Certificate.distributionPoints`:
// freshestCRL (RFC 5280 §4.2.1.15), which has the same syntax, and the
// attributes of a name relative to the CRL issuer.

extension Certificate {
    /// The freshestCRL points, decoded as cRLDistributionPoints are
    /// (§4.2.1.15 gives both one syntax); empty when absent or when the
    /// value does not decode (parsing only checked that it is a SEQUENCE).
    package var freshestCRLPoints: [DistributionPoint] {
        guard let slot = storage.extensions.freshestCRL else { return [] }
        let der = self.der
        return withReader(slot.value) { reader in
            guard let points = try? DistributionPoint.readList(&reader), reader.isAtEnd else { return [] }
            return points.map { $0.view(in: der) }
        }
    }
}

extension DistributionPoint.Name {
    /// For `relativeToCRLIssuer`, the RelativeDistinguishedName's content
    /// (its AttributeTypeAndValue TLVs, without the implicit [1] header);
    /// nil for `fullName` or when the TLV does not read.
    package var relativeNameContent: ArraySlice<UInt8>? {
        guard case .relativeToCRLIssuer(let encoded) = self else { return nil }
        let base = encoded.startIndex
        let content: Range<Int>? = DERReader.withReader(over: encoded) { reader in
            guard let element = try? reader.readElement(), reader.isAtEnd else { return nil }
            return element.value
        }
        return content.map { encoded[(base + $0.lowerBound)..<(base + $0.upperBound)] }
    }
}
