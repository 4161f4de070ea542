/// A one-octet identifier: class, constructed bit and a tag number below 31.
///
/// The high-tag-number form is refused by the reader, so every tag this
/// library meets fits in this one byte.
@usableFromInline package struct DERTag: Sendable, Equatable, CustomStringConvertible {
    /// The identifier octet: class in bits 8–7, constructed flag in bit 6, tag number in bits 5–1.
    @usableFromInline package let rawValue: UInt8

    /// A tag from its identifier octet, taken as is.
    @usableFromInline package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Whether bit 6 (0x20) is set: the content is a series of elements rather than plain octets.
    @usableFromInline package var isConstructed: Bool { rawValue & 0x20 != 0 }

    /// `[n]` context-specific, primitive (IMPLICIT over a primitive type).
    @usableFromInline package static func contextSpecific(_ number: UInt8) -> DERTag {
        DERTag(rawValue: 0x80 | (number & 0x1F))
    }

    /// `[n]` context-specific, constructed (EXPLICIT, or IMPLICIT over a SEQUENCE).
    @usableFromInline package static func contextSpecificConstructed(_ number: UInt8) -> DERTag {
        DERTag(rawValue: 0xA0 | (number & 0x1F))
    }

    /// BOOLEAN, universal 1 (0x01).
    @usableFromInline package static let boolean = DERTag(rawValue: 0x01)
    /// INTEGER, universal 2 (0x02).
    @usableFromInline package static let integer = DERTag(rawValue: 0x02)
    /// BIT STRING, universal 3 (0x03), primitive as DER requires.
    @usableFromInline package static let bitString = DERTag(rawValue: 0x03)
    /// OCTET STRING, universal 4 (0x04), primitive as DER requires.
    @usableFromInline package static let octetString = DERTag(rawValue: 0x04)
    /// NULL, universal 5 (0x05).
    @usableFromInline package static let null = DERTag(rawValue: 0x05)
    /// OBJECT IDENTIFIER, universal 6 (0x06).
    @usableFromInline package static let objectIdentifier = DERTag(rawValue: 0x06)
    /// ENUMERATED, universal 10 (0x0A).
    @usableFromInline package static let enumerated = DERTag(rawValue: 0x0A)
    /// UTF8String, universal 12 (0x0C).
    @usableFromInline package static let utf8String = DERTag(rawValue: 0x0C)
    /// PrintableString, universal 19 (0x13).
    @usableFromInline package static let printableString = DERTag(rawValue: 0x13)
    /// TeletexString (T61String), universal 20 (0x14).
    @usableFromInline package static let teletexString = DERTag(rawValue: 0x14)
    /// IA5String (ASCII), universal 22 (0x16).
    @usableFromInline package static let ia5String = DERTag(rawValue: 0x16)
    /// UTCTime, universal 23 (0x17): two-digit years; RFC 5280 §4.1.2.5 uses it for validity dates through 2049.
    @usableFromInline package static let utcTime = DERTag(rawValue: 0x17)
    /// GeneralizedTime, universal 24 (0x18): four-digit years; RFC 5280 requires it for validity dates from 2050.
    @usableFromInline package static let generalizedTime = DERTag(rawValue: 0x18)
    /// VisibleString, universal 26 (0x1A).
    @usableFromInline package static let visibleString = DERTag(rawValue: 0x1A)
    /// UniversalString (UCS-4, big-endian), universal 28 (0x1C).
    @usableFromInline package static let universalString = DERTag(rawValue: 0x1C)
    /// BMPString (UCS-2, big-endian), universal 30 (0x1E).
    @usableFromInline package static let bmpString = DERTag(rawValue: 0x1E)
    /// SEQUENCE and SEQUENCE OF, universal 16 constructed (0x30).
    @usableFromInline package static let sequence = DERTag(rawValue: 0x30)
    /// SET and SET OF, universal 17 constructed (0x31).
    @usableFromInline package static let set = DERTag(rawValue: 0x31)

    /// The identifier octet in lower-case hex, e.g. `0x30`.
    @usableFromInline package var description: String {
        let hex: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
        return "0x" + String(hex[Int(rawValue >> 4)]) + String(hex[Int(rawValue & 0xF)])
    }
}

/// One tag-length-value element located in the reader's input.
@usableFromInline package struct DERElement: Sendable, Equatable {
    /// The identifier octet the element was read with.
    @usableFromInline package let tag: DERTag
    /// Offset of the tag octet: `start..<value.upperBound` is the whole encoding.
    @usableFromInline package let start: Int
    /// The content octets.
    @usableFromInline package let value: Range<Int>

    /// An element at the given absolute offsets, taken unchecked.
    @inlinable package init(tag: DERTag, start: Int, value: Range<Int>) {
        self.tag = tag
        self.start = start
        self.value = value
    }

    /// Header and content, as a hash or a byte comparison needs them.
    @inlinable package var encoded: Range<Int> { start..<value.upperBound }
}
