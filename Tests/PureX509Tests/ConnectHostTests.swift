import Foundation
import PureX509
@testable import PureX509Tool
import Testing
import TestSupport

// `connect HOST[:PORT]` converts an internationalised host as `--host` does:
// its A-label form is resolved, sent in SNI and matched; one without an
// A-label form is the usage error `--host` gives, before any traffic.

/// A `purex509-nio` stand-in that says what it was run with.
private func echoingHelper() throws -> URL {
    let helper = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
    try Data("#!/bin/sh\necho \"nio: $*\"\nexit 7\n".utf8).write(to: helper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    return helper
}

@Test func connectRefusesAHostWithoutAnALabelFormAsHostDoes() throws {
    let helper = try echoingHelper()
    defer { try? FileManager.default.removeItem(at: helper) }
    let environment = ["PATH": "/nonexistent", "PUREX509_NIO": helper.path]
    let why = "bücher_.example has no A-label form (UTS #46 and IDNA2008): U+005F '_' at position 7 of label 'bücher_' is not allowed in a host name (IDNA2008, RFC 5892)"
    for target in ["bücher_.example", "bücher_.example:8443"] {
        let run = try runPurex509(["connect", target], environment: environment)
        #expect(run.status == 2, "\(target)")
        #expect(run.error.contains(why), "\(target): \(run.error)")
        #expect(!run.output.contains("nio:"), "refused before the TLS stack was run")
    }
    let verify = try runPurex509(["verify", "--host", "bücher_.example", "--roots", "Vectors/chains/valid/roots.pem", "Vectors/chains/valid/chain.pem"])
    #expect(verify.status == 2 && verify.error.contains(why), "the same words and exit code as --host")

    // --servername goes through the same conversion.
    let sni = try runPurex509(["connect", "--servername", "☃.example", "example.com"], environment: environment)
    #expect(sni.status == 2)
    #expect(sni.error.contains("☃.example has no A-label form"), "\(sni.error)")
    // Punycode that decodes to nothing valid, inside an internationalised name.
    let punycode = try runPurex509(["connect", "bücher.xn--a.example"], environment: environment)
    #expect(punycode.status == 2)
    #expect(punycode.error.contains("has no A-label form"), "\(punycode.error)")
}

@Test func connectHandsAConvertibleHostToTheTLSStack() throws {
    let helper = try echoingHelper()
    defer { try? FileManager.default.removeItem(at: helper) }
    let environment = ["PATH": "/nonexistent", "PUREX509_NIO": helper.path]
    for target in ["bücher.example:8443", "ｌｏｃａｌｈｏｓｔ", "[::1]:8443"] {
        let run = try runPurex509(["connect", "--servername", "BÜCHER.example", target], environment: environment)
        #expect(run.status == 7, "\(target): \(run.error)")
        #expect(run.output == "nio: connect --servername BÜCHER.example \(target)\n", "\(run.output)")
    }
}

/// In this process, with a TLS stack that records what it was asked for and
/// serves a leaf for www.xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks (the
/// leaf is its own anchor, valid in 2017).
@Suite(.serialized) struct ConnectTargetTests {
    final class Recorder: @unchecked Sendable {
        var targets: [ConnectTarget] = []
    }

    /// Runs `connect` with `arguments` and returns the target the TLS stack
    /// saw and the command's outcome (nil: trusted; else the exit code).
    func connect(_ arguments: [String]) throws -> (target: ConnectTarget, exit: Int32?) {
        let recorder = Recorder()
        let served = try PEM.blocks(in: try Vectors.bytes("certs/zlint-testdata/idnCorrectUnicode.pem"), label: "CERTIFICATE").map(\.der)
        ConnectCommand.handshake = { target in
            recorder.targets.append(target)
            return ServedHandshake(served: served, identity: .notPresented)
        }
        defer { ConnectCommand.handshake = nil }
        let roots = Vectors.url("certs/zlint-testdata/idnCorrectUnicode.pem").path
        var command = try PureX509Command.parseAsRoot(["connect", "--roots", roots, "--at", "2017-01-01", "--json"] + arguments)
        var exit: Int32? = nil
        do { try command.run() } catch let error as ToolExit { exit = error.code }
        return (try #require(recorder.targets.first), exit)
    }

    @Test func aULabelHostIsResolvedSentAndMatchedAsItsALabel() throws {
        let aLabel = "www.xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks"
        let run = try connect(["WWW.Адвокатская-Контора.Москва:8443"])
        #expect(run.target.host == aLabel)
        #expect(run.target.port == 8443)
        #expect(run.target.serverName == aLabel)
        #expect(run.exit == nil, "the leaf presents the A-label: trusted")
        // The match is real: another name on the same leaf is refused.
        #expect(try connect(["bücher.example"]).exit == 1)
        // The ideographic full stop maps to "." (UTS #46); an absolute name
        // is resolved as typed, and SNI carries no trailing dot (RFC 6066 §3).
        let absolute = try connect(["www。адвокатская-контора。москва。"])
        #expect(absolute.target.host == aLabel + ".")
        #expect(absolute.target.serverName == aLabel)
        #expect(absolute.exit == nil)
    }

    @Test func servernameIsSentAsItsALabel() throws {
        let run = try connect(["--servername", "Bücher.example", "--host", "www.адвокатская-контора.москва", "127.0.0.1"])
        #expect(run.target.host == "127.0.0.1")
        #expect(run.target.serverName == "xn--bcher-kva.example")
        #expect(run.exit == nil, "--host's A-label is matched")
    }

    @Test func addressTargetsAreLeftAsTheyAre() throws {
        for (target, host) in [("127.0.0.1:8443", "127.0.0.1"), ("[::1]:8443", "::1"), ("::1", "::1")] {
            let run = try connect([target])
            #expect(run.target.host == host)
            #expect(run.target.serverName == nil, "no SNI for an address (RFC 6066 §3)")
            #expect(run.exit == 1, "the leaf presents no address")
        }
    }
}

/// A name far longer than any host name is shown by its start and length.
@Test func aVeryLongUnconvertibleHostIsShownShort() throws {
    let name = String(repeating: "ü", count: 5000)
    let run = try runPurex509(["connect", name], environment: ["PATH": "/nonexistent"])
    #expect(run.status == 2)
    #expect(run.error.contains(String(repeating: "ü", count: 40) + "… (5000 characters) has no A-label form (UTS #46 and IDNA2008): longer than 1024 characters"), "\(run.error.prefix(300))")
    #expect(run.error.utf8.count < 1000, "\(run.error.utf8.count) bytes")
}

@Test func aPortIsDecimalDigitsOnly() throws {
    #expect(try ConnectCommand.hostAndPort("example.com:8443") == ("example.com", 8443))
    #expect(try ConnectCommand.hostAndPort("[::1]:8443") == ("::1", 8443))
    // `Int` alone reads a leading sign; the rest are refused either way.
    for target in ["example.com:+443", "[::1]:+443", "example.com:٤٤٣", "example.com: 443", "example.com:443 ", "example.com:65536"] {
        #expect(throws: (any Error).self, "\(target)") { try ConnectCommand.hostAndPort(target) }
    }
}
