// UTCTime and GeneralizedTime as RFC 5280 §4.1.2.5 profiles them, turned into
// seconds since 1970-01-01T00:00:00Z with proleptic Gregorian arithmetic
// (CivilTime.swift). Both forms name years 0000–9999 only, so every time
// read here is in −62,167,219,200 … 253,402,300,799.

extension DERReader {
    /// A `Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime }`.
    @inlinable package mutating func readTime() throws(DERError) -> Int64 {
        switch peekTag() {
        case DERTag.utcTime: return try readUTCTime()
        case DERTag.generalizedTime: return try readGeneralizedTime()
        default: throw DERError(.unexpectedTag, at: position)
        }
    }

    /// RFC 5280 §4.1.2.5.1: `YYMMDDHHMMSSZ`; YY ≥ 50 means 19YY, else 20YY.
    @inlinable package mutating func readUTCTime() throws(DERError) -> Int64 {
        let element = try read(.utcTime)
        let text = bytes(in: element.value)
        guard text.count == 13 else { throw DERError(.invalidTimeFormat, at: element.start) }
        let yy = try Self.digits(text, 0, 2, element)
        return try Self.seconds(text, year: yy >= 50 ? 1900 + yy : 2000 + yy, from: 2, element)
    }

    /// RFC 5280 §4.1.2.5.2: `YYYYMMDDHHMMSSZ`, no fractions, no offsets.
    @inlinable package mutating func readGeneralizedTime() throws(DERError) -> Int64 {
        let element = try read(.generalizedTime)
        let text = bytes(in: element.value)
        guard text.count == 15 else { throw DERError(.invalidTimeFormat, at: element.start) }
        return try Self.seconds(text, year: try Self.digits(text, 0, 4, element), from: 4, element)
    }

    /// The fields after the year in `text`, which holds `from + 11` octets.
    @inlinable @inline(__always)
    static func seconds(_ text: DERBytes, year: Int64, from i: Int, _ element: DERElement) throws(DERError) -> Int64 {
        guard text[i + 10] == UInt8(ascii: "Z") else {
            throw DERError(.invalidTimeFormat, at: element.start)
        }
        let month = try digits(text, i, 2, element)
        let day = try digits(text, i + 2, 2, element)
        let hour = try digits(text, i + 4, 2, element)
        let minute = try digits(text, i + 6, 2, element)
        let second = try digits(text, i + 8, 2, element)
        // Leap seconds (60) are refused: RFC 5280 times never carry them and
        // accepting them would make two encodings name one instant.
        guard let seconds = CivilTime.seconds(year: year, month: month, day: day,
                                              hour: hour, minute: minute, second: second)
        else { throw DERError(.timeFieldOutOfRange, at: element.start) }
        return seconds
    }

    @inlinable @inline(__always)
    static func digits(_ text: DERBytes, _ at: Int, _ count: Int, _ element: DERElement) throws(DERError) -> Int64 {
        var value: Int64 = 0
        for i in at..<(at + count) {
            let byte = text[i]
            guard byte >= 0x30, byte <= 0x39 else { throw DERError(.invalidTimeFormat, at: element.start) }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }
}
