// PBKDF2-HMAC-SHA256 and AES-256-CBC decryption, PureX509 beside OpenSSL's
// libcrypto in one run, so that the ratio is measured on one machine state. Names are
// "<operation>/<implementation>" for scripts/benchmark-ratios.py.
//
// PBKDF2 per iteration: the 2,048-iteration rows divided by 2,048 (the
// fixed cost of one derivation is two HMAC key setups, under 0.1% of it).
// Heap allocations per iteration: compare the malloc counts of the 1- and
// 2,048-iteration PureX509 rows; equal counts mean none per iteration.
import Benchmark
import COpenSSL
import PureX509
import PureX509Primitives

let metrics: [BenchmarkMetric] = [.throughput, .wallClock, .mallocCountTotal]

let password: [UInt8] = Array("correct horse battery staple".utf8)
let salt: [UInt8] = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

func openSSLPBKDF2(iterations: Int32) -> UInt8 {
    var key = [UInt8](repeating: 0, count: 32)
    password.withUnsafeBufferPointer { p in
        _ = PKCS5_PBKDF2_HMAC(UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(p.count),
                              salt, Int32(salt.count), iterations, EVP_sha256(), 32, &key)
    }
    return key[0]
}

/// 16 KiB of ciphertext, a whole number of blocks: decrypted without padding by both.
let aesKey: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
let aesIV: [UInt8] = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
let ciphertext: [UInt8] = (0..<16_384).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }

func openSSLDecrypt(_ context: OpaquePointer) -> UInt8 {
    var output = [UInt8](repeating: 0, count: ciphertext.count + 16)
    var length: Int32 = 0
    EVP_DecryptInit_ex(context, EVP_aes_256_cbc(), nil, aesKey, aesIV)
    EVP_CIPHER_CTX_set_padding(context, 0)
    EVP_DecryptUpdate(context, &output, &length, ciphertext, Int32(ciphertext.count))
    return output[0]
}

let benchmarks: @Sendable () -> Void = {
    // Both must agree before anything is timed.
    let ours = try! CBC.decryptWithoutPadding(.aes, key: aesKey[...], iv: aesIV[...], ciphertext: ciphertext[...])
    let context = EVP_CIPHER_CTX_new()!
    var theirs = [UInt8](repeating: 0, count: ciphertext.count + 16)
    var length: Int32 = 0
    EVP_DecryptInit_ex(context, EVP_aes_256_cbc(), nil, aesKey, aesIV)
    EVP_CIPHER_CTX_set_padding(context, 0)
    EVP_DecryptUpdate(context, &theirs, &length, ciphertext, Int32(ciphertext.count))
    precondition(Array(theirs.prefix(Int(length))) == ours, "AES-256-CBC differs from OpenSSL")
    var check = [UInt8](repeating: 0, count: 32)
    PKCS5_PBKDF2_HMAC("correct horse battery staple", Int32(password.count), salt, Int32(salt.count), 2048, EVP_sha256(), 32, &check)
    precondition(check == PBKDF2.deriveKey(.sha256, password: password[...], salt: salt[...], iterations: 2048, keyLength: 32))

    for iterations in [1, 2048] {
        Benchmark("PBKDF2-HMAC-SHA256 \(iterations) iterations/PureX509", configuration: .init(metrics: metrics, maxDuration: .seconds(2))) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(PBKDF2.deriveKey(.sha256, password: password[...], salt: salt[...], iterations: iterations, keyLength: 32))
            }
        }
        Benchmark("PBKDF2-HMAC-SHA256 \(iterations) iterations/OpenSSL", configuration: .init(metrics: metrics, maxDuration: .seconds(2))) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(openSSLPBKDF2(iterations: Int32(iterations))) }
        }
    }
    Benchmark("AES-256-CBC decrypt 16 KiB/PureX509", configuration: .init(metrics: metrics, maxDuration: .seconds(2))) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! CBC.decryptWithoutPadding(.aes, key: aesKey[...], iv: aesIV[...], ciphertext: ciphertext[...]))
        }
    }
    Benchmark("AES-256-CBC decrypt 16 KiB/OpenSSL", configuration: .init(metrics: metrics, maxDuration: .seconds(2))) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(openSSLDecrypt(context)) }
    }
}
