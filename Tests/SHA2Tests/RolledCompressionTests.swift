@testable import SHA2
import Testing

// The size-first configuration's rolled compression (RolledCompression.swift)
// against the default's written-out rounds: the same state after every
// block count from 0 to 9, on pseudo-random blocks, from the standard
// initial state and from a state earlier blocks left; and the FIPS 180-4
// example "abc" (one padded block) to its published digest through the
// rolled function alone.

private func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var x = seed
    return (0..<count).map { _ in
        x = x &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: x >> 56)
    }
}

private let sha256Initial: SHA256.Compression.State = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
private let sha512Initial: SHA512Compression.State = (0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
                                                      0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179)

private func words<T>(_ s: (T, T, T, T, T, T, T, T)) -> [T] { [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7] }

@Test func rolledSHA256CompressionMatchesTheWrittenOutRounds() {
    for blocks in 0...9 {
        let input = bytes(blocks * 64, seed: UInt64(blocks) + 1)
        for start in [sha256Initial, (1, 2, 3, 4, 5, 6, 7, 0xFFFF_FFFF)] {
            var rolled = start, unrolled = start
            input.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                SHA256.Compression.compressRolled(&rolled, base, count: blocks)
                SHA256.Compression.compressUnrolled(&unrolled, base, count: blocks)
            }
            #expect(words(rolled) == words(unrolled), "\(blocks) blocks")
        }
    }
}

@Test func rolledSHA512CompressionMatchesTheWrittenOutRounds() {
    for blocks in 0...9 {
        let input = bytes(blocks * 128, seed: UInt64(blocks) + 100)
        for start in [sha512Initial, (1, 2, 3, 4, 5, 6, 7, 0xFFFF_FFFF_FFFF_FFFF)] {
            var rolled = start, unrolled = start
            input.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                SHA512Compression.compressRolled(&rolled, base, count: blocks)
                SHA512Compression.compressUnrolled(&unrolled, base, count: blocks)
            }
            #expect(words(rolled) == words(unrolled), "\(blocks) blocks")
        }
    }
}

@Test func rolledCompressionHashesTheFIPSExample() {
    // "abc", 0x80, zeros, and the bit length 24 (FIPS 180-4 §5.1).
    var block256 = [UInt8](repeating: 0, count: 64)
    block256[0...3] = [0x61, 0x62, 0x63, 0x80]
    block256[63] = 24
    var state256 = sha256Initial
    block256.withUnsafeBytes { SHA256.Compression.compressRolled(&state256, $0.baseAddress!, count: 1) }
    #expect(words(state256) == [0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223, 0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad])

    var block512 = [UInt8](repeating: 0, count: 128)
    block512[0...3] = [0x61, 0x62, 0x63, 0x80]
    block512[127] = 24
    var state512 = sha512Initial
    block512.withUnsafeBytes { SHA512Compression.compressRolled(&state512, $0.baseAddress!, count: 1) }
    #expect(words(state512) == [0xddaf35a193617aba, 0xcc417349ae204131, 0x12e6fa4e89a97ea2, 0x0a9eeee64b55d39a,
                                0x2192992a274fc1a8, 0x36ba3c23a3feebbd, 0x454d4423643ce80e, 0x2a9ac94fa54ca49f])
}
