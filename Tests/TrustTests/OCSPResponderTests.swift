import Foundation
import PKIX
import Testing
@testable import Trust

// Who may sign an OCSP response (RFC 6960 §4.2.2.2), on pyca's
// resp-revoked-reason.der: QuoVadis's responder names itself by Name and
// includes its certificate.

private func responseBytes() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: vectors.appendingPathComponent("revocation/ocsp/resp-revoked-reason.der")))
}

@Test func aResponderNameMatchesAsPathBuildingMatchesNames() throws {
    var bytes = try responseBytes()
    let response = try OCSPResponse(derEncoded: bytes)
    let responder = try #require(response.basic?.certificates.first)
    let id = try #require(response.basic?.responderID)
    #expect(Evaluation.responder(id, names: responder))
    // The same name in other letter case (RFC 5280 §7.1): still the responder.
    let text = Array("QuoVadis OCSP Authority Signature".utf8)
    let at = try #require((0...(bytes.count - text.count)).first { Array(bytes[$0..<$0 + text.count]) == text })
    for i in at..<at + text.count where bytes[i] >= 0x61 && bytes[i] <= 0x7A { bytes[i] -= 0x20 }
    let shouted = try OCSPResponse(derEncoded: bytes)
    let shoutedID = try #require(shouted.basic?.responderID)
    guard case .byName(let name) = shoutedID else { Issue.record("not by name"); return }
    #expect(!name.encoded.elementsEqual(responder.subject.encoded))
    #expect(Evaluation.responder(shoutedID, names: responder))
    // Another name is not the responder.
    bytes[at] = UInt8(ascii: "X")
    let other = try OCSPResponse(derEncoded: bytes)
    #expect(!Evaluation.responder(try #require(other.basic?.responderID), names: responder))
}

@Test func anIncludedCertificateThatDoesNotParseIsSkipped() throws {
    var bytes = try responseBytes()
    // The included certificate's version [0] INTEGER 2 (v3) becomes 7: that
    // certificate is refused, the response still parses without it.
    let version: [UInt8] = [0xA0, 0x03, 0x02, 0x01, 0x02]
    let at = try #require((0...(bytes.count - version.count)).first { Array(bytes[$0..<$0 + version.count]) == version })
    bytes[at + 4] = 0x07
    let response = try OCSPResponse(derEncoded: bytes)
    #expect(response.basic?.certificates.isEmpty == true)
    #expect(response.basic?.skippedCertificates == 1)
    #expect(response.basic?.responses.count == 1)
}
