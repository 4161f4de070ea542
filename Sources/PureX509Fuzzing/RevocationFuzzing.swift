import PureX509

/// DER bytes into the CRL and OCSP response parsers and what `inspect` and
/// the revocation check read from them.
enum RevocationFuzzing {
    static func run(_ bytes: [UInt8]) {
        crl(bytes)
        ocsp(bytes)
    }

    static func crl(_ bytes: [UInt8]) {
        guard let list = try? CertificateList(derEncoded: bytes) else { return }
        guard list.der == bytes else { FuzzInvariant.fail("crl.der differs from its input") }
        _ = list.issuerName.description
        let entries = list.allEntries
        guard entries.count == list.entryCount else { FuzzInvariant.fail("allEntries lost an entry") }
        // Every listed serial is found by the index, with its own entry among the results.
        for entry in entries.prefix(64) {
            let found = list.entries(forSerialNumber: list[entry.serialNumber])
            guard found.contains(entry) else { FuzzInvariant.fail("an entry's serial does not find it") }
        }
    }

    static func ocsp(_ bytes: [UInt8]) {
        guard let response = try? OCSPResponse(derEncoded: bytes) else { return }
        guard response.der == bytes else { FuzzInvariant.fail("ocsp.der differs from its input") }
        guard (response.status == .successful) == (response.basic != nil) else {
            FuzzInvariant.fail("a successful response without its basic response, or the reverse")
        }
        guard let basic = response.basic else { return }
        let inside = { (range: Range<Int>) in range.lowerBound >= 0 && range.upperBound <= bytes.count }
        guard inside(basic.tbsResponseData), inside(basic.signatureValue) else { FuzzInvariant.fail("a range outside the input") }
        if case .byName(let name) = basic.responderID { _ = response.name(at: name).description }
        for single in basic.responses {
            guard inside(single.encoded), inside(single.certID.serialNumber), inside(single.certID.issuerKeyHash) else {
                FuzzInvariant.fail("a single response's range outside the input")
            }
            if let hash = single.certID.hash, response[single.certID.issuerNameHash].count != hash.size {
                FuzzInvariant.fail("a CertID hash of the wrong length was given a hash function")
            }
        }
        for certificate in basic.certificates { _ = certificate.subjectName.description }
    }
}
