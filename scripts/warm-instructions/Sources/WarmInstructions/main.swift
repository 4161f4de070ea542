// Usage: WarmInstructions FIXTURES N [ct|ct-off|ct-ratio|loglist|fresh|store|store-precomputed]. Parses the leaf and the
// intermediate and verifies them for the host N times with one verifier
// (its signature cache warm after the first run), as Benchmarks/Evaluation's
// "Evaluate chain/PureX509 (warm cache)" does. With `ct`, the chain is the
// CT fixture (a leaf with three embedded SCTs from test logs, Vectors/ct-policy)
// under Apple's CT policy; `ct-off` is the same chain and policy without CT;
// `loglist` reads Apple's shipped CT log list N times instead. `ct-ratio`
// times both in one run, in alternating batches so that a change in the
// machine's load falls on both alike, and prints the wall-clock time of each
// and their ratio (a timing, not an instruction count).
// Exits 1 if any run is refused.
import Foundation
import PureX509
import PureX509Config

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let runs = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: WarmInstructions FIXTURES N [ct|ct-off|ct-ratio|loglist|fresh|store|store-precomputed]\n".utf8))
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
let transparency = mode == "ct" || mode == "ct-off" || mode == "ct-ratio"
let chain = try blocks(transparency ? "ct-chain.pem" : "eval-chain.pem")
let root = try blocks(transparency ? "ct-root.pem" : "eval-root.pem")[0]
let timeText = try String(contentsOf: fixtures.appendingPathComponent(transparency ? "ct-time.txt" : "eval-time.txt"), encoding: .utf8)
guard let time = Int64(timeText.trimmingCharacters(in: .whitespacesAndNewlines)) else { exit(2) }
var policy = VerificationPolicy(time: time)
policy.identity = ServerIdentity(host: "www.example.com")
var withCT = policy
if mode == "ct" || mode == "ct-ratio" {
    let list = try CTLogListFile.parse([UInt8](Data(contentsOf: fixtures.appendingPathComponent("ct-loglist.json"))))
    withCT.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: list)
}
var store = TrustStore([try Certificate(derEncoded: root)])
// `store` and `store-precomputed`: the store also holds the Mozilla roots
// (Vectors/mozilla-roots, 137 certificates), the second with every anchor
// key's precomputation, for measuring a store's memory (massif's peak heap
// against the plain mode's; docs/embedded.md).
if mode == "store" || mode == "store-precomputed" {
    let bundle = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors/mozilla-roots/roots.pem")
    for block in try PEM.certificates(in: [UInt8](Data(contentsOf: bundle))) { store.add(try Certificate(derEncoded: block.der)) }
    if mode == "store-precomputed" { store.precomputeKeys() }
}

/// Runs `count` warm evaluations; false when one is refused. With
/// `expectSCTs`, the first must also count the three SCTs (asked of the
/// first only: counting them is the caller's work, not the evaluation's).
func evaluate(_ verifier: inout Verifier, _ count: Int, expectSCTs: Bool) -> Bool {
    for run in 0..<count {
        guard let leaf = try? Certificate(derEncoded: chain[0]), let intermediate = try? Certificate(derEncoded: chain[1]),
              case .success(let verified) = verifier.verify(leaf: leaf, intermediates: [intermediate]) else { return false }
        if run == 0 && expectSCTs && verified.transparency?.validCount != 3 { return false }
    }
    return true
}

if mode == "ct-ratio" {
    var on = Verifier(store: store, policy: withCT), off = Verifier(store: store, policy: policy)
    // The first, cold evaluation of each (signature cache empty) is not timed.
    guard evaluate(&on, 1, expectSCTs: true), evaluate(&off, 1, expectSCTs: false) else { exit(1) }
    let batch = 200, clock = ContinuousClock()
    var onTime = Duration.zero, offTime = Duration.zero
    for _ in 0..<max(runs / batch, 1) {
        var ok = true
        onTime += clock.measure { ok = evaluate(&on, batch, expectSCTs: true) && ok }
        offTime += clock.measure { ok = evaluate(&off, batch, expectSCTs: false) && ok }
        guard ok else { exit(1) }
    }
    let evaluations = Double(max(runs / batch, 1) * batch)
    func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
    let perOn = nanoseconds(onTime) / evaluations, perOff = nanoseconds(offTime) / evaluations
    print("warm evaluation with CT (three embedded SCTs, Apple's policy): \(Int(perOn)) ns; without CT: \(Int(perOff)) ns; ratio \(String(format: "%.2f", perOn / perOff))")
    exit(0)
}
// `fresh`: no signature cache, so every evaluation verifies both signatures
// and prepares the intermediate's key; the verifier (and the lists it keeps
// between evaluations) is reused, as a server's would be.
var verifier = Verifier(store: store, policy: mode == "ct" ? withCT : policy,
                        cache: mode == "fresh" ? SignatureCache(capacity: 0) : SignatureCache())
exit(evaluate(&verifier, runs, expectSCTs: mode == "ct") ? 0 : 1)
