// SHA-256, SHA-512, RSA, ECDSA and Ed25519 verification, PureX509 beside OpenSSL, GMP
// and swift-crypto in one run (the EC rows are in EllipticCurves.swift).
// Names are "<operation>/<implementation>" so scripts/benchmark-ratios.py
// can pair them.
import Benchmark
import CGMP
import COpenSSL
import Foundation
import PureX509
import PureX509Primitives

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) -> [UInt8] {
    [UInt8](try! Data(contentsOf: fixtures.appendingPathComponent(name)))
}

let metrics: [BenchmarkMetric] = [.throughput, .wallClock, .mallocCountTotal]

func openSSLSHA256(_ buffer: [UInt8]) -> UInt8 {
    openSSLDigest(buffer, EVP_sha256(), length: 32)
}

func openSSLSHA512(_ buffer: [UInt8]) -> UInt8 {
    openSSLDigest(buffer, EVP_sha512(), length: 64)
}

func openSSLDigest(_ buffer: [UInt8], _ algorithm: OpaquePointer?, length: Int) -> UInt8 {
    var digest = [UInt8](repeating: 0, count: length)
    var written: UInt32 = 0
    buffer.withUnsafeBytes { input in
        _ = EVP_Digest(input.baseAddress, input.count, &digest, &written, algorithm, nil)
    }
    return digest[0]
}

/// An RSA fixture: the key for both libraries, the signature and the digest.
struct RSAFixture {
    let bits: Int
    let key: RSAPublicKey
    let evpKey: OpaquePointer
    let signature: [UInt8]
    let digest: Digest
    let digestBytes: [UInt8]

    init(bits: Int) {
        self.bits = bits
        let spki = fixture("rsa\(bits).spki.der")
        // The library's one SPKI reader, as the trust store uses it.
        guard case .success(.rsa(let prepared)) = VerificationKey.prepare(subjectPublicKeyInfo: spki) else {
            fatalError("rsa\(bits).spki.der is not an rsaEncryption key")
        }
        key = prepared
        evpKey = spki.withUnsafeBufferPointer { buffer in
            var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &pointer, buffer.count)!
        }
        signature = fixture("rsa\(bits).sig")
        digest = SHA256.hash(fixture("message.bin"))
        digestBytes = Array(digest)
        // Both must accept the fixture before anything is timed.
        try! key.verifyPKCS1v15(signature: signature, digest: digest, hash: .sha256)
        precondition(openSSLVerify() == 1)
    }

    func openSSLVerify() -> Int32 {
        let context = EVP_PKEY_CTX_new(evpKey, nil)!
        defer { EVP_PKEY_CTX_free(context) }
        EVP_PKEY_verify_init(context)
        EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING)
        EVP_PKEY_CTX_set_signature_md(context, EVP_sha256())
        return EVP_PKEY_verify(context, signature, signature.count, digestBytes, digestBytes.count)
    }
}

/// GMP integers for the bare exponentiation s^e mod n.
final class GMPOperands {
    let base = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
    let exponent = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
    let modulus = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)
    let result = UnsafeMutablePointer<__mpz_struct>.allocate(capacity: 1)

    init(_ fixture: RSAFixture) {
        for value in [base, exponent, modulus, result] { __gmpz_init(value) }
        func set(_ target: UnsafeMutablePointer<__mpz_struct>, _ number: BigUInt) {
            number.limbs.withUnsafeBufferPointer { __gmpz_import(target, $0.count, -1, 8, 0, 0, $0.baseAddress) }
        }
        set(base, BigUInt(bigEndian: fixture.signature))
        set(exponent, fixture.key.exponent)
        set(modulus, fixture.key.modulus)
    }

    func power() { __gmpz_powm(result, base, exponent, modulus) }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: metrics, maxDuration: .seconds(2), maxIterations: 1_000_000)
    ellipticCurveBenchmarks()

    for size in [64, 1024, 16384] {
        let buffer = [UInt8](repeating: 0xA5, count: size)
        let label = size >= 1024 ? "\(size / 1024) KiB" : "\(size) B"
        Benchmark("SHA-256 \(label)/PureX509") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SHA256.hash(buffer)) }
        }
        Benchmark("SHA-256 \(label)/OpenSSL") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(openSSLSHA256(buffer)) }
        }
    }

    // SHA-512 at the size issue 42 names; OpenSSL has no SHA-NI for it, so
    // its default path is its AVX2 code and `OPENSSL_ia32cap=0:0` its
    // integer-only one.
    let block16K = [UInt8](repeating: 0xA5, count: 16384)
    Benchmark("SHA-512 16 KiB/PureX509") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(block16K.withUnsafeBytes { bytes in
                var hash = SHA512()
                hash.update(bytes)
                return hash.finalize()
            })
        }
    }
    Benchmark("SHA-512 16 KiB/OpenSSL") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(openSSLSHA512(block16K)) }
    }

    for bits in [2048, 3072, 4096] {
        let fixture = RSAFixture(bits: bits)
        Benchmark("RSA-\(bits) PKCS#1 verify/PureX509") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? fixture.key.verifyPKCS1v15(signature: fixture.signature, digest: fixture.digest, hash: .sha256))
            }
        }
        Benchmark("RSA-\(bits) PKCS#1 verify/OpenSSL") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(fixture.openSSLVerify()) }
        }
        let context = try! MontgomeryContext(modulus: fixture.key.modulus)
        let s = BigUInt(bigEndian: fixture.signature)
        Benchmark("RSA-\(bits) s^e mod n/PureX509") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? context.power(s, fixture.key.exponent)) }
        }
        let gmp = GMPOperands(fixture)
        Benchmark("RSA-\(bits) s^e mod n/GMP") { benchmark in
            for _ in benchmark.scaledIterations { gmp.power() }
        }
    }
}
