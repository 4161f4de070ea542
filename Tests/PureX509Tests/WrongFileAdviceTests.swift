import Foundation
import Testing
import TestSupport

// Issue 41 item 4: a file that is not what the command reads is named for
// what it is, with the command that reads it; each exit code stays the one
// that file gave before (docs/inputs.md, "What a wrong file is").

private let p12 = "Vectors/pkcs12/go-pkcs12/example_com_aescbc128.p12"
private let chain = "Vectors/chains/valid/chain.pem"
private let roots = "Vectors/chains/valid/roots.pem"
private let base = ["verify", "--roots", roots, "--host", "www.example.com", "--at", "1748736000"]

/// A .p12 as CHAIN: still exit 1 (`malformed`), now saying it is a client identity and how to open it.
@Test func aP12GivenToVerifyIsNamed() throws {
    let run = try runPurex509(["verify", "--roots", roots, p12])
    #expect(run.status == 1, "\(run.error)")
    #expect(run.error.contains("not a certificate: the file is a PKCS#12 file"), "\(run.error)")
    #expect(run.error.contains("`purex509 identity \(p12) --password-env VAR` opens it"), "\(run.error)")
    #expect(run.error.contains("not trusted: input certificate 0 is malformed: unexpected tag at offset 4 (the file is a PKCS#12 file"), "\(run.error)")
    let json = try runPurex509(["verify", "--roots", roots, "--json", p12])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? String == "malformed")
    #expect((error["message"] as? String)?.contains("PKCS#12") == true)
    // The accepted side: a certificate chain is read and trusted as before.
    #expect(try runPurex509(base + [chain]).status == 0)
}

/// As --roots and --untrusted, and to inspect, a .p12 keeps its exit code and gets the same sentence.
@Test func aP12GivenToRootsUntrustedOrInspectIsNamed() throws {
    let asRoots = try runPurex509(["verify", "--roots", p12, chain])
    #expect(asRoots.status == 2)
    #expect(asRoots.error.contains("--roots \(p12): not a certificate: the file is a PKCS#12 file"), "\(asRoots.error)")
    let asUntrusted = try runPurex509(base + ["--untrusted", p12, chain])
    #expect(asUntrusted.status == 1)
    #expect(asUntrusted.error.contains("--untrusted \(p12): not a certificate: the file is a PKCS#12 file"), "\(asUntrusted.error)")
    let inspected = try runPurex509(["inspect", p12])
    #expect(inspected.status == 1)
    #expect(inspected.error.contains("the file is a PKCS#12 file") && inspected.error.contains("purex509 identity"), "\(inspected.error)")
    #expect(try runPurex509(["inspect", roots]).status == 0)
}

/// Keys, CSRs, CRLs and OCSP responses, by PEM label and by DER shape, each with the command that reads them.
@Test func keysRequestsAndRevocationFilesAreNamed() throws {
    let rows: [(args: [String], status: Int32, says: String)] = [
        (["verify", "Vectors/inputs/rsa-pkcs8.pem"], 2, "it holds a private key; `purex509 pin Vectors/inputs/rsa-pkcs8.pem` gives its public key's sha256/ pin"),
        (["verify", "Vectors/inputs/request.der"], 2, "the file is a DER certificate request (CSR); `purex509 pin Vectors/inputs/request.der`"),
        (["verify", "--roots", "Vectors/inputs/crl.pem", chain], 2, "it holds a CRL; `purex509 inspect Vectors/inputs/crl.pem` shows it; `purex509 verify --crl Vectors/inputs/crl.pem CHAIN`"),
        (["inspect", "Vectors/inputs/ec-sec1.pem"], 1, "it holds an EC private key; `purex509 pin Vectors/inputs/ec-sec1.pem`"),
        (["inspect", "Vectors/inputs/rsa-public.der"], 1, "the file is a DER public key; `purex509 pin"),
        (base + ["--ocsp-response", "Vectors/inputs/crl.der", chain], 2, "--ocsp-response Vectors/inputs/crl.der: not an OCSP response: the file is a CRL; `purex509 inspect"),
        (base + ["--crl", roots, chain], 2, "PEM block 1 (CERTIFICATE): expected only X509 CRL or CRL blocks; it is a certificate; `purex509 inspect"),
        (base + ["--crl", p12, chain], 2, "--crl \(p12): not a CRL: the file is a PKCS#12 file"),
    ]
    for row in rows {
        let run = try runPurex509(row.args)
        #expect(run.status == row.status, "\(row.args): \(run.error)")
        #expect(run.error.contains(row.says), "\(row.args): \(run.error)")
    }
    // What those commands do read is still read: pin takes the key, inspect the CRL.
    #expect(try runPurex509(["pin", "Vectors/inputs/rsa-pkcs8.pem"]).status == 0)
    #expect(try runPurex509(["inspect", "Vectors/inputs/crl.der"]).status == 0)
}

/// identity, given a certificate, a CRL or a PEM key, names it (exit 1 for DER that is no PFX, 2 for PEM text, as before);
/// given a .p12 it opens it.
@Test func identityNamesWhatIsNotAP12() throws {
    let certificate = try runPurex509(["identity", "--no-password", "Vectors/pkits/certs/GoodCACert.crt"])
    #expect(certificate.status == 1)
    #expect(certificate.error.contains("malformed PFX: unexpected tag at offset 4; the file is a DER certificate; `purex509 inspect"), "\(certificate.error)")
    let crl = try runPurex509(["identity", "--no-password", "Vectors/inputs/crl.der"])
    #expect(crl.status == 1 && crl.error.contains("the file is a DER CRL"), "\(crl.error)")
    let key = try runPurex509(["identity", "--no-password", "Vectors/inputs/rsa-pkcs8.pem"])
    #expect(key.status == 2 && key.error.contains("PEM text, not a PKCS #12 file; it holds a private key; `purex509 pin"), "\(key.error)")
    // A real .p12 is read as one: the wrong password is the PFX's own refusal, with no other kind named.
    let p12File = try runPurex509(["identity", "--no-password", p12])
    #expect(p12File.status == 1 && !p12File.error.contains("the file is a"), "\(p12File.error)")
}

/// A name a shell would split is quoted in the suggested command; standard input is FILE.
@Test func theSuggestedCommandCanBePasted() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let spaced = folder.appendingPathComponent("my key's.pem")
    try Data(contentsOf: repository.appendingPathComponent("Vectors/inputs/rsa-pkcs8.pem")).write(to: spaced)
    let run = try runPurex509(["verify", spaced.path])
    #expect(run.status == 2)
    #expect(run.error.contains("`purex509 pin '\(folder.path)/my key'\\''s.pem'`"), "\(run.error)")
    let piped = try runPurex509(["verify", "-"], input: try Data(contentsOf: repository.appendingPathComponent(p12)))
    #expect(piped.status == 1)
    #expect(piped.error.contains("`purex509 identity FILE --password-env VAR`"), "\(piped.error)")
}

/// In a scan directory a .p12 is an input error naming it, beside a chain that is decided.
@Test func scanNamesAP12AmongChainFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-p12-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: repository.appendingPathComponent(p12)).write(to: folder.appendingPathComponent("client.p12"))
    try Data(contentsOf: repository.appendingPathComponent(chain)).write(to: folder.appendingPathComponent("chain.pem"))
    let run = try runPurex509(["scan", "--roots", roots, "--at", "1748736000", folder.path])
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.contains { $0.contains("\"code\":\"inputError\"") && $0.contains("PKCS#12 file") && $0.contains("client.p12") }, "\(run.output)")
    #expect(lines.contains { $0.contains("chain.pem") && $0.contains("\"trusted\":true") }, "\(run.output)")
}
