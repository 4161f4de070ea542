import Foundation
import NIOSSL
import PureX509
@testable import PureX509NIOSSL
import Testing

// The client adapter presenting a ClientIdentity read from a .p12 file
// (made by `openssl pkcs12 -export`, default scheme) to `openssl s_server
// -Verify 1 -verify_return_error`: the server's status page must show the
// identity's own certificate; no identity and a foreign one are refused.
@Suite(.serialized) struct ClientIdentityTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let hierarchy: String
        let certificate: String
        let key: String
        let algorithm: PrivateKey.Algorithm
        var testDescription: String { "\(algorithm)" }
    }

    static let rows = [
        Row(hierarchy: "rsa", certificate: "client.pem", key: "client.key", algorithm: .rsa),
        Row(hierarchy: "ec", certificate: "client-p256.pem", key: "client-p256.key", algorithm: .p256),
        Row(hierarchy: "ec", certificate: "client-p384.pem", key: "client-p384.key", algorithm: .p384),
        Row(hierarchy: "ec", certificate: "client-ed25519.pem", key: "client-ed25519.key", algorithm: .ed25519),
    ]

    /// An RSA server (rsa hierarchy) requiring client certificates from `clientRoot`'s hierarchy.
    func server(clientRoot: String) throws -> OpenSSLServer {
        try OpenSSLServer(leaf: Fixtures.path("rsa", "leaf.pem"), chain: Fixtures.path("rsa", "intermediate.pem"),
                          key: Fixtures.path("rsa", "leaf.key"), clientCAs: Fixtures.path(clientRoot, "root.pem"))
    }

    @Test(arguments: rows) func serverReceivesTheIdentitysCertificate(row: Row) async throws {
        let identity = try PKCS12Fixtures.identity(row.hierarchy, certificate: row.certificate, key: row.key)
        #expect(identity.privateKey.algorithm == row.algorithm)
        #expect(identity.chain.count == 1, "the intermediate travels in the file")
        let server = try server(clientRoot: row.hierarchy)
        defer { server.stop() }
        let page = try await IdentityHandshake.run(presenting: identity, serverAnchors: "rsa", port: server.port).get()
        // s_server prints the certificate it accepted as PEM: it must be the identity's, byte for byte.
        let shown = try PEM.certificates(in: Array(page.utf8)).map(\.der)
        #expect(shown == [identity.certificate.der])
    }

    @Test func clientWithoutAnIdentityIsRefused() async throws {
        let server = try server(clientRoot: "rsa")
        defer { server.stop() }
        let outcome = try await IdentityHandshake.run(presenting: nil, serverAnchors: "rsa", port: server.port)
        guard case .failure(let error) = outcome else {
            Issue.record("the server answered a client without a certificate")
            return
        }
        // TLS 1.3's certificate_required alert (RFC 8446 §4.4.2.4), after the client's Finished.
        #expect("\(error)".contains("CERTIFICATE_REQUIRED"), "\(error)")
    }

    @Test func identityFromAnotherCAIsRefused() async throws {
        let stranger = try PKCS12Fixtures.identity("rsa", certificate: "stranger.pem", key: "stranger.key")
        let server = try server(clientRoot: "rsa")
        defer { server.stop() }
        let outcome = try await IdentityHandshake.run(presenting: stranger, serverAnchors: "rsa", port: server.port)
        guard case .failure(let error) = outcome else {
            Issue.record("the server accepted a certificate from a root it does not trust")
            return
        }
        // OpenSSL answers with alert 48, unknown_ca (RFC 8446 §6.2).
        #expect("\(error)".contains("ALERT_UNKNOWN_CA"), "\(error)")
    }

    @Test func identityFromAnotherHierarchyIsRefused() async throws {
        // A valid ECDSA client, but the server trusts only the RSA root for clients.
        let identity = try PKCS12Fixtures.identity("ec", certificate: "client-p256.pem", key: "client-p256.key")
        let server = try server(clientRoot: "rsa")
        defer { server.stop() }
        let outcome = try await IdentityHandshake.run(presenting: identity, serverAnchors: "rsa", port: server.port)
        guard case .failure(let error) = outcome else {
            Issue.record("the server accepted a certificate from a root it does not trust")
            return
        }
        #expect("\(error)".contains("ALERT_UNKNOWN_CA"), "\(error)")
    }

    @Test func configurationCarriesLeafThenChainAndTheKey() throws {
        let identity = try PKCS12Fixtures.identity("rsa", certificate: "client.pem", key: "client.key")
        let configuration = try TLSConfiguration.makeClientConfiguration(clientIdentity: identity)
        let sent = try configuration.certificateChain.map { source -> [UInt8] in
            guard case .certificate(let certificate) = source else { throw PeerError("not a certificate") }
            return try certificate.toDERBytes()
        }
        #expect(sent == ([identity.certificate] + identity.chain).map(\.der))
        #expect(configuration.privateKey != nil)
        var cleared = configuration
        try cleared.present(nil)
        #expect(cleared.certificateChain.isEmpty && cleared.privateKey == nil)
    }

    @Test func keyTheTLSStackRefusesIsATypedError() throws {
        // RFC 8410 §10.3's OneAsymmetricKey: version 2, attributes and the
        // public key. PureX509 reads it; BoringSSL takes version 1 only.
        let version2 = try #require(Data(base64Encoded: "MHICAQEwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhCoB8wHQYKKoZIhvcNAQkJFDEPDA1DdXJkbGUgQ2hhaXJzgSEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE="))
        #expect {
            _ = try ClientIdentity.nioSSLPrivateKey(pkcs8: [UInt8](version2), algorithm: .ed25519)
        } throws: { error in
            guard case .privateKeyNotAccepted(.ed25519, _)? = error as? ClientIdentityTLSError else { return false }
            return "\(error)".hasPrefix("swift-nio-ssl does not accept the identity's Ed25519 private key")
        }
        // Garbage never traps either.
        #expect(throws: ClientIdentityTLSError.self) { _ = try ClientIdentity.nioSSLPrivateKey(pkcs8: [0x30, 0x00], algorithm: .rsa) }
    }

    @Test func p521IdentityIsTakenByTheTLSStack() throws {
        // No test hierarchy issues P-521 clients: a self-signed certificate, made here, is enough to load.
        guard let openssl else { throw PeerError("openssl is not on PATH") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.pem").path, certificate = folder.appendingPathComponent("cert.pem").path
        let p12 = folder.appendingPathComponent("id.p12").path
        for arguments in [["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-521", "-nodes", "-subj", "/CN=p521 client",
                           "-days", "1", "-keyout", key, "-out", certificate],
                          ["pkcs12", "-export", "-in", certificate, "-inkey", key, "-passout", "pass:", "-out", p12]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: openssl)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            waitForExit(process)
        }
        let file = try PKCS12File(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: p12))), password: .none)
        let identity = try #require(file.identities.first)
        #expect(identity.privateKey.algorithm == .p521)
        let configuration = try TLSConfiguration.makeClientConfiguration(clientIdentity: identity)
        _ = try NIOSSLContext(configuration: configuration)
    }
}
