// Opening a .p12 as OpenSSL 3 writes it by default (Fixtures/client-default.p12:
// PBKDF2-HMAC-SHA256 with 2,048 iterations three times — the MAC, the key, the
// certificates — AES-256-CBC, an RSA-2048 identity and its CA): PureX509's
// PKCS12File beside OpenSSL's d2i_PKCS12 + PKCS12_parse in one run, so that
// the ratio is measured on one machine state. Run it twice, once with OPENSSL_ia32cap=":~0x20000000" to mask
// SHA-NI, OpenSSL's hand-written SHA-256 path (docs/benchmarks.md).
import Benchmark
import COpenSSL
import Foundation
import PureX509
import PureX509Primitives

let fixture = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/client-default.p12")))

/// PKCS12_parse on fresh objects; true when it opened and gave a key and a certificate.
func openSSLOpen() -> Bool {
    fixture.withUnsafeBufferPointer { buffer in
        var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
        guard let p12 = d2i_PKCS12(nil, &pointer, buffer.count) else { return false }
        defer { PKCS12_free(p12) }
        var key: OpaquePointer? = nil
        var certificate: OpaquePointer? = nil
        var chain: OpaquePointer? = nil
        let opened = PKCS12_parse(p12, "benchmark", &key, &certificate, &chain) == 1
        EVP_PKEY_free(key)
        X509_free(certificate)
        OPENSSL_sk_pop_free(chain, { X509_free(OpaquePointer($0)) })
        return opened && key != nil && certificate != nil
    }
}

func pureOpen() -> Bool {
    guard let file = try? PKCS12File(bytes: fixture, password: .utf8("benchmark")) else { return false }
    return file.identities.count == 1 && file.identities[0].chain.count == 1
}

let benchmarks: @Sendable () -> Void = {
    precondition(openSSLOpen(), "OpenSSL does not open the fixture")
    precondition(pureOpen(), "PureX509 does not open the fixture")
    let configuration = Benchmark.Configuration(metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(3))
    Benchmark("Open default OpenSSL 3 .p12/PureX509", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pureOpen()) }
    }
    Benchmark("Open default OpenSSL 3 .p12/OpenSSL", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(openSSLOpen()) }
    }
}
