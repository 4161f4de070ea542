// Certificate parsing: PureX509 beside swift-certificates and OpenSSL's d2i_X509.
import Benchmark
import COpenSSL
import Foundation
import PureX509
import PureX509Primitives
import X509

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 1_000_000)

    let leaf = [UInt8](try! Data(contentsOf: fixtures.appendingPathComponent("leaf.der")))
    _ = try! PureX509.Certificate(derEncoded: leaf)
    _ = try! X509.Certificate(derEncoded: leaf)

    Benchmark("Parse leaf/PureX509") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? PureX509.Certificate(derEncoded: leaf)) }
    }
    Benchmark("Parse leaf/swift-certificates") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? X509.Certificate(derEncoded: leaf)) }
    }
    Benchmark("Parse leaf/OpenSSL") { benchmark in
        for _ in benchmark.scaledIterations {
            leaf.withUnsafeBufferPointer { buffer in
                var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
                let certificate = d2i_X509(nil, &pointer, buffer.count)
                X509_free(certificate)
            }
        }
    }
}
