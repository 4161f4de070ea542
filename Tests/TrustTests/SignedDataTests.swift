import DER
import Foundation
import PKIX
import Testing
import Trust

/// Chromium's verify_signed_data cases (SPKI, AlgorithmIdentifier, data,
/// signature BIT STRING) through the one signature seam, as a certificate
/// edge would use it. Each case must agree with `expected.json`, except the
/// listed divergences, which must still diverge (and are counted apart).
@Test func chromiumSignedDataSuiteAgrees() throws {
    let folder = vectors.appendingPathComponent("chromium-pki/verify_signed_data_unittest")
    let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    let verdicts = try #require((expected as? [String: Any])?["expected"] as? [String: String])
    let exceptions = try String(contentsOf: folder.appendingPathComponent("EXCEPTIONS.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
    var agreed = 0, listed = 0
    for (file, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
        let text = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        func block(_ label: String) throws -> [UInt8] { try #require(try PEM.blocks(in: text, label: label).first).der }
        let outcome = signedDataOutcome(spki: try block("PUBLIC KEY"), algorithm: try block("ALGORITHM"),
                                        data: try block("DATA"), signatureBitString: try block("SIGNATURE"))
        let accepted = outcome == nil
        if accepted == (verdict == "SUCCESS") {
            agreed += 1
            #expect(!exceptions.contains(file), "\(file) agrees now; remove it from EXCEPTIONS.txt")
        } else {
            listed += 1
            #expect(exceptions.contains(file), "\(file): Chromium \(verdict), PureX509 \(outcome.map { "refused: \($0)" } ?? "accepted")")
        }
    }
    print("chromium verify_signed_data: \(agreed)/\(verdicts.count) agree, \(listed) listed divergences")
    #expect(verdicts.count == 32)
}

/// nil when the seam accepts; the refusal otherwise. The policy is
/// permissive on what Chromium's test does not judge (1024-bit keys, SHA-1).
func signedDataOutcome(spki: [UInt8], algorithm: [UInt8], data: [UInt8], signatureBitString: [UInt8]) -> String? {
    var signature: ArraySlice<UInt8> = []
    do throws(DERError) {
        let bits = try DERReader.parse(signatureBitString) { (reader: inout DERReader) throws(DERError) in try reader.readBitString() }
        guard bits.unusedBits == 0 else { return "signature BIT STRING has unused bits" }
        signature = signatureBitString[bits.bytes]
    } catch {
        return "signature: \(error)"
    }
    let key: VerificationKey
    switch VerificationKey.prepare(subjectPublicKeyInfo: spki) {
    case .success(let prepared): key = prepared
    case .failure(let failure): return failure.description
    }
    let policy = KeyPolicy(minimumRSAModulusBits: 1024)
    return checkSignature(algorithm: algorithm[...], key: key, policy: policy, allowSHA1: true,
                          signature: signature, message: data[...])?.description
}
