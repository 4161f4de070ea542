import PureX509

// `--at` and a pin set's `expiration`: UNIX seconds or an RFC 3339 time,
// read strictly. Foundation's ISO8601DateFormatter rolled impossible dates
// over (2025-02-30 became 2 March), and UNIX seconds near Int64.min reached
// the calendar code; both are refused here with a reason, so the tool exits
// 2 instead of evaluating at a time nobody asked for.

public enum TimeArgument {
    /// The instants a certificate can name: GeneralizedTime's years
    /// 0000–9999. An evaluation time outside them compares the same as the
    /// nearest bound, so a wider range would add nothing but surprises.
    public static let range: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    public static let usage = "give UNIX seconds, a date such as 2024-01-02 (midnight UTC) or ISO 8601 such as 2024-01-02T03:04:05Z"

    /// Seconds since 1970, or the reason `text` is not a time.
    public static func parse(_ text: String) -> Result<Int64, TimeFailure> {
        let bytes = Array(text.utf8)
        let seconds: Int64
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || isDigit(first),
           bytes.dropFirst().allSatisfy(isDigit) {
            guard bytes.contains(where: isDigit), let value = Int64(text) else {
                return .failure(TimeFailure(text: text, reason: "is not a number of seconds in 64 bits"))
            }
            seconds = value
        } else {
            switch parseRFC3339(bytes) {
            case .success(let value): seconds = value
            case .failure(let reason): return .failure(TimeFailure(text: text, reason: reason.text))
            }
        }
        guard range.contains(seconds) else {
            return .failure(TimeFailure(text: text, reason: "is outside 0000-01-01T00:00:00Z … 9999-12-31T23:59:59Z "
                + "(\(range.lowerBound) … \(range.upperBound) seconds)"))
        }
        return .success(seconds)
    }

    public struct TimeFailure: Error, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { text + " " + reason }
    }

    struct Reason: Error { let text: String }

    static func fail(_ text: String) -> Result<Int64, Reason> { .failure(Reason(text: text)) }

    /// `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (dropped: the
    /// instant is the whole second that holds them), then `Z` or `±HH:MM`
    /// (RFC 3339 §5.6); or a date alone, `YYYY-MM-DD`, read as midnight UTC.
    /// Each field is checked against the calendar.
    static func parseRFC3339(_ text: [UInt8]) -> Result<Int64, Reason> {
        var b = text
        if b.count == 10 { b += Array("T00:00:00Z".utf8) }
        if b.count > 20 && b[19] == UInt8(ascii: ".") {
            var end = 20
            while end < b.count && isDigit(b[end]) { end += 1 }
            guard end > 20 else { return fail("has a decimal point without digits after the seconds") }
            b.removeSubrange(19..<end)
        }
        let shape = "NNNN-NN-NNTNN:NN:NN"
        guard b.count == 20 || b.count == 25 else { return fail("is not a time: " + usage) }
        for (i, expected) in shape.utf8.enumerated() {
            let ok = expected == UInt8(ascii: "N") ? isDigit(b[i]) : b[i] == expected
            guard ok else { return fail("is not a time: " + usage) }
        }
        func number(_ at: Int, _ count: Int) -> Int64 {
            var value: Int64 = 0
            for i in at..<(at + count) { value = value * 10 + Int64(b[i] - 48) }
            return value
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        var offset: Int64 = 0
        if b.count == 20 {
            guard b[19] == UInt8(ascii: "Z") else { return fail("is not a time: end with Z or an offset such as +02:00") }
        } else {
            guard b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-"), isDigit(b[20]), isDigit(b[21]),
                  b[22] == UInt8(ascii: ":"), isDigit(b[23]), isDigit(b[24]) else {
                return fail("is not a time: end with Z or an offset such as +02:00")
            }
            let offsetHours = number(20, 2), offsetMinutes = number(23, 2)
            guard offsetHours <= 23 else { return fail("has offset hour \(offsetHours), not 00–23") }
            guard offsetMinutes <= 59 else { return fail("has offset minute \(offsetMinutes), not 00–59") }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (b[19] == UInt8(ascii: "+") ? 1 : -1)
        }
        guard (1...12).contains(month) else { return fail("has month \(month), not 01–12") }
        let length = CivilTime.daysInMonth(year: year, month: month)
        guard (1...length).contains(day) else {
            return fail("has day \(day), but \(monthNames[Int(month) - 1]) \(year) has \(length) days")
        }
        guard hour <= 23 else { return fail("has hour \(hour), not 00–23") }
        guard minute <= 59 else { return fail("has minute \(minute), not 00–59") }
        guard second <= 59 else { return fail("has second \(second), not 00–59 (leap seconds are not counted)") }
        guard let local = CivilTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second) else {
            return fail("is not a time: " + usage)
        }
        // Local time minus its offset is UTC; both terms are small, no overflow.
        return .success(local - offset)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
