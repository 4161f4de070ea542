import Foundation
import PureX509

/// Chains for the App Transport Security tests, made at test time by the
/// `openssl` command in a temporary folder (fresh keys on every run): a
/// root (RSA-2048, SHA-256) and leaves for localhost and 127.0.0.1 issued by
/// it, each breaking one of ATS's certificate rules or none:
/// `good` (RSA-2048, SHA-256), `sha1` (signed with SHA-1), `small` (an
/// RSA-1024 key). Valid from now for 825 days. The servers that serve them
/// with OpenSSL's default security level refuse the weak ones, so those run
/// with `-cipher DEFAULT@SECLEVEL=0`.
enum ATSFixtures {
    /// The folder, made once per test process; nil when openssl failed.
    static let folder: Result<URL, PeerError> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-ats-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try make(in: folder)
            return .success(folder)
        } catch let error as PeerError {
            return .failure(error)
        } catch {
            return .failure(PeerError("\(error)"))
        }
    }()

    static func path(_ file: String) throws -> String {
        try folder.get().appendingPathComponent(file).path
    }

    static func make(in folder: URL) throws {
        let leafExtensions = """
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature,keyEncipherment
            extendedKeyUsage=serverAuth
            subjectAltName=DNS:localhost,IP:127.0.0.1
            subjectKeyIdentifier=hash
            authorityKeyIdentifier=keyid

            """
        try Data(leafExtensions.utf8).write(to: folder.appendingPathComponent("leaf.ext"))
        try run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "root.key", "-out", "root.pem", "-days", "3650",
                 "-sha256", "-subj", "/O=PureX509 ATS tests/CN=ATS Test Root",
                 "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"], in: folder)
        for (name, bits, digest, serial) in [("good", 2048, "sha256", "1001"), ("sha1", 2048, "sha1", "1002"), ("small", 1024, "sha256", "1003")] {
            try run(["req", "-newkey", "rsa:\(bits)", "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr",
                     "-subj", "/O=PureX509 ATS tests/CN=localhost"], in: folder)
            try run(["x509", "-req", "-in", "\(name).csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", serial,
                     "-days", "825", "-\(digest)", "-extfile", "leaf.ext", "-out", "\(name).pem"], in: folder)
        }
    }

    /// Runs openssl in `folder` and waits (20 s at most); its output is returned.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL, input: FileHandle = FileHandle.nullDevice) throws -> String {
        guard let openssl else { throw PeerError("openssl is not on PATH") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-ats-out-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardInput = input
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var exited = false
        var status: Int32 = 0
        while !exited && Date() < deadline {
            let result = waitpid(process.processIdentifier, &status, WNOHANG)
            exited = result != 0
            if !exited { usleep(5_000) }
        }
        try? handle.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        if !exited {
            kill(process.processIdentifier, SIGKILL)
            waitForExit(process)
            throw PeerError("openssl \(arguments.first ?? "") did not finish")
        }
        guard (status >> 8) & 0xFF == 0 else { throw PeerError("openssl \(arguments.joined(separator: " ")) failed: \(text)") }
        return text
    }

    /// An s_server for `leaf` (no chain: the root is the anchor) with `arguments`.
    static func server(_ leaf: String, _ arguments: [String] = []) throws -> OpenSSLServer {
        try OpenSSLServer(leaf: try path("\(leaf).pem"), chain: nil, key: try path("\(leaf).key"), arguments: arguments)
    }

    /// The SPKI pin of a made certificate, as NSPinnedDomains writes it (no `sha256/`).
    static func pin(_ file: String) throws -> String {
        let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try path(file))))
        let certificate = try Certificate(derEncoded: try PEM.certificates(in: text)[0].der)
        return String(SPKIPin(certificate: certificate).description.dropFirst("sha256/".count))
    }

    /// Writes an Info.plist whose NSAppTransportSecurity dictionary is `ats` (XML body) and returns its path.
    static func infoPlist(_ name: String, ats: String) throws -> String {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.ats-tests</string>
            <key>NSAppTransportSecurity</key><dict>\(ats)</dict>
            </dict></plist>

            """
        let file = try folder.get().appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Whether this machine's OpenSSL completes a TLS 1.1 handshake as a
    /// server (OpenSSL 3 does so only at security level 0; a build may have
    /// dropped it): asked of `openssl s_client -tls1_1`, not of the code under test.
    static let tls11Available: Bool = {
        guard let server = try? server("good", ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"]) else { return false }
        defer { server.stop() }
        guard let folder = try? folder.get(),
              let output = try? run(["s_client", "-connect", "127.0.0.1:\(server.port)", "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"], in: folder)
        else { return false }
        return output.contains("Protocol  : TLSv1.1") || output.contains(", TLSv1.1, Cipher is")
    }()
}
