import Foundation
import PKIX
import SHA2
import Testing
import TestSupport
@testable import Trust

// RFC 6962 §3.2: SCT lists read strictly, the precertificate TBS rebuilt
// from the final certificate, and each SCT's signature checked with its
// log's key, over the public suites in Vectors/ct/ (README.md there: pyca,
// certificate-transparency-go, Chromium's ct_test_util, rustls sct.rs).
// Each case that must verify has a twin that must not.

private let ct = Vectors.root.appendingPathComponent("ct")

private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: ct.appendingPathComponent(path))) }
private func pemCertificates(_ path: String) throws -> [Certificate] {
    try PEM.certificates(in: try bytes(path)).map { try Certificate(derEncoded: $0.der) }
}
private func certificate(_ path: String) throws -> Certificate {
    if path.hasSuffix(".der") || path.hasSuffix(".bin") { return try Certificate(derEncoded: try bytes(path)) }
    return try #require(try pemCertificates(path).first)
}
private func logKey(_ path: String) throws -> VerificationKey {
    let der = try #require(try PEM.blocks(in: try bytes(path), label: "PUBLIC KEY").first).der
    return try VerificationKey.prepare(subjectPublicKeyInfo: der).get().withPrecomputation()
}
/// One TLS-encoded SCT (a `.sct`/`.bin` file), read as a one-entry list.
private func sct(_ encoded: [UInt8]) throws(SCTListError) -> SignedCertificateTimestamp? {
    let list = [UInt8(encoded.count >> 8), UInt8(encoded.count & 0xFF)] + encoded
    let framed = [UInt8(list.count >> 8), UInt8(list.count & 0xFF)] + list
    return try SignedCertificateTimestampList(tlsEncoded: framed[...]).timestamps.first
}
private func embeddedSCT(_ leaf: Certificate) throws -> SignedCertificateTimestamp {
    try #require(try leaf.embeddedSCTs()?.timestamps.first)
}

@Suite struct PrecertificateTBSTests {
    @Test func pycaRealCertificateRebuildsItsPrecertificateTBS() throws {
        let leaf = try certificate("pyca/cryptography-scts.pem")
        #expect(leaf.precertificateTBS == (try bytes("pyca/cryptography-scts-tbs-precert.der")))
        // The TBS without the extension is shorter than the TBS with it, by the extension and no more.
        #expect((leaf.precertificateTBS?.count ?? 0) < leaf.signedData.message.count)
    }

    @Test func chromiumTestCertificateRebuildsItsPrecertificateTBS() throws {
        let leaf = try certificate("chromium/ct-test-embedded-cert.pem")
        #expect(leaf.precertificateTBS == (try bytes("chromium/ct_test_util/kDefaultDerTbsCert.precert-tbs.der")))
    }

    @Test func aCertificateWithoutSCTsHasNoPrecertificateTBS() throws {
        #expect(try certificate("ct-go/TestCertPEM.pem").precertificateTBS == nil)
    }

    @Test func theIssuerKeyHashIsTheIssuersSPKIHash() throws {
        let chain = try pemCertificates("chromium/ct-test-embedded-cert.pem")
        guard case .precertificate(let hash, _) = try #require(SCTEntry.embedded(in: chain[0], issuer: chain[1])) else {
            Issue.record("not a precertificate entry"); return
        }
        #expect(hexString(hash) == "02adddca08b8bf9861f035940c940156d8350fdff899a6239c6bd77255b8f8fc")
    }
}

@Suite struct SCTListTests {
    @Test func embeddedListsReadTheirSCTs() throws {
        let two = try #require(try certificate("pyca/cryptography-scts.pem").embeddedSCTs())
        #expect(two.timestamps.map(\.timestamp) == [1_537_995_393_769, 1_537_995_393_904])
        #expect(two.timestamps.allSatisfy { $0.hashAlgorithm == 4 && $0.signatureAlgorithm == 3 && $0.extensions.isEmpty })
        #expect(two.skipped.isEmpty)
        // Issuer and subject unique IDs before the extensions do not hide the list (Chromium crbug.com/1199744).
        let uids = try #require(try certificate("chromium/ct-test-embedded-with-uids.pem").embeddedSCTs())
        #expect(uids.timestamps.map(\.timestamp) == [1_365_181_456_275])
        #expect(hexString(uids.timestamps[0].logID) == "df1c2ec11500945247a96168325ddc5c7959e8f7c6d388fc002e0bbd3f74d764")
    }

    @Test func anUnknownVersionIsSkippedAndReportedNotFatal() throws {
        // pyca's cryptography.io leaf with its first SCT's version byte set to 1.
        let list = try #require(try certificate("pyca/custom/invalid-sct-version.der").embeddedSCTs())
        #expect(list.skipped.map(\.index) == [0])
        #expect(list.skipped.map(\.version) == [1])
        #expect(list.timestamps.map(\.timestamp) == [1_537_995_393_904])
        // The same from sct.rs: its one SCT of version 1 is skipped, its list read.
        let versioned = try sct(try bytes("sct-rs/testdata/ecdsa_p256-version-sct.bin"))
        #expect(versioned == nil)
    }

    @Test func lengthsThatDoNotAddUpRefuseTheList() throws {
        #expect(throws: SCTListError.self) { try certificate("pyca/custom/invalid-sct-length.der").embeddedSCTs() }
        // sct.rs: a trailing byte after a valid SCT, and every strict prefix of a valid one.
        #expect(throws: SCTListError.malformedSCT(index: 0, offset: 2)) { try sct(try bytes("sct-rs/testdata/ecdsa_p256-junk-sct.bin")) }
        let short = try bytes("sct-rs/testdata/ecdsa_p256-short-sct.bin")
        #expect(try sct(short) != nil)
        for end in 0..<short.count {
            #expect(throws: SCTListError.self, "prefix \(end)") { try sct(Array(short[..<end])) }
        }
        #expect(throws: SCTListError.empty) { try SignedCertificateTimestampList(tlsEncoded: [0x00, 0x00]) }
        #expect(throws: SCTListError.listLength(declared: 5, available: 1)) { try SignedCertificateTimestampList(tlsEncoded: [0x00, 0x05, 0x00]) }
    }

    @Test func aListOverTheCountLimitIsRefused() throws {
        // 65 SCTs of an unknown version, 2 bytes each: under any length limit, over the count.
        let entries = Array(repeating: [UInt8]([0x00, 0x01, 0x07]), count: 65).flatMap { $0 }
        let list = [UInt8(entries.count >> 8), UInt8(entries.count & 0xFF)] + entries
        #expect(throws: SCTListError.tooMany(limit: 64)) { try SignedCertificateTimestampList(tlsEncoded: list[...]) }
        let fits = Array(list.prefix(2 + 64 * 3))
        var patched = fits
        patched[0] = UInt8((fits.count - 2) >> 8); patched[1] = UInt8((fits.count - 2) & 0xFF)
        #expect(try SignedCertificateTimestampList(tlsEncoded: patched[...]).skipped.count == 64)
    }

    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(state: 0x6962)
        for round in 0..<3_000 {
            var input = random.bytes(words: 1 + round % 16)
            if round % 2 == 0, input.count >= 2 {
                input[0] = UInt8((input.count - 2) >> 8)
                input[1] = UInt8((input.count - 2) & 0xFF)
            }
            _ = try? SignedCertificateTimestampList(tlsEncoded: input[...])
        }
    }
}

@Suite struct SCTSignatureTests {
    let testLog: VerificationKey

    init() throws { testLog = try logKey("ct-go/LogPublicKeyPEM.pem") }

    @Test func ctGoCases() throws {
        let ca = try certificate("ct-go/CACertPEM.pem")
        let leaf = try certificate("ct-go/TestCertPEM.pem")
        let certProof = try #require(try sct(try bytes("ct-go/TestCertProof.sct")))
        let preCertProof = try #require(try sct(try bytes("ct-go/TestPreCertProof.sct")))
        // 1: an X.509 entry is the whole leaf.
        #expect(certProof.verifySignature(over: .certificate(leaf.der[...]), logKey: testLog) == nil)
        // 3: the same SCT over another entry.
        let embedded = try certificate("ct-go/TestEmbeddedCertPEM.pem")
        let precertEntry = try #require(SCTEntry.embedded(in: embedded, issuer: ca))
        #expect(certProof.verifySignature(over: precertEntry, logKey: testLog) == .signature(.invalidSignature))
        // 4: the embedded SCT over the final certificate's precertificate entry.
        #expect(try embeddedSCT(embedded) == preCertProof)
        #expect(preCertProof.verifySignature(over: precertEntry, logKey: testLog) == nil)
        // The same SCT with the issuer's key hash of another certificate.
        let wrongIssuer = try #require(SCTEntry.embedded(in: embedded, issuer: leaf))
        #expect(preCertProof.verifySignature(over: wrongIssuer, logKey: testLog) == .signature(.invalidSignature))
        // 5: an embedded SCT issued for another precertificate.
        let invalid = try certificate("ct-go/TestInvalidEmbeddedCertPEM.pem")
        let invalidEntry = try #require(SCTEntry.embedded(in: invalid, issuer: ca))
        #expect(try embeddedSCT(invalid).verifySignature(over: invalidEntry, logKey: testLog) == .signature(.invalidSignature))
    }

    @Test func chromiumEmbeddedChainsVerifyWithTheTestLog() throws {
        // The leaf's issuer is the CA (or the intermediate), also when a
        // precertificate-signing certificate issued the precertificate.
        for file in ["ct-test-embedded-cert.pem", "ct-test-embedded-with-preca-chain.pem",
                     "ct-test-embedded-with-intermediate-chain.pem", "ct-test-embedded-with-intermediate-preca-chain.pem"] {
            let chain = try pemCertificates("chromium/" + file)
            let entry = try #require(SCTEntry.embedded(in: chain[0], issuer: chain[1]), "\(file)")
            #expect(try embeddedSCT(chain[0]).verifySignature(over: entry, logKey: testLog) == nil, "\(file)")
            // The issuer's key hash of the root instead of the issuer: refused.
            if chain.count > 2, let root = chain.last {
                let wrong = try #require(SCTEntry.embedded(in: chain[0], issuer: root))
                #expect(try embeddedSCT(chain[0]).verifySignature(over: wrong, logKey: testLog) != nil, "\(file)")
            }
        }
    }

    @Test func pycaRealSCTsVerifyWithTheirLogsKeys() throws {
        let leaf = try certificate("pyca/cryptography-scts.pem")
        let issuer = try certificate("pyca/letsencryptx3.pem")
        let entry = try #require(SCTEntry.embedded(in: leaf, issuer: issuer))
        let keys = try appleLogKeys()
        let scts = try #require(try leaf.embeddedSCTs()).timestamps
        for timestamp in scts {
            let key = try #require(keys.first { $0.id == Array(timestamp.logID) }?.key, "log \(Base64.encode(timestamp.logID))")
            #expect(timestamp.verifySignature(over: entry, logKey: key) == nil)
            // The x509_entry of the same certificate is not what the log signed.
            #expect(timestamp.verifySignature(over: .certificate(leaf.der[...]), logKey: key) == .signature(.invalidSignature))
        }
        // badssl: the hash and signature code points set to 0.
        for (file, hash, signature) in [("pyca/badssl-sct-none-hash.der", UInt8(0), UInt8(3)), ("pyca/badssl-sct-anonymous-sig.der", 4, 0)] {
            let bad = try embeddedSCT(try certificate(file))
            #expect(bad.verifySignature(over: .certificate(leaf.der[...]), logKey: keys[0].key) == .unsupportedAlgorithm(hash: hash, signature: signature))
        }
    }

    @Test func sctRsGeneratedCases() throws {
        let cert = Array("cert".utf8)[...]
        let logs = ["ecdsa_p256": "ecdsa-prime256v1", "ecdsa_p384": "ecdsa-secp384r1", "rsa2048": "rsa-2048", "rsa3072": "rsa-3072", "rsa4096": "rsa-4096"]
        var verified = 0
        for (name, keyFile) in logs.sorted(by: { $0.key < $1.key }) {
            let key = try logKey("sct-rs/keys/\(keyFile)-pub.pem")
            let basic = try #require(try sct(try bytes("sct-rs/testdata/\(name)-basic-sct.bin")))
            #expect(basic.verifySignature(over: .certificate(cert), logKey: key) == nil, "\(name)")
            verified += 1
            for mutation in ["wrongtime", "wrongcert"] {
                let path = "sct-rs/testdata/\(name)-\(mutation)-sct.bin"
                guard FileManager.default.fileExists(atPath: ct.appendingPathComponent(path).path) else { continue }
                let mutated = try #require(try sct(try bytes(path)))
                #expect(mutated.verifySignature(over: .certificate(cert), logKey: key) == .signature(.invalidSignature), "\(name) \(mutation)")
            }
        }
        #expect(verified == 5)
        let p256 = try logKey("sct-rs/keys/ecdsa-prime256v1-pub.pem")
        let wrongExtensions = try #require(try sct(try bytes("sct-rs/testdata/ecdsa_p256-wrongext-sct.bin")))
        #expect(wrongExtensions.verifySignature(over: .certificate(cert), logKey: p256) == .signature(.invalidSignature))
        let badAlgorithm = try #require(try sct(try bytes("sct-rs/testdata/ecdsa_p256-badsigalg-sct.bin")))
        #expect(badAlgorithm.verifySignature(over: .certificate(cert), logKey: p256) == .unsupportedAlgorithm(hash: 1, signature: 2))
        // The whole 121-byte SCT with two extension bytes verifies.
        let withExtensions = try #require(try sct(try bytes("sct-rs/testdata/ecdsa_p256-short-sct.bin")))
        #expect(withExtensions.extensions.count == 2)
        #expect(withExtensions.verifySignature(over: .certificate(cert), logKey: p256) == nil)
        // A key of one log does not verify another's SCT.
        let rsa = try logKey("sct-rs/keys/rsa-2048-pub.pem")
        let p256Basic = try #require(try sct(try bytes("sct-rs/testdata/ecdsa_p256-basic-sct.bin")))
        #expect(p256Basic.verifySignature(over: .certificate(cert), logKey: rsa) != nil)
    }

    @Test func googleSCTsFromTLSVerifyOverTheCertificate() throws {
        let der = try bytes("sct-rs/testdata/google-cert.bin")
        // sct.rs gives the logs' keys as raw points: wrap them in a P-256 SubjectPublicKeyInfo.
        func p256(_ file: String) throws -> VerificationKey {
            let point = try bytes("sct-rs/testdata/" + file)
            let prefix: [UInt8] = [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                                   0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00]
            return try VerificationKey.prepare(subjectPublicKeyInfo: prefix + point).get()
        }
        let pilot = try p256("google-pilot-pubkey.bin"), symantec = try p256("symantec-log-pubkey.bin")
        let first = try #require(try sct(try bytes("sct-rs/testdata/google-sct0.bin")))
        let second = try #require(try sct(try bytes("sct-rs/testdata/google-sct1.bin")))
        #expect(first.verifySignature(over: .certificate(der[...]), logKey: pilot) == nil)
        #expect(second.verifySignature(over: .certificate(der[...]), logKey: symantec) == nil)
        #expect(first.verifySignature(over: .certificate(der[...]), logKey: symantec) == .signature(.invalidSignature))
        #expect(hexString(SHA256.hash(try p256SPKI("google-pilot-pubkey.bin"))) == "a4b90990b418581487bb13a2cc67700a3c359804f91bdfb8e377cd0ec80ddc10")
    }

    private func p256SPKI(_ file: String) throws -> [UInt8] {
        [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
         0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00] + (try bytes("sct-rs/testdata/" + file))
    }

    /// Every log of Apple's list: its ID and prepared key.
    private func appleLogKeys() throws -> [(id: [UInt8], key: VerificationKey)] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: ct.appendingPathComponent("loglist/apple-current_log_list.json"))) as? [String: Any]
        var result: [(id: [UInt8], key: VerificationKey)] = []
        for case let op as [String: Any] in json?["operators"] as? [Any] ?? [] {
            for case let log as [String: Any] in (op["logs"] as? [Any] ?? []) + (op["tiled_logs"] as? [Any] ?? []) {
                guard let key64 = log["key"] as? String, let id64 = log["log_id"] as? String,
                      let key = Data(base64Encoded: key64), let id = Data(base64Encoded: id64) else { continue }
                #expect(SHA256.hash([UInt8](key)).elementsEqual(id), "log ID is the key's hash")
                if case .success(let prepared) = VerificationKey.prepare(subjectPublicKeyInfo: [UInt8](key)) {
                    result.append(([UInt8](id), prepared))
                }
            }
        }
        #expect(result.count > 100)
        return result
    }
}

/// SCTs a stapled OCSP response carries in its SingleResponse extension
/// (1.3.6.1.4.1.11129.2.4.5, RFC 6962 §3.3): pyca's real response with
/// four, Chromium's fake one whose value is not a list, and the test
/// response of Vectors/ct-policy checked over its certificate.
@Suite struct OCSPSCTTests {
    @Test func aRealResponseCarriesFourSCTs() throws {
        let response = try OCSPResponse(derEncoded: try Vectors.bytes("ct/pyca/ocsp/resp-sct-extension.der"))
        let single = try #require(response.basic?.responses.first)
        let list = try #require(try single.signedCertificateTimestamps())
        #expect(list.timestamps.count == 4)
        #expect(list.skipped.isEmpty)
        // The SCT extension is understood: it no longer counts as unrecognised.
        #expect(!single.hasUnrecognisedCriticalExtension)
    }

    @Test func aValueThatIsNotAListIsRefused() throws {
        let response = try OCSPResponse(derEncoded: try Vectors.bytes("ct/chromium/ct_test_util/kFakeOCSPResponse.der"))
        let single = try #require(response.basic?.responses.first)
        #expect(throws: SCTListError.self) { try single.signedCertificateTimestamps() }
    }

    @Test func aResponseWithoutTheExtensionHasNone() throws {
        let response = try OCSPResponse(derEncoded: try Vectors.bytes("revocation/ocsp/ocsp-army.deps.mil-resp.der"))
        let responses = try #require(response.basic?.responses)
        #expect(!responses.isEmpty)
        for single in responses {
            #expect(try single.signedCertificateTimestamps() == nil)
        }
    }

    @Test func theTestResponsesSCTsVerifyOverTheCertificate() throws {
        let response = try OCSPResponse(derEncoded: try Vectors.bytes("ct-policy/ocsp-two-operators.ocsp.der"))
        let list = try #require(try response.basic?.responses.first?.signedCertificateTimestamps())
        #expect(list.timestamps.count == 2)
        let leaf = try Certificate(derEncoded: try #require(PEM.certificates(in: try Vectors.bytes("ct-policy/no-scts.pem")).first).der)
        let other = try Certificate(derEncoded: try #require(PEM.certificates(in: try Vectors.bytes("ct-policy/tampered.pem")).first).der)
        let text = String(decoding: try Vectors.bytes("ct-policy/loglist-apple.json"), as: UTF8.self)
        // The log keys, from the test list's "key" members.
        let keys = text.split(separator: "\"key\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        for sct in list.timestamps {
            let key = try #require(keys.compactMap { base64 -> VerificationKey? in
                guard let spki = try? Base64.decode(Array(base64.utf8)), SHA256.hash(spki).elementsEqual(sct.logID) else { return nil }
                return try? VerificationKey.prepare(subjectPublicKeyInfo: spki).get()
            }.first)
            #expect(sct.verifySignature(over: .certificate(leaf.der[...]), logKey: key) == nil)
            #expect(sct.verifySignature(over: .certificate(other.der[...]), logKey: key) != nil)
        }
    }
}
