import DER

extension BagCollector {
    /// RFC 7292 §4.1: AuthenticatedSafe ::= SEQUENCE OF ContentInfo, each `data`
    /// (a plain SafeContents) or `encryptedData` (a password-encrypted one).
    mutating func readAuthenticatedSafe(_ bytes: [UInt8]) throws(PKCS12Error) {
        let limits = budget.limits
        try DERReader.withReader(over: bytes) { (reader: inout DERReader) throws(PKCS12Error) in
            var infos: DERReader
            do throws(DERError) {
                let element = try reader.read(.sequence)
                try reader.expectEnd()
                infos = try reader.nested(element)
            } catch { throw .malformed(.authenticatedSafe, error) }
            var index = 0
            while !infos.isAtEnd {
                let type: Range<Int>, content: DERElement?
                do throws(DERError) {
                    (type, content) = try infos.readNested(.sequence) { (info: inout DERReader) throws(DERError) in
                        let type = try info.readOID()
                        let content = info.isAtEnd ? nil : try info.read(.contextSpecificConstructed(0))
                        return (type, content)
                    }
                } catch { throw .malformed(.authenticatedSafe, error) }
                guard let content else { throw .malformed(.authenticatedSafe, DERError(.truncated, at: infos.position)) }
                var inner = infos.reader(over: content.value)
                // Plain or decrypted, the SafeContents is BER as exporters write it.
                let body: [UInt8]
                if infos.bytes(type, equal: OID.pkcs7Data.bytes) {
                    do throws(DERError) {
                        let data = try inner.readOctetString()
                        try inner.expectEnd()
                        body = inner.copy(data)
                    } catch { throw .malformed(.authenticatedSafe, error) }
                } else if infos.bytes(type, equal: OID.pkcs7EncryptedData.bytes) {
                    body = try readEncryptedData(inner, index: index)
                } else {
                    throw .unsupportedContentType(OID(der: infos.copy(type)))
                }
                let safeContents: [UInt8]
                do throws(DERError) {
                    safeContents = try BERTranscoder.transcode(body[...], maximumDepth: limits.maximumNesting)
                } catch { throw .malformed(.safeContents, error) }
                try readSafeContents(safeContents, nesting: 0)
                index += 1
            }
        }
    }

    /// RFC 5652 §8: EncryptedData ::= SEQUENCE { version, encryptedContentInfo, unprotectedAttrs [1] OPTIONAL };
    /// EncryptedContentInfo ::= SEQUENCE { contentType, contentEncryptionAlgorithm, encryptedContent [0] IMPLICIT OCTET STRING OPTIONAL }.
    private mutating func readEncryptedData(_ reader: DERReader, index: Int) throws(PKCS12Error) -> [UInt8] {
        var r = reader
        let algorithm: Range<Int>, ciphertext: [UInt8]
        do throws(DERError) {
            (algorithm, ciphertext) = try r.readNested(.sequence) { (data: inout DERReader) throws(DERError) in
                _ = try data.readSmallInteger(maximum: 2)
                let result = try data.readNested(.sequence) { (info: inout DERReader) throws(DERError) -> (Range<Int>, [UInt8]) in
                    let type = try info.readOID()
                    guard info.bytes(type, equal: OID.pkcs7Data.bytes) else { throw DERError(.unexpectedTag, at: type.lowerBound) }
                    let algorithm = try info.readElement().encoded
                    var ciphertext: [UInt8] = []
                    if let primitive = try info.readIfPresent(.contextSpecific(0)) {
                        ciphertext = info.copy(primitive.value)
                    } else {
                        // The BER form: [0] constructed around OCTET STRING segments.
                        let segments = try info.read(.contextSpecificConstructed(0))
                        var s = try info.nested(segments)
                        while !s.isAtEnd { ciphertext += s.copy(try s.readOctetString()) }
                    }
                    return (algorithm, ciphertext)
                }
                if !data.isAtEnd { _ = try data.read(.contextSpecificConstructed(1)) }
                return result
            }
            try r.expectEnd()
        } catch { throw .malformed(.encryptedData, error) }
        let parameters = try EncryptionParameters.read(r, algorithm: algorithm)
        encryptedParts.append(.init(location: .safeContents(index: index), scheme: parameters.scheme))
        let depth = budget.limits.maximumNesting
        return try decrypt(parameters, ciphertext) { (try? BERTranscoder.transcode($0[...], maximumDepth: depth)) != nil }
    }
}
