import Foundation
import Testing
import TestSupport

// `purex509 connect` in the core tool has no TLS stack: it runs
// `purex509-nio` (Integrations/NIOSSL) with the same arguments, as git runs
// its subcommands, or says how to get it (exit 2).

private func runWithEnvironment(_ arguments: [String], _ extra: [String: String]) throws -> ToolRun {
    try runTool(try #require(toolPath, "purex509 binary not found"), arguments, environment: ["PATH": "/nonexistent"].merging(extra) { $1 })
}

@Test func connectRunsTheNIOToolWithTheSameArguments() throws {
    let helper = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: helper) }
    try Data("#!/bin/sh\necho \"nio: $*\"\nexit 7\n".utf8).write(to: helper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    let run = try runWithEnvironment(["connect", "--json", "example.com:8443"], ["PUREX509_NIO": helper.path])
    #expect(run.output == "nio: connect --json example.com:8443\n")
    #expect(run.status == 7, "the helper's exit status is the tool's")
}

@Test func connectWithoutTheNIOToolSaysHowToBuildItAndExitsTwo() throws {
    let run = try runWithEnvironment(["connect", "example.com"], [:])
    #expect(run.status == 2)
    #expect(run.error.contains("swift build -c release --package-path Integrations/NIOSSL"))
    // A delegated run never delegates again (a wrong binary under the name must not loop).
    let helper = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: helper) }
    try Data("#!/bin/sh\nexit 0\n".utf8).write(to: helper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    let looped = try runWithEnvironment(["connect", "example.com"], ["PUREX509_NIO": helper.path, "PUREX509_CONNECT_DELEGATED": "1"])
    #expect(looped.status == 2)
    #expect(try runWithEnvironment(["connect", "example.com:99999"], [:]).status == 2)
}

@Test func connectWithAnIdentityButNoNIOToolSaysItCannotPresentIt() throws {
    let run = try runWithEnvironment(["connect", "example.com", "--identity", "Vectors/pkcs12/pyca/cert-key-aes256cbc.p12",
                                      "--password-env", "P"], ["P": "cryptography"])
    #expect(run.status == 2)
    #expect(run.error.contains("cannot present a client identity"), "\(run.error)")
    // Handed on, the identity arguments go with the rest.
    let helper = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: helper) }
    try Data("#!/bin/sh\necho \"nio: $*\"\n".utf8).write(to: helper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    let handed = try runWithEnvironment(["connect", "example.com", "--identity", "client.p12", "--password-env", "P"], ["PUREX509_NIO": helper.path])
    #expect(handed.output == "nio: connect example.com --identity client.p12 --password-env P\n", "\(handed.output)")
}

@Test func atsDiagnosticsIsHandedToTheNIOToolOrSaysHowToGetIt() throws {
    let run = try runWithEnvironment(["ats-diagnostics", "https://example.com"], [:])
    #expect(run.status == 2)
    #expect(run.error.contains("ats-diagnostics needs a TLS stack"), "\(run.error)")
    #expect(run.error.contains("swift build -c release --package-path Integrations/NIOSSL"))
    let helper = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: helper) }
    try Data("#!/bin/sh\necho \"nio: $*\"\n".utf8).write(to: helper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    let handed = try runWithEnvironment(["ats-diagnostics", "--json", "https://example.com:8443/"], ["PUREX509_NIO": helper.path])
    #expect(handed.output == "nio: ats-diagnostics --json https://example.com:8443/\n", "\(handed.output)")
    // A URL that is not https://HOST[:PORT] is refused before anything is run.
    for url in ["example.com", "http://example.com", "https://example.com:0"] {
        #expect(try runWithEnvironment(["ats-diagnostics", url], ["PUREX509_NIO": helper.path]).status == 2, "\(url)")
    }
}

@Test func connectTakesAtsWithoutHostButVerifyStillNeedsIt() throws {
    let helper = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: helper) }
    try Data("#!/bin/sh\necho \"nio: $*\"\n".utf8).write(to: helper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    let handed = try runWithEnvironment(["connect", "--ats", "Info.plist", "example.com"], ["PUREX509_NIO": helper.path])
    #expect(handed.output == "nio: connect --ats Info.plist example.com\n", "\(handed.output) \(handed.error)")
    let verify = try runWithEnvironment(["verify", "--ats", "Info.plist", "chain.pem"], [:])
    #expect(verify.status == 2)
    #expect(verify.error.contains("--ats needs --host"), "\(verify.error)")
}
