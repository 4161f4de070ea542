import DER
import EC
import PKIX
import Testing
@testable import Trust

// The key table (`KeyAlgorithm`, PKIX) is what every reader of a key looks
// up; the verifier's hot path keeps two of its values as switches the
// compiler folds (`KeyCurve.cost`, `KeyCurve.curveBit`) and PKIX's SPKI
// parser recognises curves by its own comparisons. These rows hold each
// copy equal to the table, so a new key type cannot disagree with itself.
struct KeyAlgorithmTableTests {
    @Test("each curve a policy names reads the table's cost, bit, name and OID", arguments: [KeyCurve.p256, .p384, .p521, .ed25519])
    func curveMatchesTable(curve: KeyCurve) {
        let entry = curve.keyAlgorithm
        #expect(curve.cost == entry.verificationCost)
        #expect(curve.curveBit == entry.policyBit)
        #expect(curve.description == entry.curveDisplayName)
        #expect(curve.oid?.bytes == entry.namedCurve)
        if let ecdsa = curve.ecdsa { #expect(KeyAlgorithm.ecdsa(ecdsa) == entry) }
    }

    @Test("every entry is found again by its own identifiers")
    func lookupsRoundTrip() {
        for entry in KeyAlgorithm.all {
            if let curve = entry.namedCurve {
                #expect(KeyAlgorithm.ecdsa(namedCurve: curve[...]) == entry)
                #expect(entry.ecdsaCurve != nil && entry.fixedSizeInBits != nil)
            } else {
                #expect(KeyAlgorithm(oid: entry.oid[...], parameters: nil) == entry)
            }
        }
        // Seven key types, one entry each; names are what the tool prints.
        #expect(KeyAlgorithm.all.map(\.displayName) == ["RSA", "RSASSA-PSS", "EC P-256", "EC P-384", "EC P-521", "Ed25519", "Ed448"])
    }

    @Test("an SPKI's key type and the table agree on every certificate key the parser recognises")
    func spkiKeyTypeMatchesTable() throws {
        // P-256 generator point: a real key, so the parse goes through every check.
        let p256SPKI: [UInt8] = [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                                 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04,
                                 0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40, 0xF2,
                                 0x77, 0x03, 0x7D, 0x81, 0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98, 0xC2, 0x96,
                                 0x4F, 0xE3, 0x42, 0xE2, 0xFE, 0x1A, 0x7F, 0x9B, 0x8E, 0xE7, 0xEB, 0x4A, 0x7C, 0x0F, 0x9E, 0x16,
                                 0x2B, 0xCE, 0x33, 0x57, 0x6B, 0x31, 0x5E, 0xCE, 0xCB, 0xB6, 0x40, 0x68, 0x37, 0xBF, 0x51, 0xF5]
        let key = try PublicKey(subjectPublicKeyInfo: p256SPKI)
        #expect(key.keyType == .ecP256)
        let entry = try #require(KeyAlgorithm(identifier: key.algorithm))
        #expect(entry == .p256)
        #expect(entry.fixedSizeInBits == key.sizeInBits)
        // The table's derivation is EC's: the generator is the public key of the scalar 1.
        let one = [UInt8](repeating: 0, count: 31) + [1]
        #expect(try entry.derivePublicKey?(one[...]) == Array(key.key))
    }
}
