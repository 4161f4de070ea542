import PKIX
import Testing

// `PEMReader`, the one PEM reader: every block whatever its label, each
// with its number and byte offset, each decoded on its own; the same
// blocks whatever pieces the text arrives in (the tool's streaming
// `inspect` relies on that, and its tests cut a bundle into pieces).

private func read(_ text: [UInt8], pieces size: Int) -> [PEMReader.Block] {
    var reader = PEMReader()
    var offset = 0
    var result: [PEMReader.Block] = []
    while true {
        switch reader.next() {
        case .block(let block): result.append(block)
        case .needMore:
            if offset < text.count {
                reader.append(text[offset..<min(offset + size, text.count)])
                offset += size
            } else {
                reader.finish()
            }
        case .done: return result
        }
    }
}

private let mixed = pemText([
    "preamble\n",
    "-----BEGIN CERTIFICATE-----\n", sampleBody, "\n-----END CERTIFICATE-----\n",
    "-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n",
    "-----BEGIN X509 CRL-----\nMAMCAQI=\n-----END CERTIFICATE-----\n",
    "-----BEGIN CERTIFICATE-----\nMAMCAQM=\n",
])

@Test func everyBlockIsReportedWithItsNumberOffsetAndOutcome() {
    let blocks = PEMReader.blocks(in: mixed)
    #expect(blocks.map(\.number) == [1, 2, 3, 4])
    #expect(blocks.map(\.label) == ["CERTIFICATE", "PRIVATE KEY", "X509 CRL", "CERTIFICATE"])
    #expect(blocks.map(\.offset) == [9, 72, 131, 191])
    #expect(blocks.allSatisfy { mixed[$0.offset...].starts(with: Array("-----BEGIN ".utf8)) })
    #expect(blocks[0].der == .success([0x30, 0x03, 0x02, 0x01, 0x01]))
    #expect(blocks[1].der == .failure(.invalidBase64(block: 2)))
    #expect(blocks[2].der == .failure(.mismatchedEnd(block: 3)))
    #expect(blocks[3].der == .failure(.unterminated(block: 4)))
}

@Test func piecesDoNotChangeTheBlocks() {
    let whole = PEMReader.blocks(in: mixed)
    for size in [1, 2, 7, 64, 4096] {
        #expect(read(mixed, pieces: size) == whole, "pieces of \(size) bytes")
    }
}

/// `PEM.blocks(in:label:)` is a reading of the same blocks: base64 faults
/// count only in the wanted label, framing faults in any.
@Test func pemOfOneLabelIsAReadingOfTheReader() {
    let good = pemText([
        "-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n",
        "-----BEGIN CERTIFICATE-----\n", sampleBody, "\n-----END CERTIFICATE-----\n",
    ])
    #expect((try? PEM.certificates(in: good))?.map(\.number) == [2])
    #expect(throws: PEM.Failure.invalidBase64(block: 1)) { try PEM.blocks(in: good, label: "PRIVATE KEY") }
    #expect(throws: PEM.Failure.mismatchedEnd(block: 3)) { try PEM.blocks(in: mixed, label: "OTHER") }
}
