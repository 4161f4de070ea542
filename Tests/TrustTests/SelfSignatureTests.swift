import Foundation
import PKIX
import Testing
import Trust

/// Every root of the system bundle verifies its own self-signature through
/// the signature seam, RSA and EC alike: the keys parse, the algorithm
/// table knows every identifier the Web PKI's roots use, and the
/// arithmetic agrees with the CAs'. Self-signatures of anchors carry no
/// trust (RFC 5280 §6.1), so this test allows SHA-1 and 1024-bit keys,
/// which some roots still carry.
@Test func systemBundleRootsVerifyTheirOwnSignatures() throws {
    let path = "/etc/ssl/certs/ca-certificates.crt"
    guard let data = FileManager.default.contents(atPath: path) else {
        print("NOTICE: \(path) is absent; self-signature test not run")
        return
    }
    var counts: [String: Int] = [:]
    var verified = 0
    let blocks = try PEM.certificates(in: [UInt8](data))
    for block in blocks {
        let root = try Certificate(derEncoded: block.der)
        let key: VerificationKey
        switch VerificationKey.prepare(root) {
        case .success(let prepared): key = prepared
        case .failure(let failure):
            Issue.record("\(root.subjectName): key refused: \(failure)")
            continue
        }
        counts[key.description, default: 0] += 1
        let failure = checkSignature(algorithm: root.signatureAlgorithm.encoded, key: key,
                                     policy: KeyPolicy(minimumRSAModulusBits: 1024), allowSHA1: true,
                                     signature: root.signedData.signature, message: root.signedData.message)
        if let failure { Issue.record("\(root.subjectName): \(failure)") } else { verified += 1 }
    }
    let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print("system bundle self-signatures: \(verified)/\(blocks.count) verify (\(summary))")
    #expect(verified == blocks.count && blocks.count > 100)
}
