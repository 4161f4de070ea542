import DER
import Testing

// CivilTime is total: Int64.min and Int64.max once overflowed inside
// `iso8601` (`seconds - 86_399`) and `date(days:)` (`days + 719_468`).
// Expected civil forms computed with Python's datetime, shifted by whole
// 400-year cycles (146,097 days), which the Gregorian calendar repeats.

struct ExtremeTime: CustomTestStringConvertible, Sendable {
    let name: String
    let seconds: Int64
    let text: String
    var testDescription: String { name }
}

let extremeTimes: [ExtremeTime] = [
    .init(name: "Int64.min", seconds: .min, text: "-292277022657-01-27T08:29:52Z"),
    // The last second of the first day: the old floor division subtracted 86,399 here too.
    .init(name: "Int64.min + 86_399", seconds: .min + 86_399, text: "-292277022657-01-28T08:29:51Z"),
    .init(name: "Int64.min + 86_400", seconds: .min + 86_400, text: "-292277022657-01-28T08:29:52Z"),
    .init(name: "Int64.max", seconds: .max, text: "+292277026596-12-04T15:30:07Z"),
    .init(name: "Int64.max - 86_399", seconds: .max - 86_399, text: "+292277026596-12-03T15:30:08Z"),
    .init(name: "year 0000, the first GeneralizedTime", seconds: -62_167_219_200, text: "0000-01-01T00:00:00Z"),
    .init(name: "one second before year 0000", seconds: -62_167_219_201, text: "-0001-12-31T23:59:59Z"),
    .init(name: "9999-12-31T23:59:59Z, the last GeneralizedTime", seconds: 253_402_300_799, text: "9999-12-31T23:59:59Z"),
    .init(name: "one second after 9999", seconds: 253_402_300_800, text: "+10000-01-01T00:00:00Z"),
]

@Test(arguments: extremeTimes)
func iso8601IsTotal(_ row: ExtremeTime) {
    #expect(CivilTime.iso8601(row.seconds) == row.text)
}

/// `seconds(year:…)` inverts `iso8601` up to both ends of Int64 and answers
/// nil one second past either end.
@Test func secondsFromCivilFieldsAtTheEdgesOfInt64() {
    #expect(CivilTime.seconds(year: 292_277_026_596, month: 12, day: 4, hour: 15, minute: 30, second: 7) == .max)
    #expect(CivilTime.seconds(year: 292_277_026_596, month: 12, day: 4, hour: 15, minute: 30, second: 8) == nil)
    #expect(CivilTime.seconds(year: 292_277_026_596, month: 12, day: 31, hour: 23, minute: 59, second: 59) == nil)
    #expect(CivilTime.seconds(year: -292_277_022_657, month: 1, day: 27, hour: 8, minute: 29, second: 52) == .min)
    #expect(CivilTime.seconds(year: -292_277_022_657, month: 1, day: 27, hour: 8, minute: 29, second: 51) == nil)
    #expect(CivilTime.seconds(year: -292_277_022_657, month: 1, day: 1, hour: 0, minute: 0, second: 0) == nil)
    #expect(CivilTime.seconds(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0) == 0)
}

/// The years range: its bounds give days, one year past either gives nil,
/// and the extremes of Int64 give nil rather than overflowing.
@Test func daysFromCivilOnlyInsideTheYearRange() {
    let years = CivilTime.years
    #expect(CivilTime.days(year: years.lowerBound, month: 1, day: 1) != nil)
    #expect(CivilTime.days(year: years.upperBound, month: 12, day: 31) != nil)
    #expect(CivilTime.days(year: years.lowerBound - 1, month: 12, day: 31) == nil)
    #expect(CivilTime.days(year: years.upperBound + 1, month: 1, day: 1) == nil)
    for year in [Int64.min, Int64.min + 1, Int64.max, Int64.max - 1] {
        #expect(CivilTime.days(year: year, month: 6, day: 15) == nil)
    }
    // The days of Int64.min and Int64.max seconds round-trip.
    for seconds in [Int64.min, Int64.max] {
        var days = seconds / 86_400
        if seconds % 86_400 < 0 { days -= 1 }
        let date = CivilTime.date(days: days)
        #expect(CivilTime.days(year: date.year, month: date.month, day: date.day) == days)
    }
}

struct ImpossibleDate: CustomTestStringConvertible, Sendable {
    let name: String
    let fields: [Int64]  // year, month, day, hour, minute, second
    var testDescription: String { name }
}

let impossibleDates: [ImpossibleDate] = [
    .init(name: "February 30", fields: [2025, 2, 30, 0, 0, 0]),
    .init(name: "February 29 in a common year", fields: [2025, 2, 29, 0, 0, 0]),
    .init(name: "February 29 in 1900 (÷100, not ÷400)", fields: [1900, 2, 29, 0, 0, 0]),
    .init(name: "April 31", fields: [2025, 4, 31, 0, 0, 0]),
    .init(name: "month 0", fields: [2025, 0, 1, 0, 0, 0]),
    .init(name: "month 13", fields: [2025, 13, 1, 0, 0, 0]),
    .init(name: "month Int64.max", fields: [2025, .max, 1, 0, 0, 0]),
    .init(name: "day 0", fields: [2025, 1, 0, 0, 0, 0]),
    .init(name: "day Int64.min", fields: [2025, 1, .min, 0, 0, 0]),
    .init(name: "hour 24", fields: [2025, 1, 1, 24, 0, 0]),
    .init(name: "hour -1", fields: [2025, 1, 1, -1, 0, 0]),
    .init(name: "minute 60", fields: [2025, 1, 1, 0, 60, 0]),
    .init(name: "second 60 (leap second)", fields: [2016, 12, 31, 23, 59, 60]),
    .init(name: "second Int64.max", fields: [2025, 1, 1, 0, 0, .max]),
]

@Test(arguments: impossibleDates)
func impossibleCivilTimesAreNil(_ row: ImpossibleDate) {
    let f = row.fields
    #expect(CivilTime.seconds(year: f[0], month: f[1], day: f[2], hour: f[3], minute: f[4], second: f[5]) == nil)
}

@Test func daysInMonthIsZeroOutsideTheCalendar() {
    #expect(CivilTime.daysInMonth(year: 2024, month: 2) == 29)
    #expect(CivilTime.daysInMonth(year: 2000, month: 2) == 29)
    #expect(CivilTime.daysInMonth(year: 2100, month: 2) == 28)
    for month: Int64 in [0, 13, -1, .min, .max] { #expect(CivilTime.daysInMonth(year: 2024, month: month) == 0) }
    #expect(CivilTime.isLeapYear(.min) == true)  // Int64.min is divisible by 400; % never traps here
}

/// `date(days:)` for every extreme day count, including ones no Int64
/// second reaches: the era split keeps `days + 719_468` from overflowing.
@Test func dateFromDaysIsTotal() {
    for days in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 719_468, Int64.max] {
        let date = CivilTime.date(days: days)
        #expect((1...12).contains(date.month) && (1...31).contains(date.day), "\(days)")
    }
    let epoch = CivilTime.date(days: 0), before = CivilTime.date(days: -1)
    #expect(epoch.year == 1970 && epoch.month == 1 && epoch.day == 1)
    #expect(before.year == 1969 && before.month == 12 && before.day == 31)
}
