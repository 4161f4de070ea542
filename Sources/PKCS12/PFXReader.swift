import DER

// RFC 7292 §4: PFX ::= SEQUENCE { version INTEGER {v3(3)}, authSafe ContentInfo, macData MacData OPTIONAL }.
// The order is the security argument: the MAC over the authSafe's content
// is checked before a single byte is decrypted or a bag is read, so a
// wrong password or a tampered file stops here and decryption never sees
// attacker-chosen ciphertext under a trusted key.

/// The outer PFX, read and its MAC checked.
struct PFXContents {
    let integrity: PKCS12Report.Integrity
    /// The AuthenticatedSafe, DER-shaped.
    let authenticatedSafe: [UInt8]
    /// The password forms to decrypt with, the proven one first.
    let passwords: [PasswordBytes]

    static func read(_ bytes: ArraySlice<UInt8>, password: PKCS12Password, budget: inout WorkBudget) throws(PKCS12Error) -> PFXContents {
        let limits = budget.limits
        guard bytes.count <= limits.maximumInputSize else { throw .inputTooLarge(size: bytes.count, limit: limits.maximumInputSize) }
        let pfx: [UInt8]
        do throws(DERError) { pfx = try BERTranscoder.transcode(bytes, maximumDepth: limits.maximumNesting) } catch { throw .malformed(.pfx, error) }
        return try DERReader.withReader(over: pfx) { (reader: inout DERReader) throws(PKCS12Error) -> PFXContents in
            var outer: DERReader
            let version: Int, contentType: Range<Int>, content: DERElement?
            do throws(DERError) {
                let element = try reader.read(.sequence)
                try reader.expectEnd()
                outer = try reader.nested(element)
                version = try outer.readSmallInteger(maximum: Int(Int32.max))
                (contentType, content) = try outer.readNested(.sequence) { (info: inout DERReader) throws(DERError) in
                    let type = try info.readOID()
                    let content = info.isAtEnd ? nil : try info.read(.contextSpecificConstructed(0))
                    return (type, content)
                }
            } catch { throw .malformed(.pfx, error) }
            guard version == 3 else { throw .unsupportedVersion(version) }
            if outer.bytes(contentType, equal: OID.pkcs7SignedData.bytes) { throw .signedDataNotSupported }
            guard outer.bytes(contentType, equal: OID.pkcs7Data.bytes) else { throw .unsupportedContentType(outer.dotted(contentType)) }
            // ContentInfo content [0] EXPLICIT Data, Data ::= OCTET STRING.
            guard let content else { throw .malformed(.pfx, DERError(.truncated, at: outer.position)) }
            var inner: DERReader
            let data: Range<Int>
            do throws(DERError) {
                inner = try outer.nested(content)
                data = try inner.readOctetString()
                try inner.expectEnd()
            } catch { throw .malformed(.pfx, error) }
            let authSafe = ArraySlice(inner.copy(data))
            var candidates = PasswordBytes.candidates(for: password)
            let integrity: PKCS12Report.Integrity
            if outer.isAtEnd {
                integrity = .none
            } else {
                let element: DERElement
                do throws(DERError) {
                    element = try outer.read(.sequence)
                    try outer.expectEnd()
                } catch { throw .malformed(.pfx, error) }
                let mac = try MACData.read(outer, element: element, limits: limits)
                try mac.checkIterations(limits)
                var proven: PasswordBytes? = nil
                for candidate in candidates where proven == nil {
                    if try mac.verifies(authSafe, password: candidate, budget: &budget) { proven = candidate }
                }
                guard let proven else { throw .macVerificationFailed }
                // PBES2 inside takes the UTF-8 form, empty for both empty forms; the PKCS #12 PBE takes the proven one.
                candidates = [proven]
                integrity = .mac(mac.scheme, passwordForm: proven.form)
            }
            let transcoded: [UInt8]
            do throws(DERError) {
                transcoded = try BERTranscoder.transcode(authSafe, maximumDepth: limits.maximumNesting)
            } catch { throw .malformed(.authenticatedSafe, error) }
            return PFXContents(integrity: integrity, authenticatedSafe: transcoded, passwords: candidates)
        }
    }
}

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
                if infos.bytes(type, equal: OID.pkcs7Data.bytes) {
                    let data: Range<Int>
                    do throws(DERError) {
                        data = try inner.readOctetString()
                        try inner.expectEnd()
                    } catch { throw .malformed(.authenticatedSafe, error) }
                    let safeContents: [UInt8]
                    do throws(DERError) {
                        safeContents = try BERTranscoder.transcode(ArraySlice(inner.copy(data)), maximumDepth: limits.maximumNesting)
                    } catch { throw .malformed(.safeContents, error) }
                    try readSafeContents(safeContents, nesting: 0)
                } else if infos.bytes(type, equal: OID.pkcs7EncryptedData.bytes) {
                    let plaintext = try readEncryptedData(inner, index: index)
                    let safeContents: [UInt8]
                    do throws(DERError) {
                        safeContents = try BERTranscoder.transcode(plaintext[...], maximumDepth: limits.maximumNesting)
                    } catch { throw .malformed(.safeContents, error) }
                    try readSafeContents(safeContents, nesting: 0)
                } else {
                    throw .unsupportedContentType(infos.dotted(type))
                }
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
        return try decrypt(parameters, ciphertext)
    }
}
