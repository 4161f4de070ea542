@testable import IDNA
import Testing

// The compiled-in tables are read from text at first use. A record that does
// not read must leave the tables marked damaged (every conversion refused
// with `tables_damaged`), never stop the program; the shipped text must read
// whole.

@Test func theShippedTablesReadWhole() {
    #expect(IDNA.Tables.shared.damagedLine == nil)
    #expect(IDNA.toASCII("bücher.example") == .success("xn--bcher-kva.example"))
}

@Test(arguments: [
    ("a mapping without its status", "U 41"),
    ("a range without its end", "P 61"),
    ("a number that is not hexadecimal", "M 300 3zz"),
    ("a replacement that is not hexadecimal", "U 41 M 6g"),
    ("a join type missing", "T 200C 200D"),
    ("a script letter missing", "S 370 3FF"),
    ("a bidi class missing", "B 5D0"),
    ("a virama that is not a number", "V -"),
])
func aDamagedRecordMarksTheTablesInsteadOfTrapping(_ name: String, _ record: String) {
    let text = "P 61 7A\nU 41 M 61\n" + record + "\nP 30 39 P\n"
    let tables = IDNA.Tables(text)
    #expect(tables.damagedLine == 3, "\(name)")
}

@Test func wellFormedRecordsReadAndUnknownTagsAreSkipped() {
    let tables = IDNA.Tables("P 61 7A\nU 41 M 61\nX anything at all\nU 61 V\nM 300 36F\nV 94D\n")
    #expect(tables.damagedLine == nil)
    #expect(tables.idnaClass(0x62) == .pvalid)
    #expect(tables.isMark(0x301))
    #expect(!tables.isMark(0x370))
}
