// ECDSA (P-256/384/521) and Ed25519 verification: PureX509 beside OpenSSL
// (EVP, hand-written assembly for P-256 on x86_64) and swift-crypto
// (BoringSSL). ECDSA is timed at the digest level in every implementation
// (the hash is computed once, outside the loop); Ed25519 hashes the 1 KiB
// message inside the verification in all three, as PureEdDSA must.
import Benchmark
import COpenSSL
import Crypto
import Foundation
import PureX509
import PureX509Primitives

func openSSLPublicKey(_ spki: [UInt8]) -> OpaquePointer {
    spki.withUnsafeBufferPointer { buffer in
        var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
        return d2i_PUBKEY(nil, &pointer, buffer.count)!
    }
}

/// An ECDSA fixture: one key in all three libraries, a DER signature over message.bin and its digest.
struct ECDSAFixture {
    let name: String
    let key: ECDSAPublicKey
    let evpKey: OpaquePointer
    let signature: [UInt8]
    let digest: PureX509.Digest
    let digestBytes: [UInt8]
    let swiftCryptoVerify: () -> Bool

    init(bits: Int) {
        name = "P-\(bits)"
        let spki = fixture("p\(bits).spki.der")
        let message = fixture("message.bin")
        signature = fixture("p\(bits).sig")
        let hash: HashAlgorithm = bits == 256 ? .sha256 : bits == 384 ? .sha384 : .sha512
        let curve: ECDSACurve = bits == 256 ? .p256 : bits == 384 ? .p384 : .p521
        // The uncompressed point is the last 1 + 2·⌈bits/8⌉ bytes of the SPKI.
        key = try! ECDSAPublicKey(curve: curve, uncompressedPoint: spki[(spki.count - 1 - 2 * ((bits + 7) / 8))...])
        evpKey = openSSLPublicKey(spki)
        digest = hash.hash(message)
        digestBytes = Array(digest)
        let data = Data(spki), signatureData = Data(signature)
        switch bits {
        case 256:
            let k = try! P256.Signing.PublicKey(derRepresentation: data), s = try! P256.Signing.ECDSASignature(derRepresentation: signatureData)
            let d = Crypto.SHA256.hash(data: message)
            swiftCryptoVerify = { k.isValidSignature(s, for: d) }
        case 384:
            let k = try! P384.Signing.PublicKey(derRepresentation: data), s = try! P384.Signing.ECDSASignature(derRepresentation: signatureData)
            let d = Crypto.SHA384.hash(data: message)
            swiftCryptoVerify = { k.isValidSignature(s, for: d) }
        default:
            let k = try! P521.Signing.PublicKey(derRepresentation: data), s = try! P521.Signing.ECDSASignature(derRepresentation: signatureData)
            let d = Crypto.SHA512.hash(data: message)
            swiftCryptoVerify = { k.isValidSignature(s, for: d) }
        }
        // All three must accept the fixture before anything is timed.
        try! key.verify(signature: signature[...], digest: digest)
        precondition(openSSLVerify() == 1 && swiftCryptoVerify())
    }

    func openSSLVerify() -> Int32 {
        let context = EVP_PKEY_CTX_new(evpKey, nil)!
        defer { EVP_PKEY_CTX_free(context) }
        EVP_PKEY_verify_init(context)
        return EVP_PKEY_verify(context, signature, signature.count, digestBytes, digestBytes.count)
    }
}

struct Ed25519Fixture {
    let key: Ed25519PublicKey
    let evpKey: OpaquePointer
    let signature: [UInt8]
    let message: [UInt8]
    let swiftCryptoKey: Curve25519.Signing.PublicKey

    init() {
        let spki = fixture("ed25519.spki.der")
        message = fixture("message.bin")
        signature = fixture("ed25519.sig")
        key = try! Ed25519PublicKey(rawRepresentation: spki[(spki.count - 32)...])
        evpKey = openSSLPublicKey(spki)
        swiftCryptoKey = try! Curve25519.Signing.PublicKey(rawRepresentation: spki[(spki.count - 32)...])
        try! key.verify(signature: signature[...], message: message[...])
        precondition(openSSLVerify() == 1 && swiftCryptoKey.isValidSignature(signature, for: message))
    }

    func openSSLVerify() -> Int32 {
        let context = EVP_MD_CTX_new()!
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestVerifyInit(context, nil, nil, nil, evpKey)
        return EVP_DigestVerify(context, signature, signature.count, message, message.count)
    }
}

func ellipticCurveBenchmarks() {
    for bits in [256, 384, 521] {
        let fixture = ECDSAFixture(bits: bits)
        Benchmark("ECDSA \(fixture.name) verify/PureX509") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? fixture.key.verify(signature: fixture.signature[...], digest: fixture.digest))
            }
        }
        // The same key as a trust store keeps an anchor's (precomputed
        // multiples, SplitScalarMultiplication.swift): no peer does this, so
        // the rows above, not this one, are the comparison with the peers.
        let anchorKey = fixture.key.withPrecomputedMultiples()
        Benchmark("ECDSA \(fixture.name) verify/PureX509 (anchor key, precomputed)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? anchorKey.verify(signature: fixture.signature[...], digest: fixture.digest))
            }
        }
        Benchmark("ECDSA \(fixture.name) verify/OpenSSL") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(fixture.openSSLVerify()) }
        }
        Benchmark("ECDSA \(fixture.name) verify/swift-crypto") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(fixture.swiftCryptoVerify()) }
        }
    }
    let ed = Ed25519Fixture()
    Benchmark("Ed25519 verify 1 KiB/PureX509") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? ed.key.verify(signature: ed.signature[...], message: ed.message[...])) }
    }
    Benchmark("Ed25519 verify 1 KiB/OpenSSL") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ed.openSSLVerify()) }
    }
    Benchmark("Ed25519 verify 1 KiB/swift-crypto") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ed.swiftCryptoKey.isValidSignature(ed.signature, for: ed.message)) }
    }
}
