import DER

/// The first pass over a TBSCertificate (RFC 5280 §4.1): the version, serial
/// number and validity are checked here; the other fields are located as
/// raw elements for `Certificate` to check one by one. Kept apart so that a
/// TBSCertificate on its own (as Chromium's parse suite supplies some) can
/// be checked for structure without a signature around it.
package struct TBSCertificateLayout: Sendable {
    /// The syntax version; v1 when the `[0]` field is absent.
    package let version: Certificate.Version
    /// The serial number's INTEGER content octets, DER-minimal (sign and length are not checked).
    package let serialNumber: Range<Int>
    /// The `signature` AlgorithmIdentifier SEQUENCE, located but not yet checked.
    package let signature: DERElement
    /// The issuer Name SEQUENCE, located but not yet checked.
    package let issuer: DERElement
    /// The first second of validity, in seconds since 1970-01-01T00:00:00Z.
    package let notBefore: Int64
    /// The last second of validity, inclusive, in seconds since 1970-01-01T00:00:00Z.
    package let notAfter: Int64
    /// The subject Name SEQUENCE, located but not yet checked.
    package let subject: DERElement
    /// The SubjectPublicKeyInfo SEQUENCE, located but not yet checked.
    package let subjectPublicKeyInfo: DERElement
    /// The element inside `[3] EXPLICIT`, when present.
    package let extensions: DERElement?

    /// Checks a standalone TBSCertificate encoding.
    package static func check(_ bytes: [UInt8]) throws(DERError) {
        _ = try DERReader.parse(bytes) { (reader: inout DERReader) throws(DERError) in
            try reader.readNested(.sequence) { (fields: inout DERReader) throws(DERError) in try read(&fields) }
        }
    }

    /// Reads the fields of a TBSCertificate SEQUENCE; the caller refuses leftovers.
    package static func read(_ reader: inout DERReader) throws(DERError) -> TBSCertificateLayout {
        var version = Certificate.Version.v1
        if reader.peekTag() == .contextSpecificConstructed(0) {
            let start = reader.position
            let number = try reader.readNested(.contextSpecificConstructed(0)) { (inner: inout DERReader) throws(DERError) in
                try inner.readSmallInteger(maximum: Int.max)
            }
            // X.690 §11.5: the DEFAULT v1 is never encoded.
            guard number != 0 else { throw DERError(.explicitDefaultValue, at: start) }
            guard let known = Certificate.Version(rawValue: number) else { throw DERError(.unsupportedVersion, at: start) }
            version = known
        }
        // RFC 5280 §4.1.2.2 asks for a positive serial of at most 20 octets;
        // only DER minimality is enforced, as Chromium and Go do, because
        // zero, negative and long serials exist in deployed certificates and
        // the serial plays no part in path validation (docs/parsing.md).
        let serialNumber = try reader.readInteger()
        let signature = try reader.read(.sequence)
        let issuer = try reader.read(.sequence)
        let (notBefore, notAfter) = try reader.readNested(.sequence) { (validity: inout DERReader) throws(DERError) in
            (try validity.readTime(), try validity.readTime())
        }
        let subject = try reader.read(.sequence)
        let subjectPublicKeyInfo = try reader.read(.sequence)
        // RFC 5280 §4.1.2.8: issuerUniqueID [1] and subjectUniqueID [2] are
        // IMPLICIT BIT STRINGs allowed in v2 and v3 only; they are skipped.
        for number: UInt8 in 1...2 where reader.peekTag() == .contextSpecific(number) {
            guard version != .v1 else { throw DERError(.uniqueIdentifierInV1, at: reader.position) }
            _ = try reader.readBitString(tag: .contextSpecific(number))
        }
        var extensions: DERElement? = nil
        if reader.peekTag() == .contextSpecificConstructed(3) {
            // RFC 5280 §4.1.2.9: extensions are a v3 feature.
            guard version == .v3 else { throw DERError(.extensionsBeforeV3, at: reader.position) }
            let wrapper = try reader.read(.contextSpecificConstructed(3))
            var inner = try reader.nested(wrapper)
            extensions = try inner.readElement()
            try inner.expectEnd()
        }
        return TBSCertificateLayout(
            version: version, serialNumber: serialNumber, signature: signature, issuer: issuer,
            notBefore: notBefore, notAfter: notAfter, subject: subject,
            subjectPublicKeyInfo: subjectPublicKeyInfo, extensions: extensions)
    }
}
