// One stable sort for every core module, over positions rather than
// elements. The standard library's sort is compiled again for each element
// type and comparator it is called with: thirteen copies, about 40 KB of a
// size-first wasm module. This one is compiled once; what varies from caller
// to caller is only the closure that compares two positions. It lives in the
// lowest module because every other core module sorts something, and it is
// `@export(interface)`: an Embedded client that saw its body would inline it
// into each of its sorts again.

/// The positions `0..<count` ordered by `precedes`, a strict weak order
/// over positions; positions that compare equal keep their order. Sorted
/// runs of 16 positions (at most 120 comparisons each), then merged bottom
/// up (at most `count` comparisons a level): n log n on any input. No
/// scratch list below 17 positions.
#if hasAttribute(export)
@export(interface)
#endif
package func stableOrder(_ count: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
    guard count > 0 else { return [] }
    var order = Array(0..<count)
    let run = 16
    var start = 0
    while start < count {
        insertionSort(&order, start, min(start + run, count), precedes)
        start += run
    }
    guard count > run else { return order }
    var merged = [Int](repeating: 0, count: count)
    var width = run
    while width < count {
        var low = 0
        while low < count {
            let middle = min(low + width, count), high = min(low + 2 * width, count)
            merge(order, low, middle, high, into: &merged, precedes)
            low = high
        }
        swap(&order, &merged)
        width *= 2
    }
    return order
}

private func insertionSort(_ order: inout [Int], _ low: Int, _ high: Int, _ precedes: (Int, Int) -> Bool) {
    var next = low + 1
    while next < high {
        let item = order[next]
        var at = next
        while at > low && precedes(item, order[at - 1]) {
            order[at] = order[at - 1]
            at -= 1
        }
        order[at] = item
        next += 1
    }
}

/// Merges the sorted runs `low..<middle` and `middle..<high` of `source`
/// into the same positions of `target`; on a tie the left run's comes first.
private func merge(_ source: [Int], _ low: Int, _ middle: Int, _ high: Int, into target: inout [Int],
                   _ precedes: (Int, Int) -> Bool) {
    var left = low, right = middle, out = low
    while left < middle && right < high {
        if precedes(source[right], source[left]) {
            target[out] = source[right]
            right += 1
        } else {
            target[out] = source[left]
            left += 1
        }
        out += 1
    }
    while left < middle {
        target[out] = source[left]
        left += 1
        out += 1
    }
    while right < high {
        target[out] = source[right]
        right += 1
        out += 1
    }
}

/// Puts the elements of a collection in the order `order` gives (position
/// i receives the element at `order[i]`), by `swap(i, j)` calls alone: one
/// cycle of the permutation at a time, each finished position marked by
/// pointing at itself, so at most count − 1 swaps and no scratch list.
/// Not generic, so it is compiled once; a caller's only code of its own is
/// the swap. `order` is left as the identity.
#if hasAttribute(export)
@export(interface)
#endif
package func permute(by order: inout [Int], swap: (Int, Int) -> Void) {
    for start in order.indices where order[start] != start {
        var at = start
        while true {
            let from = order[at]
            order[at] = at
            if from == start { break }
            // Position `at` takes its element; the one that belongs at the
            // cycle's end moves on to `from`, the next position to fill.
            swap(at, from)
            at = from
        }
    }
}

extension Array {
    /// Sorts the elements stably by `precedes` through `stableOrder` and
    /// `permute`: the only code compiled per element type is a swap.
    package mutating func stablySort(by precedes: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        var order = stableOrder(count) { precedes(self[$0], self[$1]) }
        withUnsafeMutableBufferPointer { elements in
            permute(by: &order) { elements.swapAt($0, $1) }
        }
    }

    /// A copy of the array sorted stably by `precedes`.
    package func stablySorted(by precedes: (Element, Element) -> Bool) -> [Element] {
        var copy = self
        copy.stablySort(by: precedes)
        return copy
    }
}
