// UTCTime and GeneralizedTime as RFC 5280 §4.1.2.5 profiles them, turned into
// seconds since 1970-01-01T00:00:00Z with proleptic Gregorian arithmetic
// (CivilTime.swift). Both forms name years 0000–9999 only, so every time
// read here is in −62,167,219,200 … 253,402,300,799.

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
        guard let seconds = CivilTime.seconds(year: year, month: month, day: day,
                                              hour: hour, minute: minute, second: second)
        else { throw DERError(.timeFieldOutOfRange, at: element.start) }
        return seconds
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
