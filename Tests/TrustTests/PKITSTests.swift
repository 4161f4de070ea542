import DER
import Foundation
import PKIX
import Testing
import Trust

/// NIST PKITS, `core` category: every entry's verdict must match.
@Test func pkitsCore() throws {
    let root = vectors.appendingPathComponent("pkits")
    let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("pkits_index.json"))) as? [String: Any])
    let tests = try #require(index["tests"] as? [[String: Any]])
    // 2011-04-15T00:00:00Z, PKITS's validation time.
    let time: Int64 = 1_302_825_600
    var passed = 0, failed: [String] = []
    var notSupported: [String: Int] = [:]
    for test in tests {
        let category = test["category"] as? String ?? ""
        guard category == "core" else {
            notSupported[category, default: 0] += 1
            continue
        }
        let names = try #require(test["certs_root_first"] as? [String])
        let expected = try #require(test["expected_valid"] as? Bool)
        var certificates: [Certificate] = []
        var parseFailure: DERError? = nil
        for name in names {
            let der = [UInt8](try Data(contentsOf: root.appendingPathComponent("certs/\(name).crt")))
            do { certificates.append(try Certificate(derEncoded: der)) } catch { parseFailure = error; break }
        }
        var verdict = false
        var reason = parseFailure.map { "malformed: \($0)" } ?? ""
        if parseFailure == nil {
            var policy = VerificationPolicy(time: time, purpose: .any)
            // PKITS keys are RSA-1024 and 2048: its tests are about paths, not key sizes.
            policy.keys.minimumRSAModulusBits = 1024
            var verifier = Verifier(store: TrustStore([certificates[0]]), policy: policy)
            switch verifier.verify(leaf: certificates[certificates.count - 1], intermediates: Array(certificates.dropFirst().dropLast().reversed())) {
            case .success: verdict = true
            case .failure(let failure): reason = failure.description
            }
        }
        let label = "\(test["test_number"] as? String ?? "?") \(test["title"] as? String ?? "")"
        if verdict == expected { passed += 1 } else { failed.append("\(label): expected \(expected ? "valid" : "invalid"), got \(verdict ? "valid" : reason)") }
    }
    for line in failed { print("  PKITS mismatch: \(line)") }
    print("PKITS core: \(passed)/\(passed + failed.count) passed; not supported (not counted): \(notSupported.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    #expect(passed + failed.count == 82)
    #expect(failed.isEmpty)
}
