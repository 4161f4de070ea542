import Foundation
import Testing

// Every way `connect` can fail to get a chain prints a sentence, not the
// description of SwiftNIO's or swift-nio-ssl's error values
// (`NIOConnectionError(…)`, `handshakeFailed(sslError([Error: 268435703 …]))`),
// and keeps exit 2 (no chain).
extension ConnectToolTests {
    /// Text no sentence may hold: the names of the error values.
    static let dumps = ["NIOConnectionError", "SingleConnectionFailure", "handshakeFailed(", "sslError(", "Error: 2", "IOError("]

    func expectSentence(_ run: Run, _ says: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.contains("purex509: cannot get a certificate chain from "), "\(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.contains(says), "\(run.error)", sourceLocation: sourceLocation)
        for dump in Self.dumps { #expect(!run.error.contains(dump), "\(run.error)", sourceLocation: sourceLocation) }
    }

    @Test func aClosedPortIsASentence() throws {
        let server = try server("rsa")
        let port = server.port
        server.stop()
        expectSentence(try connect(["--timeout", "5", "127.0.0.1:\(port)"]), "Connection refused (nothing listens on that port)")
    }

    @Test func aNameThatDoesNotResolveIsASentence() throws {
        // .invalid never resolves (RFC 6761 §6.4).
        expectSentence(try connect(["--timeout", "5", "no-such-host.invalid:443"]), "the name no-such-host.invalid does not resolve to any address")
    }

    @Test func aPlainHTTPPortIsASentence() throws {
        let http = try PlainPeer(script: "import http.server as h; h.HTTPServer(('127.0.0.1', PORT), h.BaseHTTPRequestHandler).serve_forever()")
        defer { http.stop() }
        expectSentence(try connect(["--timeout", "5", "localhost:\(http.port)"]), "the server's answer is not TLS (WRONG_VERSION_NUMBER): the port may speak plain text, such as HTTP")
    }

    @Test func aSilentServerIsATimeout() throws {
        // Accepts the TCP connection (the listen backlog) and never answers.
        let silent = try PlainPeer(script: "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', PORT)); s.listen(8); time.sleep(120)")
        defer { silent.stop() }
        expectSentence(try connect(["--timeout", "1", "localhost:\(silent.port)"]), "the server sent no certificates within 1 s (--timeout)")
    }

    @Test func aHandshakeAlertIsASentence() throws {
        let server = try OpenSSLServer(leaf: Fixtures.path("ec", "leaf.pem"), chain: Fixtures.path("ec", "intermediate.pem"),
                                       key: Fixtures.path("ec", "leaf.key"), requiredServerName: "localhost")
        defer { server.stop() }
        expectSentence(try connect(["--servername", "other.example", "localhost:\(server.port)"]),
                       "the TLS handshake with localhost:\(server.port) failed: alert unrecognized_name (TLSV1_ALERT_UNRECOGNIZED_NAME)")
    }
}

/// A plain-TCP peer: a Python one-liner with PORT replaced by a free port.
final class PlainPeer {
    let process: Process
    let port: Int

    init(script: String) throws {
        (process, port) = try startListener(executable: "/usr/bin/env", name: "a python3 listener") { port in
            ["python3", "-c", script.replacingOccurrences(of: "PORT", with: String(port))]
        }
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        waitForExit(process)
    }
}
