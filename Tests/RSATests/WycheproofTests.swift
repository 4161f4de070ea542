import BigNum
import Foundation
import RSA
import SHA2
import Testing
import TestSupport
import Trust

/// One Wycheproof file: the PKCS#1 v1.5 files and the PSS files share this harness.
struct WycheproofFile: CustomTestStringConvertible, Sendable {
    let name: String
    var isPSS: Bool { name.hasPrefix("rsa_pss") }
    var testDescription: String { name }
}

let wycheproofFiles: [WycheproofFile] = ((try? FileManager.default.contentsOfDirectory(atPath: vectorsRoot.appendingPathComponent("wycheproof").path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted().map(WycheproofFile.init)

struct Tally {
    var valid = 0, invalid = 0, acceptableRefused = 0, unsupported = 0, failed = 0
}

@Test(arguments: wycheproofFiles)
func wycheproofRSA(_ file: WycheproofFile) throws {
    let data = try Data(contentsOf: vectorsRoot.appendingPathComponent("wycheproof/" + file.name))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let groups = try #require(root["testGroups"] as? [[String: Any]])
    var tally = Tally()
    for group in groups {
        let tests = try #require(group["tests"] as? [[String: Any]])
        let hash = hashAlgorithm(group["sha"] as? String ?? "")
        let maskHash = file.isPSS ? hashAlgorithm(group["mgfSha"] as? String ?? "") : hash
        guard let hash, let maskHash else {
            tally.unsupported += tests.count  // SHA-1 / SHA-224 groups
            continue
        }
        let publicKey = try #require(group["publicKey"] as? [String: String])
        let key = try? RSAPublicKey(modulus: BigUInt(bigEndian: hexBytes(publicKey["modulus"]!)),
                                    exponent: BigUInt(bigEndian: hexBytes(publicKey["publicExponent"]!)))
        // The same key through the library's one SPKI reader (Trust's
        // VerificationKey), where the SPKI is rsaEncryption.
        if let der = group["publicKeyDer"] as? String, !file.name.contains("params"), let key {
            guard case .success(.rsa(let fromSPKI)) = VerificationKey.prepare(subjectPublicKeyInfo: hexBytes(der)) else {
                Issue.record("\(file.name): the SPKI reader refused the group's rsaEncryption key")
                continue
            }
            #expect(fromSPKI.modulus == key.modulus && fromSPKI.exponent == key.exponent)
        }
        for test in tests {
            let id = test["tcId"] as? Int ?? -1
            let result = test["result"] as? String ?? ""
            let message = hexBytes(test["msg"] as? String ?? "")
            let signature = hexBytes(test["sig"] as? String ?? "")
            var verified = false
            if let key {
                do {
                    if file.isPSS {
                        let salt = group["sLen"] as? Int ?? 0
                        try key.verifyPSS(signature: signature, message: message,
                                          parameters: PSSParameters(hash: hash, maskHash: maskHash, saltLength: salt))
                    } else {
                        try key.verifyPKCS1v15(signature: signature, message: message, hash: hash)
                    }
                    verified = true
                } catch {}
            }
            switch result {
            case "valid":
                if verified { tally.valid += 1 } else { tally.failed += 1; Issue.record("\(file.name) tcId \(id): valid signature refused") }
            case "invalid":
                if !verified { tally.invalid += 1 } else { tally.failed += 1; Issue.record("\(file.name) tcId \(id): invalid signature accepted") }
            default:
                // Acceptable: a DigestInfo without NULL; refused by decision.
                if !verified { tally.acceptableRefused += 1 } else { tally.failed += 1; Issue.record("\(file.name) tcId \(id): acceptable case accepted") }
            }
        }
    }
    print("\(file.name): \(tally.valid) valid accepted, \(tally.invalid) invalid refused, \(tally.acceptableRefused) acceptable refused (decision), \(tally.unsupported) not supported (SHA-1/SHA-224), \(tally.failed) failed")
    #expect(tally.failed == 0)
    #expect(tally.valid > 0)
}

@Test func wycheproofFilesArePresent() {
    #expect(wycheproofFiles.filter { $0.name.hasPrefix("rsa_signature") }.count == 12)
    #expect(wycheproofFiles.filter(\.isPSS).count == 16)
}
