import Foundation
import PureX509
import Testing

// A user who reads `purex509 --version` must find that version's entry in the
// changelog, and a tag made from the changelog must name what the code
// reports; the licence must be the one the README names.
@Suite struct ReleaseFilesTests {
    @Test func theNewestReleaseInTheChangelogIsTheVersionTheCodeReports() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = text.split(separator: "\n").filter { $0.hasPrefix("## ") && !$0.hasPrefix("## Unreleased") }
        let newest = try #require(releases.first)
        let version = newest.dropFirst(3).split(separator: " ").first.map(String.init)
        #expect(version == PureX509Version.string)
    }

    @Test func theLicenceIsApacheTwoVerbatim() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(text.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(text.contains("END OF TERMS AND CONDITIONS"))
        // The standard text has nine sections.
        #expect(text.contains("9. Accepting Warranty or Additional Liability."))
    }

    @Test func everyVectorFolderIsInTheLicenceIndex() throws {
        let index = try String(contentsOf: repository.appendingPathComponent("Vectors/README.md"), encoding: .utf8)
        let folders = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Vectors").path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
        for folder in folders {
            #expect(index.contains("`\(folder)/"), "Vectors/\(folder) has no line in Vectors/README.md")
        }
    }
}
