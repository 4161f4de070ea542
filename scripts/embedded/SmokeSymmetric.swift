// The Symmetric part of the Embedded smoke program: one known answer per
// primitive, printed as hex for scripts/embedded-check.sh to compare.
import Symmetric

func hexText(_ bytes: [UInt8]) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}

func bytesFromHex(_ text: StaticString) -> [UInt8] {
    var bytes: [UInt8] = []
    let utf8 = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    func nibble(_ c: UInt8) -> UInt8 { c <= 0x39 ? c - 0x30 : c - 0x57 }
    var i = 0
    while i + 1 < utf8.count {
        bytes.append(nibble(utf8[i]) << 4 | nibble(utf8[i + 1]))
        i += 2
    }
    return bytes
}

func checkSymmetric() {
    // NIST CBCMMT256.rsp [DECRYPT] COUNT 0.
    do throws(SymmetricError) {
        let plain = try CBC.decryptWithoutPadding(.aes, key: bytesFromHex("43e953b2aea08a3ad52d182f58c72b9c60fbe4a9ca46a3cb89e3863845e22c9e")[...],
                                                  iv: bytesFromHex("ddbbb0173f1e2deb2394a62aa2a0240e")[...],
                                                  ciphertext: bytesFromHex("d51d19ded5ca4ae14b2b20b027ffb020")[...])
        print("aes-256-cbc: " + hexText(plain))
        let legacy = try CBC.decrypt(.tripleDES, key: bytesFromHex("0123456789abcdeffedcba987654321089abcdef01234567")[...],
                                     iv: bytesFromHex("0001020304050607")[...], ciphertext: bytesFromHex("4fab355725f6a69a")[...])
        print("3des-cbc: " + String(decoding: legacy, as: UTF8.self))
        let rc2 = try CBC.decrypt(.rc2(effectiveKeyBits: 40), key: bytesFromHex("0102030405")[...], iv: bytesFromHex("0001020304050607")[...],
                                  ciphertext: bytesFromHex("08c904aabec106d6e3afcfc04bf1ebe1ed435754c9242e41")[...])
        print("rc2-40-cbc: " + String(decoding: rc2, as: UTF8.self))
    } catch {
        print("FAILED: " + error.description)
    }
    do throws(SymmetricError) {
        _ = try CBC.decrypt(.aes, key: [UInt8](repeating: 0, count: 16)[...], iv: [UInt8](repeating: 0, count: 16)[...], ciphertext: [UInt8](repeating: 0, count: 16)[...])
        print("FAILED: bad padding accepted")
    } catch {
        print("refused: " + error.description)
    }
    let password: [UInt8] = Array("password".utf8), salt: [UInt8] = Array("salt".utf8)
    print("pbkdf2-sha256: " + hexText(PBKDF2.deriveKey(.sha256, password: password[...], salt: salt[...], iterations: 2048, keyLength: 32)))
    // An empty password's BMPString form, as a MAC key (generated/pkcs12-kdf.txt, checked against OpenSSL).
    print("pkcs12-kdf: " + hexText(PKCS12KeyDerivation.deriveKey(.sha256, password: PKCS12KeyDerivation.bmpPassword("")[...],
        salt: bytesFromHex("209074a18d0914a9")[...], iterations: 2048, purpose: .macKey, length: 33)))
    print("hmac-sha224: " + hexText(HMAC.authenticationCode(.sha224, key: Array("Jefe".utf8)[...], message: Array("what do ya want for nothing?".utf8)[...])))
}
