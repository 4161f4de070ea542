import DER
import EC
import PKIX
import Testing
@testable import Trust

// The key table (`KeyAlgorithm`, PKIX) is what every reader of a key looks
// up, and `KeyType` is each entry's identity: the cost, policy bit and size
// the verifier's hot path reads are switches on it the compiler folds, which
// the entry reads in turn; PKIX's SPKI parser recognises namedCurves by its
// own comparisons (`KeyType.ecdsa(namedCurve:in:)`). These rows hold the
// table, its types and the parser to one another, so a new key type cannot
// disagree with itself.
struct KeyAlgorithmTableTests {
    @Test("each key type a policy names has its table's bit, name and OID",
          arguments: [KeyType.ecdsa(.p256), .ecdsa(.p384), .ecdsa(.p521), .ed25519])
    func curveMatchesTable(type: KeyType) throws {
        let entry = type.entry
        #expect(entry.type == type)
        let bit = try #require(type.policyBit)
        #expect(AllowedCurves(type).rawValue == 1 << bit)
        #expect(AllowedCurves.all.allows(type))
        #expect(!AllowedCurves().allows(type))
        #expect(type.curveName == entry.curveDisplayName)
        #expect(KeyRefusal.curveNotAllowed(type).description == "keys on \(entry.curveDisplayName ?? "") are not allowed by the policy")
        if let curve = entry.ecdsaCurve { #expect(type == .ecdsa(curve) && entry.namedCurve != nil) }
    }

    @Test("the table's costs, policy bits and sizes, in the order of `all`")
    func tableValues() {
        #expect(KeyAlgorithm.all.map(\.verificationCost) == [0, 0, 1, 4, 8, 1, 0])
        #expect(KeyAlgorithm.all.map(\.policyBit) == [nil, nil, 0, 1, 2, 3, nil])
        #expect(KeyAlgorithm.all.map(\.fixedSizeInBits) == [nil, nil, 256, 384, 521, 256, 456])
        #expect(AllowedCurves.all == [.p256, .p384, .p521, .ed25519])
        // Types without a bit are not the curve policy's to refuse.
        #expect(AllowedCurves().allows(.rsa) && AllowedCurves().allows(.ed448))
    }

    @Test("every entry is found again by its own identifiers")
    func lookupsRoundTrip() {
        for entry in KeyAlgorithm.all {
            #expect(entry.type.entry == entry)
            if let curve = entry.namedCurve {
                #expect(KeyAlgorithm.ecdsa(namedCurve: curve[...]) == entry)
                #expect(entry.ecdsaCurve != nil && entry.fixedSizeInBits != nil)
                // The parser's comparisons name the curve as the table does.
                let parsed = DERReader.withReader(over: curve) { reader in KeyType.ecdsa(namedCurve: 0..<curve.count, in: reader) }
                #expect(parsed == entry.type)
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
        #expect(key.type == .ecdsa(.p256))
        let entry = try #require(KeyAlgorithm(identifier: key.algorithm))
        #expect(entry == .p256)
        #expect(entry.fixedSizeInBits == key.sizeInBits)
        #expect(key.namedCurve == entry.namedCurve && key.isECPublicKey && key.rsaComponents == nil)
        // The prepared key names the same type.
        #expect(try VerificationKey.prepare(subjectPublicKeyInfo: p256SPKI).get().type == .ecdsa(.p256))
        // The table's derivation is EC's: the generator is the public key of the scalar 1.
        let one = [UInt8](repeating: 0, count: 31) + [1]
        #expect(try entry.derivePublicKey?(one[...]) == Array(key.key))
    }
}
