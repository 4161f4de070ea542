import ArgumentParser
import Foundation
import PureX509
@testable import PureX509Tool
import Testing

// The numbers and lists the documents state, compared with the code they
// describe, so that adding a fuzz target, a profile or a command without
// saying so fails here rather than misleading a reader.
@Suite struct DocsDriftTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    static let numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                              "eleven", "twelve", "thirteen", "fourteen", "fifteen"]

    /// Every count of fuzz targets the documents give matches the targets FuzzTesting builds.
    @Test func fuzzTargetCountsMatchTheTargets() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("FuzzTesting/Sources").path)
            .filter { $0.hasPrefix("Fuzz") }
        try #require(targets.count < Self.numberWords.count)
        let word = Self.numberWords[targets.count]
        for path in ["README.md", "docs/fuzzing.md", "docs/security.md", "docs/architecture.md", "docs/development.md"] {
            let document = try Self.text(path).lowercased()
            for (index, other) in Self.numberWords.enumerated() where index != targets.count {
                for phrase in ["\(other) fuzz targets", "\(other) libfuzzer targets"] {
                    #expect(!document.contains(phrase), "\(path) says '\(phrase)'; FuzzTesting has \(targets.count)")
                }
            }
        }
        #expect(try Self.text("docs/fuzzing.md").lowercased().contains("\(word) libfuzzer targets"))
        for target in targets {
            #expect(try Self.text("docs/fuzzing.md").contains(target), "docs/fuzzing.md does not name \(target)")
        }
    }

    /// Every profile the code names is a row of docs/profiles.md's table and
    /// appears in the tool's documentation of --profile.
    @Test func everyProfileIsDocumented() throws {
        let table = try Self.text("docs/profiles.md")
        let cli = try Self.text("docs/cli.md")
        for profile in ValidationProfile.named {
            #expect(table.contains("| `\(profile.name)`"), "docs/profiles.md has no row for \(profile.name)")
            #expect(cli.contains("`\(profile.name)`") || cli.contains("--profile \(profile.name)"),
                    "docs/cli.md does not name the profile \(profile.name)")
        }
        // The first table lists the profiles; every row must be one the code knows.
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.drop { !$0.hasPrefix("| `") }.prefix { $0.hasPrefix("|") }
        #expect(rows.count == ValidationProfile.named.count)
        for row in rows {
            let name = String(row.dropFirst(3).prefix { $0 != "`" })
            #expect(ValidationProfile.named(name) != nil, "docs/profiles.md names a profile the code does not have: \(name)")
        }
    }

    /// Every command of the tool is in the README's module table and has a
    /// section or mention in docs/cli.md.
    @Test func everyCommandIsDocumented() throws {
        let readme = try Self.text("README.md")
        let cli = try Self.text("docs/cli.md")
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `PureX509Tool`") })
        for command in PureX509Command.subcommands {
            let name = command._commandName  // the configured name, else the one derived from the type
            try #require(!name.isEmpty)
            // "`policy check`" lists the command `policy`.
            #expect(row.contains("`\(name)`") || row.contains("`\(name) "), "the README's PureX509Tool row does not list \(name)")
            #expect(cli.contains("purex509 \(name)") || cli.contains("purex509-nio \(name)") || cli.contains("`\(name)`"),
                    "docs/cli.md does not mention \(name)")
        }
    }

    /// The shipped Public Suffix List's date, as `policy check --help` gives
    /// it (from the generated list itself), is the one docs/pinning.md states.
    @Test func thePublicSuffixListDateIsTheShippedOne() throws {
        let date = String(PublicSuffixListText.version.prefix(10))
        #expect(date.count == 10 && date.hasPrefix("20"))
        #expect(try Self.text("docs/pinning.md").contains("list of\n\(date)") || (try Self.text("docs/pinning.md").contains(date)),
                "docs/pinning.md does not give the shipped list's date \(date)")
    }
}
