import Foundation
import Testing

// The papercuts a new user hits in
// `policy check`, `scan` and `--at`, and the Public Suffix List the tool
// ships. Each test failed against the code before the fix (named in its
// comment).

private let validChain = "Vectors/chains/valid/chain.pem"
private let validRoots = ["--roots", "Vectors/chains/valid/roots.pem"]

/// A configuration with one pin set for another host: www.example.com gets default validation.
private let otherHostConfig = """
    {"pinSets": [{"pattern": "other.example.org", "pins": ["sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
     "sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc="]}]}
    """

private func temporaryFile(_ name: String, _ bytes: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("papercut-\(UUID().uuidString)-\(name)")
    try bytes.write(to: url)
    return url
}

private func config(pattern: String) -> String {
    """
    {"pinSets": [{"pattern": "\(pattern)", "pins": ["sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
     "sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc="]}]}
    """
}

// MARK: item 5 — `policy check` reads CONFIG as every other file

/// Before: `cannot read PATH` with no reason, and `-` was a file named "-".
@Test func policyCheckReadsConfigFromStandardInput() throws {
    let run = try runPurex509(["policy", "check", "-", validChain, "--host", "www.example.com", "--at", "2025-06-01"] + validRoots,
                              input: Data(otherHostConfig.utf8))
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("pin set: none for www.example.com"))
    // A syntax error names standard input, not "-".
    let bad = try runPurex509(["policy", "check", "-", validChain, "--host", "www.example.com"] + validRoots, input: Data("{,}".utf8))
    #expect(bad.status == 2)
    #expect(bad.error.hasPrefix("purex509: standard input, line 1, column 2"), "\(bad.error)")
    // Standard input is read once.
    #expect(try runPurex509(["policy", "check", "-", "-", "--host", "www.example.com"], input: Data()).status == 2)
}

struct UnreadableConfig: CustomTestStringConvertible, Sendable {
    let name: String
    let path: String
    let reason: String
    var testDescription: String { name }
}

/// Before: `purex509: cannot read /nonexistent/config.json` and nothing more.
@Test(arguments: [
    UnreadableConfig(name: "missing", path: "/nonexistent/config.json", reason: "not found"),
    UnreadableConfig(name: "a directory", path: "Vectors", reason: "is a directory"),
    UnreadableConfig(name: "empty", path: "EMPTY", reason: "empty file"),
    UnreadableConfig(name: "over the size cap", path: "LARGE", reason: "larger than 67108864 bytes"),
])
func policyCheckSaysWhyConfigCannotBeRead(_ row: UnreadableConfig) throws {
    var path = row.path
    var made: URL?
    if path == "EMPTY" { made = try temporaryFile("empty.json", Data()) }
    if path == "LARGE" {
        // Sparse: 64 MiB + 1 of zeros costs no disk.
        let url = try temporaryFile("large.json", Data())
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        made = url
    }
    defer { if let made { try? FileManager.default.removeItem(at: made) } }
    if let made { path = made.path }
    let run = try runPurex509(["policy", "check", path, validChain, "--host", "www.example.com"] + validRoots)
    #expect(run.status == 2)
    #expect(run.error.contains("purex509: cannot read \(path): \(row.reason)"), "\(run.error)")
}

// MARK: item 6 — `scan` echoes any `id` and says when a line is not JSON

private func scanLine(id: String) throws -> String {
    let text = try String(contentsOf: repository.appendingPathComponent("Vectors/samples/amazon-ecdsa-chain.pem"), encoding: .utf8)
    let chain = text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().map {
        $0.components(separatedBy: "-----END CERTIFICATE-----")[0].filter { !$0.isWhitespace }
    }
    return #"{"leaf":"\#(chain[0])","intermediates":[\#(chain.dropFirst().map { "\"\($0)\"" }.joined(separator: ","))],"time":"2025-03-01","host":"valid.rootca4.demo.amazontrust.com","id":\#(id)}"#
}

/// Before: a number came back as a string (`"id":"7"`), and an object,
/// array, boolean or null made the line an input error.
@Test func scanEchoesAnIdOfAnyJSONType() throws {
    // Written as they are echoed: compact, members in order, numbers as written.
    let ids = [#""amazon""#, "7", "-0.50e3", "true", "false", "null", #"{"run":3,"tags":["a","b"],"z":{"a":1}}"#, #"[1,"two",[3],{}]"#, #""caf\u00e9 \u2028""#]
    let input = try ids.map(scanLine).joined(separator: "\n") + "\n"
    let run = try runPurex509(["scan", "--roots", "Vectors/samples/amazon-root-ca4.pem", "--jobs", "1", "-"], input: Data(input.utf8))
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n").map(String.init)
    try #require(lines.count == ids.count)
    // "é" comes back as itself, U+2028 escaped (JSONText.quoted, as every string the tool writes).
    let echoed = ids.map { $0 == #""caf\u00e9 \u2028""# ? "\"café \\u2028\"" : $0 }
    for (line, id) in zip(lines, echoed) {
        #expect(line.contains(#""id":\#(id),"#), "\(line.prefix(200)) should echo \(id)")
        #expect(line.contains(#""trusted":true"#))
    }
}

/// Before: `line 1, column 1: invalid literal; expected null` for a line of plain words.
@Test func scanSaysInWordsThatALineIsNotJSON() throws {
    // The first line opens with '{', so the input is read as JSON lines.
    let input = "{\"leaf\": tru}\nnope, not json\nhello\n"
    let run = try runPurex509(["scan", "--roots", "Vectors/samples/amazon-root-ca4.pem", "--jobs", "1", "-"], input: Data(input.utf8))
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n").map(String.init)
    try #require(lines.count == 3)
    #expect(lines[1].contains(#"not JSON (column 1): 'nope' is not a JSON value (the only bare words are true, false and null; text needs double quotes); each line must be one JSON object"#), "\(lines[1])")
    #expect(lines[2].contains(#"not JSON (column 1): unexpected 'h'; expected a value"#), "\(lines[2])")
    #expect(lines[0].contains(#"not JSON (column 10): 'tru' is not a JSON value"#), "\(lines[0])")
    #expect(!run.output.contains("invalid literal"))
}

// MARK: item 7 — negative UNIX times are values

/// Before: `Error: Missing value for '--at <at>'` (exit 2): ArgumentParser
/// took `-1` for an option.
@Test func negativeUnixTimesAreRead() throws {
    // 1969-12-31T23:59:59Z: before the leaf's notBefore, so not trusted (exit 1), with that time named.
    let verify = try runPurex509(["verify", "--at", "-1", "--host", "www.example.com"] + validRoots + [validChain])
    #expect(verify.status == 1, "\(verify.error)")
    #expect(verify.error.contains("evaluated at 1969-12-31T23:59:59Z"), "\(verify.error)")
    // The earliest time the tool takes, 0000-01-01T00:00:00Z.
    let earliest = try runPurex509(["verify", "--at", "-62167219200", "--host", "www.example.com"] + validRoots + [validChain])
    #expect(earliest.status == 1)
    #expect(earliest.error.contains("evaluated at 0000-01-01T00:00:00Z"), "\(earliest.error)")
    // One second earlier is refused with the range, not taken for an option.
    let outside = try runPurex509(["verify", "--at", "-62167219201"] + validRoots + [validChain])
    #expect(outside.status == 2)
    #expect(outside.error.contains("is outside 0000-01-01T00:00:00Z"), "\(outside.error)")
    let config = try temporaryFile("config.json", Data(otherHostConfig.utf8))
    defer { try? FileManager.default.removeItem(at: config) }
    let policy = try runPurex509(["policy", "check", config.path, validChain, "--host", "www.example.com", "--at", "-1"] + validRoots)
    #expect(policy.status == 1, "\(policy.error)")
    #expect(policy.error.contains("not valid before"), "\(policy.error)")
    let scan = try runPurex509(["scan", "--at", "-86400", "--host", "www.example.com"] + validRoots + [validChain])
    #expect(scan.status == 1, "\(scan.error)")
    #expect(scan.output.contains(#""code":"notYetValid""#), "\(scan.output)")
}

// MARK: item 9 — a current Public Suffix List, and --public-suffix-list

/// Before: the 2023-02-09 list had no `ac.bd` rule (added since), so
/// `*.ac.bd` was accepted as a pattern over a registrable domain.
@Test func theShippedPublicSuffixListIsCurrent() throws {
    let file = try temporaryFile("config.json", Data(config(pattern: "*.ac.bd").utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try runPurex509(["policy", "check", file.path, validChain, "--host", "www.example.com"] + validRoots)
    #expect(run.status == 2)
    #expect(run.error.contains(#"host pattern "*.ac.bd" covers a public suffix (the Public Suffix List of 2026-10-22 shipped with purex509)"#), "\(run.error)")
    let list = try String(contentsOf: repository.appendingPathComponent("Sources/PureX509Tool/Resources/public_suffix_list.dat"), encoding: .utf8)
    #expect(list.contains("// VERSION: 2026-10-22_08-36-41_UTC"))
}

/// Before: no such option (exit 2, "Unknown option").
@Test func aPublicSuffixListCanBeGiven() throws {
    let file = try temporaryFile("config.json", Data(config(pattern: "*.corp.example").utf8))
    let list = try temporaryFile("list.dat", Data("// a private list\ncorp.example\n".utf8))
    let notAList = try temporaryFile("not-a-list.dat", Data("// comments only\n".utf8))
    defer { for url in [file, list, notAList] { try? FileManager.default.removeItem(at: url) } }
    let base = ["policy", "check", file.path, validChain, "--host", "www.example.com", "--at", "2025-06-01"] + validRoots
    // The shipped list does not know corp.example: the pattern is accepted.
    #expect(try runPurex509(base).status == 0)
    let refused = try runPurex509(base + ["--public-suffix-list", list.path])
    #expect(refused.status == 2)
    #expect(refused.error.contains(#"covers a public suffix (the Public Suffix List read from \#(list.path))"#), "\(refused.error)")
    // Through the common input path: standard input, reasons, and a file that is no list.
    let fromStandardInput = try runPurex509(base + ["--public-suffix-list", "-"], input: Data("corp.example\n".utf8))
    #expect(fromStandardInput.status == 2)
    #expect(fromStandardInput.error.contains("(the Public Suffix List read from standard input)"), "\(fromStandardInput.error)")
    let missing = try runPurex509(base + ["--public-suffix-list", "/nonexistent/list.dat"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("purex509: cannot read /nonexistent/list.dat: not found"), "\(missing.error)")
    let empty = try runPurex509(base + ["--public-suffix-list", notAList.path])
    #expect(empty.status == 2)
    #expect(empty.error.contains("holds no suffix rule, so not a Public Suffix List"), "\(empty.error)")
    let der = try temporaryFile("list.der", Data([0x30, 0x82, 0xFF, 0xFE, 0x0A]))
    defer { try? FileManager.default.removeItem(at: der) }
    let binary = try runPurex509(base + ["--public-suffix-list", der.path])
    #expect(binary.status == 2)
    #expect(binary.error.contains("not UTF-8 text, so not a Public Suffix List"), "\(binary.error)")
}
