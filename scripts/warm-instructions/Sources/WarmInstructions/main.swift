// Usage: WarmInstructions FIXTURES N. Parses the leaf and the intermediate
// and verifies them for the host N times with one verifier (its signature
// cache warm after the first run), as Benchmarks/Evaluation's
// "Evaluate chain/PureX509 (warm cache)" does. Exits 1 if any run is refused.
import Foundation
import PureX509

let arguments = CommandLine.arguments
guard arguments.count == 3, let runs = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: WarmInstructions FIXTURES N\n".utf8))
    exit(2)
}
let fixtures = URL(fileURLWithPath: arguments[1])
func blocks(_ name: String) throws -> [[UInt8]] {
    try PEM.certificates(in: [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))).map(\.der)
}
let chain = try blocks("eval-chain.pem")
let root = try blocks("eval-root.pem")[0]
let timeText = try String(contentsOf: fixtures.appendingPathComponent("eval-time.txt"), encoding: .utf8)
guard let time = Int64(timeText.trimmingCharacters(in: .whitespacesAndNewlines)) else { exit(2) }
var policy = VerificationPolicy(time: time)
policy.identity = ServerIdentity(host: "www.example.com")
var verifier = Verifier(store: TrustStore([try Certificate(derEncoded: root)]), policy: policy)
var trusted = 0
for _ in 0..<runs {
    guard let leaf = try? Certificate(derEncoded: chain[0]), let intermediate = try? Certificate(derEncoded: chain[1]) else { exit(1) }
    if case .success = verifier.verify(leaf: leaf, intermediates: [intermediate]) { trusted += 1 }
}
exit(trusted == runs ? 0 : 1)
