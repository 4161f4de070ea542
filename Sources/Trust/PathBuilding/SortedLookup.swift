// The one binary search behind Trust's sorted indexes (the trust store by
// subject, the presented certificates by subject and by canonical name):
// arrays sorted once and searched, since the core has no Dictionary
// (Embedded Swift has no hashing seed source; docs/embedded.md).

/// The first position in 0..<count at which `isBefore` turns false, for an
/// `isBefore` that is true on a prefix and false after it.
func partitionPoint(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let middle = low + (high - low) / 2
        if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
}
