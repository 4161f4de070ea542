import Foundation
import Testing

// Every input file is accounted for. One named test per
// wrong file, each asserting the exit code and the message that names the
// file, the PEM block and the reason (fixtures: Vectors/inputs, generate.sh).

func inputFile(_ name: String) -> String { "Vectors/inputs/\(name)" }

/// `verify` with the fixtures' own CA as the only root, so only the file under test can fail.
func verifyArguments(_ extra: [String], chain: String = inputFile("ca.pem")) -> [String] {
    ["verify", "--roots", inputFile("ca.pem"), "--purpose", "any", "--at", "2030-01-01T00:00:00Z"] + extra + [chain]
}

@Test func theFixtureCAVerifiesAgainstItself() throws {
    let run = try runPurex509(verifyArguments([]))
    #expect(run.status == 0, "\(run.error)")
}

/// An empty file is unusable, not "a certificate truncated at offset 0".
@Test func emptyFileIsRefusedByName() throws {
    for arguments in [verifyArguments([], chain: inputFile("empty.pem")), verifyArguments(["--untrusted", inputFile("empty.pem")]),
                      ["pin", inputFile("empty.pem")], ["inspect", inputFile("empty.pem")]] {
        let run = try runPurex509(arguments)
        #expect(run.status == 2)
        #expect(run.error.contains("cannot read Vectors/inputs/empty.pem: empty file"), "\(run.error)")
    }
}

/// A directory where a file is wanted (`--roots` takes one: CLIHabitsTests).
@Test func directoryIsRefusedByName() throws {
    for arguments in [verifyArguments([], chain: "Vectors/inputs"), verifyArguments(["--untrusted", "Vectors/inputs"]), ["pin", "Vectors/inputs"]] {
        let run = try runPurex509(arguments)
        #expect(run.status == 2)
        #expect(run.error.contains("cannot read Vectors/inputs: is a directory"), "\(run.error)")
    }
}

@Test func missingFileIsRefusedByName() throws {
    for arguments in [verifyArguments(["--pin-cert", inputFile("none.pem")]), verifyArguments(["--untrusted", inputFile("none.pem")]), ["pin", inputFile("none.pem")]] {
        let run = try runPurex509(arguments)
        #expect(run.status == 2)
        #expect(run.error.contains("cannot read Vectors/inputs/none.pem: not found"), "\(run.error)")
    }
}

/// chmod 000 does not stop root; then the case cannot be made and is reported skipped, not passed.
let runningAsRoot: Bool = {
    if getuid() == 0 { print("NOTICE: running as root, chmod 000 is ineffective; unreadableFileIsRefusedByName skipped") }
    return getuid() == 0
}()

@Test(.enabled(if: !runningAsRoot, "running as root: chmod 000 does not make a file unreadable"))
func unreadableFileIsRefusedByName() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-inputs-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("locked.pem")
    try Data(contentsOf: repository.appendingPathComponent(inputFile("ca.pem"))).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
    let run = try runPurex509(verifyArguments([], chain: file.path))
    #expect(run.status == 2)
    #expect(run.error.contains("cannot read \(file.path): permission denied"), "\(run.error)")
}

/// Text with no PEM block gives zero anchors or pins no longer: it is named.
@Test func fileWithNoCertificateBlockIsRefused() throws {
    let roots = try runPurex509(["verify", "--roots", inputFile("no-block.txt"), "--at", "2030-01-01T00:00:00Z", inputFile("ca.pem")])
    #expect(roots.status == 2)
    #expect(roots.error.contains("--roots Vectors/inputs/no-block.txt: no CERTIFICATE block (no PEM block, and not DER)"), "\(roots.error)")
    let pinCert = try runPurex509(verifyArguments(["--pin-cert", inputFile("no-block.txt")]))
    #expect(pinCert.status == 2)
    #expect(pinCert.error.contains("--pin-cert Vectors/inputs/no-block.txt: no CERTIFICATE block"), "\(pinCert.error)")
    let pin = try runPurex509(["pin", inputFile("no-block.txt")])
    #expect(pin.status == 2)
    #expect(pin.error.contains("no-block.txt: nothing to pin"), "\(pin.error)")
}

/// The valid first block is kept and the bad second one is blamed by number,
/// not "certificate 0 … truncated element header at offset 0".
@Test func badSecondBlockIsBlamedByNumber() throws {
    let pin = try runPurex509(["pin", inputFile("good-then-bad-base64.pem")])
    #expect(pin.status == 1)
    #expect(pin.output.hasSuffix("  CN=Inputs Test CA\n"), "the first block is still pinned")
    #expect(pin.error.contains("good-then-bad-base64.pem: PEM block 2: invalid base64"), "\(pin.error)")
    let chain = try runPurex509(verifyArguments([], chain: inputFile("good-then-bad-base64.pem")))
    #expect(chain.status == 2)
    #expect(chain.error.contains("PEM block 2: invalid base64"))
    #expect(!chain.error.contains("certificate 0"))
    // Bad DER in a presented chain stays a verification result: malformed, certificate index 1.
    let der = try runPurex509(verifyArguments(["--json"], chain: inputFile("good-then-bad-der.pem")))
    #expect(der.status == 1)
    #expect(der.error.contains("good-then-bad-der.pem: PEM block 2 (certificate 2): unexpected tag at offset 0"), "\(der.error)")
    let error = try #require((try JSONSerialization.jsonObject(with: Data(der.output.utf8)) as? [String: Any])?["error"] as? [String: Any])
    #expect(error["certificate"] as? Int == 1)
    // --untrusted certificates are presented material like CHAIN: bad DER there is a verdict, malformed, named by file and block.
    let untrusted = try runPurex509(verifyArguments(["--untrusted", inputFile("good-then-bad-der.pem")]))
    #expect(untrusted.status == 1)
    #expect(untrusted.error.contains("--untrusted Vectors/inputs/good-then-bad-der.pem: PEM block 2 (certificate 2)"), "\(untrusted.error)")
    #expect(untrusted.error.contains("not trusted: --untrusted certificate 1"), "\(untrusted.error)")
    let untrustedJSON = try runPurex509(verifyArguments(["--json", "--untrusted", inputFile("good-then-bad-der.pem")]))
    let untrustedError = try #require((try JSONSerialization.jsonObject(with: Data(untrustedJSON.output.utf8)) as? [String: Any])?["error"] as? [String: Any])
    #expect(untrustedError["code"] as? String == "malformed")
    // A block whose PEM does not decode, or a file with no certificate, still makes the input unusable.
    #expect(try runPurex509(verifyArguments(["--untrusted", inputFile("good-then-bad-base64.pem")])).status == 2)
    #expect(try runPurex509(verifyArguments(["--untrusted", inputFile("rsa-pkcs8.pem")])).status == 2)
}

/// A key, CSR or CRL where a certificate belongs names what it is.
@Test func keyCSROrCRLGivenAsCertificatesIsRefused() throws {
    let rows: [(file: String, says: String)] = [
        ("rsa-pkcs8.pem", "no CERTIFICATE block (PEM blocks: 1 PRIVATE KEY)"),
        ("request.pem", "no CERTIFICATE block (PEM blocks: 1 CERTIFICATE REQUEST)"),
        ("crl.pem", "no CERTIFICATE block (PEM blocks: 1 X509 CRL)"),
        ("rsa-public.der", "no certificate: the file is a DER public key"),
        ("request.der", "no certificate: the file is a DER certificate request"),
        ("crl.der", "no certificate: the file is a DER CRL"),
        ("ec-p384-sec1.der", "no certificate: the file is a DER EC private key"),
    ]
    for row in rows {
        let chain = try runPurex509(verifyArguments([], chain: inputFile(row.file)))
        #expect(chain.status == 2, "\(row.file)")
        #expect(chain.error.contains("Vectors/inputs/\(row.file): \(row.says)"), "\(chain.error)")
        let roots = try runPurex509(["verify", "--roots", inputFile(row.file), inputFile("ca.pem")])
        #expect(roots.status == 2, "\(row.file)")
        #expect(roots.error.contains("--roots Vectors/inputs/\(row.file): \(row.says)"), "\(roots.error)")
    }
}

/// `openssl pkey -pubout -outform DER | openssl dgst -sha256 -binary | base64`, computed here.
func opensslPin(_ file: String, public isPublic: Bool = false, request: Bool = false) throws -> String {
    let path = repository.appendingPathComponent(file).path
    let form = file.hasSuffix(".der") ? "-inform DER " : ""
    let source = request ? "openssl req \(form)-in '\(path)' -pubkey -noout | openssl pkey -pubin"
        : isPublic ? "openssl pkey -pubin \(form)-in '\(path)'" : "openssl pkey \(form)-in '\(path)' -pubout"
    let pin = try shell("\(source) -outform DER | openssl dgst -sha256 -binary | base64", input: "")
    return "sha256/" + pin.trimmingCharacters(in: .whitespacesAndNewlines)
}

struct KeyPinCase: CustomTestStringConvertible, Sendable {
    let file: String
    let kind: String
    var isPublic = false
    var request = false
    var testDescription: String { file }
}

@Test(arguments: [
    KeyPinCase(file: "rsa-public.pem", kind: "public key", isPublic: true),   // PEM SPKI
    KeyPinCase(file: "rsa-public.der", kind: "public key", isPublic: true),   // DER SPKI
    KeyPinCase(file: "request.pem", kind: "certificate request", request: true),
    KeyPinCase(file: "request.der", kind: "certificate request", request: true),
    KeyPinCase(file: "rsa-pkcs8.pem", kind: "private key"),                   // RSA, PKCS#8
    KeyPinCase(file: "rsa-pkcs1.pem", kind: "RSA private key"),               // RSA, PKCS#1
    KeyPinCase(file: "ec-sec1.pem", kind: "EC private key"),                  // EC, SEC1 with [1]
    KeyPinCase(file: "ec-pkcs8.pem", kind: "private key"),                    // EC, PKCS#8
    KeyPinCase(file: "ec-p384-sec1.der", kind: "EC private key"),             // EC, DER SEC1
])
func pinOfAKeyMatchesOpenSSL(_ row: KeyPinCase) throws {
    let run = try runPurex509(["pin", inputFile(row.file)])
    #expect(run.status == 0, "\(run.error)")
    let line = run.output.trimmingCharacters(in: .newlines)
    #expect(line.hasSuffix("  \(row.kind) in Vectors/inputs/\(row.file)\(row.file.hasSuffix(".pem") ? " #1" : "")"), "\(line)")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        print("NOTICE: openssl is absent; pin of \(row.file) not cross-checked")
        return
    }
    #expect(String(line.prefix { $0 != " " }) == (try opensslPin(inputFile(row.file), public: row.isPublic, request: row.request)))
}

/// A private key that carries no public key and gets none computed, an
/// encrypted key's absence of one, and a CRL: each a clear error, exit 2, never a silent exit 0.
@Test func pinRefusesInputsWithoutAPublicKey() throws {
    let rows: [(file: String, says: String)] = [
        // EC P-256/384/521 and Ed25519 keys have their public key computed (CLIPinPrivateKeyTests.swift); X25519 does not.
        ("x25519-pkcs8.pem", "PEM block 1 (private key): the private key (algorithm OID 1.3.101.110) carries no public key"),
        ("crl.pem", "PEM block 1 (CRL): a CRL holds no public key to pin"),
        ("crl.der", "a DER CRL: a CRL holds no public key to pin"),
        ("rsa-legacy-encrypted.pem", "PEM block 1: has RFC 1421 headers (Proc-Type/DEK-Info: a legacy encrypted key); decrypt it first"),
    ]
    for row in rows {
        let run = try runPurex509(["pin", inputFile(row.file)])
        #expect(run.status == 2, "\(row.file)")
        #expect(run.output.isEmpty)
        #expect(run.error.contains("Vectors/inputs/\(row.file): \(row.says)"), "\(run.error)")
    }
}

/// A legacy encrypted key is named as such in every command, not "invalid base64".
@Test func legacyEncryptedKeyIsNamedEverywhere() throws {
    for arguments in [["inspect", inputFile("rsa-legacy-encrypted.pem")], verifyArguments([], chain: inputFile("rsa-legacy-encrypted.pem"))] {
        let run = try runPurex509(arguments)
        #expect(run.status != 0)
        #expect(run.error.contains("PEM block 1: has RFC 1421 headers"), "\(arguments[0]): \(run.error)")
        #expect(!run.error.contains("invalid base64"))
    }
}

/// Commands that read a whole file refuse one past the cap by name (exit 2);
/// `inspect` streams, so the same file is read through.
@Test func aFileLargerThanTheCapIsRefusedByName() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-cap-\(getpid()).pem")
    #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(64 << 20) + 1)
    try handle.close()
    for arguments in [["pin", file.path], verifyArguments([], chain: file.path), verifyArguments(["--untrusted", file.path])] {
        let run = try runPurex509(arguments)
        #expect(run.status == 2)
        #expect(run.error.contains("cannot read \(file.path): larger than 67108864 bytes"), "\(run.error)")
    }
    let inspect = try runPurex509(["inspect", file.path])
    #expect(inspect.status == 1)
    #expect(inspect.error.contains("no CERTIFICATE, X509 CRL or OCSP RESPONSE block (no PEM block, and not DER)"), "\(inspect.error)")
}
