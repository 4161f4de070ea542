// Certificate Transparency's cost (docs/ct.md): a warm evaluation of a
// chain whose leaf carries three embedded SCTs from test logs
// (Vectors/ct-policy's apple-181-three-logs) under Apple's CT policy,
// beside the same chain and policy without CT, in one run; and reading
// Apple's log list of 166 logs, as shipped and with the approved logs'
// keys precomputed.
import Benchmark
import Foundation
import PureX509
import PureX509Primitives
import PureX509Config

func transparencyBenchmarks() {
    func fixture(_ name: String) -> [UInt8] { [UInt8](try! Data(contentsOf: fixtures.appendingPathComponent(name))) }
    let chain = try! PEM.certificates(in: fixture("ct-chain.pem")).map(\.der)
    let root = try! PureX509.Certificate(derEncoded: try! PEM.certificates(in: fixture("ct-root.pem"))[0].der)
    let time = Int64(String(decoding: fixture("ct-time.txt"), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))!
    let logs = try! CTLogListFile.parse(fixture("ct-loglist.json"))
    var plain = VerificationPolicy(time: time)
    plain.identity = ServerIdentity(host: "www.example.com")
    var withCT = plain
    withCT.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: logs)

    func evaluate(_ verifier: inout PureX509.Verifier, expectSCTs: Int?) -> Bool {
        guard let leaf = try? PureX509.Certificate(derEncoded: chain[0]),
              let intermediate = try? PureX509.Certificate(derEncoded: chain[1]),
              case .success(let verified) = verifier.verify(leaf: leaf, intermediates: [intermediate]) else { return false }
        return expectSCTs.map { verified.transparency?.validCount == $0 } ?? (verified.transparency == nil)
    }
    var warmCT = PureX509.Verifier(store: PureX509.TrustStore([root]), policy: withCT)
    var warmPlain = PureX509.Verifier(store: PureX509.TrustStore([root]), policy: plain)
    precondition(evaluate(&warmCT, expectSCTs: 3) && evaluate(&warmPlain, expectSCTs: nil))
    Benchmark("CT, warm evaluation/PureX509 (Apple's policy, 3 embedded SCTs)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(evaluate(&warmCT, expectSCTs: 3)) }
    }
    Benchmark("CT, warm evaluation/PureX509 (same chain, no CT)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(evaluate(&warmPlain, expectSCTs: nil)) }
    }
    Benchmark("CT, cold evaluation/PureX509 (Apple's policy, 3 embedded SCTs)") { benchmark in
        for _ in benchmark.scaledIterations {
            var verifier = PureX509.Verifier(store: PureX509.TrustStore([root]), policy: withCT, cache: SignatureCache(capacity: 0))
            blackHole(evaluate(&verifier, expectSCTs: 3))
        }
    }

    let apple = [UInt8](AppleCTLogListText.json.utf8)
    Benchmark("CT log list/read Apple's list (166 logs)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! CTLogListFile.parse(apple)) }
    }
    Benchmark("CT log list/read Apple's list and precompute approved keys") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! CTLogListFile.parse(apple).withPrecomputedKeys()) }
    }
}
