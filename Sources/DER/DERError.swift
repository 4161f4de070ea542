/// Why a byte string was refused, and where.
///
/// One error type covers every layer that reads certificates: the DER rules
/// below, and the X.509 structure rules that `PKIX` adds as further `Rule`
/// values. `offset` is the absolute byte offset in the input that the reader
/// was given (the start of the offending element, or the offending byte).
///
/// The stable code of a refusal is its rule's numeric `Rule.code`, not the
/// rule's `Rule.name`: the name is an English phrase for messages and may be
/// reworded, while the number is already what makes two rules the same rule,
/// so it is the one identifier every layer's rules share. The committed list
/// `Vectors/error-codes/codes.txt` holds every rule's number, and a test keeps
/// it equal to the rules declared in all modules.
public struct DERError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule the input broke.
    public let rule: Rule
    /// Absolute offset in the input of the offending element or byte.
    public let offset: Int

    /// An error for `rule`, broken at absolute byte offset `offset`.
    public init(_ rule: Rule, at offset: Int) {
        self.rule = rule
        self.offset = offset
    }

    /// The stable code of this refusal: its rule's `Rule.code`.
    public var code: UInt16 { rule.code }

    /// The rule's name and the offset, e.g. `trailing bytes at offset 12`.
    public var description: String { "\(rule.name) at offset \(offset)" }

    /// A named rule. A struct rather than an enum so that higher layers can
    /// add their structural rules without the DER layer knowing them; two
    /// rules are equal when their codes are.
    public struct Rule: Sendable, Equatable, CustomStringConvertible {
        /// Identifies the rule, stably: 1–99 are the DER layer's, 100 and up
        /// belong to the layers above. A number is never reused for another
        /// rule, since scripts and the committed code list rely on it.
        public let code: UInt16
        /// The short English name, kept as a static string so a rule never allocates.
        @usableFromInline package let staticName: StaticString

        /// A rule named `name`; `code` must differ from every other rule's, since equality compares codes alone.
        public init(code: UInt16, name: StaticString) {
            self.code = code
            self.staticName = name
        }

        /// The short English name, e.g. `indefinite length`.
        public var name: String {
            staticName.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        }

        /// Same as `name`.
        public var description: String { name }

        /// Compares codes only; the names play no part.
        public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.code == rhs.code }
    }
}

// Codes 1–99 belong to the DER layer; X.690 clause numbers are given where
// a rule comes from the standard rather than from this library's bounds.
extension DERError.Rule {
    /// Input ends inside a tag or length field.
    @usableFromInline package static let truncated = Self(code: 1, name: "truncated element header")
    /// X.690 §10.1: DER uses the definite form of length only.
    @usableFromInline package static let indefiniteLength = Self(code: 2, name: "indefinite length")
    /// X.690 §10.1: the length is encoded in the minimum number of octets.
    @usableFromInline package static let nonMinimalLength = Self(code: 3, name: "non-minimal length encoding")
    /// Library bound: no certificate needs a length of 2^32 or more.
    @usableFromInline package static let lengthFieldTooLong = Self(code: 4, name: "length field over 4 octets")
    /// The length runs past the end of the enclosing element or input.
    @usableFromInline package static let lengthPastEnd = Self(code: 5, name: "length past end of input")
    /// Bytes remain after the outermost element, or inside a constructed value.
    @usableFromInline package static let trailingBytes = Self(code: 6, name: "trailing bytes")
    /// X.690 §8.1.2.4: tag numbers ≥ 31; X.509 never needs them.
    @usableFromInline package static let highTagNumber = Self(code: 7, name: "high-tag-number form")
    /// The element's tag is not the one the structure requires.
    @usableFromInline package static let unexpectedTag = Self(code: 8, name: "unexpected tag")
    /// Library bound: constructed values nested deeper than `DERReader.maximumDepth`.
    @usableFromInline package static let nestingTooDeep = Self(code: 9, name: "nesting too deep")
    /// X.690 §8.3.1: an INTEGER has at least one content octet.
    @usableFromInline package static let emptyInteger = Self(code: 10, name: "empty INTEGER")
    /// X.690 §8.3.2: the first nine bits of an INTEGER are not all 0 or all 1.
    @usableFromInline package static let nonMinimalInteger = Self(code: 11, name: "non-minimal INTEGER")
    /// The INTEGER is negative or above the bound the field allows.
    @usableFromInline package static let integerOutOfRange = Self(code: 12, name: "INTEGER out of range")
    /// X.690 §11.1: DER BOOLEAN is one octet, 0x00 or 0xFF.
    @usableFromInline package static let invalidBoolean = Self(code: 13, name: "invalid BOOLEAN")
    /// X.690 §8.8.2: NULL has no content octets.
    @usableFromInline package static let nullWithContent = Self(code: 14, name: "NULL with content")
    /// X.690 §8.6.2: a BIT STRING has at least the unused-bits octet.
    @usableFromInline package static let emptyBitString = Self(code: 15, name: "empty BIT STRING")
    /// X.690 §8.6.2.2: the unused-bits count is 0–7.
    @usableFromInline package static let bitStringUnusedBitsTooLarge = Self(code: 16, name: "BIT STRING unused bits > 7")
    /// X.690 §8.6.2.3: an empty bit string has no unused bits.
    @usableFromInline package static let bitStringUnusedBitsOnEmpty = Self(code: 17, name: "BIT STRING unused bits on empty string")
    /// X.690 §11.2.1: DER padding bits are zero.
    @usableFromInline package static let bitStringNonZeroPadding = Self(code: 18, name: "BIT STRING non-zero padding bits")
    /// X.690 §8.19: an OBJECT IDENTIFIER has at least one sub-identifier.
    @usableFromInline package static let emptyOID = Self(code: 19, name: "empty OBJECT IDENTIFIER")
    /// X.690 §8.19.2: sub-identifiers use the fewest octets (no leading 0x80).
    @usableFromInline package static let oidLeadingZeroOctet = Self(code: 20, name: "OBJECT IDENTIFIER sub-identifier with leading 0x80")
    /// X.690 §8.19.2: the last octet of a sub-identifier has bit 8 clear.
    @usableFromInline package static let oidTruncated = Self(code: 21, name: "OBJECT IDENTIFIER ends inside a sub-identifier")
    /// Library bound: sub-identifiers fit in 64 bits.
    @usableFromInline package static let oidSubidentifierTooLarge = Self(code: 22, name: "OBJECT IDENTIFIER sub-identifier over 64 bits")
    /// RFC 5280 §4.1.2.5.1/§4.1.2.5.2: YYMMDDHHMMSSZ or YYYYMMDDHHMMSSZ exactly.
    @usableFromInline package static let invalidTimeFormat = Self(code: 23, name: "invalid time format")
    /// A month, day, hour, minute or second out of its calendar range.
    @usableFromInline package static let timeFieldOutOfRange = Self(code: 24, name: "time field out of range")
}
