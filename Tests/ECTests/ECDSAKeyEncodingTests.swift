import EC
import TestSupport
import XCTest

/// Public-key encodings (SEC 1 §2.3.4, §3.2.2.1) for each curve: one table of
/// named rows, each saying why it exists. `nil` means the key is accepted.
final class ECDSAKeyEncodingTests: XCTestCase {
    struct Curve {
        let curve: ECDSACurve
        let p, gx, gy, pMinusGy: String
    }

    static let curves = [
        Curve(curve: .p256,
              p: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
              gx: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
              gy: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
              pMinusGy: "b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a"),
        Curve(curve: .p384,
              p: "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
              gx: "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
              gy: "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
              pMinusGy: "c9e821b569d9d390a26167406d6d23d6070be242d765eb831625ceec4a0f473ef59f4e30e2817e6285bce2846f15f1a0"),
        Curve(curve: .p521,
              p: "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
              gx: "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
              gy: "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",
              pMinusGy: "00e7c6d6958765c43ffba375a04bd382e426670abbb6a864bb97e85042e8d8c199d368118d66a10bd9bf3aaf46fec052f89ecac38f795d8d3dbf77416b89602e99af"),
    ]

    func rows(for c: Curve) -> [(name: String, encoding: [UInt8], expected: ECError?)] {
        let x = hexBytes(c.gx), y = hexBytes(c.gy), p = hexBytes(c.p)
        let ones = [UInt8](repeating: 0xFF, count: x.count)
        let zero = [UInt8](repeating: 0, count: x.count)
        var yPlusOne = y
        yPlusOne[yPlusOne.count - 1] &+= 1  // G's y ends in an octet below FF on all three curves
        var rows: [(String, [UInt8], ECError?)] = [
            // The generator is a valid public key on each curve, and so is its negation (x, p − y).
            ("G", [0x04] + x + y, nil),
            ("−G", [0x04] + x + hexBytes(c.pMinusGy), nil),
            // SEC 1 §2.3.4: a lone 00 encodes the point at infinity, never a key (§3.2.2.1 step 1).
            ("infinity 00", [0x00], .pointNotOnCurve),
            ("00 then coordinates", [0x00] + x + y, .malformedPublicKey),
            ("empty", [], .malformedPublicKey),
            // Compressed and hybrid forms: refused by decision (RFC 5480 §2.2; webpki, Go).
            ("compressed 02", [0x02] + x, .malformedPublicKey),
            ("compressed 03", [0x03] + x, .malformedPublicKey),
            ("hybrid 06", [0x06] + x + y, .malformedPublicKey),
            ("hybrid 07", [0x07] + x + y, .malformedPublicKey),
            ("uncompressed prefix, x only", [0x04] + x, .malformedPublicKey),
            ("one octet short", Array(([0x04] + x + y).dropLast()), .malformedPublicKey),
            ("one octet long", [0x04] + x + y + [0x00], .malformedPublicKey),
            // SEC 1 §3.2.2.1 step 2: coordinates must be below p; x = p would otherwise reduce to 0.
            ("x = p", [0x04] + p + y, .malformedPublicKey),
            ("y = p", [0x04] + x + p, .malformedPublicKey),
            ("x all ones", [0x04] + ones + y, .malformedPublicKey),
            // SEC 1 §3.2.2.1 step 3.
            ("y + 1 (off the curve)", [0x04] + x + yPlusOne, .pointNotOnCurve),
            ("(0, 0)", [0x04] + zero + zero, .pointNotOnCurve),
        ]
        if c.curve == .p521 {
            // 66 octets hold 528 bits: a value with bit 521 set is at least p.
            var high = x
            high[0] |= 0x02
            rows.append(("P-521 x with bit 521 set", [0x04] + high + y, .malformedPublicKey))
        }
        return rows
    }

    func testPublicKeyEncodings() {
        var count = 0
        for c in Self.curves {
            for row in rows(for: c) {
                count += 1
                do {
                    let key = try ECDSAPublicKey(curve: c.curve, uncompressedPoint: row.encoding[...])
                    XCTAssertNil(row.expected, "\(c.curve) \(row.name): accepted")
                    XCTAssertEqual(key.curve, c.curve)
                } catch {
                    XCTAssertEqual(error, row.expected, "\(c.curve) \(row.name)")
                }
            }
        }
        print("ECDSA public-key encodings: \(count) rows")
    }

    /// A key decoded from a slice that does not start at index 0 (an SPKI's BIT STRING inside a certificate).
    func testKeyFromSliceOfLargerBuffer() throws {
        let c = Self.curves[0]
        let buffer: [UInt8] = [0xAA, 0xBB, 0x04] + hexBytes(c.gx) + hexBytes(c.gy) + [0xCC]
        XCTAssertNoThrow(try ECDSAPublicKey(curve: .p256, uncompressedPoint: buffer[2..<(buffer.count - 1)]))
    }

    func testCurveDescriptions() {
        XCTAssertEqual([ECDSACurve.p256, .p384, .p521].map(\.description), ["P-256", "P-384", "P-521"])
    }
}
