@testable import DER
import Testing

// The core's one sort (StableOrder.swift) against the standard library's
// stable sort, on keys with many ties so that stability shows: sizes around
// the run of 16 and the merge widths, and orders that are already sorted,
// reversed and constant.

/// A deterministic generator, so that a failure names its input.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func keyLists() -> [[Int]] {
    var generator = SplitMix(state: 5280)
    var lists: [[Int]] = []
    for count in [0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 47, 64, 65, 100, 255, 256, 257, 1000, 4097] {
        for distinct in [1, 3, count + 1] {
            lists.append((0..<count).map { _ in Int(generator.next() % UInt64(max(1, distinct))) })
        }
        lists.append(Array(0..<count))
        lists.append(Array((0..<count).reversed()))
    }
    return lists
}

@Test func stableOrderMatchesTheStandardLibrarysStableSort() {
    for keys in keyLists() {
        let expected = keys.indices.sorted { keys[$0] < keys[$1] }
        #expect(stableOrder(keys.count) { keys[$0] < keys[$1] } == expected, "\(keys.count) keys")
    }
}

@Test func stablySortMovesElementsAsTheOrderSays() {
    for keys in keyLists() {
        // Each element carries its first position, so a tie broken the wrong way shows.
        let elements = keys.enumerated().map { (key: $0.element, position: $0.offset) }
        let expected = elements.sorted { $0.key < $1.key }
        var sorted = elements
        sorted.stablySort { $0.key < $1.key }
        #expect(sorted.map(\.position) == expected.map(\.position), "\(keys.count) keys")
        #expect(elements.stablySorted { $0.key < $1.key }.map(\.position) == expected.map(\.position))
        // The sorts worked on their own copies.
        #expect(elements.map(\.position) == Array(keys.indices))
    }
}

/// Elements with storage of their own (strings) are moved, not lost or
/// shared: the permutation swaps them through the array's buffer.
@Test func permuteKeepsEveryElementOnce() {
    for keys in keyLists() {
        let words = keys.enumerated().map { (key: $0.element, word: "word \($0.offset)") }
        let expected = keys.indices.sorted { keys[$0] < keys[$1] }.map { words[$0].word }
        var sorted = words
        sorted.stablySort { $0.key < $1.key }
        #expect(sorted.map(\.word) == expected, "\(keys.count) keys")
        var order = stableOrder(keys.count) { keys[$0] < keys[$1] }
        var moved = words.map(\.word)
        moved.withUnsafeMutableBufferPointer { buffer in permute(by: &order) { buffer.swapAt($0, $1) } }
        #expect(moved == expected && order == Array(keys.indices), "\(keys.count) keys")
    }
}

@Test func stableOrderComparesAtMostNLogNTimes() {
    // Reversed input is the insertion runs' worst case; the bound is the merge's.
    for count in [16, 1000, 4097] {
        var comparisons = 0
        _ = stableOrder(count) { a, b in
            comparisons += 1
            return a > b
        }
        var log = 0
        while 1 << log < count { log += 1 }
        #expect(comparisons <= count * log + count * 8, "\(count) positions: \(comparisons) comparisons")
    }
}

@Test func stableOrderOfNothingIsEmpty() {
    #expect(stableOrder(0) { _, _ in true }.isEmpty)
    #expect(stableOrder(-3) { _, _ in true }.isEmpty)
}
