import Foundation
import PureX509
import PureX509Config
import Testing
import TestSupport

// `policy check` decodes its configuration strictly. Each
// row is a configuration that was once read silently (a wrong type taken
// as the default, an unknown or duplicate key ignored, a trailing comma
// accepted) or whose syntax error printed an NSError dump. Every one must
// now exit 2 with the key path, line and column of the problem.

let pinA = "sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
let pinB = "sha256/b4UNHttNvlVT4gj5Lz17RB8DsaJYBNR//I7MuJQ6Cuw="

/// A one-set configuration, one key per line:
///
///     1 {
///     2   "pinSets": [{
///     3     "pattern": "www.example.com",
///     4     "pins": ["…", "…"],
///     5     EXTRA
///     6   }]
///     7 }
///
/// so a key in EXTRA sits at line 5, column 5, and its value at column
/// 5 + (quoted key length) + 2.
func pinSetConfig(_ extra: String? = nil, pattern: String = #""www.example.com""#, pins: String? = nil) -> String {
    let pinList = pins ?? "[\"\(pinA)\", \"\(pinB)\"]"
    var text = "{\n  \"pinSets\": [{\n    \"pattern\": \(pattern),\n    \"pins\": \(pinList)"
    if let extra { text += ",\n    " + extra }
    return text + "\n  }]\n}\n"
}

struct BadConfig: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    /// What stderr must contain after the file name: position, key path, reason.
    let message: String
    var testDescription: String { name }
}

let badConfigs: [BadConfig] = [
    // Wrong types, one per key.
    .init(name: "failClosed as a string", text: pinSetConfig(#""failClosed": "true""#),
          message: #"line 5, column 19: pinSets[0].failClosed: expected true or false, found the string "true""#),
    .init(name: "failClosed as a number", text: pinSetConfig(#""failClosed": 1"#),
          message: "line 5, column 19: pinSets[0].failClosed: expected true or false, found the number 1"),
    .init(name: "enforce as a string", text: pinSetConfig(#""enforce": "false""#),
          message: #"line 5, column 16: pinSets[0].enforce: expected true or false, found the string "false""#),
    .init(name: "enforce as null", text: pinSetConfig(#""enforce": null"#),
          message: "line 5, column 16: pinSets[0].enforce: expected true or false, found null"),
    .init(name: "includeSubdomains as a string", text: pinSetConfig(#""includeSubdomains": "yes""#),
          message: "line 5, column 26: pinSets[0].includeSubdomains: expected true or false"),
    .init(name: "expiration as a number", text: pinSetConfig(#""expiration": 1767225600"#),
          message: "line 5, column 19: pinSets[0].expiration: expected an RFC 3339 time string such as \"2026-01-01T00:00:00Z\", found the number 1767225600"),
    .init(name: "expiration on 30 February", text: pinSetConfig(#""expiration": "2026-02-30T00:00:00Z""#),
          message: "line 5, column 19: pinSets[0].expiration: \"2026-02-30T00:00:00Z\" has day 30, but February 2026 has 28 days"),
    .init(name: "expiration not a time", text: pinSetConfig(#""expiration": "next year""#),
          message: "line 5, column 19: pinSets[0].expiration: \"next year\" is not a time"),
    .init(name: "expiration in UNIX seconds as a string", text: pinSetConfig(#""expiration": "1767225600""#),
          message: "pinSets[0].expiration: \"1767225600\" is not a time"),
    .init(name: "pattern as a number", text: pinSetConfig(pattern: "5"),
          message: "line 3, column 16: pinSets[0].pattern: expected a host pattern string, found the number 5"),
    .init(name: "pattern a public suffix", text: pinSetConfig(pattern: #""*.com""#),
          message: "line 3, column 16: pinSets[0].pattern: host pattern \"*.com\" covers a public suffix"),
    .init(name: "pins as a string", text: pinSetConfig(pins: "\"\(pinA)\""),
          message: "line 4, column 13: pinSets[0].pins: expected an array of sha256/BASE64 pin strings, found the string"),
    .init(name: "a pin as a number", text: pinSetConfig(pins: "[\"\(pinA)\", 7]"),
          message: "line 4, column 69: pinSets[0].pins[1]: expected a sha256/BASE64 pin string, found the number 7"),
    .init(name: "a pin with an unsupported hash", text: pinSetConfig(pins: "[\"\(pinA)\", \"md5/AAAA\"]"),
          message: "pinSets[0].pins[1]: \"md5/AAAA\""),
    .init(name: "the same pin twice", text: pinSetConfig(pins: "[\"\(pinA)\", \"\(pinA)\"]"),
          message: "pinSets[0].pins[1]: the same pin as pinSets[0].pins[0]; a backup pin must be a different key"),
    .init(name: "no pins", text: pinSetConfig(pins: "[]"),
          message: "line 4, column 13: pinSets[0].pins: a pin set needs at least one pin"),
    .init(name: "one pin, enforced", text: pinSetConfig(pins: "[\"\(pinA)\"]"),
          message: "pinSets[0].pins: an enforced pin set needs 2 pins"),
    .init(name: "minimumPins as true", text: #"{"minimumPins": true, "pinSets": []}"#,
          message: "line 1, column 17: minimumPins: expected an integer from 1 to 100, found true"),
    .init(name: "minimumPins -5", text: #"{"minimumPins": -5, "pinSets": []}"#,
          message: "line 1, column 17: minimumPins: expected an integer from 1 to 100, found -5"),
    .init(name: "minimumPins 0", text: #"{"minimumPins": 0, "pinSets": []}"#,
          message: "minimumPins: expected an integer from 1 to 100, found 0"),
    .init(name: "minimumPins 2.5", text: #"{"minimumPins": 2.5, "pinSets": []}"#,
          message: "minimumPins: expected an integer from 1 to 100, found the number 2.5"),
    .init(name: "minimumPins 2e0", text: #"{"minimumPins": 2e0, "pinSets": []}"#,
          message: "minimumPins: expected an integer from 1 to 100, found the number 2e0"),
    .init(name: "minimumPins as a string", text: #"{"minimumPins": "2", "pinSets": []}"#,
          message: #"minimumPins: expected an integer from 1 to 100, found the string "2""#),
    .init(name: "minimumPins past Int64", text: #"{"minimumPins": 99999999999999999999, "pinSets": []}"#,
          message: "minimumPins: expected an integer from 1 to 100, found the number 99999999999999999999"),
    .init(name: "pinSets missing", text: #"{"minimumPins": 2}"#,
          message: "line 1, column 1: missing key \"pinSets\""),
    .init(name: "pinSets as an object", text: #"{"pinSets": {}}"#,
          message: "line 1, column 13: pinSets: expected an array of pin sets, found an object"),
    .init(name: "pinSets empty", text: #"{"pinSets": []}"#,
          message: "line 1, column 13: pinSets: no pin sets; give at least one"),
    .init(name: "a pin set as a string", text: #"{"pinSets": ["www.example.com"]}"#,
          message: #"line 1, column 14: pinSets[0]: expected an object, found the string "www.example.com""#),
    .init(name: "the document an array", text: "[]",
          message: "line 1, column 1: expected an object, found an array"),
    .init(name: "pattern missing", text: #"{"pinSets": [{"pins": []}]}"#,
          message: "line 1, column 14: pinSets[0]: missing key \"pattern\""),
    // Unknown keys, with the likely intended one.
    .init(name: "enforced for enforce", text: pinSetConfig(#""enforced": false"#),
          message: #"line 5, column 5: pinSets[0].enforced: unknown key; did you mean "enforce"?"#),
    .init(name: "includeSubDomains for includeSubdomains", text: pinSetConfig(#""includeSubDomains": true"#),
          message: #"line 5, column 5: pinSets[0].includeSubDomains: unknown key; did you mean "includeSubdomains"?"#),
    .init(name: "an unrelated key", text: pinSetConfig(#""reportURI": "https://example.com/""#),
          message: "line 5, column 5: pinSets[0].reportURI: unknown key; known keys here: pattern, pins, expiration, enforce, failClosed, includeSubdomains"),
    .init(name: "a root-level typo", text: #"{"pinset": []}"#,
          message: #"line 1, column 2: pinset: unknown key; did you mean "pinSets"?"#),
    // Duplicates: JSONSerialization kept the last one.
    .init(name: "failClosed twice", text: pinSetConfig("\"failClosed\": true,\n    \"failClosed\": false"),
          message: "line 6, column 5: pinSets[0].failClosed: duplicate key (first at line 5, column 5)"),
    .init(name: "minimumPins twice", text: #"{"minimumPins": 3, "minimumPins": 1, "pinSets": []}"#,
          message: "line 1, column 20: minimumPins: duplicate key (first at line 1, column 2)"),
    .init(name: "the same pattern in two sets",
          text: "{\"pinSets\": [{\"pattern\": \"a.example.com\", \"pins\": [\"\(pinA)\", \"\(pinB)\"]},\n{\"pattern\": \"A.example.com.\", \"pins\": [\"\(pinA)\", \"\(pinB)\"]}]}",
          message: "line 2, column 13: pinSets[1].pattern: the same pattern as pinSets[0]"),
    // Syntax.
    .init(name: "a trailing comma in an object", text: pinSetConfig(#""enforce": true,"#),
          message: "line 6, column 3: pinSets[0]: syntax error: trailing comma before '}'"),
    .init(name: "a trailing comma in an array", text: pinSetConfig(pins: "[\"\(pinA)\", \"\(pinB)\",]"),
          message: "line 4, column 123: pinSets[0].pins: syntax error: trailing comma before ']'"),
    .init(name: "a missing comma", text: "{\"pinSets\": [{\"pattern\": \"a.example.com\"\n \"pins\": []}]}",
          message: "line 2, column 2: pinSets[0]: syntax error: unexpected '\"'; expected ',' or '}'"),
    .init(name: "single quotes", text: "{'pinSets': []}",
          message: "line 1, column 2: syntax error: unexpected '''; expected a key in double quotes"),
    .init(name: "a comment", text: "{\n// pins\n\"pinSets\": []}",
          message: "line 2, column 1: syntax error: unexpected '/'; expected a key in double quotes"),
    .init(name: "NaN", text: #"{"minimumPins": NaN}"#,
          message: "line 1, column 17: minimumPins: syntax error: unexpected 'N'; expected a value"),
    .init(name: "a leading zero", text: #"{"minimumPins": 02}"#,
          message: "line 1, column 17: minimumPins: syntax error: a number may not have a leading zero"),
    .init(name: "an unterminated string", text: #"{"pinSets": [{"pattern": "a.example.com"#,
          message: "line 1, column 26: pinSets[0].pattern: syntax error: unterminated string"),
    .init(name: "a raw newline in a string", text: "{\"pinSets\": [{\"pattern\": \"a.example\n.com\"}]}",
          message: "line 1, column 36: pinSets[0].pattern: syntax error: control character 0x0A inside a string"),
    .init(name: "an invalid escape", text: #"{"pinSets": [{"pattern": "a\x41"}]}"#,
          message: #"line 1, column 28: pinSets[0].pattern: syntax error: invalid escape '\x' in a string"#),
    .init(name: "a lone surrogate", text: #"{"pinSets": [{"pattern": "\uD800"}]}"#,
          message: #"pinSets[0].pattern: syntax error: a lone surrogate \uD800"#),
    .init(name: "content after the object", text: #"{"pinSets": []} {}"#,
          message: "line 1, column 17: syntax error: unexpected '{' after the end of the JSON value"),
    // An empty file is refused as every empty input is, before any JSON is
    // read (`cannot read FILE: empty file`, ToolPapercutsTests); whitespace alone holds no value.
    .init(name: "whitespace alone", text: " \n",
          message: "line 2, column 1: syntax error: the file holds no JSON value"),
    .init(name: "not JSON at all", text: "not json",
          message: "line 1, column 1: syntax error: 'not' is not a JSON value (the only bare words are true, false and null; text needs double quotes)"),
    .init(name: "true with trailing letters", text: #"{"pinSets": [{"enforce": truey}]}"#,
          message: "line 1, column 30: pinSets[0]: syntax error: unexpected 'y'; expected ',' or '}'"),
]

let configDirectory: URL = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-config-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}()

func writeConfig(_ name: String, _ bytes: [UInt8]) throws -> String {
    let safe = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
    let url = configDirectory.appendingPathComponent(String(safe) + ".json")
    try Data(bytes).write(to: url)
    return url.path
}

let policyCheckArguments = ["policy", "check", "--roots", "Vectors/chains/valid/roots.pem", "--host", "www.example.com",
                            "--at", "2025-06-01T00:00:00Z"]

@Test(arguments: badConfigs)
func policyCheckRefusesAMalformedConfiguration(_ row: BadConfig) throws {
    let path = try writeConfig(row.name, Array(row.text.utf8))
    let run = try runPurex509(policyCheckArguments + [path, "Vectors/chains/valid/chain.pem"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("purex509: \(path), "), "\(run.error)")
    #expect(run.error.contains(row.message), "\(run.error)")
    #expect(!run.error.contains("NSCocoaErrorDomain") && !run.error.contains("Error Domain"))
    #expect(run.output.isEmpty, "nothing is evaluated under a refused configuration")
}

/// Bytes that are not UTF-8 inside a string, which Swift source cannot hold.
@Test func policyCheckRefusesInvalidUTF8() throws {
    let bytes = Array(#"{"pinSets": [{"pattern": ""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8)
    let run = try runPurex509(policyCheckArguments + [try writeConfig("invalid-utf8", bytes), "Vectors/chains/valid/chain.pem"])
    #expect(run.status == 2)
    #expect(run.error.contains("line 1, column 26: pinSets[0].pattern: syntax error: a string that is not valid UTF-8"), "\(run.error)")
}

/// The documented example still works, and a UTF-8 byte-order mark before it is ignored (RFC 8259 §8.1).
@Test func theDocumentedConfigurationIsAccepted() throws {
    let example = ["policy", "check", "docs/pinning-example.json", "Vectors/chains/valid/chain.pem",
                   "--roots", "Vectors/chains/valid/roots.pem", "--host", "a.wild.example.com", "--at", "2025-06-01T00:00:00Z"]
    let run = try runPurex509(example)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("pin set: wild.example.com (and subdomains) (report-only)"))
    #expect(run.output.hasSuffix("trusted\n"))
    let text = try Data(contentsOf: repository.appendingPathComponent("docs/pinning-example.json"))
    let bom = try writeConfig("bom", [0xEF, 0xBB, 0xBF] + [UInt8](text))
    var withBOM = example
    withBOM[2] = bom
    #expect(try runPurex509(withBOM).status == 0)
}

/// A refusal by the Pinning layer keeps its type through the decoder, so the
/// tool tells a public-suffix pattern apart by case, not by searching the
/// message; the decoder's own rules carry no cause.
@Test func configurationErrorsKeepThePinningLayersType() {
    func cause(_ text: String) -> ConfigError.Cause?? {
        do {
            _ = try PinningConfigFile.parse(Array(text.utf8))
            return nil
        } catch {
            return .some(error.cause)
        }
    }
    #expect(cause(pinSetConfig(pattern: #""*.com""#)) == .some(.hostPattern(.publicSuffix("*.com"))))
    #expect(cause(pinSetConfig(pattern: #""a..b""#)) == .some(.hostPattern(.invalidPattern("a..b"))))
    #expect(cause(pinSetConfig(pins: "[\"\(pinA)\"]")) == .some(.pinSet(.insufficientPins(have: 1, need: 2))))
    #expect(cause(pinSetConfig(pins: "[\"sha1/AAAA\", \"\(pinB)\"]")) == .some(.pin(.unsupportedPrefix("sha1"))))
    #expect(cause(pinSetConfig(#""enforced": true"#)) == .some(nil))
    #expect(cause(pinSetConfig()) == nil, "the configuration itself is accepted")
}

// Pin-set configurations whose pattern reaches below the base of a
// wildcard rule of the Public Suffix List (`*.kawasaki.jp`,
// `*.compute.amazonaws.com`): every name one label below such a base is a
// public suffix, so `**.kawasaki.jp`, `*.kawasaki.jp` and `kawasaki.jp`
// with includeSubdomains are refused as patterns over a suffix are; the
// exception `!city.kawasaki.jp` keeps `**.city.kawasaki.jp` registrable.
// These patterns used to load (docs/pinning.md, docs/security.md).

private let shippedList = PublicSuffixList(text: [UInt8](
    (try? Data(contentsOf: Vectors.repository.appendingPathComponent("Sources/PureX509Tool/Resources/public_suffix_list.dat"))) ?? Data()))

private func causeWithShippedList(_ text: String) -> ConfigError.Cause?? {
    do {
        _ = try PinningConfigFile.parse(Array(text.utf8), publicSuffixes: shippedList)
        return nil
    } catch {
        return .some(error.cause)
    }
}

@Test func aPinSetOverTheBaseOfAWildcardRuleIsRefused() {
    #expect(shippedList.ruleCount > 5_000)
    for pattern in ["**.kawasaki.jp", "*.kawasaki.jp", "**.compute.amazonaws.com", "*.compute.amazonaws.com"] {
        #expect(causeWithShippedList(pinSetConfig(pattern: "\"\(pattern)\"")) == .some(.hostPattern(.publicSuffix(pattern))), "\(pattern)")
    }
    for domain in ["kawasaki.jp", "compute.amazonaws.com"] {
        #expect(causeWithShippedList(pinSetConfig(#""includeSubdomains": true"#, pattern: "\"\(domain)\"")) == .some(.hostPattern(.publicSuffix(domain))),
                "\(domain) with includeSubdomains")
    }
}

@Test func aPinSetBesideTheWildcardRulesStillLoads() {
    for pattern in ["kawasaki.jp", "**.city.kawasaki.jp", "*.city.kawasaki.jp", "**.shop.foo.kawasaki.jp", "compute.amazonaws.com"] {
        #expect(causeWithShippedList(pinSetConfig(pattern: "\"\(pattern)\"")) == nil, "\(pattern)")
    }
    #expect(causeWithShippedList(pinSetConfig(#""includeSubdomains": true"#, pattern: #""city.kawasaki.jp""#)) == nil)
    #expect(causeWithShippedList(pinSetConfig(#""includeSubdomains": false"#, pattern: #""kawasaki.jp""#)) == nil, "exact: that one name")
}

/// `policy check` reads the shipped list and names it in the refusal.
@Test func policyCheckRefusesAPatternOverAWildcardRulesBase() throws {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-wildcard-base-\(getpid()).json")
    try pinSetConfig(pattern: #""**.kawasaki.jp""#).write(to: config, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: config) }
    let run = try runPurex509(["policy", "check", config.path, "Vectors/chains/valid/chain.pem", "--host", "www.city.kawasaki.jp",
                               "--roots", "Vectors/chains/valid/roots.pem"])
    #expect(run.status == 2)
    #expect(run.error.contains(#"pinSets[0].pattern: host pattern "**.kawasaki.jp" covers a public suffix (the Public Suffix List of 2026-10-22 shipped with purex509)"#),
            "\(run.error)")
}
