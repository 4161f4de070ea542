import DER
import Foundation
import PKIX
import Testing
import TestSupport

// pyca/cryptography's OCSP vectors (Vectors/revocation/README.md): each
// response parses into the fields its name says, or is refused with the
// rule it breaks; each request is refused as a response.

private func response(_ name: String) throws -> Result<OCSPResponse, DERError> {
    let bytes = try Vectors.bytes("revocation/ocsp/" + name)
    do { return .success(try OCSPResponse(derEncoded: bytes)) } catch { return .failure(error) }
}

private func basic(_ name: String) throws -> (OCSPResponse, BasicOCSPResponse) {
    switch try response(name) {
    case .success(let parsed):
        let basic = try #require(parsed.basic, "\(name) has no BasicOCSPResponse")
        #expect(parsed.status == .successful)
        return (parsed, basic)
    case .failure(let error):
        Issue.record("\(name): \(error)")
        throw error
    }
}

private func hex(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.map { String($0, radix: 16, uppercase: true).count == 1 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }.joined()
}

@Test(arguments: [
    ("resp-invalid-version.der", DERError.Rule.unsupportedOCSPVersion),
    ("resp-response-type-unknown-oid.der", .unsupportedOCSPResponseType),
    ("resp-successful-no-response-bytes.der", .missingOCSPResponseBytes),
    ("resp-unknown-response-status.der", .unknownOCSPResponseStatus),
])
func malformedResponsesAreRefusedWithTheirRule(name: String, rule: DERError.Rule) throws {
    guard case .failure(let error) = try response(name) else { Issue.record("\(name) parsed"); return }
    #expect(error.rule == rule, "\(name): \(error)")
}

@Test func requestsAreNotResponses() throws {
    let requests = try FileManager.default.contentsOfDirectory(atPath: Vectors.url("revocation/ocsp").path)
        .filter { $0.contains("req") }.sorted()
    #expect(requests.count == 11)
    for name in requests {
        guard case .failure(let error) = try response(name) else { Issue.record("\(name) parsed as a response"); continue }
        // An OCSPRequest opens with its TBSRequest SEQUENCE where a response has its status.
        #expect(error.rule == .unexpectedTag, "\(name): \(error)")
    }
}

@Test func anUnsuccessfulStatusCarriesNoResponse() throws {
    guard case .success(let parsed) = try response("resp-unauthorized.der") else { Issue.record("refused"); return }
    #expect(parsed.status == .unauthorized && parsed.basic == nil)
}

@Test func revokedResponsesCarryTheirTimeAndReason() throws {
    let (plain, revoked) = try basic("resp-revoked.der")
    #expect(revoked.responses.count == 1)
    let single = revoked.responses[0]
    // openssl ocsp -resp_text: Revocation Time: Sep  2 21:28:48 2016 GMT, no reason.
    #expect(single.status == .revoked(time: 1_472_851_728, reason: nil))
    #expect(single.certID.hash == .sha1)
    #expect(hex(single.certID.serialNumber.bytes) == "01AF1EFBDD5EAE0952320B24FE6B5568")
    #expect(hex(single.certID.issuerKeyHash) == "0F80611C823161D52F28E78D4638B42CE1C6D9E2")
    guard case .byKey(let key) = revoked.responderID else { Issue.record("responder by name"); return }
    #expect(hex(key) == "0F80611C823161D52F28E78D4638B42CE1C6D9E2")
    #expect(single.nextUpdate != nil && revoked.certificates.isEmpty && revoked.nonce == nil)

    let (_, reason) = try basic("resp-revoked-reason.der")
    guard case .revoked(_, let code) = reason.responses[0].status else { Issue.record("not revoked"); return }
    #expect(code == .superseded)
    #expect(reason.nonce != nil && !reason.hasUnrecognisedCriticalExtension)
    guard case .byName = reason.responderID else { Issue.record("responder by key"); return }

    let (_, noNext) = try basic("resp-revoked-no-next-update.der")
    #expect(noNext.responses[0].nextUpdate == nil)
    if case .revoked = noNext.responses[0].status {} else { Issue.record("not revoked") }
}

@Test func goodResponsesAndTheirExtensions() throws {
    let (_, sct) = try basic("resp-sct-extension.der")
    #expect(sct.responses[0].status == .good && sct.responses[0].extensions != nil)
    #expect(!sct.responses[0].hasUnrecognisedCriticalExtension)
    let (_, reason) = try basic("resp-single-extension-reason.der")
    #expect(reason.responses[0].status == .good && reason.responses[0].extensions != nil)
    // An unknown non-critical response extension leaves the response usable.
    let (_, unknown) = try basic("resp-unknown-extension.der")
    #expect(unknown.extensions != nil && !unknown.hasUnrecognisedCriticalExtension && unknown.nonce == nil)
    let (_, many) = try basic("ocsp-army.deps.mil-resp.der")
    #expect(many.responses.count == 20)
    #expect(many.responses.filter { $0.status == .good }.count == 16)
    #expect(many.responses.allSatisfy { $0.certID.hash == .sha1 && $0.certID.issuerNameHash.count == 20 })
}

@Test func aDelegatedResponderCertificateIsParsed() throws {
    let (_, delegate) = try basic("resp-delegate-unknown-cert.der")
    #expect(delegate.certificates.count == 1)
    #expect(delegate.responses[0].status == .unknown)
    let (_, inline) = try basic("resp-revoked-reason.der")
    #expect(inline.certificates.count == 1, "QuoVadis includes its responder certificate")
    #expect(inline.certificates.first?.extendedKeyUsages.contains(.ocspSigning) == true)
}

@Test func unknownAlgorithmsParseAndNameNothing() throws {
    // A CertID hash this library does not know matches no certificate.
    let (_, hash) = try basic("resp-unknown-hash-alg.der")
    #expect(hash.responses[0].certID.hash == nil)
    // md2WithRSAEncryption: read, and left for the signature check to refuse.
    let (signed, md2) = try basic("resp-invalid-signature-oid.der")
    #expect(Array(md2.signedData.algorithm.algorithm) == [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x02])
    let (_, sha256) = try basic("resp-sha256.der")
    #expect(sha256.responses[0].status == .good)
}

/// Every truncation of a real response is refused with a typed error, never a trap.
@Test func truncatedResponsesAreRefused() throws {
    let bytes = try Vectors.bytes("revocation/ocsp/resp-revoked-reason.der")
    for length in 0..<bytes.count {
        #expect(throws: DERError.self) { try OCSPResponse(derEncoded: Array(bytes[..<length])) }
    }
}
