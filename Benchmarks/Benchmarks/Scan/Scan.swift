// `purex509 scan`'s engine on the generated chain corpus (Vectors/chains:
// every case, leaf and presented intermediates, its host or address and
// time; the list four times over, 2,616 chains, so that the seven hostile
// name-constraint cases of ≈ 140 ms each do not decide the run by where
// they fall), with one worker and with two: the ratio of the two
// throughputs is what a second core buys (the target is ≥ 1.9×). The
// anchors are every case's roots in one store, as a corpus audit would
// use one trust store; verdicts may then differ from the cases' own
// expectations, which this benchmark does not check (the tests do).
import Benchmark
import Foundation
import PureX509
import PureX509Primitives
import PureX509Tool

enum ScanCorpus {
    static let chains = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors/chains")

    static func load() -> (TrustStore, [ScanItem]) {
        let data = try! Data(contentsOf: chains.appendingPathComponent("cases.json"))
        let cases = try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        var store = TrustStore()
        var seen = Set<[UInt8]>()
        var items: [ScanItem] = []
        for (number, entry) in cases.enumerated() {
            let folder = chains.appendingPathComponent(entry["name"] as! String)
            let presented = blocks(folder.appendingPathComponent("chain.pem"))
            for root in blocks(folder.appendingPathComponent("roots.pem")) where seen.insert(root).inserted {
                if let certificate = try? Certificate(derEncoded: root) { store.add(certificate) }
            }
            guard let leaf = presented.first else { continue }
            var line: [String: Any] = ["leaf": Data(leaf).base64EncodedString(),
                                       "intermediates": presented.dropFirst().map { Data($0).base64EncodedString() },
                                       "time": entry["at"] as! Int]
            if let host = (entry["host"] as? String) ?? (entry["ip"] as? String) { line["host"] = host }
            let bytes = try! JSONSerialization.data(withJSONObject: line)
            items.append(.line(source: "cases.json", number: number + 1, bytes: [UInt8](bytes)))
        }
        return (store, items + items + items + items)
    }

    static func blocks(_ file: URL) -> [[UInt8]] {
        guard let text = try? [UInt8](Data(contentsOf: file)), let blocks = try? PEM.certificates(in: text) else { return [] }
        return blocks.map(\.der)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock], maxDuration: .seconds(10), maxIterations: 50)
    let (store, items) = ScanCorpus.load()
    let policy = VerificationPolicy(time: 1_748_736_000, purpose: .serverAuth)
    for jobs in [1, 2] {
        Benchmark("scan \(items.count) chains/\(jobs) job\(jobs == 1 ? "" : "s")") { benchmark in
            let engine = ScanEngine(anchors: store, policy: policy, jobs: jobs)
            for _ in benchmark.scaledIterations {
                var verdicts = 0
                engine.run(items) { verdicts += $0.count }
                precondition(verdicts == items.count)
            }
        }
    }
}
