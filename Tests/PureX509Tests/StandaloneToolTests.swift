import Foundation
@testable import PureX509Tool
import TestSupport
import Testing

// The tool must work when copied on its own (a CI image, a server's
// /usr/local/bin): before, `policy check` trapped in SwiftPM's resource
// accessor ("could not load resource bundle", exit 132) because the Public
// Suffix List was a bundle resource. It is compiled in now.
@Suite struct StandaloneToolTests {
    /// The compiled-in rules are exactly the rule lines of the committed list,
    /// so replacing the .dat without running scripts/public-suffix-list.py fails here.
    @Test func theCompiledInListIsTheCommittedFile() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("Sources/PureX509Tool/Resources/public_suffix_list.dat"), encoding: .utf8)
        let committed = text.split(separator: "\n").compactMap { line -> Substring? in
            let rule = line.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
            return rule.isEmpty || rule.hasPrefix("//") ? nil : rule
        }
        let compiled = PublicSuffixListText.rules.split(separator: "\n")
        #expect(compiled.count == committed.count)
        #expect(compiled.elementsEqual(committed))
        #expect(text.contains("// VERSION: \(PublicSuffixListText.version)\n"))
        #expect(text.contains("// COMMIT: \(PublicSuffixListText.commit)\n"))
    }

    /// The binary copied alone into an empty folder and run from there: the
    /// shipped list still refuses a pattern over a public suffix, with exit 2
    /// and the documented message, not a trap.
    @Test func aCopiedBinaryRunsPolicyCheckWithoutItsBuildFolder() throws {
        let built = try #require(toolPath, "purex509 binary not found")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("purex509")
        // Copied by `cp` in its own process: a copy made here holds a writable
        // descriptor that a tool spawned meanwhile by a parallel test inherits,
        // and running the copy then fails with ETXTBSY ("Text file busy").
        let copied = try runTool("/bin/cp", [built, copy.path])
        try #require(copied.status == 0, "\(copied.error)")
        let config = folder.appendingPathComponent("config.json")
        try Data(#"{"pinSets": [{"pattern": "*.ac.bd", "pins": ["sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc="]}]}"#.utf8).write(to: config)
        let chain = repository.appendingPathComponent("Vectors/samples/amazon-ecdsa-chain.pem").path
        let run = try runTool(copy.path, ["policy", "check", config.path, chain, "--host", "valid.rootca4.demo.amazontrust.com"], in: folder)
        #expect(run.status == 2, "\(run.error)")
        #expect(run.error.contains("covers a public suffix (the Public Suffix List of 2026-10-22 shipped with purex509)"), "\(run.error)")
        #expect(!run.error.contains("Fatal error"))
    }
}
