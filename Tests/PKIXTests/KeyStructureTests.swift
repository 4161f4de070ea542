import DER
import PKIX
import Testing

// PKIX reads every key structure once for PKCS12 and the tool; these rows
// pin what the readers accept on their own (syntax only) and that a private
// structure never prints its secret.
struct KeyStructureTests {
    /// RFC 8410 §10.3's example Ed25519 private key (PKCS #8 v1).
    static let ed25519PKCS8: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70,
                                        0x04, 0x22, 0x04, 0x20] + seed
    static let seed: [UInt8] = [0xD4, 0xEE, 0x72, 0xDB, 0xF9, 0x13, 0x58, 0x4A, 0xD5, 0xB6, 0xD8, 0xF1, 0xF7, 0x69, 0xF8, 0xAD,
                                0x3A, 0xFE, 0x7C, 0x28, 0xCB, 0xF1, 0xD4, 0xFB, 0xE0, 0x97, 0xA8, 0x8F, 0x44, 0x75, 0x58, 0x42]

    @Test("a PKCS #8 Ed25519 key: the table names it, the seed is a slice of the one encoding")
    func ed25519() throws {
        let info = try PrivateKeyInfo(derEncoded: Self.ed25519PKCS8)
        #expect(info.version == 0)
        #expect(info.keyAlgorithm == .ed25519)
        #expect(info.publicKey == nil)
        let seed = try info.curvePrivateKey()
        #expect(Array(seed) == Self.seed)
        #expect(seed.startIndex == 16)
    }

    @Test("RFC 5958 §2: only a version 2 key carries a public key; trailing bytes are refused")
    func versionAndTrailingBytes() {
        var withPublicKey = Self.ed25519PKCS8 + [0x81, 0x03, 0x00, 0x01, 0x02]
        withPublicKey[1] += 5
        #expect(throws: DERError.self) { try PrivateKeyInfo(derEncoded: withPublicKey) }
        #expect(throws: DERError.self) { try PrivateKeyInfo(derEncoded: Self.ed25519PKCS8 + [0x00]) }
    }

    @Test("a private structure prints its type, never its bytes")
    func redacted() throws {
        let info = try PrivateKeyInfo(derEncoded: Self.ed25519PKCS8)
        #expect("\(info)" == "PrivateKeyInfo")
        #expect(String(reflecting: info) == "PrivateKeyInfo")
        var dumped = ""
        dump(info, to: &dumped)
        #expect(!dumped.contains("212"))  // 0xD4, the seed's first octet
    }
}
