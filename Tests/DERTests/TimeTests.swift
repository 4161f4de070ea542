import DER
import Testing

struct TimeRow: CustomTestStringConvertible, Sendable {
    let text: String
    let tag: UInt8
    let seconds: Int64
    var testDescription: String { text }
}

// Expected values computed independently with `date -u -d ... +%s`.
let timeRows: [TimeRow] = [
    .init(text: "700101000000Z", tag: 0x17, seconds: 0),
    .init(text: "491231235959Z", tag: 0x17, seconds: 2_524_607_999),  // YY 49 → 2049
    .init(text: "500101000000Z", tag: 0x17, seconds: -631_152_000),   // YY 50 → 1950
    .init(text: "991231235959Z", tag: 0x17, seconds: 946_684_799),
    .init(text: "000229120000Z", tag: 0x17, seconds: 951_825_600),    // 2000 is leap (÷400)
    .init(text: "20240229000000Z", tag: 0x18, seconds: 1_709_164_800),
    .init(text: "20500101000000Z", tag: 0x18, seconds: 2_524_608_000),
    .init(text: "99991231235959Z", tag: 0x18, seconds: 253_402_300_799),
    .init(text: "19000101000000Z", tag: 0x18, seconds: -2_208_988_800),
    .init(text: "00000101000000Z", tag: 0x18, seconds: -62_167_219_200),
]

@Test(arguments: timeRows)
func timesBecomeSecondsSince1970(_ row: TimeRow) throws {
    let seconds = try DERReader.parse(time(row.tag, row.text)) { (r: inout DERReader) throws(DERError) in try r.readTime() }
    #expect(seconds == row.seconds)
}

@Test func civilDateRoundTripsOverFourCenturies() {
    var days = CivilTime.days(year: 1800, month: 1, day: 1) ?? 0
    for year: Int64 in 1800...2200 {
        for month: Int64 in 1...12 {
            for day in 1...CivilTime.daysInMonth(year: year, month: month) {
                #expect(CivilTime.days(year: year, month: month, day: day) == days)
                let back = CivilTime.date(days: days)
                #expect(back.year == year && back.month == month && back.day == day)
                days += 1
            }
        }
    }
}

@Test func iso8601Formatting() {
    #expect(CivilTime.iso8601(0) == "1970-01-01T00:00:00Z")
    #expect(CivilTime.iso8601(951_825_600) == "2000-02-29T12:00:00Z")
    #expect(CivilTime.iso8601(-1) == "1969-12-31T23:59:59Z")
    #expect(CivilTime.iso8601(253_402_300_799) == "9999-12-31T23:59:59Z")
}

@Test func oidDottedForm() {
    #expect(OID(der: [0x55, 0x1D, 0x13]).description == "2.5.29.19")
    #expect(OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]).description == "1.2.840.113549.1.1.11")
    #expect(OID(der: [0x00]).description == "0.0")
    #expect(OID(der: [0x88, 0x37, 0x03]).description == "2.999.3")
}
