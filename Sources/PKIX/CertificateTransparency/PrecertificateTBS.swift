import DER

// RFC 6962 §3.2: an SCT embedded in a certificate was signed over the
// precertificate, whose TBSCertificate is the final certificate's without
// the SCT-list extension. Rebuilding it from the final certificate takes
// the issuer name and authorityKeyIdentifier of the final certificate, so
// a precertificate issued by a precertificate-signing certificate (§3.1,
// which rewrites both) comes out as the log signed it. Every other element
// is copied byte for byte; only the lengths of the extensions SEQUENCE,
// its [3] wrapper and the TBS SEQUENCE are encoded again.

extension Certificate {
    /// The TBSCertificate with the SCT-list extension removed and the rest
    /// re-encoded (RFC 6962 §3.2, `PreCert.tbs_certificate`); nil when the
    /// certificate has no such extension.
    package var precertificateTBS: [UInt8]? {
        guard storage.extensions.signedCertificateTimestamps != nil else { return nil }
        // The certificate parsed, so its TBS reads; a failure here is nil all the same.
        let rebuilt: [UInt8]? = withReader(storage.tbsCertificate) { reader in
            try? Self.tbsWithoutSCTList(&reader)
        }
        return rebuilt
    }

    private static func tbsWithoutSCTList(_ reader: inout DERReader) throws(DERError) -> [UInt8] {
        let tbs = try reader.read(.sequence)
        var fields = try reader.nested(tbs)
        var body: [UInt8] = []
        while !fields.isAtEnd {
            let field = try fields.readElement()
            guard field.tag == .contextSpecificConstructed(3) else {
                body += fields.copy(field.start..<field.value.upperBound)
                continue
            }
            var wrapper = try fields.nested(field)
            var list = try wrapper.nested(try wrapper.read(.sequence))
            var kept: [UInt8] = []
            while !list.isAtEnd {
                let item = try list.readElement()
                var content = try list.nested(item)
                let oid = try content.readOID()
                if content.bytes(oid, equal: OID.signedCertificateTimestampList.bytes) { continue }
                kept += list.copy(item.start..<item.value.upperBound)
            }
            // An extensions field left empty is left out (`Extensions` has SIZE (1..MAX)).
            if !kept.isEmpty {
                body += DERHeader.encode(tag: 0xA3, contentLength: kept.count + DERHeader.size(ofLength: kept.count))
                body += DERHeader.encode(tag: 0x30, contentLength: kept.count)
                body += kept
            }
        }
        return DERHeader.encode(tag: 0x30, contentLength: body.count) + body
    }
}

/// A definite-length DER header (X.690 §8.1.3): the short form below 128,
/// else the fewest length octets.
enum DERHeader {
    static func encode(tag: UInt8, contentLength length: Int) -> [UInt8] {
        var header: [UInt8] = [tag]
        if length < 0x80 {
            header.append(UInt8(length))
        } else {
            var octets: [UInt8] = []
            var rest = length
            while rest > 0 {
                octets.insert(UInt8(rest & 0xFF), at: 0)
                rest >>= 8
            }
            header.append(0x80 | UInt8(octets.count))
            header += octets
        }
        return header
    }

    /// Tag and length octets of a header for `length` content bytes.
    static func size(ofLength length: Int) -> Int {
        encode(tag: 0, contentLength: length).count
    }
}
