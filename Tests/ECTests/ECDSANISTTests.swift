import EC
import Foundation
import SHA2
import TestSupport
import XCTest

/// NIST CAVP FIPS 186-3 SigVer for P-256, P-384 and P-521 with SHA-256/384/512
/// (Vectors/ecdsa-nist/SigVer.rsp, filtered to those sections): `Result = P`
/// must verify, `Result = F` must be refused, whether at key construction
/// (a changed Q may leave the curve) or at verification.
final class ECDSANISTTests: XCTestCase {
    struct Record {
        var section = "", message: [UInt8] = [], qx: [UInt8] = [], qy: [UInt8] = [], r: [UInt8] = [], s: [UInt8] = []
    }

    func testSigVer() throws {
        let text = try String(contentsOf: Vectors.root.appendingPathComponent("ecdsa-nist/SigVer.rsp"), encoding: .utf8)
        var section = ""
        var record = Record()
        var counts: [String: (accepted: Int, refused: Int, keyRefused: Int)] = [:]
        var order: [String] = []
        var rows = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("[") { section = String(line.dropFirst().dropLast()); order.append(section); continue }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let field = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "Msg": record = Record(section: section, message: hexBytes(value))
            case "Qx": record.qx = hexBytes(value)
            case "Qy": record.qy = hexBytes(value)
            case "R": record.r = hexBytes(value)
            case "S": record.s = hexBytes(value)
            case "Result":
                rows += 1
                let parts = section.split(separator: ",")
                let curve = try XCTUnwrap(ECDSAVectors.curve(named: String(parts[0])), section)
                let hash = try XCTUnwrap(ECDSAVectors.hash(named: String(parts[1])), section)
                let length = ECDSAVectors.coordinateLength(curve)
                let point = [0x04] + ECDSAVectors.padded(record.qx, to: length) + ECDSAVectors.padded(record.qy, to: length)
                let signature = ECDSAVectors.derSignature(r: record.r, s: record.s)
                let expected = value.hasPrefix("P")
                var verified = false
                var keyRefused = false
                do {
                    let key = try ECDSAPublicKey(curve: curve, uncompressedPoint: point[...])
                    verified = (try? key.verify(signature: signature[...], message: record.message[...], hash: hash)) != nil
                    // A trust anchor's form of the key (precomputed multiples) must decide the same.
                    let viaMultiples = (try? key.withPrecomputedMultiples().verify(signature: signature[...], message: record.message[...], hash: hash)) != nil
                    XCTAssertEqual(viaMultiples, verified, "\(section) row \(rows): the precomputed key decides otherwise")
                } catch ECError.pointNotOnCurve {
                    keyRefused = true
                } catch {}
                XCTAssertEqual(verified, expected, "\(section) row \(rows): \(value)")
                XCTAssertEqual(ECDSADecision.sizeFirst(curve, point: point, signature: signature, message: record.message, hash: hash),
                               ECDSADecision.standard(curve, point: point, signature: signature, message: record.message, hash: hash),
                               "\(section) row \(rows): the size-first path decides otherwise")
                var count = counts[section] ?? (0, 0, 0)
                if verified { count.accepted += 1 } else { count.refused += 1 }
                if keyRefused { count.keyRefused += 1 }
                counts[section] = count
            default:
                continue
            }
        }
        for section in order {
            let count = counts[section] ?? (0, 0, 0)
            print("SigVer [\(section)]: \(count.accepted) P accepted, \(count.refused) F refused (\(count.keyRefused) at key construction)")
        }
        print("SigVer: \(rows) rows")
        XCTAssertEqual(order.count, 9)
        XCTAssertEqual(rows, 135)
    }
}
