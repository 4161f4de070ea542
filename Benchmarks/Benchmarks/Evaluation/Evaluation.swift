// One evaluation of a 3-certificate RSA-2048 chain for a host name, parsing
// included (leaf and intermediate presented as DER, root in the store):
// PureX509 fresh (no signature cache) and warm (cache kept across runs),
// swift-certificates' Verifier, and OpenSSL's X509_verify_cert with fresh
// d2i_X509 and on pre-parsed objects.
import Benchmark
import COpenSSL
import Foundation
import PureX509
import PureX509Primitives
import X509

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

func pemBlocks(_ name: String) -> [[UInt8]] {
    try! PEM.certificates(in: [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))).map(\.der)
}

let chainDER = pemBlocks("eval-chain.pem")
let rootDER = pemBlocks("eval-root.pem")[0]
let evaluationTime = Int64(String(decoding: try! Data(contentsOf: fixtures.appendingPathComponent("eval-time.txt")), as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines))!
let host = "www.example.com"

func openSSLParse(_ der: [UInt8]) -> OpaquePointer {
    der.withUnsafeBufferPointer { buffer in
        var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
        return d2i_X509(nil, &pointer, buffer.count)!
    }
}

/// X509_verify_cert with the same root, time and host; 1 when trusted.
func openSSLVerify(store: OpaquePointer, leaf: OpaquePointer, intermediate: OpaquePointer) -> Int32 {
    let untrusted = OPENSSL_sk_new_null()!
    OPENSSL_sk_push(untrusted, UnsafeRawPointer(intermediate))
    let context = X509_STORE_CTX_new()!
    X509_STORE_CTX_init(context, store, leaf, untrusted)
    let parameters = X509_STORE_CTX_get0_param(context)
    X509_VERIFY_PARAM_set_time(parameters, Int(evaluationTime))
    X509_VERIFY_PARAM_set1_host(parameters, host, host.utf8.count)
    let result = X509_verify_cert(context)
    X509_STORE_CTX_free(context)
    OPENSSL_sk_free(untrusted)
    return result
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 200_000)
    ecdsaChainBenchmarks()
    transparencyBenchmarks()

    let store = PureX509.TrustStore([try! PureX509.Certificate(derEncoded: rootDER)])
    var policy = VerificationPolicy(time: evaluationTime)
    policy.identity = ServerIdentity(host: host)

    func pureEvaluate(_ verifier: inout PureX509.Verifier) -> Bool {
        guard let leaf = try? PureX509.Certificate(derEncoded: chainDER[0]),
              let intermediate = try? PureX509.Certificate(derEncoded: chainDER[1]) else { return false }
        if case .success = verifier.verify(leaf: leaf, intermediates: [intermediate]) { return true }
        return false
    }
    var check = PureX509.Verifier(store: store, policy: policy)
    precondition(pureEvaluate(&check))

    Benchmark("Evaluate chain/PureX509 (fresh)") { benchmark in
        for _ in benchmark.scaledIterations {
            var verifier = PureX509.Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
            blackHole(pureEvaluate(&verifier))
        }
    }
    // A fresh evaluation as a device or a connection pool makes it: no
    // signature cache, so both signatures are verified and the
    // intermediate's key prepared, but one verifier kept, whose lists the
    // next evaluation reuses (the row above builds a new verifier each time).
    var kept = PureX509.Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
    Benchmark("Evaluate chain/PureX509 (fresh, verifier kept)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pureEvaluate(&kept)) }
    }
    var warm = PureX509.Verifier(store: store, policy: policy)
    Benchmark("Evaluate chain/PureX509 (warm cache)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pureEvaluate(&warm)) }
    }

    // The pin check's cost on a warm evaluation: the same verifier work, plus
    // `PinCheck.keys` (one SHA-256 over each SPKI on the path).
    let pins = [SPKIPin(certificate: try! PureX509.Certificate(derEncoded: rootDER))]
    let pinCheck = PinCheck.keys(pins)
    var warmPinned = PureX509.Verifier(store: store, policy: policy)
    var warmUnpinned = PureX509.Verifier(store: store, policy: policy)
    func evaluate(_ verifier: inout PureX509.Verifier, pinned: Bool) -> Bool {
        guard let leaf = try? PureX509.Certificate(derEncoded: chainDER[0]),
              let intermediate = try? PureX509.Certificate(derEncoded: chainDER[1]) else { return false }
        let result = pinned ? verifier.verify(leaf: leaf, intermediates: [intermediate], accept: pinCheck)
            : verifier.verify(leaf: leaf, intermediates: [intermediate])
        if case .success = result { return true }
        return false
    }
    precondition(evaluate(&warmPinned, pinned: true))
    Benchmark("Pin check, warm evaluation/PureX509 (with pins)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(evaluate(&warmPinned, pinned: true)) }
    }
    Benchmark("Pin check, warm evaluation/PureX509 without pins") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(evaluate(&warmUnpinned, pinned: false)) }
    }

    peerBenchmarks(operation: "Evaluate chain", chain: chainDER, root: rootDER)
}

/// The same evaluation by the peers: swift-certificates' Verifier with
/// fresh parsing, OpenSSL's X509_verify_cert with fresh d2i_X509 and on
/// pre-parsed objects. Each must trust the chain before anything is timed.
func peerBenchmarks(operation: String, chain: [[UInt8]], root: [UInt8]) {
    let swiftRoot = try! X509.Certificate(derEncoded: root)
    let validationTime = Date(timeIntervalSince1970: TimeInterval(evaluationTime))
    Benchmark("\(operation)/swift-certificates") { benchmark in
        for _ in benchmark.scaledIterations {
            let leaf = try! X509.Certificate(derEncoded: chain[0])
            let intermediate = try! X509.Certificate(derEncoded: chain[1])
            var verifier = X509.Verifier(rootCertificates: CertificateStore([swiftRoot])) {
                RFC5280Policy(validationTime: validationTime)
                ServerIdentityPolicy(serverHostname: host, serverIP: nil)
            }
            let result = await verifier.validate(leafCertificate: leaf, intermediates: CertificateStore([intermediate]))
            if case .couldNotValidate(let failures) = result { fatalError("swift-certificates refused: \(failures)") }
            blackHole(result)
        }
    }

    let openSSLStore = X509_STORE_new()!
    X509_STORE_add_cert(openSSLStore, openSSLParse(root))
    let parsedLeaf = openSSLParse(chain[0]), parsedIntermediate = openSSLParse(chain[1])
    precondition(openSSLVerify(store: openSSLStore, leaf: parsedLeaf, intermediate: parsedIntermediate) == 1)
    Benchmark("\(operation)/OpenSSL (fresh d2i)") { benchmark in
        for _ in benchmark.scaledIterations {
            let leaf = openSSLParse(chain[0]), intermediate = openSSLParse(chain[1])
            blackHole(openSSLVerify(store: openSSLStore, leaf: leaf, intermediate: intermediate))
            X509_free(leaf)
            X509_free(intermediate)
        }
    }
    Benchmark("\(operation)/OpenSSL (pre-parsed)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(openSSLVerify(store: openSSLStore, leaf: parsedLeaf, intermediate: parsedIntermediate))
        }
    }
}
