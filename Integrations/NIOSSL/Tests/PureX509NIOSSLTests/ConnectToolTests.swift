import Foundation
import PureX509
import Testing

// `purex509-nio connect` against `openssl s_server`: the exit-code contract
// (0 trusted, 1 not trusted, 2 no chain), the served pins, and the JSON.
@Suite(.serialized) struct ConnectToolTests {
    /// The tool SwiftPM built beside this test bundle.
    static let tool: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory.appendingPathComponent("purex509-nio").path,
                          directory.deletingLastPathComponent().appendingPathComponent("purex509-nio").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `purex509-nio connect` with `environment` added to this
    /// process's and `input` as its standard input (empty: none).
    func connect(_ arguments: [String], environment: [String: String] = [:], input: String = "") throws -> Run {
        try Self.run(["connect"] + arguments, environment: environment, input: input)
    }

    /// Runs `purex509-nio` with `arguments` (the command first).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String = "") throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.tool, "purex509-nio not built"))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        var status: Int32 = 0
        var result: Int32
        repeat { result = waitpid(process.processIdentifier, &status, 0) } while result == -1 && errno == EINTR
        // Foundation reaped it first: its status is then the one to read.
        if result == -1 {
            while process.isRunning { usleep(1_000) }
            return Run(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
        }
        return Run(status: (status >> 8) & 0xFF, output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
    }

    func server(_ hierarchy: String, leaf: String = "leaf.pem", key: String = "leaf.key") throws -> OpenSSLServer {
        try OpenSSLServer(leaf: Fixtures.path(hierarchy, leaf), chain: Fixtures.path(hierarchy, "intermediate.pem"),
                          key: Fixtures.path(hierarchy, key))
    }

    @Test(arguments: ["rsa", "ec"]) func trustedServerExitsZeroWithPinsAndPath(hierarchy: String) throws {
        let server = try server(hierarchy)
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path(hierarchy, "root.pem"), "localhost:\(server.port)"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("served by localhost:\(server.port) (2 certificates):"))
        let pins = try Fixtures.certificates(hierarchy, "chain.pem").map { "sha256/" + Base64Pin.of($0) }
        for pin in pins { #expect(run.output.contains(pin)) }
        #expect(run.output.contains("trusted\n"))
        #expect(run.output.contains("(anchor)"))
    }

    @Test func wrongHostExitsOneWithTheCode() throws {
        let server = try server("ec")
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("ec", "root.pem"), "--host", "www.example.com", "--json", "localhost:\(server.port)"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["trusted"] as? Bool == false)
        #expect((object["error"] as? [String: Any])?["code"] as? String == "hostnameMismatch")
        #expect((object["served"] as? [[String: Any]])?.count == 2)
        #expect(object["endpoint"] as? String == "localhost:\(server.port)")
    }

    @Test func internationalisedHostIsResolvedSentAndMatchedAsItsALabel() throws {
        // Fullwidth letters map to "localhost" (UTS #46), the leaf's name;
        // the server refuses any other SNI, the machine resolves no other name.
        let server = try OpenSSLServer(leaf: Fixtures.path("ec", "leaf.pem"), chain: Fixtures.path("ec", "intermediate.pem"),
                                       key: Fixtures.path("ec", "leaf.key"), requiredServerName: "localhost")
        defer { server.stop() }
        // Past the SNI check s_server serves its second certificate without the chain.
        let run = try connect(["--roots", Fixtures.path("ec", "root.pem"), "--untrusted", Fixtures.path("ec", "intermediate.pem"),
                               "--json", "ｌｏｃａｌｈｏｓｔ:\(server.port)"])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        #expect(object["trusted"] as? Bool == true)
        #expect(object["endpoint"] as? String == "localhost:\(server.port)")
        // The server's SNI check is real: another name is refused.
        let other = try connect(["--roots", Fixtures.path("ec", "root.pem"), "--servername", "bücher.example", "localhost:\(server.port)"])
        #expect(other.status == 2)
        #expect(other.error.contains("cannot get a certificate chain"), "\(other.error)")
        // A name without an A-label form never reaches the network.
        let refused = try connect(["--roots", Fixtures.path("ec", "root.pem"), "ｌｏｃａｌｈｏｓｔ_:\(server.port)"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("has no A-label form (UTS #46 and IDNA2008)"), "\(refused.error)")
    }

    @Test func addressTargetIsCheckedAsAnIPAddress() throws {
        let server = try server("rsa")
        defer { server.stop() }
        // The leaf presents IP:127.0.0.1; no SNI is sent for an address.
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "127.0.0.1:\(server.port)"])
        #expect(run.status == 0, "\(run.error)")
    }

    @Test func expiredServerExitsOne() throws {
        let server = try server("rsa", leaf: "expired.pem", key: "expired.key")
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--json", "localhost:\(server.port)"])
        #expect(run.status == 1)
        #expect(run.output.contains("\"code\":\"expired\""))
    }

    @Test func pinMissExitsOne() throws {
        let server = try server("rsa")
        defer { server.stop() }
        let stranger = "sha256/" + Base64Pin.of(try Fixtures.certificates("rsa", "stranger.pem")[0])
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--pin", stranger, "localhost:\(server.port)"])
        #expect(run.status == 1)
        #expect(run.error.contains("public-key pinning failed"))
    }

    @Test func unreachableServerAndBadUsageExitTwo() throws {
        // A port nothing listens on: bound by a server that was stopped.
        let server = try server("rsa")
        let port = server.port
        server.stop()
        let refused = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--timeout", "5", "localhost:\(port)"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("cannot get a certificate chain"))
        #expect(try connect(["localhost:0"]).status == 2)
        #expect(try connect(["--timeout", "0", "localhost"]).status == 2)
        #expect(try connect(["--roots", "/nonexistent", "localhost:443"]).status == 2)
    }
}

/// The base64 SPKI digest `verify --pin` takes.
enum Base64Pin {
    static func of(_ certificate: PureX509.Certificate) -> String {
        String(SPKIPin(certificate: certificate).description.dropFirst("sha256/".count))
    }
}
