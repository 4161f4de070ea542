// UTCTime and GeneralizedTime as RFC 5280 §4.1.2.5 profiles them, turned into
// seconds since 1970-01-01T00:00:00Z with proleptic Gregorian arithmetic.

/// Calendar conversions on `Int64` seconds since 1970, without Foundation.
public enum CivilTime {
    /// Days from 1970-01-01 to year-month-day (Gregorian), after Howard
    /// Hinnant's `days_from_civil`: shift the year to start in March so the
    /// leap day is last, then count 400-year eras.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `days(year:month:day:)`.
    public static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for a time in years 0000–9999.
    public static func iso8601(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = date(days: days)
        var text = ""
        func put(_ value: Int64, width: Int) {
            var digits: [UInt8] = []
            var v = value < 0 ? -value : value
            repeat { digits.append(UInt8(48 + v % 10)); v /= 10 } while v > 0
            while digits.count < width { digits.append(48) }
            if value < 0 { text += "-" }
            text += String(decoding: digits.reversed(), as: UTF8.self)
        }
        put(y, width: 4); text += "-"; put(m, width: 2); text += "-"; put(d, width: 2)
        text += "T"; put(secondOfDay / 3600, width: 2); text += ":"
        put(secondOfDay / 60 % 60, width: 2); text += ":"; put(secondOfDay % 60, width: 2)
        return text + "Z"
    }
}

extension DERReader {
    /// A `Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime }`.
    public mutating func readTime() throws(DERError) -> Int64 {
        switch peekTag() {
        case DERTag.utcTime: return try readUTCTime()
        case DERTag.generalizedTime: return try readGeneralizedTime()
        default: throw DERError(.unexpectedTag, at: position)
        }
    }

    /// RFC 5280 §4.1.2.5.1: `YYMMDDHHMMSSZ`; YY ≥ 50 means 19YY, else 20YY.
    public mutating func readUTCTime() throws(DERError) -> Int64 {
        let element = try read(.utcTime)
        guard element.value.count == 13 else { throw DERError(.invalidTimeFormat, at: element.start) }
        let yy = try digits(element, 0, 2)
        return try seconds(element, year: yy >= 50 ? 1900 + yy : 2000 + yy, from: 2)
    }

    /// RFC 5280 §4.1.2.5.2: `YYYYMMDDHHMMSSZ`, no fractions, no offsets.
    public mutating func readGeneralizedTime() throws(DERError) -> Int64 {
        let element = try read(.generalizedTime)
        guard element.value.count == 15 else { throw DERError(.invalidTimeFormat, at: element.start) }
        return try seconds(element, year: try digits(element, 0, 4), from: 4)
    }

    private func seconds(_ element: DERElement, year: Int64, from i: Int) throws(DERError) -> Int64 {
        guard buffer[element.value.upperBound - 1] == UInt8(ascii: "Z") else {
            throw DERError(.invalidTimeFormat, at: element.start)
        }
        let month = try digits(element, i, 2)
        let day = try digits(element, i + 2, 2)
        let hour = try digits(element, i + 4, 2)
        let minute = try digits(element, i + 6, 2)
        let second = try digits(element, i + 8, 2)
        // Leap seconds (60) are refused: RFC 5280 times never carry them and
        // accepting them would make two encodings name one instant.
        guard (1...12).contains(month),
              day >= 1, day <= CivilTime.daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 59
        else { throw DERError(.timeFieldOutOfRange, at: element.start) }
        let days = CivilTime.days(year: year, month: month, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    private func digits(_ element: DERElement, _ at: Int, _ count: Int) throws(DERError) -> Int64 {
        var value: Int64 = 0
        for offset in (element.value.lowerBound + at)..<(element.value.lowerBound + at + count) {
            let byte = buffer[offset]
            guard byte >= 0x30, byte <= 0x39 else { throw DERError(.invalidTimeFormat, at: element.start) }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }
}
