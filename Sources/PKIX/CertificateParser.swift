import DER

// Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
// (RFC 5280 §4.1), read as a straight script: locate the TBS fields, then
// check each one, then cross-check fields that constrain each other.
extension Certificate {
    /// Parses and checks a DER certificate. `der` is kept as is (no copy).
    public init(derEncoded der: [UInt8]) throws(DERError) {
        var failure: DERError? = nil
        let parsed: Certificate? = der.withUnsafeBufferPointer { buffer in
            do throws(DERError) {
                return try Certificate.parse(der, buffer)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        guard let parsed else { throw DERError(.truncated, at: 0) }
        self = parsed
    }

    private static func parse(_ der: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>) throws(DERError) -> Certificate {
        var reader = DERReader(buffer)
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
        guard reader.bytes(layout.signature.encoded, equal: buffer, signatureAlgorithm.encoded) else {
            throw DERError(.signatureAlgorithmMismatch, at: layout.signature.start)
        }

        let depth = tbsFields.depth
        var nameReader = DERReader(buffer, range: layout.issuer.encoded, depth: depth)
        let issuer = try DistinguishedName.check(&nameReader)
        nameReader = DERReader(buffer, range: layout.subject.encoded, depth: depth)
        let subject = try DistinguishedName.check(&nameReader)
        var keyReader = DERReader(buffer, range: layout.subjectPublicKeyInfo.encoded, depth: depth)
        let (spki, publicKey) = try PublicKey.read(&keyReader)

        var extensions = Extensions()
        if let element = layout.extensions {
            var extensionReader = DERReader(buffer, range: element.encoded, depth: depth + 1)
            extensions = try Extensions.read(&extensionReader)
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
            subjectPublicKeyInfo: spki, publicKey: publicKey, signatureValue: signature.bytes,
            extensions: extensions)
    }
}

extension DERReader {
    /// Whether two ranges of `buffer` hold the same bytes.
    func bytes(_ lhs: Range<Int>, equal buffer: UnsafeBufferPointer<UInt8>, _ rhs: Range<Int>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var i = rhs.lowerBound
        for offset in lhs {
            if buffer[offset] != buffer[i] { return false }
            i += 1
        }
        return true
    }
}
