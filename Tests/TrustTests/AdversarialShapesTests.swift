import DER
import Foundation
import PKIX
import Testing
import Trust

/// One adversarial shape from Vectors/adversarial (generate.py): a leaf and
/// a crowd of intermediates that reach no anchor.
struct AdversarialShape: CustomTestStringConvertible, Sendable {
    let shape: String
    let files: [String]
    let at: Int64
    let host: String
    var testDescription: String { shape }
}

let adversarialShapes: [AdversarialShape] = {
    let url = vectors.appendingPathComponent("adversarial/shapes.json")
    guard let data = try? Data(contentsOf: url), let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
    return rows.compactMap { row in
        guard let shape = row["shape"] as? String, let files = row["files"] as? [String],
              let at = row["at"] as? Int, let host = row["host"] as? String else { return nil }
        return AdversarialShape(shape: shape, files: files, at: Int64(at), host: host)
    }
}()

/// Concatenated DER certificates, split by their outer TLV lengths.
func concatenatedCertificates(_ file: String) throws -> [Certificate] {
    let bytes = [UInt8](try Data(contentsOf: vectors.appendingPathComponent("adversarial/" + file)))
    var certificates: [Certificate] = []
    var offset = 0
    while offset < bytes.count {
        // SEQUENCE with a two-octet long-form length (every generated certificate is 256 B–64 KiB).
        try #require(bytes[offset] == 0x30 && bytes[offset + 1] == 0x82)
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        certificates.append(try Certificate(derEncoded: Array(bytes[offset..<(offset + 4 + length)])))
        offset += 4 + length
    }
    return certificates
}

/// Every shape ends with a typed refusal: no anchor is reachable, so the
/// answer is "no issuer" or an exhausted budget, never a trust and never a
/// hang (how long each takes is measured in the Benchmarks package, not here).
@Test(arguments: adversarialShapes)
func adversarialShapeIsRefused(_ shape: AdversarialShape) throws {
    var presented: [Certificate] = []
    for file in shape.files { presented += try concatenatedCertificates(file) }
    let anchor = try concatenatedCertificates("anchor.der")
    var policy = VerificationPolicy(time: shape.at)
    policy.identity = ServerIdentity(host: shape.host)
    // The generator gives every certificate, the anchor included, arbitrary
    // key identifiers so that none shortcuts the search; the strict
    // profile's anchor rules would refuse the anchor itself.
    policy.profile.anchorRules = []
    var verifier = Verifier(store: TrustStore(anchor), policy: policy)
    switch verifier.verify(leaf: presented[0], intermediates: Array(presented.dropFirst())) {
    case .success: Issue.record("\(shape.shape) was trusted")
    case .failure(let failure):
        let expected: Set = ["unknownIssuer", "budgetExceeded", "pathTooLong", "expired", "badSignature"]
        #expect(expected.contains(failure.code), "\(shape.shape): \(failure)")
        print("adversarial \(shape.shape) (\(presented.count) certificates): \(failure)")
    }
    #expect(adversarialShapes.count >= 11)
}
