import Foundation
import PureX509

/// .p12 files made at test time by `openssl pkcs12 -export` in its default
/// scheme (PBES2 with AES-256-CBC, HMAC-SHA256 MAC), from a fixture
/// certificate file (leaf, then its intermediate) and key, and read back
/// with PureX509's `PKCS12File`.
enum PKCS12Fixtures {
    /// The password every made file is protected with (a test secret).
    static let password = "mutual TLS test ü"

    /// Writes the file to a fresh temporary path and returns the path; the caller removes it.
    static func make(_ hierarchy: String, certificate: String, key: String) throws -> String {
        guard let openssl else { throw PeerError("openssl is not on PATH") }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-nio-\(UUID().uuidString).p12").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        // The password reaches openssl through its environment, not argv.
        process.arguments = ["pkcs12", "-export", "-in", Fixtures.path(hierarchy, certificate), "-inkey", Fixtures.path(hierarchy, key),
                             "-passout", "env:PUREX509_TEST_P12_PASSWORD", "-out", output]
        process.environment = ProcessInfo.processInfo.environment.merging(["PUREX509_TEST_P12_PASSWORD": password]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var exited = false
        while !exited && Date() < deadline {
            exited = hasExited(process)
            if !exited { usleep(5_000) }
        }
        if !exited {
            kill(process.processIdentifier, SIGKILL)
            waitForExit(process)
        }
        guard exited, let size = try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int, size > 0 else {
            try? FileManager.default.removeItem(atPath: output)
            throw PeerError("openssl pkcs12 -export made no file for \(hierarchy)/\(certificate)")
        }
        return output
    }

    /// The identity of a freshly made file, opened with `PKCS12File`.
    static func identity(_ hierarchy: String, certificate: String, key: String) throws -> ClientIdentity {
        let path = try make(hierarchy, certificate: certificate, key: key)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try PKCS12File(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), password: .utf8(password))
        guard let identity = file.identities.first else { throw PeerError("no identity in the file made from \(certificate)") }
        return identity
    }
}
