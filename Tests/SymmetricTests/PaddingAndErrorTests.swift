@testable import Symmetric
import Testing
import TestSupport

/// A block with the given tail; `pkcs7Length` only reads the last block.
func block(_ tail: [UInt8], size: Int = 16) -> [UInt8] {
    [UInt8](repeating: 0xA5, count: size - tail.count) + tail
}

@Test func paddingAccepted() {
    for size in [8, 16] {
        for n in 1...size {
            let plain = block([UInt8](repeating: UInt8(n), count: n), size: size)
            #expect(Padding.pkcs7Length(plain, blockSize: size) == n, "n = \(n), block \(size)")
        }
        // A full block of padding after a data block.
        #expect(Padding.pkcs7Length([UInt8](repeating: 7, count: size) + [UInt8](repeating: UInt8(size), count: size), blockSize: size) == size)
    }
}

@Test func paddingRefused() {
    // Zero as the last byte.
    #expect(Padding.pkcs7Length(block([0]), blockSize: 16) == 0)
    #expect(Padding.pkcs7Length([UInt8](repeating: 0, count: 16), blockSize: 16) == 0)
    // Longer than the block: every value 17…255, and 9…255 for 8-byte blocks.
    for n in 17...255 { #expect(Padding.pkcs7Length([UInt8](repeating: UInt8(n), count: 16), blockSize: 16) == 0, "n = \(n)") }
    for n in 9...255 { #expect(Padding.pkcs7Length([UInt8](repeating: UInt8(n), count: 8), blockSize: 8) == 0, "n = \(n)") }
    // Inconsistent bytes: each position inside the padding wrong in turn.
    for n in 2...16 {
        for wrong in 1..<n {
            var tail = [UInt8](repeating: UInt8(n), count: n)
            tail[n - 1 - wrong] ^= 0x01
            #expect(Padding.pkcs7Length(block(tail), blockSize: 16) == 0, "n = \(n), byte \(wrong) from the end")
        }
    }
    // Shorter than a block.
    #expect(Padding.pkcs7Length([1], blockSize: 16) == 0)
}

/// Through the public API, with ciphertexts made by OpenSSL
/// (`openssl enc -aes-128-cbc -K 000102…0f -iv 00…00 -nopad` on chosen
/// plaintexts; the 3DES and RC2 ones with OpenSSL's own padding).
@Test func decryptRemovesPaddingAndRefusesBadPadding() throws {
    let key = (0..<16).map { UInt8($0) }[...], iv = [UInt8](repeating: 0, count: 16)[...]
    // "hello" then eleven 0x0b.
    #expect(try CBC.decrypt(.aes, key: key, iv: iv, ciphertext: hexBytes("5d8749e2af7531b2bf6661e9e5daf012")[...]) == Array("hello".utf8))
    // "This is a test!!" then a whole block of 0x10.
    #expect(try CBC.decrypt(.aes, key: key, iv: iv, ciphertext: hexBytes("01dda2fc2ecfc684fbff7978f3c384db6db3cde33e528a6727d5689ed0c3163c")[...]) == Array("This is a test!!".utf8))
    // Sixteen 0x00 (padding 0), sixteen 0x11 (padding 17), "hello" + ten 0x0b + 0x0a (inconsistent).
    for bad in ["c6a13b37878f5b826f4f8162a1c8d879", "35d14e6d3e3a279cf01e343e34e7ded3", "d6757fedb416eb9014e1e5bb1251f2a8"] {
        #expect(throws: SymmetricError.badPadding) { try CBC.decrypt(.aes, key: key, iv: iv, ciphertext: hexBytes(bad)[...]) }
    }
    // `openssl enc -des-ede3-cbc` and `-rc2-40-cbc` with their default padding.
    #expect(try CBC.decrypt(.tripleDES, key: hexBytes("0123456789abcdeffedcba987654321089abcdef01234567")[...], iv: hexBytes("0001020304050607")[...],
                            ciphertext: hexBytes("4fab355725f6a69a")[...]) == Array("legacy!".utf8))
    #expect(try CBC.decrypt(.rc2(effectiveKeyBits: 40), key: hexBytes("0102030405")[...], iv: hexBytes("0001020304050607")[...],
                            ciphertext: hexBytes("08c904aabec106d6e3afcfc04bf1ebe1ed435754c9242e41")[...]) == Array("rc2 text, padded".utf8))
}

@Test func typedLengthErrors() {
    let sixteen = [UInt8](repeating: 0, count: 16)[...], eight = [UInt8](repeating: 0, count: 8)[...]
    for length in [0, 15, 17, 20, 33] {
        #expect(throws: SymmetricError.invalidKeyLength(length)) {
            try CBC.decrypt(.aes, key: [UInt8](repeating: 1, count: length)[...], iv: sixteen, ciphertext: sixteen)
        }
    }
    for length in [8, 23, 25, 32] {
        #expect(throws: SymmetricError.invalidKeyLength(length)) {
            try CBC.decrypt(.tripleDES, key: [UInt8](repeating: 1, count: length)[...], iv: eight, ciphertext: eight)
        }
    }
    #expect(throws: SymmetricError.invalidKeyLength(0)) { try CBC.decrypt(.rc2(effectiveKeyBits: 40), key: [][...], iv: eight, ciphertext: eight) }
    #expect(throws: SymmetricError.invalidKeyLength(129)) { try CBC.decrypt(.rc2(effectiveKeyBits: 40), key: [UInt8](repeating: 1, count: 129)[...], iv: eight, ciphertext: eight) }
    #expect(throws: SymmetricError.invalidKeyLength(5)) { try CBC.decrypt(.rc2(effectiveKeyBits: 0), key: [UInt8](repeating: 1, count: 5)[...], iv: eight, ciphertext: eight) }
    #expect(throws: SymmetricError.invalidIVLength(8)) { try CBC.decrypt(.aes, key: sixteen, iv: eight, ciphertext: sixteen) }
    #expect(throws: SymmetricError.invalidIVLength(16)) { try CBC.decrypt(.tripleDES, key: [UInt8](repeating: 1, count: 24)[...], iv: sixteen, ciphertext: eight) }
    #expect(throws: SymmetricError.ciphertextLength(15)) { try CBC.decrypt(.aes, key: sixteen, iv: sixteen, ciphertext: sixteen.dropLast()) }
    #expect(throws: SymmetricError.ciphertextLength(12)) { try CBC.decrypt(.rc2(effectiveKeyBits: 128), key: sixteen, iv: eight, ciphertext: [UInt8](repeating: 0, count: 12)[...]) }
    #expect(throws: SymmetricError.ciphertextLength(0)) { try CBC.decrypt(.aes, key: sixteen, iv: sixteen, ciphertext: [][...]) }
    // Without padding, an empty ciphertext is an empty plaintext.
    #expect((try? CBC.decryptWithoutPadding(.aes, key: sixteen, iv: sixteen, ciphertext: [][...])) == [])
    #expect(SymmetricError.badPadding.description.contains("padding"))
}
