// Calendar arithmetic on Int64 seconds since 1970-01-01T00:00:00Z,
// proleptic Gregorian, without Foundation.
//
// Every function here is total: it returns a value (or nil) for every
// argument and never traps. Evaluation times reach this code from callers
// (a CLI flag, a library user's clock), so Int64.min and Int64.max must
// format and compare like any other instant. The civil forms of those two
// extremes are the bounds of `years`: −292277022657-01-27T08:29:52Z and
// 292277026596-12-04T15:30:07Z.

/// Calendar conversions on `Int64` seconds since 1970, without Foundation.
@usableFromInline package enum CivilTime {
    /// The years in which some `Int64` second falls. `days(year:month:day:)`
    /// and `seconds(year:…)` answer nil for a year outside them.
    @usableFromInline package static let years: ClosedRange<Int64> = -292_277_022_657...292_277_026_596

    /// Days from 1970-01-01 to year-month-day (Gregorian), after Howard
    /// Hinnant's `days_from_civil`: shift the year to start in March so the
    /// leap day is last, then count 400-year eras.
    ///
    /// Nil when the date does not exist (month outside 1–12, day outside
    /// 1…`daysInMonth`) or the year is outside `years`; inside them no
    /// intermediate exceeds 2^47, so the arithmetic cannot overflow.
    @usableFromInline package static func days(year: Int64, month: Int64, day: Int64) -> Int64? {
        guard years.contains(year), (1...12).contains(month),
              day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Seconds since 1970 for a UTC civil time; nil when a field is out of
    /// range (month 1–12, day 1…`daysInMonth`, hour 0–23, minute and second
    /// 0–59: no leap second, which would give one instant two names) or the
    /// instant lies outside `Int64`.
    @usableFromInline package static func seconds(year: Int64, month: Int64, day: Int64,
                               hour: Int64, minute: Int64, second: Int64) -> Int64? {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              let days = days(year: year, month: month, day: day) else { return nil }
        let secondOfDay = hour * 3600 + minute * 60 + second
        // Before 1970 count back from the next midnight: the midnight that
        // starts Int64.min's day is itself below Int64.min.
        let (midnight, overflow) = (days < 0 ? days + 1 : days).multipliedReportingOverflow(by: 86_400)
        guard !overflow else { return nil }
        let (total, outside) = midnight.addingReportingOverflow(days < 0 ? secondOfDay - 86_400 : secondOfDay)
        return outside ? nil : total
    }

    /// The inverse of `days(year:month:day:)`, for every `Int64` day count.
    ///
    /// Hinnant's `civil_from_days` adds 719,468 days (0000-03-01 to
    /// 1970-01-01) before dividing into eras; that addition overflows near
    /// `Int64.max`, so the era and the day within it are split first and the
    /// offset is added to the remainder.
    @usableFromInline package static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        var era = days / 146_097
        var dayOfEra = days % 146_097
        if dayOfEra < 0 { dayOfEra += 146_097; era -= 1 }
        // 719,468 = 4 eras + 135,080 days.
        era += 4
        dayOfEra += 135_080
        if dayOfEra >= 146_097 { dayOfEra -= 146_097; era += 1 }
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        // |era| ≤ 2^63 / 146,097 < 2^46, so era × 400 stays far inside Int64.
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether `year` has a 29 February in the proleptic Gregorian calendar.
    @usableFromInline package static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// 28–31 for months 1–12; 0 for any other month, which has no days.
    @usableFromInline package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        case 1, 3, 5, 7, 8, 10, 12: return 31
        default: return 0
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, for every `Int64`. Years 0000–9999 take four
    /// digits (the only form certificates can express); later years print
    /// with a `+` and earlier ones with a `-`, ISO 8601's expanded form, so
    /// `Int64.min` is `-292277022657-01-27T08:29:52Z`.
    @usableFromInline package static func iso8601(_ seconds: Int64) -> String {
        // Floor division without computing `seconds - 86_399`, which
        // overflowed for the first day of Int64.
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let (y, m, d) = date(days: days)
        var text = y > 9999 ? "+" : ""
        func put(_ value: Int64, width: Int) {
            var digits: [UInt8] = []
            // The magnitude as UInt64: −Int64.min does not fit in Int64.
            var v = value.magnitude
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
