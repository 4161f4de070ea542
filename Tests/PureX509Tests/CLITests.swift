import Foundation
import Testing

/// The `purex509` binary SwiftPM built beside this test bundle.
let toolPath: String? = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("purex509").path,
        repository.appendingPathComponent(".build/debug/purex509").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

struct ToolRun {
    let status: Int32
    let output: String
    let error: String
}

func runPurex509(_ arguments: [String]) throws -> ToolRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(toolPath, "purex509 binary not found"))
    process.arguments = arguments
    process.currentDirectoryURL = repository
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
}

@Test func inspectPrintsEveryFieldOfAChain() throws {
    let run = try runPurex509(["inspect", "Vectors/generated/leaf-all-extensions.pem", "Vectors/generated/root-name-constraints.pem"])
    #expect(run.status == 0)
    for line in [
        "  Subject:               C=GB, ST=Somerset, L=Bath, O=Example Ltd, OU=Web, serialNumber=12345, emailAddress=admin@example.com, DC=example, CN=www.example.com",
        "  Issuer:                C=US, O=PureX509 Test CA, CN=PureX509 Generated Root",
        "  Serial:                00:c0:ff:ee",
        "  Not before:            2024-01-02T03:04:05Z",
        "  Not after:             2034-01-02T03:04:05Z",
        "  Public key:            RSA 2048 bits",
        "  Signature algorithm:   sha256WithRSAEncryption",
        "  Basic constraints:     CA:FALSE (critical)",
        "  Key usage:             digitalSignature, keyEncipherment (critical)",
        "  Extended key usage:    serverAuth, clientAuth",
        "  Basic constraints:     CA:TRUE, pathlen:2 (critical)",
    ] {
        #expect(run.output.contains(line + "\n"), "missing: \(line)")
    }
    #expect(run.output.contains("DNS:www.example.com, DNS:*.example.com, IP:192.0.2.10, IP:2001:db8::1, email:user@example.com, URI:https://example.com/path, DirName:CN=Directory Entry"))
    #expect(run.output.contains("Subject key id:"))
    #expect(run.output.contains("Authority key id:"))
    #expect(!run.output.contains("sha256/"), "the SPKI pin arrives with the SHA-2 issue")
}

@Test func inspectJSONIsOneArrayWithAnObjectPerCertificate() throws {
    let run = try runPurex509(["inspect", "--json", "Vectors/certs/pyca-x509/cryptography.io.chain.pem", "Vectors/generated/v1.pem"])
    #expect(run.status == 0)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(array.count == 3)
    let leaf = array[0]
    #expect(leaf["subjectAltNames"] as? [String] == ["DNS:www.cryptography.io", "DNS:cryptography.io"])
    #expect((leaf["publicKey"] as? [String: Any])?["bits"] as? Int == 4096)
    #expect(leaf["index"] as? Int == 1)
    #expect((array[1]["basicConstraints"] as? [String: Any])?["ca"] as? Bool == true)
    #expect(array[2]["basicConstraints"] is NSNull)
    for key in ["subject", "issuer", "serial", "notBefore", "notAfter", "publicKey", "signatureAlgorithm",
                "subjectAltNames", "basicConstraints", "keyUsage", "extendedKeyUsage", "subjectKeyIdentifier", "authorityKeyIdentifier"] {
        #expect(array.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
    }
}

@Test func inspectReadsDERDetectedFromContent() throws {
    let run = try runPurex509(["inspect", "Vectors/certs/x509-parser-assets/certificate.der"])
    #expect(run.status == 0)
    #expect(run.output.contains("  Subject:"))
}

@Test func malformedInputExitsOneWithTheRuleAndOffset() throws {
    let run = try runPurex509(["inspect", "Vectors/generated/v1.pem", "Vectors/chromium-pki/parse_certificate_unittest/bad_key_usage.pem"])
    #expect(run.status == 1)
    #expect(run.output.contains("CN=version one"), "the good file is still printed")
    #expect(run.error.contains("keyUsage with no bit set at offset 877"))
    let pem = try runPurex509(["inspect", "Vectors/certs/x509-parser-assets/no_end.pem"])
    #expect(pem.status == 1)
    #expect(pem.error.contains("PEM block 1: no END line"))
}

@Test func usageErrorsAndUnreadableFilesExitTwo() throws {
    #expect(try runPurex509(["inspect"]).status == 2)
    #expect(try runPurex509(["inspect", "--no-such-flag", "Vectors/generated/v1.pem"]).status == 2)
    #expect(try runPurex509(["no-such-command"]).status == 2)
    let missing = try runPurex509(["inspect", "Vectors/does-not-exist.pem"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("cannot read"))
    #expect(try runPurex509(["--help"]).status == 0)
}

@Test func benchParsePrintsAThroughput() throws {
    let run = try runPurex509(["bench", "parse", "--seconds", "0.2", "Vectors/generated/leaf-all-extensions.pem"])
    #expect(run.status == 0)
    #expect(run.output.contains("certificates/s"))
}
