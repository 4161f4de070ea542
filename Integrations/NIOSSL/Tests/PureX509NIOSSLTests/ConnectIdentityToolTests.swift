import Foundation
import PureX509
import Testing

// `purex509-nio connect --identity FILE.p12` against `openssl s_server
// -Verify 1 -verify_return_error`: the identity presented and not refused
// (exit 0), refused (exit 1, the alert named), and the file's own failures
// before any traffic: wrong password and no identity exit 1, unreadable 2.
extension ConnectToolTests {
    /// An RSA server requiring a client certificate from `clientRoot`'s hierarchy.
    func mutualServer(clientRoot: String) throws -> OpenSSLServer {
        try OpenSSLServer(leaf: Fixtures.path("rsa", "leaf.pem"), chain: Fixtures.path("rsa", "intermediate.pem"),
                          key: Fixtures.path("rsa", "leaf.key"), clientCAs: Fixtures.path(clientRoot, "root.pem"))
    }

    static let passwordVariable = ["PUREX509_TEST_P12_PASSWORD": PKCS12Fixtures.password]

    @Test(arguments: [("rsa", "client"), ("ec", "client-p256")])
    func presentedIdentityIsNotRefused(hierarchy: String, client: String) throws {
        let p12 = try PKCS12Fixtures.make(hierarchy, certificate: "\(client).pem", key: "\(client).key")
        defer { try? FileManager.default.removeItem(atPath: p12) }
        let server = try mutualServer(clientRoot: hierarchy)
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--identity", p12,
                               "--password-env", "PUREX509_TEST_P12_PASSWORD", "localhost:\(server.port)"],
                              environment: Self.passwordVariable)
        #expect(run.status == 0, "\(run.error)")
        let subject = try Fixtures.certificates(hierarchy, "\(client).pem")[0].subjectForDisplay.description
        #expect(run.output.contains("client identity: \(subject)"))
        #expect(run.output.contains("presented; the server went on without refusing it"))
    }

    @Test func passwordFromAFileAndFromStandardInput() throws {
        let p12 = try PKCS12Fixtures.make("rsa", certificate: "client.pem", key: "client.key")
        let passwordFile = p12 + ".password"
        defer {
            try? FileManager.default.removeItem(atPath: p12)
            try? FileManager.default.removeItem(atPath: passwordFile)
        }
        try Data((PKCS12Fixtures.password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
        let server = try mutualServer(clientRoot: "rsa")
        defer { server.stop() }
        let common = ["--roots", Fixtures.path("rsa", "root.pem"), "--identity", p12, "--json"]
        let fromFile = try connect(common + ["--password-file", passwordFile, "localhost:\(server.port)"])
        let fromInput = try connect(common + ["--password-stdin", "localhost:\(server.port)"], input: PKCS12Fixtures.password + "\n")
        for run in [fromFile, fromInput] {
            #expect(run.status == 0, "\(run.error)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let identity = try #require(object["identity"] as? [String: Any])
            #expect(identity["answer"] as? String == "notRefused")
            #expect(identity["key"] as? String == "RSA")
        }
    }

    @Test func identityFromAnotherCAIsRefusedAndExitsOne() throws {
        let p12 = try PKCS12Fixtures.make("rsa", certificate: "stranger.pem", key: "stranger.key")
        defer { try? FileManager.default.removeItem(atPath: p12) }
        let server = try mutualServer(clientRoot: "rsa")
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--identity", p12, "--json",
                               "--password-env", "PUREX509_TEST_P12_PASSWORD", "localhost:\(server.port)"],
                              environment: Self.passwordVariable)
        #expect(run.status == 1)
        #expect(run.error.contains("the server refused the client identity: alert unknown_ca (TLSV1_ALERT_UNKNOWN_CA)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        // The server's chain was still trusted: the refusal is the identity's alone.
        #expect(object["trusted"] as? Bool == true)
        #expect((object["identity"] as? [String: Any])?["answer"] as? String == "refused")
    }

    @Test func wrongPasswordExitsOneBeforeConnecting() throws {
        let p12 = try PKCS12Fixtures.make("rsa", certificate: "client.pem", key: "client.key")
        defer { try? FileManager.default.removeItem(atPath: p12) }
        // Port 1: nothing is reached, as the file fails first.
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--identity", p12,
                               "--password-env", "PUREX509_TEST_P12_PASSWORD", "localhost:1"],
                              environment: ["PUREX509_TEST_P12_PASSWORD": "not the password"])
        #expect(run.status == 1)
        #expect(run.error.contains("MAC verification failed: wrong password, or the file is damaged"))
        #expect(run.output.isEmpty)
    }

    @Test func fileWithoutAnIdentityExitsOne() throws {
        guard let openssl else { throw PeerError("openssl is not on PATH") }
        let p12 = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString).p12").path
        defer { try? FileManager.default.removeItem(atPath: p12) }
        // Certificates only: -nokeys.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["pkcs12", "-export", "-nokeys", "-in", Fixtures.path("rsa", "client.pem"), "-passout", "pass:", "-out", p12]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        waitForExit(process)
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--identity", p12, "--no-password", "localhost:1"])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("no identity: the file holds 2 certificate(s) and no private key"))
    }

    @Test func unreadableIdentityAndMissingPasswordSourceExitTwo() throws {
        let missing = try connect(["--identity", "/nonexistent/client.p12", "--no-password", "localhost:1"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("cannot read"))
        let noSource = try connect(["--identity", "/nonexistent/client.p12", "localhost:1"])
        #expect(noSource.status == 2)
        #expect(noSource.error.contains("--password-file F, --password-env VAR, --password-stdin or --no-password"))
        #expect(try connect(["--no-password", "localhost:1"]).status == 2, "a password without --identity")
    }
}
