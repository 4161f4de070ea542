import Foundation
@testable import PureX509Tool
import Testing

// `scan` hands JSON lines on in chunks bounded by bytes as
// well as by lines, so long lines (up to 1 MiB each) are not held 16,384 at
// a time. The chunks `readLines` gives out are recorded, not timed.

@Test func scanChunksAreBoundedByBytesAsWellAsLines() throws {
    let lineBytes = 256 << 10, lineCount = 40, chunkBytes = 1 << 20
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("scan-window-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    var text: [UInt8] = []
    for index in 0..<lineCount {
        var line = Array("{\"id\":\"\(index)\",\"pad\":\"".utf8)
        line += [UInt8](repeating: UInt8(ascii: "x"), count: lineBytes - line.count - 2) + Array("\"}".utf8)
        text += line + [0x0A]
    }
    try Data(text).write(to: file)
    var stream = try FileStream.open(file.path).get()
    defer { stream.close() }

    var chunks: [(lines: [Int], bytes: Int)] = []
    try Scan.readLines(&stream, source: "corpus", chunk: 16_384, chunkBytes: chunkBytes) { items in
        var lines: [Int] = [], bytes = 0
        for item in items {
            guard case .line(_, let number, let line) = item else { Issue.record("not a line: \(item)"); continue }
            lines.append(number)
            bytes += line.count
        }
        chunks.append((lines, bytes))
    }
    // Every line once, in order; no chunk holds more than the bound plus
    // the line that crossed it; 16,384 lines alone would make one chunk.
    #expect(chunks.flatMap(\.lines) == Array(1...lineCount))
    #expect(chunks.allSatisfy { $0.bytes < chunkBytes + lineBytes }, "\(chunks.map(\.bytes))")
    #expect(chunks.count == lineCount * lineBytes / chunkBytes)
    // The command's own bound.
    #expect(Scan.maximumChunkBytes == 16 << 20)
}
