import Testing
@testable import Trust

/// The caches' byte comparison reads 32, then 8, then 1 byte at a time: a
/// difference at any position of any length's tail must be seen, and equal
/// slices at any offset of their buffers must compare equal.
@Test func sameBytesSeesEveryDifference() {
    for length in [0, 1, 7, 8, 9, 31, 32, 33, 40, 63, 64, 65, 100] {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let shifted = [0xEE] + bytes
        #expect(sameBytes(bytes[...], shifted[1...]), "length \(length)")
        for position in 0..<length {
            var other = bytes
            other[position] ^= 0x40
            #expect(!sameBytes(bytes[...], other[...]), "length \(length), position \(position)")
        }
        #expect(!sameBytes(bytes[...], (bytes + [0])[...]))
    }
}
