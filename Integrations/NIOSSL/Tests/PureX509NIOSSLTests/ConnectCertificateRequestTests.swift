import Foundation
import PureX509
import Testing

// `purex509-nio connect` without --identity against a server that asks for
// a client certificate. Before, a server that required one and then aborted
// was reported `trusted`, exit 0: in TLS 1.3 the client's handshake ends
// before the server's refusal, and in TLS 1.2 the refusal came after the
// certificates had been collected. Now the request is reported (with the
// CA names TLS 1.2 sends in the clear), the refusal is read, and a refused
// connection exits 1, as `openssl s_client` shows both.
extension ConnectToolTests {
    /// s_server over the RSA hierarchy asking for a client certificate from
    /// the RSA root's hierarchy: required (`-Verify`) or optional (`-verify`).
    func requestingServer(version: String, required: Bool) throws -> OpenSSLServer {
        try OpenSSLServer(leaf: Fixtures.path("rsa", "leaf.pem"), chain: Fixtures.path("rsa", "intermediate.pem"),
                          key: Fixtures.path("rsa", "leaf.key"),
                          arguments: [version, required ? "-Verify" : "-verify", "1", "-CAfile", Fixtures.path("rsa", "root.pem")]
                              + (required ? ["-verify_return_error"] : []))
    }

    var rootName: String { get throws { try Fixtures.certificates("rsa", "root.pem")[0].subjectForDisplay.description } }

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func aRequiredCertificateThatIsMissingIsARefusal(version: String) throws {
        let server = try requestingServer(version: version, required: true)
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "localhost:\(server.port)"])
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(run.output.contains("client certificate: requested by the server"), "\(run.output)")
        #expect(run.output.contains("none presented"), "\(run.output)")
        if version == "-tls1_2" {
            #expect(run.output.contains("accepted CAs: \(try rootName)"), "\(run.output)")
            #expect(run.error.contains("alert handshake_failure (SSLV3_ALERT_HANDSHAKE_FAILURE)"), "\(run.error)")
        } else {
            #expect(run.output.contains("not visible: TLS 1.3 encrypts the request"), "\(run.output)")
            #expect(run.error.contains("alert certificate_required (TLSV1_ALERT_CERTIFICATE_REQUIRED)"), "\(run.error)")
        }
        #expect(run.error.contains("the server refused the connection: it asked for a client certificate, none was presented"), "\(run.error)")

        let json = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--json", "localhost:\(server.port)"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.output)")
        let request = try #require(object["clientCertificateRequest"] as? [String: Any])
        #expect(request["requested"] as? Bool == true)
        if version == "-tls1_2" {
            #expect(request["acceptedCAs"] as? [String] == [try rootName])
        } else {
            #expect(request["acceptedCAs"] is NSNull)
        }
        #expect((object["refusal"] as? String)?.hasPrefix("alert ") == true, "\(object["refusal"] ?? "")")
    }

    @Test(arguments: ["-tls1_2", "-tls1_3"])
    func anOptionalRequestIsReportedAndNotARefusal(version: String) throws {
        let server = try requestingServer(version: version, required: false)
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "localhost:\(server.port)"])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.contains("client certificate: requested by the server"), "\(run.output)")
        #expect(!run.output.contains("handshake: refused"))
        #expect(run.output.contains("trusted\n"))
    }

    @Test func aServerThatAsksNothingReportsNoRequest() throws {
        let server = try server("rsa")
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--json", "localhost:\(server.port)"])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect((object["clientCertificateRequest"] as? [String: Any])?["requested"] as? Bool == false)
        #expect(object["refusal"] is NSNull)
        let text = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "localhost:\(server.port)"])
        #expect(!text.output.contains("client certificate"))
    }

    /// Only the server can refuse: swift-nio-ssl's own check of the leaf
    /// against the address connected to (which this leaf does not name)
    /// must not read as a refusal. The name is PureX509's to judge.
    @Test func anAddressTheLeafDoesNotNameIsNotARefusal() throws {
        let openssl = try #require(openssl, "openssl is not on PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: openssl)
        make.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                          "-keyout", folder + "/leaf.key", "-out", folder + "/leaf.pem", "-subj", "/CN=localhost",
                          "-addext", "subjectAltName=DNS:localhost", "-addext", "extendedKeyUsage=serverAuth"]
        make.standardOutput = FileHandle.nullDevice
        make.standardError = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        let server = try OpenSSLServer(leaf: folder + "/leaf.pem", chain: nil, key: folder + "/leaf.key")
        defer { server.stop() }
        let named = try connect(["--roots", folder + "/leaf.pem", "--host", "localhost", "127.0.0.1:\(server.port)"])
        #expect(named.status == 0, "\(named.output)\(named.error)")
        #expect(!named.error.contains("refused"), "\(named.error)")
        let address = try connect(["--roots", folder + "/leaf.pem", "127.0.0.1:\(server.port)"])
        #expect(address.status == 1, "\(address.output)\(address.error)")
        #expect(address.error.contains("not trusted"), "\(address.error)")
        #expect(!address.error.contains("refused"), "\(address.error)")
    }

    @Test func aPresentedIdentityAlsoShowsTheAcceptedCAs() throws {
        let p12 = try PKCS12Fixtures.make("rsa", certificate: "client.pem", key: "client.key")
        defer { try? FileManager.default.removeItem(atPath: p12) }
        let server = try requestingServer(version: "-tls1_2", required: true)
        defer { server.stop() }
        let run = try connect(["--roots", Fixtures.path("rsa", "root.pem"), "--identity", p12,
                               "--password-env", "PUREX509_TEST_P12_PASSWORD", "localhost:\(server.port)"],
                              environment: Self.passwordVariable)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("client certificate: requested by the server; accepted CAs: \(try rootName)\n"), "\(run.output)")
        #expect(run.output.contains("presented; the server went on without refusing it"))
    }
}
