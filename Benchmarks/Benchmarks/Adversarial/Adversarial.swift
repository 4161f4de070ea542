// The worst cases of path building: every shape of Vectors/adversarial
// (lattices, meshes, a loop, decoys, up to 3,002 certificates), parsed and
// refused, with time and peak memory per shape (the goal: under 50 ms and
// 64 MB for any megabyte of certificates).
import Benchmark
import Foundation
import PureX509
import PureX509Primitives

let adversarial = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors/adversarial")

/// Concatenated DER certificates, split by their outer TLV (two-octet long-form lengths).
func derBlocks(_ file: String) -> [[UInt8]] {
    let bytes = [UInt8](try! Data(contentsOf: adversarial.appendingPathComponent(file)))
    var blocks: [[UInt8]] = []
    var offset = 0
    while offset < bytes.count {
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        blocks.append(Array(bytes[offset..<(offset + 4 + length)]))
        offset += 4 + length
    }
    return blocks
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 1_000)
    let shapes = try! JSONSerialization.jsonObject(with: Data(contentsOf: adversarial.appendingPathComponent("shapes.json"))) as! [[String: Any]]
    let anchor = try! Certificate(derEncoded: derBlocks("anchor.der")[0])
    for shape in shapes {
        let name = shape["shape"] as! String
        let ders = (shape["files"] as! [String]).flatMap(derBlocks)
        var policy = VerificationPolicy(time: Int64(shape["at"] as! Int))
        policy.identity = ServerIdentity(host: shape["host"] as! String)
        // Arbitrary key identifiers on every certificate, the anchor's too
        // (Vectors/adversarial/generate.py): the strict anchor rules would
        // refuse the anchor before the search's work is measured.
        policy.profile.anchorRules = []
        let store = TrustStore([anchor])
        Benchmark("Adversarial \(name) (\(ders.count) certificates)/PureX509") { benchmark in
            for _ in benchmark.scaledIterations {
                // Parsing included: the attacker's bytes arrive as DER.
                var verifier = Verifier(store: store, policy: policy, cache: SignatureCache(capacity: 0))
                let result = verifier.verify(presented: ders)
                if case .success = result { fatalError("\(name) was trusted") }
                blackHole(result)
            }
        }
    }
}
