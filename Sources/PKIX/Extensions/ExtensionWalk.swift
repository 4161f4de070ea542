import DER

/// The walk over `SEQUENCE SIZE (1..MAX) OF Extension` that certificates
/// (RFC 5280 §4.1), CRLs and CRL entries (§5.1) share: each Extension read
/// strictly, `critical` DEFAULT FALSE never encoded as FALSE, a bound on the
/// count, and no OID twice, recognised or not (§4.2, §5.2, §5.3). What an
/// extension means is the caller's `store`, which returns whether it knows
/// the OID.
struct ExtensionWalk {
    /// Library bound on the number of extensions in one list. Real
    /// certificates and CRLs carry fewer than 20; the bound keeps each
    /// list's work small.
    static let maximumCount = 64

    /// The content of the SEQUENCE OF.
    let list: Range<Int>
    let count: Int
    let unrecognisedCount: Int
    let hasUnrecognisedCriticalExtension: Bool

    typealias Store = (_ oid: Range<Int>, _ critical: Bool, _ value: Range<Int>, _ valueReader: inout DERReader, _ start: Int) throws(DERError) -> Bool

    static func read(_ reader: inout DERReader, store: Store) throws(DERError) -> ExtensionWalk {
        let sequence = try reader.read(.sequence)
        // SIZE (1..MAX): an empty list is refused (Chromium does the same).
        guard !sequence.value.isEmpty else { throw DERError(.emptyExtensions, at: sequence.start) }
        var items = try reader.nested(sequence)
        var count = 0, unrecognised = 0, unrecognisedCritical = false
        while !items.isAtEnd {
            count += 1
            guard count <= maximumCount else { throw DERError(.tooManyExtensions, at: items.position) }
            let element = try items.read(.sequence)
            var fields = try items.nested(element)
            let oid = try fields.readOID()
            var critical = false
            if fields.peekTag() == .boolean {
                critical = try fields.readBoolean()
                // X.690 §11.5: critical DEFAULT FALSE is omitted, never encoded as FALSE.
                guard critical else { throw DERError(.explicitDefaultValue, at: element.start) }
            }
            let value = try fields.readOctetString()
            try fields.expectEnd()
            var valueReader = reader.reader(over: value, depth: fields.depth + 1)
            if try !store(oid, critical, value, &valueReader, element.start) {
                unrecognised += 1
                if critical { unrecognisedCritical = true }
            }
        }
        if unrecognised > 1 { try checkUnrecognisedAreDistinct(sequence, reader) }
        return ExtensionWalk(list: sequence.value, count: count, unrecognisedCount: unrecognised,
                             hasUnrecognisedCriticalExtension: unrecognisedCritical)
    }

    /// No extension appears twice; recognised ones are refused by their
    /// store when seen twice, this catches the rest. The unrecognised OIDs
    /// are sorted (by bytes, then position) and neighbours compared: n log n
    /// instead of the pairwise walk, which re-read every later extension for
    /// each one (2,016 reads for a list of 64; a CRL carries such a list on
    /// each of 100,000 entries). The error names the first extension, in
    /// list order, whose OID appears again, as the pairwise walk did.
    private static func checkUnrecognisedAreDistinct(_ sequence: DERElement, _ reader: DERReader) throws(DERError) {
        var oids: [(start: Int, oid: Range<Int>)] = []
        oids.reserveCapacity(maximumCount)
        var outer = reader.reader(over: sequence.value, depth: 0)
        while !outer.isAtEnd { oids.append(firstOID(&outer)) }
        // The positions in OID order, not the elements sorted: the
        // comparison is compiled here for this array, where a generic
        // `stablySort` called from another module reads each element
        // through unspecialised code (0.91 → 0.70 s for a CRL of 120,000
        // entries of 64 extensions each; docs/benchmarks.md).
        let order = stableOrder(oids.count) { i, j in
            let (x, y) = (reader.bytes(in: oids[i].oid), reader.bytes(in: oids[j].oid))
            if x.lexicographicallyPrecedes(y) { return true }
            if y.lexicographicallyPrecedes(x) { return false }
            return oids[i].start < oids[j].start
        }
        // Equal OIDs sit together, earliest first: a group of two or more
        // repeats its first member.
        var firstRepeated: Int? = nil
        var group = 0
        for k in order.indices.dropFirst() {
            if reader.bytes(oids[order[k - 1]].oid, equal: oids[order[k]].oid) {
                firstRepeated = min(firstRepeated ?? Int.max, oids[order[group]].start)
            } else {
                group = k
            }
        }
        if let start = firstRepeated { throw DERError(.duplicateExtension, at: start) }
    }

    /// The OID range of the next Extension; input already validated.
    private static func firstOID(_ reader: inout DERReader) -> (Int, Range<Int>) {
        guard let element = try? reader.readElement() else { return (0, 0..<0) }
        var fields = reader.reader(over: element.value, depth: 0)
        return (element.start, (try? fields.readOID()) ?? 0..<0)
    }
}
