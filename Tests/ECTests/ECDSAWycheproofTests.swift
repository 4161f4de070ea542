import EC
import Foundation
import SHA2
import TestSupport
import XCTest

/// Every ECDSA file of Wycheproof (DER signatures) through one harness:
/// `valid` must verify, `invalid` must be refused (at key construction or at
/// verification), by the plain key and by its precomputed form alike, and
/// the size-first configuration's path must decide each case the same. The copied files hold no `acceptable` case; one appearing
/// would fail the test until it is decided (docs/signatures.md, ECDSA).
final class ECDSAWycheproofTests: XCTestCase {
    static let expectedFiles = [
        "ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha512_test.json",
        "ecdsa_secp384r1_sha256_test.json", "ecdsa_secp384r1_sha384_test.json", "ecdsa_secp384r1_sha512_test.json",
        "ecdsa_secp521r1_sha512_test.json",
    ]

    struct Tally {
        var validAccepted = 0, invalidRefused = 0, keyRefused = 0, acceptable = 0, failed = 0, sizeFirstAccepted = 0
    }

    func testEveryECDSAFileIsPresent() throws {
        let directory = Vectors.root.appendingPathComponent("wycheproof/ecdsa").path
        let present = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("ecdsa_") }.sorted()
        XCTAssertEqual(present, Self.expectedFiles.sorted())
    }

    func testWycheproofECDSA() throws {
        var total = 0
        for name in Self.expectedFiles {
            let tally = try run(file: name)
            total += tally.validAccepted + tally.invalidRefused
            print("\(name): \(tally.validAccepted) valid accepted, \(tally.invalidRefused) invalid refused (\(tally.keyRefused) at key construction), \(tally.acceptable) acceptable, \(tally.failed) failed")
            XCTAssertEqual(tally.failed, 0, name)
            XCTAssertEqual(tally.acceptable, 0, "\(name): an acceptable case needs a decision in docs/signatures.md")
            XCTAssertGreaterThan(tally.validAccepted, 0, name)
            XCTAssertEqual(tally.sizeFirstAccepted, tally.validAccepted, "\(name): the size-first path accepts another set")
        }
        print("Wycheproof ECDSA: \(total) cases")
    }

    func run(file name: String) throws -> Tally {
        let data = try Data(contentsOf: Vectors.root.appendingPathComponent("wycheproof/ecdsa/" + name))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(root["schema"] as? String, "ecdsa_verify_schema_v1.json", name)
        let groups = try XCTUnwrap(root["testGroups"] as? [[String: Any]])
        var tally = Tally()
        for group in groups {
            let publicKey = try XCTUnwrap(group["publicKey"] as? [String: Any])
            let curve = try XCTUnwrap(ECDSAVectors.curve(named: publicKey["curve"] as? String ?? ""), name)
            let hash = try XCTUnwrap(ECDSAVectors.hash(named: group["sha"] as? String ?? ""), name)
            let uncompressed = hexBytes(publicKey["uncompressed"] as? String ?? "")
            // The SPKI (RFC 5480) ends with the same point in its BIT STRING.
            let spki = hexBytes(group["publicKeyDer"] as? String ?? "")
            XCTAssertEqual(Array(spki.suffix(uncompressed.count)), uncompressed, "\(name): keyDer and uncompressed differ")
            let key = try? ECDSAPublicKey(curve: curve, uncompressedPoint: uncompressed[...])
            let precomputed = key?.withPrecomputedMultiples()
            if let precomputed { XCTAssertTrue(precomputed.hasPrecomputedMultiples && !key!.hasPrecomputedMultiples) }
            for test in try XCTUnwrap(group["tests"] as? [[String: Any]]) {
                let id = test["tcId"] as? Int ?? -1
                let message = hexBytes(test["msg"] as? String ?? "")
                let signature = hexBytes(test["sig"] as? String ?? "")
                var verified = false
                if let key, let precomputed {
                    verified = (try? key.verify(signature: signature[...], message: message[...], hash: hash)) != nil
                    // A trust anchor's form of the key (precomputed multiples) must decide the same.
                    let viaMultiples = (try? precomputed.verify(signature: signature[...], message: message[...], hash: hash)) != nil
                    if viaMultiples != verified { tally.failed += 1; XCTFail("\(name) tcId \(id): the precomputed key decides otherwise") }
                }
                // The size-first configuration's path decides the same, error for error.
                let sizeFirst = ECDSADecision.sizeFirst(curve, point: uncompressed, signature: signature, message: message, hash: hash)
                let standard = ECDSADecision.standard(curve, point: uncompressed, signature: signature, message: message, hash: hash)
                if sizeFirst != standard { tally.failed += 1; XCTFail("\(name) tcId \(id): size-first \(String(describing: sizeFirst)), default \(String(describing: standard))") }
                if sizeFirst == nil { tally.sizeFirstAccepted += 1 }
                switch test["result"] as? String {
                case "valid":
                    if verified { tally.validAccepted += 1 } else { tally.failed += 1; XCTFail("\(name) tcId \(id): valid signature refused") }
                case "invalid":
                    if !verified {
                        tally.invalidRefused += 1
                        if key == nil { tally.keyRefused += 1 }
                    } else { tally.failed += 1; XCTFail("\(name) tcId \(id): invalid signature accepted") }
                default:
                    tally.acceptable += 1
                }
            }
        }
        return tally
    }
}
