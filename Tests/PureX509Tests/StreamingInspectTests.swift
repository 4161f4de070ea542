import Foundation
@testable import PureX509Tool
import PureX509
import Testing

// `inspect` streams. The PEM scanner must find the same
// blocks whatever the pieces the text arrives in; a block that never ends
// stops it within its bound; the CLI prints a large bundle completely, and
// the progress line appears only on a terminal. Peak memory is measured in
// docs/benchmarks.md ("inspect on a 200 MB bundle"), not here.

private func blocks(_ text: [UInt8], pieces size: Int) -> [InputFile.Block] {
    var scanner = PEMReader()
    var offset = 0
    var result: [InputFile.Block] = []
    while true {
        switch scanner.next() {
        case .block(let block): result.append(block)
        case .needMore:
            if offset < text.count {
                scanner.append(text[offset..<min(offset + size, text.count)])
                offset += size
            } else {
                scanner.finish()
            }
        case .done: return result
        }
    }
}

private func summary(_ blocks: [InputFile.Block]) -> [String] {
    blocks.map { block in
        switch block.der {
        case .success(let der): return "\(block.number) \(block.label) \(der.count) \(SHA256.hash(der))"
        case .failure(let failure): return "\(block.number) \(block.label) \(failure)"
        }
    }
}

@Test func theScannerFindsTheSameBlocksWhateverThePieces() throws {
    let bundle = try [UInt8](Data(contentsOf: repository.appendingPathComponent("Vectors/inputs/good-then-bad-base64.pem")))
    let key = try [UInt8](Data(contentsOf: repository.appendingPathComponent("Vectors/inputs/ec-pkcs8.pem")))
    let generated = try [UInt8](Data(contentsOf: repository.appendingPathComponent("Vectors/generated/leaf-all-extensions.pem")))
    // Text around and between blocks, a BEGIN inside a line (not a block),
    // a key block, a damaged block, and a block cut off at the very end.
    let text = Array("preamble\nnot a -----BEGIN CERTIFICATE----- line\n".utf8) + generated + key + bundle + generated
        + Array("-----BEGIN CERTIFICATE-----\nAAAA\n".utf8)
    let whole = summary(InputFile.blocks(in: text))
    #expect(whole.count >= 6)
    #expect(whole.last?.hasSuffix("no END line") == true)
    for size in [1, 2, 3, 5, 8, 13, 64, 1000, 65536] {
        #expect(summary(blocks(text, pieces: size)) == whole, "pieces of \(size) bytes")
    }
}

@Test func aBlockWithoutAnEndStopsAtItsBound() {
    var text = Array("-----BEGIN CERTIFICATE-----\n".utf8)
    text += [UInt8](repeating: UInt8(ascii: "A"), count: PEMReader.maximumBlockBytes + 2 << 16)
    text += Array("\n-----END CERTIFICATE-----\n".utf8)
    let found = blocks(text, pieces: 1 << 16)
    #expect(found.count == 1)
    #expect(summary(found) == ["1 CERTIFICATE PEM block 1: no END line within \(PEMReader.maximumBlockBytes) bytes"])
}

@Test func aLabelWithoutDashesStopsTheScan() {
    let text = Array(("-----BEGIN " + String(repeating: "A", count: 300) + "\nAAAA\n-----END A-----\n").utf8)
    for size in [7, 4096] {
        let found = blocks(text, pieces: size)
        #expect(found.count == 1)
        if case .failure(.unterminated(block: 1)) = found.first?.der {} else { Issue.record("\(summary(found))") }
    }
}

@Test func theProgressLineAppearsOnlyOnATerminalAndIsCleared() {
    var written: [String] = []
    var line = ProgressLine(enabled: true, sharesTerminal: false, delayNanoseconds: 0) { written.append($0) }
    line.update(file: "big\u{1B}.pem", certificates: 12, bytesRead: 3 << 20, fileSize: 6 << 20)
    #expect(written == [ProgressLine.clearLine + "inspect: big\\x1B.pem: 12 certificates so far, 3.0 MB of 6.0 MB (50%)"])
    line.update(file: "big.pem", certificates: 13, bytesRead: 4 << 20, fileSize: 6 << 20)
    #expect(written.count == 1, "redrawn within a quarter of a second")
    line.clearForOutput()
    #expect(written.count == 1, "output on another stream leaves the line")
    line.clear()
    #expect(written.last == ProgressLine.clearLine)
    line.clear()
    #expect(written.count == 2, "cleared once")

    var silent: [String] = []
    var off = ProgressLine(enabled: false, sharesTerminal: false, delayNanoseconds: 0) { silent.append($0) }
    off.update(file: "big.pem", certificates: 1, bytesRead: 1, fileSize: 0)
    off.clear()
    #expect(silent.isEmpty)

    var late: [String] = []
    var waiting = ProgressLine(enabled: true, sharesTerminal: true, delayNanoseconds: 60_000_000_000) { late.append($0) }
    waiting.update(file: "small.pem", certificates: 1, bytesRead: 1, fileSize: 2)
    #expect(late.isEmpty, "nothing for an input that takes less than the delay")
}

@Test func inspectStreamsALargeBundleCompletely() throws {
    let bundle = try Data(contentsOf: repository.appendingPathComponent("Vectors/certs/pyca-x509/cryptography.io.chain.pem"))
    let single = try runPurex509(["inspect", "--json", "Vectors/certs/pyca-x509/cryptography.io.chain.pem"])
    let perCopy = try #require(try JSONSerialization.jsonObject(with: Data(single.output.utf8)) as? [Any]).count
    let copies = 2_000
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-stream-\(getpid()).pem")
    try Data(repeating: 0, count: 0).write(to: file)
    let handle = try FileHandle(forWritingTo: file)
    for _ in 0..<copies { handle.write(bundle) }
    try handle.close()
    defer { try? FileManager.default.removeItem(at: file) }

    let text = try runPurex509(["inspect", file.path])
    #expect(text.status == 0)
    #expect(text.error.isEmpty, "no progress line when standard error is a pipe: \(text.error.prefix(200))")
    #expect(text.output.components(separatedBy: "\n\(file.path) #").count == copies * perCopy)
    #expect(text.output.contains("#\(copies * perCopy)\n"))

    let json = try runPurex509(["inspect", "--json", file.path])
    #expect(json.status == 0)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(array.count == copies * perCopy)
    #expect(array.last?["index"] as? Int == copies * perCopy)
}
