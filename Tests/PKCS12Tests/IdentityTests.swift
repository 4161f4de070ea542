import Foundation
import Testing
import PKCS12
import PKIX
import TestSupport

// Pairing keys with certificates, and keeping the key's secret out of sight.

/// description, debugDescription, dump and the mirror show the type and size, never the secret.
@Test(arguments: ["default-rsa", "default-p384", "default-ed25519"])
func privateKeyNeverPrintsItsSecret(_ name: String) throws {
    let file = try exported(name)
    let key = try #require(try PKCS12File(bytes: file.bytes, password: .utf8("pässwörd")).identities.first).privateKey
    var dumped = ""
    dump(key, to: &dumped)
    let shown = [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped]
    let secret = key.privateKeyPKCS8DER()
    for text in shown {
        // No run of 8 secret bytes appears, in hex or as decimal lists.
        for start in stride(from: 0, to: secret.count - 8, by: 8) {
            let window = Array(secret[start..<(start + 8)])
            #expect(!text.lowercased().contains(hexString(window)))
            #expect(!text.contains(window.map(String.init).joined(separator: ", ")))
        }
    }
    #expect(Mirror(reflecting: key).children.map(\.label) == ["algorithm", "sizeInBits"])
    let expected = ["default-rsa": "RSA 2048-bit private key", "default-p384": "EC P-384 384-bit private key",
                    "default-ed25519": "Ed25519 256-bit private key"][name]
    #expect(key.description == expected)
}

// The files below carry no MAC and nothing encrypted: they are opened with
// no password, which needs no opt-in (MissingMACTests).

/// Two files' contents joined: both identities come back, each with its own chain.
@Test func severalIdentitiesInOneFile() throws {
    let a = try exported("nomac-unencrypted")
    let b = try exported("small")
    let joined = plainFile(plainSafeContents(a.bytes) + plainSafeContents(b.bytes))
    let file = try PKCS12File(bytes: joined, password: .none)
    #expect(file.identities.count == 2)
    #expect(file.identities.map(\.privateKey.algorithm) == [.p256, .ed25519])
    // The Ed25519 leaf has the same issuer as the P-256 one: the joined file's CA certificates serve both.
    #expect(file.identities.map(\.chain.count) == [2, 2])
    #expect(file.unmatchedKeys.isEmpty && file.unpairedCertificates.isEmpty)
}

/// A localKeyId that points at the wrong certificate does not pair; the
/// public key still finds the right one when it is there.
@Test func localKeyIDIsCheckedAgainstThePublicKey() throws {
    let file = try exported("nomac-unencrypted")
    var contents = plainSafeContents(file.bytes)
    // Give the CA certificates the leaf's localKeyId: the first match by id is a wrong key.
    let leafKeyID = try #require(PKCS12File(bytes: file.bytes, password: .none).identities.first?.localKeyID)
    for (i, safeContents) in contents.enumerated() {
        for (j, bag) in safeContents.children.enumerated() where bag[[0]].bytes.last == 3 && bag.children.count == 2 {
            let attribute = ASN1Node.constructed(tag: 0x30, children: [
                .primitive(tag: 0x06, bytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x15]),
                .constructed(tag: 0x31, children: [.primitive(tag: 0x04, bytes: leafKeyID)])])
            contents[i][[j]] = .constructed(tag: 0x30, children: bag.children + [.constructed(tag: 0x31, children: [attribute])])
        }
    }
    let reread = try PKCS12File(bytes: plainFile(contents), password: .none)
    let identity = try #require(reread.identities.first)
    #expect(identity.certificate.der == (try PKCS12File(bytes: file.bytes, password: .none).identities.first?.certificate.der))
    // Only the CA certificates, sorted after the leaf, carry the copied id; the leaf's own id still pairs first.
    #expect(identity.pairing == .localKeyID)

    // Without the leaf, the key's id names only certificates of other keys.
    let leaf = identity.certificate.der
    let withoutLeaf = contents.map { safeContents in
        ASN1Node.constructed(tag: 0x30, children: safeContents.children.filter { bag in
            !(bag[[0]].bytes.last == 3 && bag[[1, 0, 1, 0]].bytes == leaf)
        })
    }
    let orphan = try PKCS12File(bytes: plainFile(withoutLeaf), password: .none)
    #expect(orphan.identities.isEmpty)
    #expect(orphan.unmatchedKeys.map(\.reason) == [.localKeyIDMismatch])
    #expect(orphan.unpairedCertificates.count == 2)
}

/// A stored EC point that is not the secret's own is caught by the derivation.
@Test func inconsistentStoredPublicKey() throws {
    let file = try exported("nomac-unencrypted")
    let identity = try #require(try PKCS12File(bytes: file.bytes, password: .none).identities.first)
    let point = Array(identity.certificate.publicKey.key)
    var bytes = file.bytes
    // The key bag follows the certificates: the point's last occurrence is the one stored with the key.
    var last: Int? = nil
    for start in 0...(bytes.count - point.count) where Array(bytes[start..<(start + point.count)]) == point { last = start }
    let start = try #require(last)
    bytes[start + point.count - 1] ^= 1
    let reread = try PKCS12File(bytes: bytes, password: .none)
    #expect(reread.identities.isEmpty)
    #expect(reread.unmatchedKeys.map(\.reason) == [.inconsistentPublicKey])
    #expect(reread.unpairedCertificates.count == 3)
}
