import Foundation
import SHA2
import Symmetric
import Testing
import TestSupport

let hmacFiles: [(String, DigestFunction)] = [
    ("hmac/rfc-2202-sha1.txt", .sha1), ("hmac/rfc-4231-sha224.txt", .sha224), ("hmac/rfc-4231-sha256.txt", .sha256),
    ("hmac/rfc-4231-sha384.txt", .sha384), ("hmac/rfc-4231-sha512.txt", .sha512),
]

@Test(arguments: hmacFiles.map { $0.0 })
func hmacRFCVectors(_ file: String) throws {
    let function = hmacFiles.first { $0.0 == file }!.1
    let records = try rspRecords(file).filter { $0.fields["MD"] != nil }
    var passed = 0
    for record in records {
        let f = record.fields
        let key = hexBytes(f["Key"]!), message = hexBytes(f["Msg"]!), expected = hexBytes(f["MD"]!)
        let mac = HMAC.authenticationCode(function, key: key[...], message: message[...])
        // RFC 2202 case 5 lists the full MAC; a shorter MD is a truncation.
        if Array(mac.prefix(expected.count)) == expected && mac.count == function.digestSize { passed += 1 } else { Issue.record("\(file) Len \(f["Len"]!)") }
    }
    print("\(file): \(passed)/\(records.count) passed")
    #expect(records.count >= 6 && passed == records.count)
}

/// RFC 4231 §4.6-style truncated outputs (the first 12 or 16 bytes),
/// computed by Python's hmac; a caller truncates by taking a prefix.
@Test func hmacTruncated() throws {
    var passed = 0, total = 0
    for line in try vectorText("generated/hmac-truncated.txt").split(separator: "\n") where !line.hasPrefix("#") {
        let p = line.split(separator: " ")
        total += 1
        let mac = HMAC.authenticationCode(digestFunction(String(p[0])), key: hexBytes(p[1])[...], message: hexBytes(p[2])[...])
        if Array(mac.prefix(Int(p[3])!)) == hexBytes(p[4]) { passed += 1 } else { Issue.record("\(p[0]) \(p[3])") }
    }
    print("hmac-truncated.txt: \(passed)/\(total) passed")
    #expect(total == 10 && passed == total)
}

/// Keys of every length around the block size (the RFC 2104 hash-the-key
/// edge) against a plain textbook HMAC built on the hash structs.
@Test func hmacKeyLengthEdges() {
    func reference<H: HashFunction>(_ type: H.Type, _ key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var k = key.count > H.blockSize ? Array(H.hash(key)) : key
        k += [UInt8](repeating: 0, count: H.blockSize - k.count)
        let inner = Array(H.hash(k.map { $0 ^ 0x36 } + message))
        return Array(H.hash(k.map { $0 ^ 0x5C } + inner))
    }
    let message = Array("edge".utf8)
    for length in [0, 1, 63, 64, 65, 127, 128, 129, 200] {
        let key = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        #expect(HMAC.authenticationCode(.sha1, key: key[...], message: message[...]) == reference(InsecureSHA1.self, key, message))
        #expect(HMAC.authenticationCode(.sha224, key: key[...], message: message[...]) == reference(SHA224.self, key, message))
        #expect(HMAC.authenticationCode(.sha256, key: key[...], message: message[...]) == reference(SHA256.self, key, message))
        #expect(HMAC.authenticationCode(.sha384, key: key[...], message: message[...]) == reference(SHA384.self, key, message))
        #expect(HMAC.authenticationCode(.sha512, key: key[...], message: message[...]) == reference(SHA512.self, key, message))
    }
}

/// RFC 6070's six PBKDF2-HMAC-SHA1 cases. COUNT 3 (16,777,216 iterations,
/// minutes in a debug build) is skipped and counted as skipped, never as passed.
@Test func pbkdf2RFC6070() throws {
    let records = try rspRecords("pbkdf2/rfc-6070-PBKDF2-SHA1.txt")
    var passed = 0, skipped = 0
    for record in records {
        let f = record.fields
        let iterations = Int(f["ITERATIONS"]!)!
        if iterations > 1_000_000 { skipped += 1; continue }
        // The file writes NUL bytes as the two characters \0.
        func bytes(_ text: String) -> [UInt8] { Array(text.replacingOccurrences(of: "\\0", with: "\0").utf8) }
        let key = PBKDF2.deriveKey(.sha1, password: bytes(f["PASSWORD"]!)[...], salt: bytes(f["SALT"]!)[...],
                                   iterations: iterations, keyLength: Int(f["LENGTH"]!)!)
        if key == hexBytes(f["DERIVED_KEY"]!) { passed += 1 } else { Issue.record("COUNT \(f["COUNT"]!)") }
    }
    print("rfc-6070-PBKDF2-SHA1.txt: \(passed)/\(records.count) passed, \(skipped) skipped (16,777,216 iterations)")
    #expect(records.count == 6 && passed == 5 && skipped == 1)
}

/// PBKDF2 with the SHA-2 PRFs that PBES2 files name, against Python's
/// hashlib.pbkdf2_hmac (values computed once and written here).
@Test func pbkdf2SHA2() {
    let cases: [(DigestFunction, String, String, Int, Int, String)] = [
        (.sha256, "password", "salt", 2048, 32, "70422347e52eb64cc65a0449b9c067a7c0a4c8e10f430f5d467afe5b2d5ea199"),
        (.sha512, "password", "salt", 3, 70, "b6b07cb2cebf4ad84468391a543824fccffe0e0769dbe6bddf10a65673c4b648e612d44918f9ce9a19a1294cf5140628084ba994c3b21a4ef4741220b811c633cfc0641fccbc"),
        (.sha384, "", "", 5, 49, "956a97c290669cfe4b3d30ed539426ad79213f68e3ab13365a692cac3add9709257393495a1330d54414717d5194349364"),
        (.sha224, String(repeating: "p", count: 100), "NaCl", 7, 29, "67c419315e51e090510118b11e5a34e7bda0c3718a694cf549c8d61234"),
    ]
    for (prf, password, salt, iterations, length, expected) in cases {
        let key = PBKDF2.deriveKey(prf, password: Array(password.utf8)[...], salt: Array(salt.utf8)[...], iterations: iterations, keyLength: length)
        #expect(hexString(key) == expected, "\(prf) \(iterations)")
    }
}

/// The PKCS#12 KDF against generated/pkcs12-kdf.txt: SHA-1 and SHA-256 for
/// every purpose and lengths 1–100 (odd ones included), SHA-224/384/512 at
/// 24 and 33 bytes; absent, empty, ASCII, non-BMP and long passwords; empty,
/// short and multi-block salts.
@Test func pkcs12KDFVectors() throws {
    var passed = 0, total = 0, openssl = 0
    for line in try vectorText("generated/pkcs12-kdf.txt").split(separator: "\n") where !line.hasPrefix("#") {
        let p = line.split(separator: " ")
        total += 1
        let password = p[1] == "-" ? [] : hexBytes(p[1])
        let salt = p[2] == "-" ? [] : hexBytes(p[2])
        let purpose: PKCS12KeyDerivation.Purpose = p[4] == "1" ? .encryptionKey : p[4] == "2" ? .initializationVector : .macKey
        let derived = PKCS12KeyDerivation.deriveKey(digestFunction(String(p[0])), password: password[...], salt: salt[...],
                                                    iterations: Int(p[3])!, purpose: purpose, length: Int(p[5])!)
        if derived == hexBytes(p[6]) {
            passed += 1
            if p[7].hasPrefix("openssl") { openssl += 1 }
        } else { Issue.record("\(line)") }
    }
    print("pkcs12-kdf.txt: \(passed)/\(total) passed (\(openssl) of them also produced by OpenSSL)")
    #expect(total == 468 && passed == total)
}

@Test func bmpPasswordForms() {
    #expect(PKCS12KeyDerivation.bmpPassword(nil) == [])
    #expect(PKCS12KeyDerivation.bmpPassword("") == [0, 0])
    #expect(PKCS12KeyDerivation.bmpPassword("ab") == [0, 0x61, 0, 0x62, 0, 0])
    // U+00E9 stays one unit; U+1F511 becomes the surrogate pair D83D DD11.
    #expect(PKCS12KeyDerivation.bmpPassword("é🔑") == [0x00, 0xE9, 0xD8, 0x3D, 0xDD, 0x11, 0, 0])
    #expect(PKCS12KeyDerivation.bmpPassword("Ünïcødé 🔑") == Array("Ünïcødé 🔑".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + [0, 0])
}

@Test func derivationEdges() {
    #expect(PBKDF2.deriveKey(.sha256, password: [1][...], salt: [2][...], iterations: 1, keyLength: 0) == [])
    // Fewer than one iteration counts as one.
    #expect(PBKDF2.deriveKey(.sha256, password: [1][...], salt: [2][...], iterations: 0, keyLength: 16)
            == PBKDF2.deriveKey(.sha256, password: [1][...], salt: [2][...], iterations: 1, keyLength: 16))
    #expect(PKCS12KeyDerivation.deriveKey(.sha1, password: [][...], salt: [][...], iterations: 1, purpose: .macKey, length: -1) == [])
    #expect(DigestFunction.sha224.digestSize == 28 && DigestFunction.sha384.blockSize == 128)
    #expect(DigestFunction.sha1.description == "SHA-1")
}

@Test func macComparison() {
    let mac = HMAC.authenticationCode(.sha256, key: [1, 2, 3][...], message: [4][...])
    #expect(HMAC.constantTimeEquals(mac[...], mac[...]))
    var flipped = mac
    flipped[31] ^= 0x80
    #expect(!HMAC.constantTimeEquals(mac[...], flipped[...]))
    #expect(!HMAC.constantTimeEquals(mac[...], mac.dropLast()))
    #expect(HMAC.constantTimeEquals([][...], [][...]))
}
