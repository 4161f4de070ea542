import EC
import Testing
import TestSupport

/// The size-first Ed25519 path (CompactEd25519.swift) called directly, so a
/// verdict of its own is pinned even where no default-path comparison runs:
/// RFC 8032 §7.1 TEST 2 must verify, and each way of spoiling it must be
/// refused with its error.
struct CompactEd25519Tests {
    static let publicKey = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"
    static let message = "72"
    static let signature = "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"

    @Test func acceptsRFC8032Test2() throws {
        let key = try CompactEd25519PublicKey(rawRepresentation: hexBytes(Self.publicKey)[...])
        try key.verify(signature: hexBytes(Self.signature)[...], message: hexBytes(Self.message)[...])
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let why: String, publicKey: String, signature: [UInt8], message: String, error: ECError
        var testDescription: String { why }
    }

    /// S + L, little-endian: S's low byte 0x08 … with L added, still 32 bytes.
    static func sPlusL() -> [UInt8] {
        let order = hexBytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        var signature = hexBytes(signature)
        var carry = 0
        for i in 0..<32 {
            let sum = Int(signature[32 + i]) + Int(order[i]) + carry
            signature[32 + i] = UInt8(sum & 0xFF)
            carry = sum >> 8
        }
        return signature
    }

    static func flipped(_ bit: Int) -> [UInt8] {
        var signature = hexBytes(signature)
        signature[bit / 8] ^= 1 << UInt8(bit % 8)
        return signature
    }

    static let refusals: [Refusal] = [
        Refusal(why: "one bit of R flipped", publicKey: publicKey, signature: flipped(5), message: message, error: .signatureMismatch),
        Refusal(why: "one bit of S flipped, S still below L", publicKey: publicKey, signature: flipped(256 + 9), message: message, error: .signatureMismatch),
        Refusal(why: "S + L: the same point, refused as out of range (§5.1.7 step 1)", publicKey: publicKey, signature: sPlusL(), message: message, error: .signatureOutOfRange),
        Refusal(why: "another message", publicKey: publicKey, signature: hexBytes(signature), message: "73", error: .signatureMismatch),
        Refusal(why: "TEST 1's key", publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
                signature: hexBytes(signature), message: message, error: .signatureMismatch),
        Refusal(why: "63 bytes", publicKey: publicKey, signature: Array(hexBytes(signature).dropLast()), message: message, error: .malformedSignature),
    ]

    @Test(arguments: refusals)
    func refuses(_ row: Refusal) throws {
        let key = try CompactEd25519PublicKey(rawRepresentation: hexBytes(row.publicKey)[...])
        #expect(throws: row.error) { try key.verify(signature: row.signature[...], message: hexBytes(row.message)[...]) }
    }
}
