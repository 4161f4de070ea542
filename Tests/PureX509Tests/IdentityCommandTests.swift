import Foundation
import Testing
import TestSupport

// `purex509 identity`: the password sources, the exit
// contract, the report of the protection, and chain verification, on the
// shared vectors (Vectors/pkcs12) and on files this machine's OpenSSL makes.

private let pyca = "Vectors/pkcs12/pyca/"

/// A client certificate (RSA-2048, clientAuth) under a P-256 CA, exported by
/// `openssl pkcs12 -export` in its default scheme and with `-legacy`.
private struct MadeFiles {
    let folder: URL
    var ca: String { folder.appendingPathComponent("ca.pem").path }
    var modern: String { folder.appendingPathComponent("default.p12").path }
    var legacy: String { folder.appendingPathComponent("legacy.p12").path }
    var clientPEM: String { folder.appendingPathComponent("client.pem").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        basicConstraints=CA:FALSE
        keyUsage=critical,digitalSignature
        extendedKeyUsage=clientAuth
        subjectKeyIdentifier=hash
        authorityKeyIdentifier=keyid

        """.write(to: folder.appendingPathComponent("ext.cnf"), atomically: true, encoding: .utf8)
        let script = """
        set -e
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key -out ca.pem -subj "/CN=Identity Test CA" \
          -days 3650 -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
        openssl req -newkey rsa:2048 -nodes -keyout client.key -out client.csr -subj "/CN=client one"
        openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key -set_serial 7 -days 365 -extfile ext.cnf -out client.pem
        openssl pkcs12 -export -inkey client.key -in client.pem -certfile ca.pem -name "client one" -passout pass:s3cret -out default.p12
        openssl pkcs12 -export -legacy -inkey client.key -in client.pem -certfile ca.pem -passout pass:s3cret -out legacy.p12
        """
        let run = try runTool("/bin/sh", ["-c", script], in: folder)
        #expect(run.status == 0, "openssl could not make the test files")
    }
}

private func json(_ run: ToolRun) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
}

@Test func identityOpensAFileWithEachPasswordSource() throws {
    let file = pyca + "cert-key-aes256cbc.p12"
    let byEnvironment = try runPurex509(["identity", file, "--password-env", "P12_PASSWORD"], environment: ["P12_PASSWORD": "cryptography"])
    #expect(byEnvironment.status == 0, "\(byEnvironment.error)")
    #expect(byEnvironment.output.contains("identity 1 of 1: C=US, CN=cryptography CA"))
    #expect(byEnvironment.output.contains("key: EC P-256, 256 bits; matches the certificate (public key computed from the private key"))
    let byStandardInput = try runPurex509(["identity", file, "--password-stdin"], input: Data("cryptography\n".utf8))
    #expect(byStandardInput.status == 0 && byStandardInput.output == byEnvironment.output)
    let passwordFile = FileManager.default.temporaryDirectory.appendingPathComponent("p12-password-\(UUID().uuidString)")
    try Data("cryptography\r\n".utf8).write(to: passwordFile)
    defer { try? FileManager.default.removeItem(at: passwordFile) }
    let byFile = try runPurex509(["identity", file, "--password-file", passwordFile.path])
    #expect(byFile.status == 0 && byFile.output == byEnvironment.output)
    // A MAC of one iteration over SHA-1 is flagged on both counts.
    let weak = try runPurex509(["identity", pyca + "name-all-pwd.p12", "--password-env", "P"], environment: ["P": "password"])
    #expect(weak.output.contains("MAC: HMAC-SHA1 (PKCS #12 KDF), 1 iteration [weak: SHA-1 MAC, fewer than 2,048 iterations]"), "\(weak.output)")
    // The pin printed is the certificate's, as `pin` computes it.
    let pin = try runPurex509(["pin", pyca + "ca/ca.pem"]).output.split(separator: " ")[0]
    #expect(byEnvironment.output.contains("pin: \(pin)"))
}

@Test func identityPasswordsNeverComeFromArgumentsAndOneSourceIsRequired() throws {
    let file = pyca + "cert-key-aes256cbc.p12"
    let none = try runPurex509(["identity", file])
    #expect(none.status == 2 && none.error.contains("say where the password is"), "\(none.error)")
    let two = try runPurex509(["identity", file, "--no-password", "--password-env", "X"])
    #expect(two.status == 2)
    let unset = try runPurex509(["identity", file, "--password-env", "PUREX509_SURELY_UNSET_VARIABLE"])
    #expect(unset.status == 2 && unset.error.contains("is not set"))
    let bothOnStandardInput = try runPurex509(["identity", "-", "--password-stdin"], input: Data())
    #expect(bothOnStandardInput.status == 2)
    let missing = try runPurex509(["identity", "no-such-file.p12", "--no-password"])
    #expect(missing.status == 2 && missing.error.contains("cannot read no-such-file.p12"))
}

@Test func identityRefusesAWrongPasswordWithTheMACMessage() throws {
    let run = try runPurex509(["identity", pyca + "name-all-pwd.p12", "--password-env", "P"], environment: ["P": "not the password"])
    #expect(run.status == 1)
    #expect(run.error.contains("MAC verification failed: wrong password, or the file is damaged"), "\(run.error)")
    let asJSON = try runPurex509(["identity", pyca + "name-all-pwd.p12", "--password-env", "P", "--json"], environment: ["P": "nope"])
    #expect(asJSON.status == 1)
    let object = try json(asJSON)
    #expect(object["opened"] as? Bool == false && object["code"] as? String == "macVerificationFailed")
}

@Test func identityNamesWhatIsNotAPKCS12File() throws {
    let pem = try runPurex509(["identity", pyca + "ca/ca.pem", "--no-password"])
    #expect(pem.status == 2 && pem.error.contains("PEM text, not a PKCS #12 file"), "\(pem.error)")
    let text = try runPurex509(["identity", "README.md", "--no-password"])
    #expect(text.status == 2 && text.error.contains("not a PKCS #12 file"), "\(text.error)")
    // A certificate's DER starts as a PFX would, so it is read, and refused as no PFX.
    let der = try runPurex509(["identity", "Benchmarks/Fixtures/leaf.der", "--no-password"])
    #expect(der.status == 1 && der.error.contains("malformed PFX"), "\(der.error)")
}

@Test func identityReadsBase64TextAndRefusesRFC9579Attacks() throws {
    let folder = "Vectors/pkcs12/rfc9579/"
    let passwordFile = FileManager.default.temporaryDirectory.appendingPathComponent("p12-1234-\(UUID().uuidString)")
    try Data("1234".utf8).write(to: passwordFile)
    defer { try? FileManager.default.removeItem(at: passwordFile) }
    for name in ["rfc9579-a1", "rfc9579-a2", "rfc9579-a3"] {
        let run = try runPurex509(["identity", folder + name + ".txt", "--password-file", passwordFile.path])
        #expect(run.status == 0, "\(name): \(run.error)")
        #expect(run.output.contains("MAC: PBMAC1"), "\(name)")
    }
    for name in ["rfc9579-a4", "rfc9579-a5", "rfc9579-a6", "pbmac1-short-key-bypass"] {
        let run = try runPurex509(["identity", folder + name + ".txt", "--password-file", passwordFile.path])
        #expect(run.status == 1, "\(name) must be refused: \(run.output)")
    }
}

@Test func identityWithoutAKeyIsRefused() throws {
    let run = try runPurex509(["identity", pyca + "cert-aes256cbc-no-key.p12", "--password-env", "P"], environment: ["P": "cryptography"])
    #expect(run.status == 1, "\(run.output)")
    #expect(run.error.contains("no identity"), "\(run.error)")
    #expect(run.output.contains("certificate without a key: C=US, CN=cryptography CA"), "\(run.output)")
    let keyOnly = try runPurex509(["identity", pyca + "no-cert-key-aes256cbc.p12", "--password-env", "P"], environment: ["P": "cryptography"])
    #expect(keyOnly.status == 1 && keyOnly.error.contains("matches no certificate"), "\(keyOnly.error)")
}

@Test func identityFlagsWeakProtectionAndVerifiesTheChain() throws {
    let files = try MadeFiles()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let environment = ["P": "s3cret"]
    let modern = try runPurex509(["identity", files.modern, "--password-env", "P", "--roots", files.ca], environment: environment)
    #expect(modern.status == 0, "\(modern.error)")
    #expect(modern.output.contains("friendlyName: client one"))
    #expect(modern.output.contains("MAC: HMAC-SHA256 (PKCS #12 KDF), 2048 iterations\n"))
    #expect(modern.output.contains("PBES2 PBKDF2-HMAC-SHA256 AES-256-CBC, 2048 iterations\n"))
    #expect(!modern.output.contains("[weak"))
    #expect(modern.output.contains("verification: trusted for client authentication"))
    #expect(modern.output.contains("    1  CN=Identity Test CA"))

    let legacy = try runPurex509(["identity", files.legacy, "--password-env", "P", "--json"], environment: environment)
    #expect(legacy.status == 0, "\(legacy.error)")
    let object = try json(legacy)
    let mac = try #require(object["mac"] as? [String: Any])
    #expect(mac["weak"] as? Bool == true && (mac["scheme"] as? String)?.contains("HMAC-SHA1") == true)
    let parts = try #require(object["encryption"] as? [[String: Any]])
    #expect(parts.map { $0["scheme"] as? String ?? "" } == ["pbeWithSHAAnd40BitRC2-CBC, 2048 iterations", "pbeWithSHAAnd3-KeyTripleDES-CBC, 2048 iterations"])
    #expect(parts.allSatisfy { $0["weak"] as? Bool == true })
    let identity = try #require((object["identities"] as? [[String: Any]])?.first)
    #expect(identity["subject"] as? String == "CN=client one")
    #expect(identity["verification"] is NSNull)

    // The certificate's pin, as `pin` prints it from the PEM OpenSSL wrote.
    let pin = try runPurex509(["pin", files.clientPEM]).output.split(separator: " ")[0]
    #expect(identity["pin"] as? String == String(pin))

    // Server authentication is refused: the certificate says clientAuth only.
    let server = try runPurex509(["identity", files.modern, "--password-env", "P", "--roots", files.ca, "--purpose", "server"], environment: environment)
    #expect(server.status == 1 && server.error.contains("chain not trusted for server authentication"), "\(server.error)")
    // Another anchor does not verify it; neither does a time after its validity.
    let stranger = try runPurex509(["identity", files.modern, "--password-env", "P", "--roots", "Vectors/chains/valid/roots.pem"], environment: environment)
    #expect(stranger.status == 1)
    let late = try runPurex509(["identity", files.modern, "--password-env", "P", "--roots", files.ca, "--at", "2100-01-01"], environment: environment)
    #expect(late.status == 1 && late.output.contains("NOT trusted"), "\(late.output)")
}

@Test func pinOfAPKCS12FileIsItsIdentityKeysPin() throws {
    let files = try MadeFiles()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let expected = try runPurex509(["pin", files.clientPEM]).output.split(separator: " ")[0]
    for file in [files.modern, files.legacy] {
        let run = try runPurex509(["pin", file, "--password-env", "P"], environment: ["P": "s3cret"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "\(expected)  identity key of CN=client one in \(file)\n", "\(run.output)")
    }
    let noSource = try runPurex509(["pin", files.modern])
    #expect(noSource.status == 2 && noSource.error.contains("say where the password is"), "\(noSource.error)")
    let wrong = try runPurex509(["pin", files.modern, "--password-env", "P"], environment: ["P": "wrong"])
    #expect(wrong.status == 1 && wrong.error.contains("MAC verification failed"))
    let asJSON = try runPurex509(["pin", "--json", files.modern, "--password-env", "P"], environment: ["P": "s3cret"])
    let records = try #require(try JSONSerialization.jsonObject(with: Data(asJSON.output.utf8)) as? [[String: Any]])
    #expect(records.count == 1 && records[0]["kind"] as? String == "identity" && records[0]["pin"] as? String == String(expected))
}
