import Foundation
import PureX509
import PureX509Config
import Testing

// `policy check` finds a repeated pin or pattern without
// comparing each with all before it, and still names the first repeat in
// file order and the first position it repeats.

/// `sha256/` and the base64 of 32 bytes, all `byte`.
private func pin(_ byte: UInt8) -> String { "sha256/" + Data(repeating: byte, count: 32).base64EncodedString() }

private func parse(_ text: String) -> String? {
    do { _ = try PinningConfigFile.parse(Array(text.utf8)); return nil } catch { return error.description }
}

private func config(pins: [String]) -> String {
    #"{"pinSets": [{"pattern": "www.example.com", "pins": ["# + pins.map { "\"\($0)\"" }.joined(separator: ", ") + "]}]}"
}

@Test func theFirstRepeatedPinIsNamedWithItsFirstPosition() throws {
    // 5 repeats 2, 7 repeats 1 and 9 repeats 5 (so 2): the first repeat in order is 5, of 2.
    var pins = (0..<10).map { pin(UInt8($0)) }
    pins[5] = pins[2]; pins[7] = pins[1]; pins[9] = pins[2]
    let message = try #require(parse(config(pins: pins)))
    #expect(message.contains("pinSets[0].pins[5]: the same pin as pinSets[0].pins[2]; a backup pin must be a different key"), "\(message)")
    // A pin that appears three times is named at its second place, against its first.
    let thrice = [pin(9), pin(8), pin(7), pin(8), pin(8)]
    #expect(parse(config(pins: thrice))?.contains("pinSets[0].pins[3]: the same pin as pinSets[0].pins[1]") == true)
    // A bad pin before the repeat is reported first; a repeat before a bad pin is.
    #expect(parse(config(pins: [pin(1), "sha1/AAAA", pin(1)]))?.contains("pins[1]") == true)
    #expect(parse(config(pins: [pin(1), pin(1), "sha1/AAAA"]))?.contains("pins[1]: the same pin as pinSets[0].pins[0]") == true)
    // Distinct pins are accepted, many of them.
    let many = (0..<5_000).map { index in
        "sha256/" + Data([UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index >> 8)] + [UInt8](repeating: 0, count: 30)).base64EncodedString()
    }
    #expect(parse(config(pins: many)) == nil)
}

@Test func theFirstRepeatedPatternIsNamedWithItsFirstSet() throws {
    let patterns = ["a.example.com", "*.example.com", "b.example.com", "*.example.com", "a.example.com"]
    let sets = patterns.map { #"{"pattern": "\#($0)", "pins": ["\#(pin(1))", "\#(pin(2))"]}"# }
    let message = try #require(parse(#"{"pinSets": ["# + sets.joined(separator: ", ") + "]}"))
    #expect(message.contains("pinSets[3].pattern: the same pattern as pinSets[1]; which set governs a host would be ambiguous"), "\(message)")
    // includeSubdomains makes a different pattern.
    let other = #"{"pinSets": [{"pattern": "a.example.com", "pins": ["\#(pin(1))", "\#(pin(2))"]}, {"pattern": "a.example.com", "includeSubdomains": true, "pins": ["\#(pin(1))", "\#(pin(2))"]}]}"#
    #expect(parse(other) == nil)
}

/// A configuration file may name internationalised patterns: they are read
/// in UTS #46 form, and a Unicode or A-label host finds the same pin set;
/// a pattern with no A-label form is refused naming its path.
@Test func aConfigurationFileTakesInternationalisedPatterns() throws {
    let text = #"{"pinSets": [{"pattern": "*.bücher.example", "pins": ["# + "\"\(pin(1))\", \"\(pin(2))\"" + "]}]}"
    let configuration = try PinningConfigFile.parse(Array(text.utf8))
    #expect(configuration.pinSet(forHost: "www.xn--bcher-kva.example") != nil)
    #expect(configuration.pinSet(forHost: "www.bücher.example") != nil)
    #expect(configuration.pinSet(forHost: "www.buecher.example") == nil)
    let refused = #"{"pinSets": [{"pattern": "*.bücher_.example", "pins": ["# + "\"\(pin(1))\", \"\(pin(2))\"" + "]}]}"
    #expect(parse(refused)?.contains("pinSets[0].pattern") == true, "\(parse(refused) ?? "accepted")")
}
