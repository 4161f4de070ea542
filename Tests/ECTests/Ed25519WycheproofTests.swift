import EC
import Foundation
import Testing
import TestSupport

/// Wycheproof `ed25519_test.json` (Vectors/wycheproof/ed25519/): every
/// `valid` case must verify and every `invalid` one must be refused, counted
/// per flag so the edge cases are visible: small-order A and R among the
/// `InvalidSignature`/`Valid` groups, non-canonical R and S
/// (`InvalidEncoding`), S ≥ L (`SignatureMalleability`), truncated and
/// extended signatures (`TruncatedSignature`, `SignatureWithGarbage`,
/// `CompressedSignature`), k overflows (`TinkOverflow`). Every case also
/// goes through the size-first path, which must decide it alike, error for
/// error (Ed25519Decision).
@Test func wycheproofEd25519() throws {
    let url = Vectors.root.appendingPathComponent("wycheproof/ed25519/ed25519_test.json")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    #expect(root["algorithm"] as? String == "EDDSA")
    let groups = try #require(root["testGroups"] as? [[String: Any]])

    struct Tally { var accepted = 0, refused = 0 }
    var tallies: [String: Tally] = [:]
    var failures = 0
    var total = 0
    var disagreements = 0
    for group in groups {
        let publicKey = try #require(group["publicKey"] as? [String: Any])
        #expect(publicKey["curve"] as? String == "edwards25519")
        let keyHex = try #require(publicKey["pk"] as? String)
        let keyBytes = try #require(decodeHex(keyHex))
        let key = try? Ed25519PublicKey(rawRepresentation: keyBytes[...])
        for test in try #require(group["tests"] as? [[String: Any]]) {
            total += 1
            let id = test["tcId"] as? Int ?? -1
            let result = try #require(test["result"] as? String)
            let flags = (test["flags"] as? [String] ?? []).joined(separator: ",")
            let messageHex = try #require(test["msg"] as? String)
            let signatureHex = try #require(test["sig"] as? String)
            let message = try #require(decodeHex(messageHex))
            let signature = try #require(decodeHex(signatureHex))
            let standard = Ed25519Decision.standard(key: keyBytes, signature: signature, message: message)
            let sizeFirst = Ed25519Decision.sizeFirst(key: keyBytes, signature: signature, message: message)
            if sizeFirst != standard {
                disagreements += 1
                Issue.record("tcId \(id): default path \(String(describing: standard)), size-first \(String(describing: sizeFirst))")
            }
            var accepted = false
            if let key {
                do {
                    try key.verify(signature: signature[...], message: message[...])
                    accepted = true
                } catch {}
            }
            let name = "\(result) [\(flags)]"
            switch result {
            case "valid":
                tallies[name, default: Tally()].accepted += accepted ? 1 : 0
                if !accepted {
                    failures += 1
                    Issue.record("tcId \(id) (\(test["comment"] ?? "")): valid signature refused")
                }
            case "invalid":
                tallies[name, default: Tally()].refused += accepted ? 0 : 1
                if accepted {
                    failures += 1
                    Issue.record("tcId \(id) (\(test["comment"] ?? "")): invalid signature accepted")
                }
            default:
                failures += 1
                Issue.record("tcId \(id): unexpected result \(result)")
            }
        }
    }
    for (name, tally) in tallies.sorted(by: { $0.key < $1.key }) {
        print("Wycheproof Ed25519 \(name): \(name.hasPrefix("valid") ? tally.accepted : tally.refused) \(name.hasPrefix("valid") ? "accepted" : "refused")")
    }
    print("Wycheproof Ed25519: \(total) cases, \(failures) failed, \(disagreements) decided differently by the size-first path")
    #expect(total == root["numberOfTests"] as? Int)
    #expect(failures == 0)
    #expect(disagreements == 0)
}
