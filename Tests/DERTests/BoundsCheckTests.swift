import DER
import Testing

// Every read of input bytes goes through DERReader's checked accessors.
// The in-range behaviour is asserted directly; the
// out-of-range reads are exit tests: each runs in a child process, which
// must stop with a precondition failure instead of reading past the input —
// in the release build CI runs, where UnsafeBufferPointer's own subscript
// would not check.

private let sample: [UInt8] = [0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x01, 0xAA, 0xFF]

@Test func inRangeAccessorsReadTheBytesTheyName() {
    DERReader.withReader(over: sample) { reader in
        #expect(reader[0] == 0x30)
        #expect(reader[8] == 0xFF)
        #expect(reader.copy(2..<5) == [0x02, 0x01, 0x05])
        #expect(reader.copy(9..<9) == [])
        #expect(Array(reader.bytes(in: 5..<8)) == [0x04, 0x01, 0xAA])
        #expect(reader.bytes(in: 5..<8)[2] == 0xAA)
        #expect(reader.bytes(in: 5..<8).count == 3)
    }
}

@Test func rangeComparisonsAreFalseOutsideTheBuffer() {
    DERReader.withReader(over: [0x01, 0x02, 0x01, 0x02]) { reader in
        #expect(reader.bytes(0..<2, equal: 2..<4))
        #expect(!reader.bytes(0..<2, equal: 1..<3))
        #expect(!reader.bytes(0..<2, equal: 3..<5))
        #expect(!reader.bytes(-1..<1, equal: 0..<2))
        #expect(!reader.bytes(0..<1, equal: 0..<2))
    }
}

@Test func subReadersAreClampedToTheBuffer() throws {
    try DERReader.withReader(over: sample, range: 2..<5) { (reader: inout DERReader) throws(DERError) in
        // Asking for more than the buffer holds yields a reader over what exists.
        var wide = reader.reader(over: 5..<100)
        #expect(try wide.readElement().value == 7..<8)
        #expect(wide.readElementOrNil() == nil)
        let negative = reader.reader(over: -5..<1, depth: 3)
        #expect(negative.position == 0 && negative.end == 1 && negative.depth == 3)
        #expect(reader.reader(over: 2..<5).depth == reader.depth)
    }
}

@Test func aSliceIsReadFromItsFirstByte() throws {
    let slice = sample[5...]
    let value: [UInt8] = try DERReader.withReader(over: slice) { (reader: inout DERReader) throws(DERError) -> [UInt8] in
        let element = try reader.read(.octetString)
        return reader.copy(element.value)
    }
    #expect(value == [0xAA])
}

@Test func aReadPastTheBufferStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
        DERReader.withReader(over: [0x05, 0x00]) { reader in _ = reader[2] }
    }
    await #expect(processExitsWith: .failure) {
        DERReader.withReader(over: [0x05, 0x00]) { reader in _ = reader[-1] }
    }
}

@Test func aRangePastTheBufferStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
        DERReader.withReader(over: [0x05, 0x00]) { reader in _ = reader.copy(1..<3) }
    }
    await #expect(processExitsWith: .failure) {
        DERReader.withReader(over: [0x05, 0x00]) { reader in _ = reader.bytes(in: -1..<1) }
    }
    await #expect(processExitsWith: .failure) {
        DERReader.withReader(over: [0x05, 0x00, 0x01]) { reader in _ = reader.bytes(in: 1..<3)[2] }
    }
}

private extension DERReader {
    mutating func readElementOrNil() -> DERElement? { try? readElement() }
}
