import Pinning
import Testing

// A pin set counts distinct keys by sorting, not by
// comparing each pin with all before it; the count is the same.

private func pin(_ byte: UInt8) -> SPKIPin { SPKIPin(subjectPublicKeyInfo: [0x30, 0x01, byte]) }

@Test func distinctPinsAreCountedAfterSorting() throws {
    let a = pin(1), b = pin(2), c = pin(3)
    // Repeats scattered and out of order still count once each.
    #expect(throws: PinSet.ConfigurationError.insufficientPins(have: 2, need: 3)) {
        try PinSet(pattern: try HostPattern("www.example.com"), pins: [b, a, b, a, a], minimumPins: 3)
    }
    _ = try PinSet(pattern: try HostPattern("www.example.com"), pins: [c, a, b, a, c], minimumPins: 3)
    // Many pins, every one distinct but one repeated.
    let many = (0..<2_000).map { SPKIPin(subjectPublicKeyInfo: [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)]) }
    #expect(throws: PinSet.ConfigurationError.insufficientPins(have: 2_000, need: 2_001)) {
        try PinSet(pattern: try HostPattern("www.example.com"), pins: many + [many[1_234]], minimumPins: 2_001)
    }
}
