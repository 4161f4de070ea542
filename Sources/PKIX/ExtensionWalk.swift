import DER

/// The walk over `SEQUENCE SIZE (1..MAX) OF Extension` that certificates
/// (RFC 5280 §4.1), CRLs and CRL entries (§5.1) share: each Extension read
/// strictly, `critical` DEFAULT FALSE never encoded as FALSE, a bound on the
/// count, and no OID twice, recognised or not (§4.2, §5.2, §5.3). What an
/// extension means is the caller's `store`, which returns whether it knows
/// the OID.
struct ExtensionWalk {
    /// Library bound on the number of extensions in one list. Real
    /// certificates and CRLs carry fewer than 20; the bound keeps the
    /// pairwise duplicate check small.
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

    /// No extension appears twice. Pairwise over at most `maximumCount`
    /// entries, without allocating; recognised ones are refused by their
    /// store when seen twice, this catches the rest.
    private static func checkUnrecognisedAreDistinct(_ sequence: DERElement, _ reader: DERReader) throws(DERError) {
        var outer = reader.reader(over: sequence.value, depth: 0)
        while !outer.isAtEnd {
            let (start, oid) = firstOID(&outer)
            var inner = outer
            while !inner.isAtEnd {
                let (_, other) = firstOID(&inner)
                if reader.bytes(oid, equal: other) {
                    throw DERError(.duplicateExtension, at: start)
                }
            }
        }
    }

    /// The OID range of the next Extension; input already validated.
    private static func firstOID(_ reader: inout DERReader) -> (Int, Range<Int>) {
        guard let element = try? reader.readElement() else { return (0, 0..<0) }
        var fields = reader.reader(over: element.value, depth: 0)
        return (element.start, (try? fields.readOID()) ?? 0..<0)
    }
}
