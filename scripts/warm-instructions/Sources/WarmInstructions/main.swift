// Usage: WarmInstructions FIXTURES N [ct|ct-off|loglist]. Parses the leaf and the
// intermediate and verifies them for the host N times with one verifier
// (its signature cache warm after the first run), as Benchmarks/Evaluation's
// "Evaluate chain/PureX509 (warm cache)" does. With `ct`, the chain is the
// CT fixture (a leaf with three embedded SCTs from test logs, Vectors/ct-policy)
// under Apple's CT policy; `ct-off` is the same chain and policy without CT;
// `loglist` reads Apple's shipped CT log list N times instead.
// Exits 1 if any run is refused.
import Foundation
import PureX509
import PureX509Config

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let runs = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: WarmInstructions FIXTURES N [ct|ct-off]\n".utf8))
    exit(2)
}
let mode = arguments.count == 4 ? arguments[3] : ""
if mode == "loglist" {
    // Reads Apple's shipped list (166 logs) N times, for timing its load.
    let json = [UInt8](AppleCTLogListText.json.utf8)
    var logs = 0
    for _ in 0..<runs { logs += (try CTLogListFile.parse(json)).logs.count }
    exit(logs == 166 * runs ? 0 : 1)
}
let fixtures = URL(fileURLWithPath: arguments[1])
func blocks(_ name: String) throws -> [[UInt8]] {
    try PEM.certificates(in: [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))).map(\.der)
}
let transparency = mode == "ct" || mode == "ct-off"
let chain = try blocks(transparency ? "ct-chain.pem" : "eval-chain.pem")
let root = try blocks(transparency ? "ct-root.pem" : "eval-root.pem")[0]
let timeText = try String(contentsOf: fixtures.appendingPathComponent(transparency ? "ct-time.txt" : "eval-time.txt"), encoding: .utf8)
guard let time = Int64(timeText.trimmingCharacters(in: .whitespacesAndNewlines)) else { exit(2) }
var policy = VerificationPolicy(time: time)
policy.identity = ServerIdentity(host: "www.example.com")
if mode == "ct" {
    let list = try CTLogListFile.parse([UInt8](Data(contentsOf: fixtures.appendingPathComponent("ct-loglist.json"))))
    policy.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: list)
}
var verifier = Verifier(store: TrustStore([try Certificate(derEncoded: root)]), policy: policy)
var trusted = 0
for _ in 0..<runs {
    guard let leaf = try? Certificate(derEncoded: chain[0]), let intermediate = try? Certificate(derEncoded: chain[1]) else { exit(1) }
    if case .success(let verified) = verifier.verify(leaf: leaf, intermediates: [intermediate]),
       mode != "ct" || verified.transparency?.validCount == 3 {
        trusted += 1
    }
}
exit(trusted == runs ? 0 : 1)
