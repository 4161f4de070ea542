import DER

// How a file's bytes are laid out at the top, for the callers that must
// sort an input before choosing its parser (the tool's inputs, the fuzz
// targets' bodies): they ask here instead of driving the DER reader
// themselves. An outline is a hint only; the chosen parser then checks the
// whole structure, so nothing here decides what an input is worth.

/// The tags inside a DER object's outer SEQUENCE, and inside its first element.
package struct DEROutline: Sendable, Equatable {
    /// The tags of the outer SEQUENCE's elements, the first nine at most.
    package let elementTags: [UInt8]
    /// The tags inside the first element, the first four at most, when it is
    /// a SEQUENCE whose content reads; nil otherwise.
    package let firstElementTags: [UInt8]?

    /// The outline of `der`, nil unless it is one well-formed SEQUENCE at the
    /// top whose elements read (their own content is not checked).
    package init?(_ der: [UInt8]) {
        typealias Parts = (tags: [UInt8], inner: [UInt8]?)
        let parts = try? DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> Parts in
            let outer = try reader.read(.sequence)
            var body = try reader.nested(outer)
            var tags: [UInt8] = []
            var first: DERElement? = nil
            while !body.isAtEnd && tags.count < 9 {
                let element = try body.readElement()
                if first == nil { first = element }
                tags.append(element.tag.rawValue)
            }
            var inner: [UInt8]? = nil
            if let first, first.tag == .sequence {
                inner = try? Self.tags(of: first, in: body)
            }
            return (tags, inner)
        }
        guard let parts else { return nil }
        elementTags = parts.tags
        firstElementTags = parts.inner
    }

    private static func tags(of element: DERElement, in reader: DERReader) throws(DERError) -> [UInt8] {
        var inner = try reader.nested(element)
        var tags: [UInt8] = []
        while !inner.isAtEnd && tags.count < 4 { tags.append(try inner.readElement().tag.rawValue) }
        return tags
    }

    /// The top-level SEQUENCEs of `bytes` when it is nothing but SEQUENCEs
    /// laid end to end (`cat a.der b.der`); empty otherwise.
    package static func concatenatedSequences(_ bytes: [UInt8]) -> [Range<Int>] {
        DERReader.withReader(over: bytes) { reader in
            var ranges: [Range<Int>] = []
            while !reader.isAtEnd {
                guard let element = try? reader.read(.sequence) else { return [] }
                ranges.append(element.encoded)
            }
            return ranges
        }
    }

    /// The top-level elements of `bytes`, whatever their tags, up to `limit`,
    /// stopping at the first that does not read.
    package static func topLevelElements(_ bytes: [UInt8], limit: Int) -> [Range<Int>] {
        DERReader.withReader(over: bytes) { reader in
            var ranges: [Range<Int>] = []
            while !reader.isAtEnd, ranges.count < limit, let element = try? reader.readElement() {
                ranges.append(element.encoded)
            }
            return ranges
        }
    }
}
