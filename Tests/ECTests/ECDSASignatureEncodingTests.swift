import EC
import SHA2
import TestSupport
import XCTest

/// Ecdsa-Sig-Value encodings (RFC 3279 §2.2.3) and the range of r and s
/// (FIPS 186-5 §6.4.2 step 2), around one valid P-256 signature (Wycheproof
/// ecdsa_secp256r1_sha256 tcId 1: empty message). `nil` means it verifies.
final class ECDSASignatureEncodingTests: XCTestCase {
    static let key = "0404aaec73635726f213fb8a9e64da3b8632e41495a944d0045b522eba7240fad587d9315798aaa3a5ba01775787ced05eaaf7b4e09fc81d6d1aa546e8365d525d"
    static let r = "b292a619339f6e567a305c951c0dcbcc42d16e47f219f9e98e76e09d8770b34a"
    static let s = "0177e60492c5a8242f76f07bfe3661bde59ec2a17ce5bd2dab2abebdf89a62e2"
    static let n = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
    static let nMinusS = "fe8819fa6d3a57dcd0890f8401c99e41d748380c2a31e157488f0c0503c8c26f"

    func rows() -> [(name: String, signature: [UInt8], expected: ECError?)] {
        let r = hexBytes(Self.r), s = hexBytes(Self.s), n = hexBytes(Self.n)
        let rInteger = ECDSAVectors.derInteger(r), sInteger = ECDSAVectors.derInteger(s)
        func sequence(_ body: [UInt8]) -> [UInt8] { [0x30] + ECDSAVectors.derLength(body.count) + body }
        func integer(_ content: [UInt8]) -> [UInt8] { [0x02] + ECDSAVectors.derLength(content.count) + content }
        var nPlusOne = n
        nPlusOne[nPlusOne.count - 1] += 1
        let valid = sequence(rInteger + sInteger)
        return [
            ("valid", valid, nil),
            // ECDSA accepts (r, n − s) too: −R has the same x. FIPS 186-5 asks for no low-s rule.
            ("malleated twin (r, n − s)", ECDSAVectors.derSignature(r: r, s: hexBytes(Self.nMinusS)), nil),
            // FIPS 186-5 §6.4.2 step 2: r, s in [1, n − 1].
            ("r = 0", sequence(integer([0]) + sInteger), .signatureOutOfRange),
            ("s = 0", sequence(rInteger + integer([0])), .signatureOutOfRange),
            ("r = n", ECDSAVectors.derSignature(r: n, s: s), .signatureOutOfRange),
            ("s = n", ECDSAVectors.derSignature(r: r, s: n), .signatureOutOfRange),
            ("s = n + 1", ECDSAVectors.derSignature(r: r, s: nPlusOne), .signatureOutOfRange),
            ("r = 2^256 (33 octets)", ECDSAVectors.derSignature(r: [1] + [UInt8](repeating: 0, count: 32), s: s), .signatureOutOfRange),
            ("r = r + 2^256·k (r with extra high octets)", ECDSAVectors.derSignature(r: [1] + r, s: s), .signatureOutOfRange),
            // A negative INTEGER is well-formed DER whose value is below 1.
            ("r = −1", sequence(integer([0xFF]) + sInteger), .signatureOutOfRange),
            ("r without its sign octet (negative)", sequence(integer(r) + sInteger), .signatureOutOfRange),
            // X.690 §8.3.2: minimal INTEGERs only.
            ("r with a redundant 00", sequence(integer([0, 0] + r) + sInteger), .malformedSignature),
            ("s with a leading 00 before a small octet", sequence(rInteger + integer([0] + s)), .malformedSignature),
            ("r = 1 as 00 01", sequence(integer([0, 1]) + sInteger), .malformedSignature),
            ("r = −1 as FF FF", sequence(integer([0xFF, 0xFF]) + sInteger), .malformedSignature),
            ("empty INTEGER", sequence([0x02, 0x00] + sInteger), .malformedSignature),
            // Strict DER framing: nothing after the SEQUENCE, nothing extra inside it, nothing missing.
            ("trailing octet", valid + [0x00], .malformedSignature),
            ("third INTEGER", sequence(rInteger + sInteger + integer([1])), .malformedSignature),
            ("s missing", sequence(rInteger), .malformedSignature),
            ("empty SEQUENCE", [0x30, 0x00], .malformedSignature),
            ("empty input", [], .malformedSignature),
            // X.690 §10.1: BER length forms.
            ("long-form SEQUENCE length", [0x30, 0x81, UInt8(valid.count - 2)] + valid.dropFirst(2), .malformedSignature),
            ("long-form INTEGER length", sequence([0x02, 0x81, 0x21] + rInteger.dropFirst(2) + sInteger), .malformedSignature),
            ("indefinite length", [0x30, 0x80] + valid.dropFirst(2) + [0x00, 0x00], .malformedSignature),
            ("length past the end", [0x30, UInt8(valid.count - 1)] + valid.dropFirst(2), .malformedSignature),
            // Wrong types.
            ("SET instead of SEQUENCE", [0x31] + valid.dropFirst(), .malformedSignature),
            ("r as OCTET STRING", sequence([0x04] + rInteger.dropFirst() + sInteger), .malformedSignature),
            ("raw r‖s (IEEE P1363 form)", r + s, .malformedSignature),
            // Well-formed and in range, but not a signature of this message by this key.
            ("r and s swapped", ECDSAVectors.derSignature(r: s, s: r), .signatureMismatch),
            ("r = 1, s = 1", sequence(integer([1]) + integer([1])), .signatureMismatch),
            ("r = n − 1, s = n − 1", ECDSAVectors.derSignature(r: n.dropLast() + [n.last! - 1], s: n.dropLast() + [n.last! - 1]), .signatureMismatch),
        ]
    }

    func testSignatureEncodings() throws {
        let key = try ECDSAPublicKey(curve: .p256, uncompressedPoint: hexBytes(Self.key)[...])
        let table = rows()
        for row in table {
            do {
                try key.verify(signature: row.signature[...], message: [][...], hash: .sha256)
                XCTAssertNil(row.expected, "\(row.name): accepted")
            } catch {
                XCTAssertEqual(error, row.expected, row.name)
            }
        }
        print("ECDSA signature encodings: \(table.count) rows")
    }

    /// The digest entry point agrees with the message one, and a changed digest is a mismatch.
    func testDigestEntryPoint() throws {
        let key = try ECDSAPublicKey(curve: .p256, uncompressedPoint: hexBytes(Self.key)[...])
        let signature = ECDSAVectors.derSignature(r: hexBytes(Self.r), s: hexBytes(Self.s))
        let digest = HashAlgorithm.sha256.hash([])
        XCTAssertNoThrow(try key.verify(signature: signature[...], digest: digest))
        var changed = Array(digest)
        changed[0] ^= 1
        XCTAssertThrowsError(try key.verify(signature: signature[...], digest: Digest(bytes: changed)!)) { error in
            XCTAssertEqual(error as? ECError, .signatureMismatch)
        }
        // The signature inside a larger buffer (a certificate's signatureValue) as a slice.
        let framed = [0xAA] + signature + [0xBB]
        XCTAssertNoThrow(try key.verify(signature: framed[1..<(framed.count - 1)], digest: digest))
        // Truncation (FIPS 186-5 §6.4.2 step 3): a 64-octet digest whose first 32 octets are SHA-256's verifies on P-256.
        XCTAssertNoThrow(try key.verify(signature: signature[...], digest: Digest(bytes: Array(digest) + [UInt8](repeating: 0x5A, count: 32))!))
    }
}
