import Foundation
import Symmetric
import Testing
import TestSupport

/// NIST CAVP AESAVS CBC files: both sections run as decryption
/// (ciphertext → plaintext), since the decryption direction is all the
/// library has; an [ENCRYPT] record is as good a decryption vector.
let aesFiles = ["GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"].flatMap { kind in
    ["128", "192", "256"].map { "aes-cbc/CBC\(kind)\($0).rsp" }
}

@Test(arguments: aesFiles)
func aesCBCKnownAnswers(_ file: String) throws {
    let records = try rspRecords(file)
    var passed = 0
    for record in records {
        let f = record.fields
        let key = hexBytes(f["KEY"]!), iv = hexBytes(f["IV"]!), ciphertext = hexBytes(f["CIPHERTEXT"]!), plaintext = hexBytes(f["PLAINTEXT"]!)
        let decrypted = try CBC.decryptWithoutPadding(.aes, key: key[...], iv: iv[...], ciphertext: ciphertext[...])
        if decrypted == plaintext { passed += 1 } else { Issue.record("\(file) \(record.section) COUNT \(f["COUNT"]!)") }
    }
    print("\(file): \(passed)/\(records.count) passed")
    #expect(records.count > 0 && passed == records.count)
}

/// NIST CAVP TDES CBC files (the TCBCI* files are CBC-interleaved, another
/// mode, and are not copied). KAT files give one key, `KEYs`, used as K1 =
/// K2 = K3 (keying option 3: plain DES); MMT1 has K1 = K2 = K3, MMT2 two
/// keys (K3 = K1, keying option 2), MMT3 three (keying option 1). Records
/// with K3 = K1 are also run as a 16-byte two-key key.
let tdesFiles = ["TCBCinvperm", "TCBCpermop", "TCBCsubtab", "TCBCvarkey", "TCBCvartext",
                 "TCBCMMT1", "TCBCMMT2", "TCBCMMT3"].map { "3des-cbc/\($0).rsp" }

@Test(arguments: tdesFiles)
func tripleDESCBCKnownAnswers(_ file: String) throws {
    let records = try rspRecords(file)
    var passed = 0, twoKeyPassed = 0, twoKey = 0
    for record in records {
        let f = record.fields
        let key: [UInt8]
        if let single = f["KEYs"] { key = hexBytes(single) + hexBytes(single) + hexBytes(single) } else { key = hexBytes(f["KEY1"]!) + hexBytes(f["KEY2"]!) + hexBytes(f["KEY3"]!) }
        let iv = hexBytes(f["IV"]!), ciphertext = hexBytes(f["CIPHERTEXT"]!), plaintext = hexBytes(f["PLAINTEXT"]!)
        let decrypted = try CBC.decryptWithoutPadding(.tripleDES, key: key[...], iv: iv[...], ciphertext: ciphertext[...])
        if decrypted == plaintext { passed += 1 } else { Issue.record("\(file) \(record.section) COUNT \(f["COUNT"]!)") }
        if key[0..<8] == key[16..<24] {
            twoKey += 1
            let short = try CBC.decryptWithoutPadding(.tripleDES, key: key[0..<16], iv: iv[...], ciphertext: ciphertext[...])
            if short == plaintext { twoKeyPassed += 1 } else { Issue.record("\(file) two-key COUNT \(f["COUNT"]!)") }
        }
    }
    print("\(file): \(passed)/\(records.count) passed (\(twoKeyPassed)/\(twoKey) also as a 16-byte two-key key)")
    #expect(records.count > 0 && passed == records.count && twoKeyPassed == twoKey)
}

/// pyca/cryptography's RC2-CBC vector (128-bit key, 128 effective bits).
@Test func rc2PycaVector() throws {
    let records = try rspRecords("rc2/rc2-cbc.txt")
    #expect(records.count == 1)
    for record in records {
        let f = record.fields
        let key = hexBytes(f["Key"]!)
        let decrypted = try CBC.decryptWithoutPadding(.rc2(effectiveKeyBits: 8 * key.count), key: key[...], iv: hexBytes(f["IV"]!)[...], ciphertext: hexBytes(f["Ciphertext"]!)[...])
        #expect(decrypted == hexBytes(f["Plaintext"]!))
    }
}

/// RC2-CBC against OpenSSL (Vectors/symmetric/generated/rc2-openssl.txt):
/// `openssl enc` with 128-bit, 40-bit and 64-bit keys, 20 random cases
/// each, and libcrypto's RC2 with 30 random key lengths (1–128 bytes) and
/// effective sizes (1–1024 bits).
@Test func rc2AgainstOpenSSL() throws {
    var passed = 0, total = 0
    for line in try vectorText("generated/rc2-openssl.txt").split(separator: "\n") where !line.hasPrefix("#") {
        let p = line.split(separator: " ")
        total += 1
        let decrypted = try CBC.decryptWithoutPadding(.rc2(effectiveKeyBits: Int(p[1])!), key: hexBytes(p[0])[...], iv: hexBytes(p[2])[...], ciphertext: hexBytes(p[4])[...])
        if decrypted == hexBytes(p[3]) { passed += 1 } else { Issue.record("key \(p[0])") }
    }
    print("rc2-openssl.txt: \(passed)/\(total) passed")
    #expect(total == 90 && passed == total)
}

/// RFC 2268 §5's eight single-block vectors (key, effective bits, plaintext,
/// ciphertext), transcribed from the RFC and checked against OpenSSL's
/// `RC2_set_key`/`RC2_ecb_encrypt`; one block of CBC with a zero IV is one
/// block of ECB. They reach effective sizes OpenSSL's command line
/// cannot (63, 129) and a 33-byte key.
@Test func rc2RFC2268Vectors() throws {
    let vectors: [(String, Int, String, String)] = [
        ("0000000000000000", 63, "0000000000000000", "ebb773f993278eff"),
        ("ffffffffffffffff", 64, "ffffffffffffffff", "278b27e42e2f0d49"),
        ("3000000000000000", 64, "1000000000000001", "30649edf9be7d2c2"),
        ("88", 64, "0000000000000000", "61a8a244adacccf0"),
        ("88bca90e90875a", 64, "0000000000000000", "6ccf4308974c267f"),
        ("88bca90e90875a7f0f79c384627bafb2", 64, "0000000000000000", "1a807d272bbe5db1"),
        ("88bca90e90875a7f0f79c384627bafb2", 128, "0000000000000000", "2269552ab0f85ca6"),
        ("88bca90e90875a7f0f79c384627bafb216f80a6f85920584c42fceb0be255daf1e", 129, "0000000000000000", "5b78d3a43dfff1f1"),
    ]
    var passed = 0
    for (key, bits, plaintext, ciphertext) in vectors {
        let decrypted = try CBC.decryptWithoutPadding(.rc2(effectiveKeyBits: bits), key: hexBytes(key)[...], iv: [UInt8](repeating: 0, count: 8)[...], ciphertext: hexBytes(ciphertext)[...])
        if decrypted == hexBytes(plaintext) { passed += 1 } else { Issue.record("RFC 2268 key \(key) bits \(bits)") }
    }
    print("RFC 2268 RC2: \(passed)/\(vectors.count) passed")
    #expect(passed == vectors.count)
}
