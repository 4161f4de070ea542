import DER

// Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
// (RFC 5280 §4.1), read as a straight script: locate the TBS fields, then
// check each one, then cross-check fields that constrain each other.
extension Certificate {
    /// Parses and checks a DER certificate. `der` is kept as is (no copy).
    public init(derEncoded der: [UInt8]) throws(DERError) {
        var failure: DERError? = nil
        let parsed: Certificate? = DERReader.withReader(over: der) { reader in
            do throws(DERError) {
                return try Certificate.parse(der, &reader)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        guard let parsed else { throw DERError(.truncated, at: 0) }
        self = parsed
    }

    private static func parse(_ der: [UInt8], _ reader: inout DERReader) throws(DERError) -> Certificate {
        let certificate = try reader.read(.sequence)
        try reader.expectEnd()
        var fields = try reader.nested(certificate)

        let tbs = try fields.read(.sequence)
        var tbsFields = try fields.nested(tbs)
        let layout = try TBSCertificateLayout.read(&tbsFields)
        try tbsFields.expectEnd()

        let signatureAlgorithm = try fields.readAlgorithmIdentifier()
        let signature = try fields.readBitString()
        guard signature.unusedBits == 0 else { throw DERError(.invalidSignatureValue, at: signature.bytes.lowerBound - 1) }
        try fields.expectEnd()

        // RFC 5280 §4.1.1.2: the signature field inside the TBS MUST equal
        // signatureAlgorithm; byte equality is the only safe reading.
        guard reader.bytes(layout.signature.encoded, equal: signatureAlgorithm.encoded) else {
            throw DERError(.signatureAlgorithmMismatch, at: layout.signature.start)
        }

        let depth = tbsFields.depth
        var nameReader = reader.reader(over: layout.issuer.encoded, depth: depth)
        let issuer = try DistinguishedName.check(&nameReader)
        nameReader = reader.reader(over: layout.subject.encoded, depth: depth)
        let subject = try DistinguishedName.check(&nameReader)
        var keyReader = reader.reader(over: layout.subjectPublicKeyInfo.encoded, depth: depth)
        let (keyLayout, keySize) = try PublicKey.read(&keyReader)

        var extensions = ExtensionLayout()
        if let element = layout.extensions {
            var extensionReader = reader.reader(over: element.encoded, depth: depth + 1)
            extensions = try ExtensionLayout.read(&extensionReader)
        }
        // RFC 5280 §4.2.1.6: with an empty subject, the identity lives in a
        // subjectAltName that MUST be critical.
        if layout.subject.value.isEmpty && extensions.subjectAlternativeName?.critical != true {
            throw DERError(.emptySubjectWithoutCriticalSAN, at: layout.subject.start)
        }

        return Certificate(
            der: der, version: layout.version, tbsCertificate: tbs.encoded,
            serialNumber: layout.serialNumber, signatureAlgorithm: signatureAlgorithm,
            issuer: issuer, subject: subject, notBefore: layout.notBefore, notAfter: layout.notAfter,
            subjectPublicKeyInfo: keyLayout.encoded,
            publicKey: PublicKey(der: der, layout: keyLayout, sizeInBits: keySize), signatureValue: signature.bytes,
            extensions: extensions)
    }
}
