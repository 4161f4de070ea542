import Foundation
import Testing
import PKCS12
import TestSupport

// Files made at test time by this machine's `openssl pkcs12 -export`, in
// every scheme OpenSSL 3.0 writes, for RSA, P-256, P-384, P-521 and
// Ed25519 leaves under a two-level EC CA (root › intermediate › leaf).
// Made once per test run in a temporary directory.

enum LeafKey: String, CaseIterable, Sendable {
    case rsa, p256, p384, p521, ed25519

    var genpkey: String {
        switch self {
        case .rsa: return "-algorithm RSA -pkeyopt rsa_keygen_bits:2048"
        case .p256: return "-algorithm EC -pkeyopt ec_paramgen_curve:P-256"
        case .p384: return "-algorithm EC -pkeyopt ec_paramgen_curve:P-384"
        case .p521: return "-algorithm EC -pkeyopt ec_paramgen_curve:P-521"
        case .ed25519: return "-algorithm ED25519"
        }
    }

    var algorithm: PrivateKey.Algorithm {
        switch self {
        case .rsa: return .rsa
        case .p256: return .p256
        case .p384: return .p384
        case .p521: return .p521
        case .ed25519: return .ed25519
        }
    }
}

/// One `openssl pkcs12 -export` invocation.
struct ExportCase: Sendable, CustomStringConvertible {
    let name: String
    let key: LeafKey
    /// Extra arguments of `openssl pkcs12 -export` (and of the reading side when they load a provider).
    let flags: String
    let password: String
    var withChain = true

    var description: String { name }
    /// Arguments the reading `openssl pkcs12` needs for legacy algorithms.
    var readFlags: String { flags.contains("legacy") ? "-legacy" : "" }
}

let legacyProvider = "-provider legacy -provider default"

let exportCases: [ExportCase] = LeafKey.allCases.flatMap { key in [
    ExportCase(name: "default-\(key)", key: key, flags: "", password: "pässwörd"),
    ExportCase(name: "legacy-\(key)", key: key, flags: "-legacy", password: "secret"),
] } + [
    ExportCase(name: "aes128-key-aes192-certs", key: .rsa, flags: "-keypbe AES-128-CBC -certpbe AES-192-CBC", password: "secret"),
    ExportCase(name: "pbes2-3des", key: .p256, flags: "-keypbe DES-EDE3-CBC -certpbe DES-EDE3-CBC", password: "secret"),
    ExportCase(name: "3des-key-rc2-128-certs", key: .p256, flags: "-keypbe PBE-SHA1-3DES -certpbe PBE-SHA1-RC2-128 \(legacyProvider)", password: "secret"),
    ExportCase(name: "2des-key-rc2-40-certs", key: .rsa, flags: "-keypbe PBE-SHA1-2DES -certpbe PBE-SHA1-RC2-40 \(legacyProvider)", password: "secret"),
    ExportCase(name: "unencrypted", key: .p384, flags: "-keypbe NONE -certpbe NONE", password: "secret"),
    ExportCase(name: "macalg-sha1", key: .p256, flags: "-macalg sha1", password: "secret"),
    ExportCase(name: "macalg-sha224", key: .p256, flags: "-macalg sha224", password: "secret"),
    ExportCase(name: "macalg-sha384", key: .p256, flags: "-macalg sha384", password: "secret"),
    ExportCase(name: "macalg-sha512", key: .rsa, flags: "-macalg sha512", password: "secret"),
    ExportCase(name: "nomac", key: .p256, flags: "-nomac", password: "secret"),
    ExportCase(name: "nomac-unencrypted", key: .p256, flags: "-nomac -keypbe NONE -certpbe NONE", password: "secret"),
    ExportCase(name: "iter-5000", key: .p256, flags: "-iter 5000", password: "secret"),
    ExportCase(name: "iter-1", key: .p256, flags: "-iter 1", password: "secret"),
    ExportCase(name: "nomaciter", key: .p256, flags: "-nomaciter", password: "secret"),
    // Accepted and ignored by OpenSSL 3.0 (the MAC takes -iter's count).
    ExportCase(name: "maciter", key: .p521, flags: "-maciter -iter 3000", password: "secret"),
    ExportCase(name: "empty-password", key: .p256, flags: "", password: ""),
    ExportCase(name: "empty-password-legacy", key: .rsa, flags: "-legacy", password: ""),
    ExportCase(name: "empty-password-legacy-nomac", key: .p256, flags: "-legacy -nomac", password: ""),
    ExportCase(name: "no-chain", key: .ed25519, flags: "", password: "secret", withChain: false),
    // Small and cheap to read (one MAC iteration, nothing encrypted): the bit-flip test's subject.
    ExportCase(name: "small", key: .ed25519, flags: "-nomaciter -keypbe NONE -certpbe NONE", password: "secret", withChain: false),
]

/// A made file and what OpenSSL itself reads from it.
struct ExportedFile: Sendable {
    let exportCase: ExportCase
    let bytes: [UInt8]
    /// `openssl pkcs12 -nodes -nocerts`: the PKCS #8 DER of the key.
    let key: [UInt8]
    /// `openssl pkcs12 -nokeys`: the certificates, in file order.
    let certificates: [[UInt8]]
    let root: [UInt8]
    let intermediate: [UInt8]
}

/// Makes every case once; nil when openssl is absent.
/// The files OpenSSL made, or a test failure: these tests need the
/// machine's openssl (CI installs it), and a test that skipped would count
/// as passed without checking anything.
func requireExportedFiles() throws -> [ExportedFile] {
    let files = try #require(exportedFiles, "openssl is needed to make the PKCS #12 fixtures")
    try #require(!files.isEmpty, "openssl could not make the PKCS #12 fixtures")
    return files
}

/// The file OpenSSL made for the export case `name`.
func exported(_ name: String) throws -> ExportedFile {
    let files = try requireExportedFiles()
    return try #require(files.first { $0.exportCase.name == name }, "no exported file named \(name)")
}

let exportedFiles: [ExportedFile]? = {
    guard opensslAvailable else { return nil }
    do {
        return try makeExportedFiles()
    } catch {
        print("NOTICE: could not make PKCS #12 fixtures: \(error)")
        return []
    }
}()

private func makeExportedFiles() throws -> [ExportedFile] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pkcs12-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try openSSLClientExtensions.write(to: directory.appendingPathComponent("ext.cnf"), atomically: true, encoding: .utf8)
    let setup = """
    set -e
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out root.key
    openssl req -x509 -new -key root.key -subj "/CN=PKCS12 Test Root" -days 30 -config ext.cnf -extensions ca -out root.pem
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out int.key
    openssl req -new -key int.key -subj "/CN=PKCS12 Test Intermediate" -out int.csr
    openssl x509 -req -in int.csr -CA root.pem -CAkey root.key -CAcreateserial -days 30 -extfile ext.cnf -extensions ca -out int.pem 2>/dev/null
    cat int.pem root.pem > chain.pem
    """
    try shell(setup, in: directory)
    for key in LeafKey.allCases {
        try shell("""
        set -e
        openssl genpkey \(key.genpkey) -out \(key).key 2>/dev/null
        openssl req -new -key \(key).key -subj "/CN=client \(key)" -out \(key).csr
        openssl x509 -req -in \(key).csr -CA int.pem -CAkey int.key -CAcreateserial -days 30 -extfile ext.cnf -extensions leaf -out \(key).pem 2>/dev/null
        """, in: directory)
    }
    let root = pemCertificates(try String(contentsOf: directory.appendingPathComponent("root.pem"), encoding: .utf8))[0]
    let intermediate = pemCertificates(try String(contentsOf: directory.appendingPathComponent("int.pem"), encoding: .utf8))[0]
    var files: [ExportedFile] = []
    for exportCase in exportCases {
        let file = "\(exportCase.name).p12"
        let chain = exportCase.withChain ? "-certfile chain.pem" : ""
        try shell("openssl pkcs12 -export -in \(exportCase.key).pem -inkey \(exportCase.key).key \(chain) -name \"id \(exportCase.name)\" -out \(file) -passout env:P12PASS \(exportCase.flags)",
                  in: directory, environment: ["P12PASS": exportCase.password])
        let read = "openssl pkcs12 -in \(file) -passin env:P12PASS \(exportCase.readFlags)"
        let keyText = String(decoding: try shell("\(read) -nodes -nocerts", in: directory, environment: ["P12PASS": exportCase.password]), as: UTF8.self)
        let certText = String(decoding: try shell("\(read) -nokeys", in: directory, environment: ["P12PASS": exportCase.password]), as: UTF8.self)
        let keyBody = keyText.components(separatedBy: "-----BEGIN PRIVATE KEY-----")[1].components(separatedBy: "-----END PRIVATE KEY-----")[0]
        files.append(ExportedFile(
            exportCase: exportCase, bytes: Array(try Data(contentsOf: directory.appendingPathComponent(file))),
            key: Array(Data(base64Encoded: keyBody.filter { !$0.isWhitespace })!),
            certificates: pemCertificates(certText), root: root, intermediate: intermediate))
    }
    return files
}
