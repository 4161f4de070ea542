import EC
import Testing
import TestSupport

/// RFC 8032 §7.1 test vectors and the §5.1.3 / §5.1.7 refusals, one row per
/// rule, each through the default path and the size-first one
/// (CompactEd25519.swift). (TEST 1024 is in the Wycheproof file as tcId "Test 1024".)
struct Ed25519RFC8032Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String, publicKey: String, message: String, signature: String
        var testDescription: String { name }
    }

    static let section7_1: [Vector] = [
        Vector(name: "TEST 1 (empty message)",
               publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", message: "",
               signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        Vector(name: "TEST 2 (one octet)",
               publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", message: "72",
               signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        Vector(name: "TEST 3 (two octets)",
               publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", message: "af82",
               signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
        Vector(name: "TEST SHA(abc)",
               publicKey: "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
               message: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
               signature: "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
    ]


    @Test(arguments: section7_1)
    func rfc8032Section7_1(_ vector: Vector) throws {
        let key = try Ed25519PublicKey(rawRepresentation: hexBytes(vector.publicKey)[...])
        try key.verify(signature: hexBytes(vector.signature)[...], message: hexBytes(vector.message)[...])
        // The same signature under another §7.1 key must fail the equation.
        let other = Self.section7_1.first { $0.name != vector.name }!
        let otherKey = try Ed25519PublicKey(rawRepresentation: hexBytes(other.publicKey)[...])
        #expect(throws: ECError.signatureMismatch) {
            try otherKey.verify(signature: hexBytes(vector.signature)[...], message: hexBytes(vector.message)[...])
        }
        #expect(Ed25519Decision.sizeFirst(key: hexBytes(vector.publicKey), signature: hexBytes(vector.signature), message: hexBytes(vector.message)) == nil)
        #expect(Ed25519Decision.sizeFirst(key: hexBytes(other.publicKey), signature: hexBytes(vector.signature), message: hexBytes(vector.message)) == .signatureMismatch)
    }

    /// Slices that do not start at index 0, as a certificate parser hands them
    /// over: offsets must be taken relative to the slice.
    @Test func slicesWithNonZeroStartIndex() throws {
        let vector = Self.section7_1[2]
        let buffer = [0xAA] + hexBytes(vector.publicKey) + hexBytes(vector.signature) + hexBytes(vector.message) + [0xBB]
        let key = try Ed25519PublicKey(rawRepresentation: buffer[1..<33])
        try key.verify(signature: buffer[33..<97], message: buffer[97..<99])
        try CompactEd25519PublicKey(rawRepresentation: buffer[1..<33]).verify(signature: buffer[33..<97], message: buffer[97..<99])
    }

    // MARK: Public keys (RFC 8032 §5.1.3)

    struct KeyCase: CustomTestStringConvertible, Sendable {
        let why: String, encoding: String, error: ECError?
        var testDescription: String { why }
    }

    static let keyCases: [KeyCase] = [
        KeyCase(why: "y = p: not canonical (step 1)", encoding: "ed" + String(repeating: "ff", count: 30) + "7f", error: .malformedPublicKey),
        KeyCase(why: "y = p + 1, which would be the identity's y = 1", encoding: "ee" + String(repeating: "ff", count: 30) + "7f", error: .malformedPublicKey),
        KeyCase(why: "y = p + 18, the largest value below 2^255", encoding: "ff" + String(repeating: "ff", count: 30) + "7f", error: .malformedPublicKey),
        KeyCase(why: "y = p, sign bit set", encoding: String(repeating: "ff", count: 32), error: .malformedPublicKey),
        KeyCase(why: "y = p − 1 = −1 is canonical: the point (0, −1) of order 2", encoding: "ec" + String(repeating: "ff", count: 30) + "7f", error: nil),
        KeyCase(why: "x = 0 with the sign bit set: y = 1 (step 4)", encoding: "01" + String(repeating: "00", count: 30) + "80", error: .malformedPublicKey),
        KeyCase(why: "x = 0 with the sign bit set: y = −1 (step 4)", encoding: "ec" + String(repeating: "ff", count: 31), error: .malformedPublicKey),
        KeyCase(why: "the identity, y = 1 and x = 0 (small order, accepted: see Ed25519.swift)", encoding: "01" + String(repeating: "00", count: 31), error: nil),
        KeyCase(why: "y = 2: (y² − 1)/(d·y² + 1) is not a square (step 3)", encoding: "02" + String(repeating: "00", count: 31), error: .pointNotOnCurve),
        KeyCase(why: "y = 7, sign bit set: not a square either", encoding: "07" + String(repeating: "00", count: 30) + "80", error: .pointNotOnCurve),
        KeyCase(why: "31 bytes", encoding: String(repeating: "00", count: 31), error: .malformedPublicKey),
        KeyCase(why: "33 bytes (TEST 1's key with a trailing zero)", encoding: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a00", error: .malformedPublicKey),
        KeyCase(why: "empty", encoding: "", error: .malformedPublicKey),
    ]

    @Test(arguments: keyCases)
    func publicKeyDecoding(_ row: KeyCase) {
        let bytes = hexBytes(row.encoding)
        if let error = row.error {
            #expect(throws: error) { try Ed25519PublicKey(rawRepresentation: bytes[...]) }
            #expect(throws: error) { try CompactEd25519PublicKey(rawRepresentation: bytes[...]) }
        } else {
            #expect(throws: Never.self) { try Ed25519PublicKey(rawRepresentation: bytes[...]) }
            #expect(throws: Never.self) { try CompactEd25519PublicKey(rawRepresentation: bytes[...]) }
        }
    }

    // MARK: Signatures (RFC 8032 §5.1.7)

    /// L = 2^252 + 27742317777372353535851937790883648493, little-endian.
    static let orderL = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"

    struct SignatureCase: CustomTestStringConvertible, Sendable {
        let why: String, signature: String, error: ECError
        var testDescription: String { why }
    }

    static var test1R: String { String(section7_1[0].signature.prefix(64)) }
    static var test1S: String { String(section7_1[0].signature.suffix(64)) }

    static let signatureCases: [SignatureCase] = [
        SignatureCase(why: "S = L (step 1)", signature: test1R + orderL, error: .signatureOutOfRange),
        SignatureCase(why: "S = L + 1", signature: test1R + "ee" + orderL.dropFirst(2), error: .signatureOutOfRange),
        SignatureCase(why: "S = 2^256 − 1", signature: test1R + String(repeating: "ff", count: 32), error: .signatureOutOfRange),
        SignatureCase(why: "S + L: the malleated twin of TEST 1's valid S", signature: test1R + "4c8c7872aa064e049dbb3013fbf29380d25bf5f0595bbe24655141438e7a101b", error: .signatureOutOfRange),
        SignatureCase(why: "S = L − 1 is in range but wrong", signature: test1R + "ec" + orderL.dropFirst(2), error: .signatureMismatch),
        SignatureCase(why: "S = 0 is in range but wrong", signature: test1R + String(repeating: "00", count: 32), error: .signatureMismatch),
        SignatureCase(why: "R with y = p, not canonical: never an encoding's output", signature: "ed" + String(repeating: "ff", count: 30) + "7f" + test1S, error: .signatureMismatch),
        SignatureCase(why: "63 bytes", signature: String(section7_1[0].signature.dropLast(2)), error: .malformedSignature),
        SignatureCase(why: "65 bytes", signature: section7_1[0].signature + "00", error: .malformedSignature),
        SignatureCase(why: "empty", signature: "", error: .malformedSignature),
        SignatureCase(why: "R only", signature: test1R, error: .malformedSignature),
    ]

    @Test(arguments: signatureCases)
    func signatureRefusals(_ row: SignatureCase) throws {
        let key = try Ed25519PublicKey(rawRepresentation: hexBytes(Self.section7_1[0].publicKey)[...])
        #expect(throws: row.error) { try key.verify(signature: hexBytes(row.signature)[...], message: [][...]) }
        #expect(Ed25519Decision.sizeFirst(key: hexBytes(Self.section7_1[0].publicKey), signature: hexBytes(row.signature), message: []) == row.error)
    }

    /// The cofactorless equation with a small-order key: A = identity, R =
    /// identity, S = 0 satisfies [S]B = R + [k]A for every message, and is
    /// accepted, as by Go, BoringSSL and ring. Refusing small-order keys is a
    /// policy for the caller; this test pins the behaviour so a change is
    /// deliberate.
    @Test func identityKeyAndIdentitySignature() throws {
        let identity = hexBytes("01" + String(repeating: "00", count: 31))
        let key = try Ed25519PublicKey(rawRepresentation: identity[...])
        let signature = identity + [UInt8](repeating: 0, count: 32)
        try key.verify(signature: signature[...], message: Array("any message".utf8)[...])
        #expect(Ed25519Decision.sizeFirst(key: identity, signature: signature, message: Array("any message".utf8)) == nil)
    }
}
