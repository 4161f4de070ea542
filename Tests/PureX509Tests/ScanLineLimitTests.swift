import Foundation
@testable import PureX509Tool
import Testing

// One `scan` line may hold at most `Scan.maximumLine` (1 MiB) bytes: a line
// of small JSON values costs about 45 bytes of memory per byte to decode,
// and one 15 MB line held 712 MB. A longer line gets its own output line
// with the code `lineTooLong` and the run goes on with the next one.

/// base64 DER of each certificate in a PEM file of the repository.
private func certificates(_ path: String) throws -> [String] {
    let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().map {
        $0.components(separatedBy: "-----END CERTIFICATE-----")[0].filter { !$0.isWhitespace }
    }
}

/// A line for Amazon's sample chain, exactly `length` bytes long when
/// given (its `id` padded with `x`), else as short as it comes.
private func amazonLine(id: String, length: Int? = nil) throws -> String {
    let chain = try certificates("Vectors/samples/amazon-ecdsa-chain.pem")
    let head = "{\"leaf\":\"\(chain[0])\",\"intermediates\":[\(chain.dropFirst().map { "\"\($0)\"" }.joined(separator: ","))],"
        + "\"time\":\"2025-03-01\",\"host\":\"valid.rootca4.demo.amazontrust.com\",\"id\":\"\(id)"
    guard let length else { return head + "\"}" }
    return head + String(repeating: "x", count: length - head.utf8.count - 2) + "\"}"
}

private func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
}

@Test func aLineOverTheLimitIsRefusedAndTheRunGoesOn() throws {
    #expect(Scan.maximumLine == 1 << 20)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("line-limit-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    // Line 2 is one byte over; line 4, 3 MiB, spans many of the reader's
    // pieces; lines 1, 3 and 5 are ordinary.
    let text = [
        try amazonLine(id: "first"), try amazonLine(id: "over", length: Scan.maximumLine + 1), try amazonLine(id: "middle"),
        try amazonLine(id: "far over", length: 3 << 20), try amazonLine(id: "last"),
    ].joined(separator: "\n") + "\n"
    try Data(text.utf8).write(to: file)
    let run = try runPurex509(["scan", "--roots", "Vectors/samples/amazon-root-ca4.pem", file.path])
    #expect(run.status == 1, "an unread line is not a trusted chain")
    let results = try objects(run.output)
    #expect(results.count == 5)
    #expect(results.map { $0["source"] as? String } == (1...5).map { "\(file.path):\($0)" })
    for index in [1, 3] {
        #expect(results[index]["code"] as? String == "lineTooLong")
        #expect(results[index]["trusted"] as? Bool == false)
        #expect((results[index]["message"] as? String)?.contains("longer than 1048576 bytes") == true)
    }
    #expect([0, 2, 4].allSatisfy { results[$0]["trusted"] as? Bool == true })
    #expect(results[4]["id"] as? String == "last")
    #expect(run.error.contains("lineTooLong  2"), "the summary counts the refused lines: \(run.error)")
}

@Test func aLineAtTheLimitIsRead() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("line-limit-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    // Exactly the limit, and the limit with a CR before its LF (not counted).
    let line = try amazonLine(id: "at", length: Scan.maximumLine)
    try Data((line + "\n" + line + "\r\n").utf8).write(to: file)
    var stream = try FileStream.open(file.path).get()
    defer { stream.close() }
    var lengths: [Int] = []
    try Scan.readLines(&stream, source: "corpus", chunk: 16_384, chunkBytes: Scan.maximumChunkBytes) { items in
        for item in items {
            guard case .line(_, _, let bytes) = item else { Issue.record("not read: \(item)"); continue }
            lengths.append(bytes.count)
        }
    }
    #expect(lengths == [Scan.maximumLine, Scan.maximumLine])
}
