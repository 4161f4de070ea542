import Foundation
import PureX509
import PureX509Tool
import Testing

// `purex509 scan`: one JSON line per chain in input
// order, a summary by verdict on stderr, the exit-code contract, and the
// same output whatever the number of workers.

private let amazon = "Vectors/samples/amazon-ecdsa-chain.pem"
private let netflix = "Vectors/samples/netflix-chain.pem"
private let roots = ["--roots", "Vectors/samples/amazon-root-ca4.pem", "--roots", "Vectors/samples/netflix-root.pem"]

/// base64 DER of each certificate in a PEM file of the repository.
private func certificates(_ path: String) throws -> [String] {
    let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().map {
        $0.components(separatedBy: "-----END CERTIFICATE-----")[0].filter { !$0.isWhitespace }
    }
}

private func line(_ path: String, host: String?, time: String, id: String) throws -> String {
    let chain = try certificates(path)
    var members = ["\"leaf\":\"\(chain[0])\"", "\"intermediates\":[\(chain.dropFirst().map { "\"\($0)\"" }.joined(separator: ","))]",
                   "\"time\":\"\(time)\"", "\"id\":\"\(id)\""]
    if let host { members.append("\"host\":\"\(host)\"") }
    return "{" + members.joined(separator: ",") + "}"
}

private func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
}

@Test func scanDecidesEachJSONLineInOrderAndSummarises() throws {
    let lines = [
        try line(amazon, host: "valid.rootca4.demo.amazontrust.com", time: "2025-03-01", id: "amazon"),
        try line(amazon, host: "www.example.com", time: "2025-03-01", id: "wrong-host"),
        try line(amazon, host: "valid.rootca4.demo.amazontrust.com", time: "2031-01-01", id: "later"),
        "{\"leaf\": 42}",
        "not json",
        "",
        try line(netflix, host: "www.netflix.com", time: "2017-06-01", id: "netflix"),
    ]
    let run = try runPurex509(["scan"] + roots + ["--profile", "compatible", "-"], input: Data(lines.joined(separator: "\n").utf8))
    #expect(run.status == 1, "\(run.error)")
    let results = try objects(run.output)
    #expect(results.count == 6)  // the empty line is skipped
    #expect(results.map { $0["source"] as? String } == ["-:1", "-:2", "-:3", "-:4", "-:5", "-:7"])
    #expect(results.map { $0["code"] as? String } == [nil, "hostnameMismatch", "expired", "inputError", "inputError", nil])
    #expect(results.map { $0["trusted"] as? Bool } == [true, false, false, false, false, true])
    #expect(results[0]["id"] as? String == "amazon")
    #expect((results[0]["path"] as? [String])?.last == "C=US, O=Amazon, CN=Amazon Root CA 4")
    #expect((results[3]["message"] as? String)?.contains("leaf: expected a PEM or base64 certificate string") == true)
    #expect(run.error.contains("scanned 6 chains"))
    // The summary table: verdict and count per row, spaces aside.
    let rows = Set(run.error.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") })
    for row in ["trusted 2", "inputError 2", "expired 1", "hostnameMismatch 1"] {
        #expect(rows.contains(row), "\(row) in \(run.error)")
    }
}

@Test func scanOfADirectoryReadsEveryFileAndExitsZeroWhenAllAreTrusted() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let chain = try Data(contentsOf: repository.appendingPathComponent(amazon))
    try chain.write(to: folder.appendingPathComponent("a.pem"))
    try chain.write(to: folder.appendingPathComponent("nested/b.pem"))
    try Data("not a certificate".utf8).write(to: folder.appendingPathComponent(".hidden/c.pem"))
    let arguments = ["scan", "--roots", "Vectors/samples/amazon-root-ca4.pem", "--at", "2025-03-01", "--host", "valid.rootca4.demo.amazontrust.com", folder.path]
    let run = try runPurex509(arguments)
    #expect(run.status == 0, "\(run.error)")
    let results = try objects(run.output)
    #expect(results.compactMap { $0["source"] as? String } == [folder.appendingPathComponent("a.pem").path, folder.appendingPathComponent("nested/b.pem").path])
    #expect(results.allSatisfy { $0["trusted"] as? Bool == true })

    // A file that is not a chain is an input error, and the run exits 1.
    try Data("not a certificate".utf8).write(to: folder.appendingPathComponent("z.txt"))
    let mixed = try runPurex509(arguments)
    #expect(mixed.status == 1)
    #expect(try objects(mixed.output).last?["code"] as? String == "inputError")
}

@Test func scanOutputIsTheSameWithOneWorkerAndWithFour() throws {
    var lines: [String] = []
    for index in 0..<40 {
        let host = index % 3 == 0 ? "www.example.com" : "valid.rootca4.demo.amazontrust.com"
        lines.append(try line(amazon, host: host, time: index % 5 == 0 ? "2031-01-01" : "2025-03-01", id: "\(index)"))
    }
    let input = Data(lines.joined(separator: "\n").utf8)
    let one = try runPurex509(["scan"] + roots + ["--jobs", "1", "-"], input: input)
    let four = try runPurex509(["scan"] + roots + ["--jobs", "4", "-"], input: input)
    #expect(one.status == 1 && four.status == 1)
    #expect(one.output == four.output)
    #expect(try objects(one.output).map { $0["id"] as? String } == (0..<40).map { "\($0)" })
}

@Test func scanRefusesBadUsageWithExitTwo() throws {
    #expect(try runPurex509(["scan"]).status == 2)
    #expect(try runPurex509(["scan", "--jobs", "0", amazon]).status == 2)
    #expect(try runPurex509(["scan", "--host", "bad host!", amazon]).status == 2)
    #expect(try runPurex509(["scan", "/nonexistent/corpus"]).status == 2)
    #expect(try runPurex509(["scan", "-", "-"]).status == 2)
}

@Test func policyCheckTakesAnIPAddress() throws {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("ip-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: config) }
    // A pin set for another host: these hosts get default validation.
    try Data("""
        {"pinSets": [{"pattern": "other.example.org", "pins": ["sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
         "sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc="]}]}
        """.utf8).write(to: config)
    let base = ["policy", "check", config.path, "Vectors/chains/valid/chain.pem", "--roots", "Vectors/chains/valid/roots.pem", "--at", "2025-06-01"]
    // The leaf names www.example.com only: an address is checked against
    // its iPAddress names, and there are none.
    let run = try runPurex509(base + ["--ip", "192.0.2.1"])
    #expect(run.status == 1)
    #expect(run.error.contains("host validation failed"), "\(run.error)")
    #expect(try runPurex509(base + ["--ip", "not-an-ip"]).status == 2)
    #expect(try runPurex509(base + ["--ip", "192.0.2.1", "--host", "www.example.com"]).status == 2)
    #expect(try runPurex509(base).status == 2)
    #expect(try runPurex509(base + ["--host", "www.example.com"]).status == 0)
}

/// What a directory holds that is not a chain file is an input error in the
/// output (a FIFO is not opened: it would block), never skipped; an empty
/// directory is bad usage; output that cannot be written exits 2.
@Test func scanReportsWhatItCannotReadAndFailsOnUnwritableOutput() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-odd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: repository.appendingPathComponent(amazon)).write(to: folder.appendingPathComponent("a.pem"))
    #expect(mkfifo(folder.appendingPathComponent("fifo.pem").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: folder.appendingPathComponent("sub").path)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.pem").path, withDestinationPath: folder.appendingPathComponent("a.pem").path)
    let arguments = ["scan", "--roots", "Vectors/samples/amazon-root-ca4.pem", "--at", "2025-03-01", folder.path]
    let run = try runPurex509(arguments)
    #expect(run.status == 1)
    let results = try objects(run.output)
    #expect(results.map { ($0["source"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "" } == ["a.pem", "b.pem", "fifo.pem", "link"])
    #expect(results.map { $0["code"] as? String } == [nil, nil, "inputError", "inputError"])

    let empty = folder.appendingPathComponent("sub")
    let none = try runPurex509(["scan", empty.path])
    #expect(none.status == 2 && none.error.contains("no chain file"))

    if FileManager.default.fileExists(atPath: "/dev/full") {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(toolPath))
        process.arguments = ["inspect", "Vectors/samples/amazon-root-ca4.pem"]
        process.currentDirectoryURL = repository
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "a verdict that could not be written is not a success")
    }
}

/// JSON lines are read as a stream in pieces: lines that span pieces come
/// out whole and in order, and a line over the 1 MiB limit is refused with
/// its own output line that does not stop the lines after it.
@Test func scanStreamsJSONLinesAcrossPieces() throws {
    let line = try line(amazon, host: "valid.rootca4.demo.amazontrust.com", time: "2025-03-01", id: "x")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    var text = String(repeating: line + "\n", count: 150)   // ≈ 600 KB: many 64 KiB pieces
    text += String(repeating: "x", count: 17 << 20) + "\n" + line
    try Data(text.utf8).write(to: file)
    let run = try runPurex509(["scan", "--roots", "Vectors/samples/amazon-root-ca4.pem", file.path])
    #expect(run.status == 1)
    let results = try objects(run.output)
    #expect(results.count == 152)
    #expect(results.prefix(150).allSatisfy { $0["trusted"] as? Bool == true })
    #expect(results[150]["code"] as? String == "lineTooLong" && (results[150]["message"] as? String)?.contains("1 MiB") == true)
    #expect(results[151]["trusted"] as? Bool == true && results[151]["source"] as? String == file.path + ":152")
}

/// A scan decides many chains against one store, so its engine asks the
/// store for precomputed anchor keys (TrustStore.precomputeKeys()).
@Test func scanEnginePrecomputesTheAnchorKeys() throws {
    let roots = try PEM.certificates(in: [UInt8](try Data(contentsOf: repository.appendingPathComponent("Vectors/samples/amazon-root-ca4.pem"))))
    let store = TrustStore(try roots.map { try Certificate(derEncoded: $0.der) })
    #expect(!store.keysPrecomputed)
    let engine = ScanEngine(anchors: store, policy: VerificationPolicy(time: 0), jobs: 1)
    #expect(engine.anchors.keysPrecomputed)
    guard case .success(.ecdsa(let key)) = engine.anchors.verificationKey(ofAnchor: 0) else {
        Issue.record("Amazon Root CA 4's key is not an ECDSA key")
        return
    }
    #expect(key.hasPrecomputedMultiples)
}
