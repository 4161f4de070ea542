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
            guard outer.bytes(contentType, equal: OID.pkcs7Data.bytes) else { throw .unsupportedContentType(OID(der: outer.copy(contentType))) }
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
                // RFC 7292 §4 makes macData optional, but without it a password
                // proves nothing: whoever can write the file can drop the MAC
                // and put their own key first, and the owner's password still
                // opens it. A caller who gave a password is owed that proof.
                guard password.isEmpty || limits.allowsPasswordWithoutMAC else { throw .missingMAC }
                integrity = .none
            } else {
                let element: DERElement
                do throws(DERError) {
                    element = try outer.read(.sequence)
                    try outer.expectEnd()
                } catch { throw .malformed(.pfx, error) }
                let mac = try MACData.read(outer, element: element, limits: limits)
                try mac.checkIterations(budget)
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
