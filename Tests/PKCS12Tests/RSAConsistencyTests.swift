import Foundation
import Testing
import PKCS12

// An RSA key pairs with a certificate by n and e, which are public; its
// private integers must belong to them (n = p·q, e·d ≡ 1 mod p−1 and q−1,
// the CRT parts consistent), or a file could pair a certificate with a key
// that cannot sign for it.

/// The INTEGER contents of a PKCS #8 RSA key: version, n, e, d, p, q, dP, dQ, qInv.
private func rsaIntegers(_ pkcs8: [UInt8]) -> [[UInt8]] {
    ASN1Node.parse(ASN1Node.parse(pkcs8)[[2]].bytes).children.map(\.bytes)
}

/// A PKCS #8 RSA key from its nine INTEGER contents.
private func rsaKey(_ integers: [[UInt8]]) -> [UInt8] {
    let rsa = ASN1Node.constructed(tag: 0x30, children: integers.map { .primitive(tag: 0x02, bytes: $0) })
    let algorithm = ASN1Node.constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]), .primitive(tag: 0x05, bytes: [])])
    return ASN1Node.constructed(tag: 0x30, children: [.primitive(tag: 0x02, bytes: [0]), algorithm, .primitive(tag: 0x04, bytes: rsa.der)]).der
}

/// A file without MAC or encryption holding `certificate` and `key`.
private func identityFile(certificate: [UInt8], key: [UInt8]) -> [UInt8] {
    let bagPrefix: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01]
    let certBag = ASN1Node.constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: bagPrefix + [3]),
        .constructed(tag: 0xA0, children: [.constructed(tag: 0x30, children: [
            .primitive(tag: 0x06, bytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x16, 0x01]),
            .constructed(tag: 0xA0, children: [.primitive(tag: 0x04, bytes: certificate)])])])])
    let keyBag = ASN1Node.constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: bagPrefix + [1]), .constructed(tag: 0xA0, children: [ASN1Node.parse(key)])])
    return plainFile([.constructed(tag: 0x30, children: [certBag, keyBag])])
}

/// The RSA leaf of the exported files (certificate and key), and a second, unrelated RSA-2048 key.
private func rsaMaterial() throws -> (certificate: [UInt8], key: [[UInt8]], other: [[UInt8]]) {
    let file = try exported("default-rsa")
    let identity = try #require(try PKCS12File(bytes: file.bytes, password: .utf8("pässwörd")).identities.first)
    let other = try shell("openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -outform DER 2>/dev/null")
    // `genpkey -outform DER` writes PKCS #1 RSAPrivateKey itself, not PKCS #8.
    let otherIntegers = ASN1Node.parse(Array(other)).children.map(\.bytes)
    return (identity.certificate.der, rsaIntegers(identity.privateKey.privateKeyPKCS8DER()), otherIntegers)
}

/// What pairing makes of the leaf's certificate with a key of these integers.
private func pairing(_ certificate: [UInt8], _ integers: [[UInt8]]) throws -> (identities: Int, reasons: [UnmatchedKeyReason]) {
    let file = try PKCS12File(bytes: identityFile(certificate: certificate, key: rsaKey(integers)), password: .none)
    return (file.identities.count, file.unmatchedKeys.map(\.reason))
}

@Test func consistentRSAKeyPairs() throws {
    let (certificate, key, _) = try rsaMaterial()
    let result = try pairing(certificate, key)
    #expect(result.identities == 1 && result.reasons.isEmpty)
    // CRT parts all zero (some writers leave them so): n, p, q and d still carry the key.
    var zeroCRT = key
    for index in 6...8 { zeroCRT[index] = [0] }
    #expect(try pairing(certificate, zeroCRT).identities == 1)
}

/// Each row keeps the certificate's n and e and breaks one relation.
@Test(arguments: [
    // Another key's private parts under this n and e: n ≠ p·q.
    ("foreign private parts", [3, 4, 5, 6, 7, 8]),
    // Another key's d alone: n = p·q holds, e·d ≢ 1 mod p−1.
    ("foreign d", [3]),
    // Another key's CRT exponents: d is right, dP and dQ are not d mod p−1, q−1.
    ("foreign dP and dQ", [6, 7]),
    // Another key's qInv: q·qInv ≢ 1 mod p.
    ("foreign qInv", [8]),
])
func inconsistentRSAKeyIsNotPaired(_ row: (String, [Int])) throws {
    let (certificate, key, other) = try rsaMaterial()
    var mixed = key
    for index in row.1 { mixed[index] = other[index] }
    let result = try pairing(certificate, mixed)
    #expect(result.identities == 0, "\(row.0)")
    #expect(result.reasons == [.inconsistentPrivateKey], "\(row.0)")
}

/// p and q swapped: n = q·p and d still hold, but dP, dQ and qInv now belong to the other order.
@Test func swappedPrimesAreInconsistent() throws {
    let (certificate, key, _) = try rsaMaterial()
    var swapped = key
    swapped.swapAt(4, 5)
    #expect(try pairing(certificate, swapped).reasons == [.inconsistentPrivateKey])
}

/// The check is charged to the work budget before it runs, and a
/// component longer than the modulus is refused before any arithmetic.
@Test func consistencyCheckIsBounded() throws {
    let (certificate, key, _) = try rsaMaterial()
    let bytes = identityFile(certificate: certificate, key: rsaKey(key))
    let work = try PKCS12File(bytes: bytes, password: .none).report.work
    #expect(work > 0)
    var limits = PKCS12Limits()
    limits.maximumWork = work - 1
    #expect(open(bytes, .none, limits: limits).failure == .workLimitExceeded(limit: work - 1))
    var long = key
    long[3] = [0x01] + [UInt8](repeating: 0, count: key[1].count)
    #expect(open(identityFile(certificate: certificate, key: rsaKey(long)), .none).failure
            == .invalidPrivateKey(.rsaComponentLongerThanModulus))
}
