import PureX509

/// DER bytes into the CRL and OCSP response parsers and what `inspect` and
/// the revocation check read from them.
enum RevocationFuzzing {
    static func run(_ bytes: [UInt8]) {
        crl(bytes)
        ocsp(bytes)
        revocationWins(bytes)
    }

    /// The generated RSA hierarchy (Vectors/revocation/generated): its chain,
    /// its root, the CRLs that revoke its leaf and the OCSP response that does.
    struct Hierarchy {
        let leaf: Certificate
        let intermediates: [Certificate]
        let store: TrustStore
        let revokingCRLs: [CertificateList]
        let revokingResponse: OCSPResponse
    }

    static let hierarchy: Hierarchy = {
        func certificates(_ file: String) -> [Certificate] {
            guard let text = FuzzVectors.bytes("revocation/generated/" + file), let blocks = try? PEM.certificates(in: text) else {
                FuzzInvariant.fail("cannot read Vectors/revocation/generated/\(file)")
            }
            return blocks.compactMap { try? Certificate(derEncoded: $0.der) }
        }
        let chain = certificates("good/chain.pem")
        guard chain.count == 2, let crlText = FuzzVectors.bytes("revocation/generated/revoked-leaf/crls.pem"),
              let blocks = try? PEM.blocks(in: crlText, label: "X509 CRL"),
              let responseBytes = FuzzVectors.bytes("revocation/generated/ocsp-revoked/ocsp.der"),
              let response = try? OCSPResponse(derEncoded: responseBytes) else {
            FuzzInvariant.fail("the generated revocation hierarchy is incomplete")
        }
        return Hierarchy(leaf: chain[0], intermediates: Array(chain.dropFirst()), store: TrustStore(certificates("good/roots.pem")),
                         revokingCRLs: blocks.compactMap { try? CertificateList(derEncoded: $0.der) }, revokingResponse: response)
    }()

    /// Whatever CRL or OCSP response is added beside information that
    /// revokes the leaf, the leaf stays revoked: no "good", however signed
    /// or ordered, overrides a revocation.
    static func revocationWins(_ bytes: [UInt8]) {
        let list = try? CertificateList(derEncoded: bytes)
        let response = try? OCSPResponse(derEncoded: bytes)
        guard list != nil || response != nil else { return }
        let fixed = hierarchy
        var policy = VerificationPolicy(time: 1_748_736_000)
        policy.identity = ServerIdentity(host: "www.example.com")
        policy.revocation = RevocationPolicy(coverage: .chain)
        for preferCRL in [false, true] {
            policy.revocation.preferCRL = preferCRL
            let sources = RevocationSources(crls: (list.map { [$0] } ?? []) + fixed.revokingCRLs,
                                            ocspResponses: (response.map { [$0] } ?? []) + [fixed.revokingResponse])
            var verifier = Verifier(store: fixed.store, policy: policy, revocationSources: sources)
            guard case .failure(let failure) = verifier.verify(leaf: fixed.leaf, intermediates: fixed.intermediates),
                  failure.code == "revoked", failure.certificateIndex == 0 else {
                FuzzInvariant.fail("an added CRL or OCSP response lifted the leaf's revocation")
            }
        }
    }

    static func crl(_ bytes: [UInt8]) {
        guard let list = try? CertificateList(derEncoded: bytes) else { return }
        guard list.der == bytes else { FuzzInvariant.fail("crl.der differs from its input") }
        _ = list.issuer.distinguishedName.description
        let entries = list.allEntries
        guard entries.count == list.entryCount else { FuzzInvariant.fail("allEntries lost an entry") }
        // Every listed serial is found by the index, with its own entry among the results.
        for entry in entries.prefix(64) {
            let found = list.entries(forSerialNumber: entry.serialNumber.bytes)
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
        // Views keep the input's indices: each must lie inside it.
        let inside = { (part: ArraySlice<UInt8>) in part.startIndex >= 0 && part.endIndex <= bytes.count }
        guard inside(basic.signedData.message), inside(basic.signedData.signature) else { FuzzInvariant.fail("a view outside the input") }
        if case .byName(let name) = basic.responderID { _ = name.distinguishedName.description }
        for single in basic.responses {
            guard inside(single.encoded), inside(single.certID.serialNumber.bytes), inside(single.certID.issuerKeyHash) else {
                FuzzInvariant.fail("a single response's view outside the input")
            }
            if let hash = single.certID.hash, single.certID.issuerNameHash.count != hash.size {
                FuzzInvariant.fail("a CertID hash of the wrong length was given a hash function")
            }
        }
        for certificate in basic.certificates { _ = certificate.subjectName.description }
    }
}
