/// A one-octet identifier: class, constructed bit and a tag number below 31.
///
/// The high-tag-number form is refused by the reader, so every tag this
/// library meets fits in this one byte.
public struct DERTag: Sendable, Equatable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public var isConstructed: Bool { rawValue & 0x20 != 0 }

    /// `[n]` context-specific, primitive (IMPLICIT over a primitive type).
    public static func contextSpecific(_ number: UInt8) -> DERTag {
        DERTag(rawValue: 0x80 | (number & 0x1F))
    }

    /// `[n]` context-specific, constructed (EXPLICIT, or IMPLICIT over a SEQUENCE).
    public static func contextSpecificConstructed(_ number: UInt8) -> DERTag {
        DERTag(rawValue: 0xA0 | (number & 0x1F))
    }

    public static let boolean = DERTag(rawValue: 0x01)
    public static let integer = DERTag(rawValue: 0x02)
    public static let bitString = DERTag(rawValue: 0x03)
    public static let octetString = DERTag(rawValue: 0x04)
    public static let null = DERTag(rawValue: 0x05)
    public static let objectIdentifier = DERTag(rawValue: 0x06)
    public static let enumerated = DERTag(rawValue: 0x0A)
    public static let utf8String = DERTag(rawValue: 0x0C)
    public static let printableString = DERTag(rawValue: 0x13)
    public static let teletexString = DERTag(rawValue: 0x14)
    public static let ia5String = DERTag(rawValue: 0x16)
    public static let utcTime = DERTag(rawValue: 0x17)
    public static let generalizedTime = DERTag(rawValue: 0x18)
    public static let visibleString = DERTag(rawValue: 0x1A)
    public static let universalString = DERTag(rawValue: 0x1C)
    public static let bmpString = DERTag(rawValue: 0x1E)
    public static let sequence = DERTag(rawValue: 0x30)
    public static let set = DERTag(rawValue: 0x31)

    public var description: String {
        let hex: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
        return "0x" + String(hex[Int(rawValue >> 4)]) + String(hex[Int(rawValue & 0xF)])
    }
}

/// One tag-length-value element located in the reader's input.
public struct DERElement: Sendable, Equatable {
    public let tag: DERTag
    /// Offset of the tag octet: `start..<value.upperBound` is the whole encoding.
    public let start: Int
    /// The content octets.
    public let value: Range<Int>

    public init(tag: DERTag, start: Int, value: Range<Int>) {
        self.tag = tag
        self.start = start
        self.value = value
    }

    /// Header and content, as a hash or a byte comparison needs them.
    public var encoded: Range<Int> { start..<value.upperBound }
}
