@testable import Symmetric
import Testing

/// The AES S-box and its inverse from their definition (FIPS 197 §5.1.1:
/// inversion in GF(2^8) mod x^8+x^4+x^3+x+1, then the affine map), as an
/// independent reference for the bitsliced circuit.
func referenceSBox() -> [UInt8] {
    func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var (a, b, product) = (a, b, UInt8(0))
        while b != 0 {
            if b & 1 != 0 { product ^= a }
            a = (a << 1) ^ (a & 0x80 != 0 ? 0x1B : 0)
            b >>= 1
        }
        return product
    }
    return (0..<256).map { x in
        let x = UInt8(x)
        let inverse = x == 0 ? 0 : (1...255).map { UInt8($0) }.first { multiply(x, $0) == 1 }!
        var result: UInt8 = 0x63
        for shift in [0, 1, 2, 3, 4] { result ^= (inverse << shift) | (inverse >> ((8 - shift) & 7)) }
        return result
    }
}

/// All 256 inputs through the circuit at once: 64 bytes per pass, in four passes.
func circuit(_ inputs: [UInt8], inverse: Bool) -> [UInt8] {
    var out: [UInt8] = []
    for pass in 0..<4 {
        let bytes = Array(inputs[(64 * pass)..<(64 * pass + 64)])
        func word(_ i: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[8 * i + $1]) << (8 * $1) } }
        var s = AESSlices(words: word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7))
        if inverse { s.inverseSubBytes() } else { s.subBytes() }
        let w = s.words()
        for v in [w.0, w.1, w.2, w.3, w.4, w.5, w.6, w.7] { for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
    }
    return out
}

@Test func bitslicedSBoxMatchesDefinition() {
    let table = referenceSBox()
    let all = (0..<256).map { UInt8($0) }
    #expect(circuit(all, inverse: false) == table)
    var inverseTable = [UInt8](repeating: 0, count: 256)
    for (x, y) in table.enumerated() { inverseTable[Int(y)] = UInt8(x) }
    #expect(circuit(all, inverse: true) == inverseTable)
    // The key schedule's SubWord uses the same circuit through another path.
    #expect(AESDecryptionKey.subWord(0x0302_0100) == UInt32(table[0]) | UInt32(table[1]) << 8 | UInt32(table[2]) << 16 | UInt32(table[3]) << 24)
}

@Test func sliceTransposeRoundTrips() {
    let words: [UInt64] = (0..<8).map { 0x0123_4567_89AB_CDEF &* UInt64($0 + 1) ^ 0xF0E1_D2C3_B4A5_9687 }
    let s = AESSlices(words: words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
    let back = s.words()
    #expect([back.0, back.1, back.2, back.3, back.4, back.5, back.6, back.7] == words)
    // Bit i of byte k of block b must land at bit 16·b + k of slice i.
    let one = AESSlices(words: 0, 0, 0, 0, 0, 1 << 21, 0, 0)   // block 2, byte 10, bit 5
    #expect(one.q5 == 1 << (16 * 2 + 10) && one.q0 == 0 && one.q4 == 0)
}
