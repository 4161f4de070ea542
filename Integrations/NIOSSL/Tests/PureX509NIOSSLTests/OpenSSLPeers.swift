import Foundation
import PureX509

/// The generated chains (Fixtures/generate.py).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ hierarchy: String, _ file: String) -> String {
        folder.appendingPathComponent(hierarchy).appendingPathComponent(file).path
    }

    static func certificates(_ hierarchy: String, _ file: String) throws -> [Certificate] {
        let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(hierarchy, file))))
        return try PEM.certificates(in: text).map { try Certificate(derEncoded: $0.der) }
    }

    static func anchors(_ hierarchy: String) throws -> TrustStore {
        TrustStore(try certificates(hierarchy, "root.pem"))
    }
}

/// `openssl` on PATH, the peer every test talks to.
let openssl: String? = ((ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { $0 + "/openssl" })
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// An `openssl s_server` on 127.0.0.1 serving a leaf and its chain, for one
/// test; stopped by `stop()` (and when the test process ends). With
/// `clientCAs` it requires a client certificate that chains to them
/// (`-Verify`, `-verify_return_error`), and its `-www` page names the client
/// certificate it received. With `requiredServerName` a handshake whose SNI
/// names another host ends in a fatal alert (`-servername_fatal`).
final class OpenSSLServer {
    let process: Process
    let port: Int

    /// Starts on a free port: a port another process holds makes s_server
    /// exit, and another port is tried.
    /// `arguments` are added to s_server's (a protocol version, a cipher list).
    init(leaf: String, chain: String?, key: String, clientCAs: String? = nil, requiredServerName: String? = nil,
         arguments: [String] = []) throws {
        guard let openssl else { throw PeerError("openssl is not on PATH") }
        (process, port) = try startListener(executable: openssl, name: "openssl s_server") { port in
            ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", leaf, "-key", key, "-www", "-quiet"]
                + (chain.map { ["-cert_chain", $0] } ?? [])
                + (clientCAs.map { ["-Verify", "1", "-CAfile", $0, "-verify_return_error"] } ?? [])
                // s_server checks SNI only when it has a second certificate to switch to.
                + (requiredServerName.map { ["-servername", $0, "-servername_fatal", "-cert2", leaf, "-key2", key] } ?? [])
                + arguments
        }
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        waitForExit(process)
    }
}

/// Runs `openssl s_client` against 127.0.0.1:port presenting a client
/// certificate (and its chain) when given; returns when it has finished.
/// With -ign_eof its empty standard input does not end the connection: it
/// waits for the server to close or refuse, so a slow verification on the
/// server cannot meet a client that already hung up ("EOF during handshake").
func runOpenSSLClient(port: Int, certificate: String?, key: String?) throws {
    guard let openssl else { throw PeerError("openssl is not on PATH") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: openssl)
    process.arguments = ["s_client", "-connect", "127.0.0.1:\(port)", "-servername", "localhost", "-ign_eof"]
        + (certificate.map { ["-cert", $0, "-cert_chain", $0] } ?? []) + (key.map { ["-key", $0] } ?? [])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while !hasExited(process) && Date() < deadline { usleep(10_000) }
    kill(process.processIdentifier, SIGKILL)
    waitForExit(process)
}

// Seen here: `waitUntilExit` never returned and `isRunning` stayed true in
// the test runner, and s_server outlived SIGTERM; so the peers are killed
// with SIGKILL and reaped by the tests themselves (a -1 from waitpid means
// Foundation reaped the child first).
func hasExited(_ process: Process) -> Bool {
    var status: Int32 = 0
    let result = waitpid(process.processIdentifier, &status, WNOHANG)
    return result != 0
}

func waitForExit(_ process: Process) {
    var status: Int32 = 0
    _ = waitpid(process.processIdentifier, &status, 0)
}

struct PeerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Whether something accepts TCP connections on 127.0.0.1:port.
func canConnect(_ port: Int) -> Bool {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}

/// Starts `executable` with the arguments for a random port until one
/// listens there: a port another process holds makes a peer exit, and
/// another port is tried. Ready when it accepts a connection.
func startListener(executable: String, name: String, arguments: (Int) -> [String]) throws -> (Process, Int) {
    for _ in 0..<20 {
        let port = Int.random(in: 20_000...60_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(port)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !hasExited(process) && Date() < deadline {
            if canConnect(port) { return (process, port) }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        waitForExit(process)
    }
    throw PeerError("\(name) did not start")
}
