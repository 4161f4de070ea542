import Foundation
import Testing
import TestSupport

// `--allow-no-mac`: a .p12 without a MAC opens under a password only when
// the user says so, in each command that opens one (`identity`, `pin
// FILE.p12`; `connect --identity` shares the same options and call).

/// A P-256 identity exported by `openssl pkcs12 -export -nomac`, under a
/// password and with an empty one.
private struct MacLessFiles {
    let folder: URL
    var withPassword: String { folder.appendingPathComponent("nomac.p12").path }
    var withoutPassword: String { folder.appendingPathComponent("nomac-empty.p12").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nomac-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
        set -e
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem -out cert.pem -subj "/CN=no mac" -days 30 2>/dev/null
        openssl pkcs12 -export -nomac -inkey key.pem -in cert.pem -passout pass:s3cret -out nomac.p12
        openssl pkcs12 -export -nomac -legacy -inkey key.pem -in cert.pem -passout pass: -out nomac-empty.p12
        """
        let run = try runTool("/bin/sh", ["-c", script], in: folder)
        #expect(run.status == 0, "openssl could not make the test files: \(run.error)")
    }
}

@Test func identityRefusesAMacLessFileUnderAPasswordUnlessAllowed() throws {
    let files = try MacLessFiles()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let environment = ["P": "s3cret"]
    let refused = try runPurex509(["identity", files.withPassword, "--password-env", "P"], environment: environment)
    #expect(refused.status == 1, "\(refused.output)")
    #expect(refused.error.contains("the file has no MAC"), "\(refused.error)")
    let asJSON = try runPurex509(["identity", "--json", files.withPassword, "--password-env", "P"], environment: environment)
    #expect(asJSON.status == 1 && asJSON.output.contains("\"missingMAC\""), "\(asJSON.output)")
    let allowed = try runPurex509(["identity", files.withPassword, "--password-env", "P", "--allow-no-mac"], environment: environment)
    #expect(allowed.status == 0, "\(allowed.error)")
    #expect(allowed.output.contains("CN=no mac"), "\(allowed.output)")
    // No password: nothing to bind, no flag needed.
    let noPassword = try runPurex509(["identity", files.withoutPassword, "--no-password"])
    #expect(noPassword.status == 0, "\(noPassword.error)")
}

@Test func pinRefusesAMacLessFileUnderAPasswordUnlessAllowed() throws {
    let files = try MacLessFiles()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let environment = ["P": "s3cret"]
    let refused = try runPurex509(["pin", files.withPassword, "--password-env", "P"], environment: environment)
    #expect(refused.status == 1 && refused.error.contains("the file has no MAC"), "\(refused.error)")
    let allowed = try runPurex509(["pin", files.withPassword, "--password-env", "P", "--allow-no-mac"], environment: environment)
    #expect(allowed.status == 0 && allowed.output.hasPrefix("sha256/"), "\(allowed.error)")
}

@Test func theFlagIsInEachCommandsHelp() throws {
    for command in [["identity"], ["pin"], ["connect"]] {
        let help = try runPurex509(command + ["--help"])
        #expect(help.output.contains("--allow-no-mac"), "\(command)")
    }
}
