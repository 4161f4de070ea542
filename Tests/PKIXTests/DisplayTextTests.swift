import PKIX
import Testing

// Every name the library turns into text is escaped.
// Rows on raw bytes, so invalid UTF-8 and C1 controls can be spelt out.

struct EscapeRow: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    /// `DisplayText.attributeValue` (RFC 4514 §2.4 plus \xNN).
    let attribute: String
    /// `DisplayText.escaped(utf8:escapingCommas: true)`, SAN values.
    let free: String
    var testDescription: String { name }
}

let escapeRows: [EscapeRow] = [
    .init(name: "plain text is unchanged", bytes: Array("www.example.com".utf8), attribute: "www.example.com", free: "www.example.com"),
    .init(name: "a forged line", bytes: Array("a\n  Subject alt names: DNS:www.bank.com".utf8),
          attribute: #"a\x0A  Subject alt names: DNS:www.bank.com"#, free: #"a\x0A  Subject alt names: DNS:www.bank.com"#),
    .init(name: "an ANSI colour", bytes: Array("\u{1B}[31mred".utf8), attribute: #"\x1B[31mred"#, free: #"\x1B[31mred"#),
    .init(name: "a comma forging an attribute", bytes: Array("Foo, CN=www.bank.com".utf8),
          attribute: #"Foo\, CN=www.bank.com"#, free: #"Foo\, CN=www.bank.com"#),
    .init(name: "a plus forging a multi-valued RDN", bytes: Array("a+CN=b".utf8), attribute: #"a\+CN=b"#, free: "a+CN=b"),
    .init(name: "NUL is RFC 4514's \\00", bytes: [0x61, 0x00, 0x62], attribute: #"a\00b"#, free: #"a\00b"#),
    .init(name: "DEL", bytes: [0x61, 0x7F], attribute: #"a\x7F"#, free: #"a\x7F"#),
    .init(name: "tab and carriage return", bytes: [0x09, 0x0D], attribute: #"\x09\x0D"#, free: #"\x09\x0D"#),
    .init(name: "a leading #", bytes: Array("#3000".utf8), attribute: ##"\#3000"##, free: "#3000"),
    .init(name: "a # inside is left alone", bytes: Array("a#b".utf8), attribute: "a#b", free: "a#b"),
    .init(name: "leading and trailing spaces", bytes: Array("  a  ".utf8), attribute: #"\  a \ "#, free: "  a  "),
    .init(name: "a single space", bytes: [0x20], attribute: #"\ "#, free: " "),
    .init(name: "every RFC 4514 special", bytes: Array(#""+,;<>\"#.utf8), attribute: #"\"\+\,\;\<\>\\"#, free: #""+\,;<>\\"#),
    .init(name: "a backslash that looks like an escape", bytes: Array(#"\x1B"#.utf8), attribute: #"\\x1B"#, free: #"\\x1B"#),
    .init(name: "invalid UTF-8: a lone continuation byte", bytes: [0x61, 0x80, 0x62], attribute: #"a\x80b"#, free: #"a\x80b"#),
    .init(name: "invalid UTF-8: 0xFF 0xFE", bytes: [0xFF, 0xFE], attribute: #"\xFF\xFE"#, free: #"\xFF\xFE"#),
    .init(name: "invalid UTF-8: an overlong slash", bytes: [0xC0, 0xAF], attribute: #"\xC0\xAF"#, free: #"\xC0\xAF"#),
    .init(name: "invalid UTF-8: a truncated sequence", bytes: [0xE2, 0x82], attribute: #"\xE2\x82"#, free: #"\xE2\x82"#),
    .init(name: "invalid UTF-8: a surrogate", bytes: [0xED, 0xA0, 0x80], attribute: #"\xED\xA0\x80"#, free: #"\xED\xA0\x80"#),
    .init(name: "C1 CSI (U+009B)", bytes: [0xC2, 0x9B, 0x32, 0x4A], attribute: #"\xC2\x9B2J"#, free: #"\xC2\x9B2J"#),
    .init(name: "right-to-left override (U+202E)", bytes: [0x61, 0xE2, 0x80, 0xAE, 0x62], attribute: #"a\xE2\x80\xAEb"#, free: #"a\xE2\x80\xAEb"#),
    .init(name: "line separator (U+2028)", bytes: [0xE2, 0x80, 0xA8], attribute: #"\xE2\x80\xA8"#, free: #"\xE2\x80\xA8"#),
    .init(name: "ordinary non-ASCII is kept", bytes: Array("Zürich 東京 😀".utf8), attribute: "Zürich 東京 😀", free: "Zürich 東京 😀"),
]

@Test(arguments: escapeRows)
func namesAreEscapedForDisplay(_ row: EscapeRow) {
    #expect(DisplayText.attributeValue(utf8: row.bytes) == row.attribute)
    #expect(DisplayText.escaped(utf8: row.bytes, escapingCommas: true) == row.free)
}

/// Without `escapingCommas` a comma stays (file names, hosts).
@Test func commasStayInFreeTextByDefault() {
    #expect(DisplayText.escaped("a,b\n") == #"a,b\x0A"#)
}

/// Every byte value: the escaped text never holds a control character, DEL,
/// or a C1 control, and its only backslashes start escapes.
@Test func noByteReachesTheOutputRaw() {
    for first in 0...255 {
        for second in [0x00, 0x41, 0x80, 0x9B, 0xBF] {
            let bytes = [UInt8(first), UInt8(second)]
            for text in [DisplayText.attributeValue(utf8: bytes), DisplayText.escaped(utf8: bytes)] {
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(bytes)")
            }
        }
    }
}
