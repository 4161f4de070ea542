import Foundation
import Testing

/// `pin` on private keys whose public key it computes: EC
/// P-256/384/521 in PKCS#8 and SEC1, with and without the embedded public
/// point, and Ed25519 PKCS#8 v1 and v2 — each pin equal to OpenSSL's
/// `openssl pkey -pubout -outform DER | openssl dgst -sha256 -binary | base64`;
/// an embedded public key that is not the private key's refused with exit 1.
struct CLIPinPrivateKeyTests {
    static var hasOpenSSL: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

    /// The pin printed for the only key of `file`, checked to exit 0 with one line.
    static func toolPin(_ file: String) throws -> (pin: String, line: String) {
        let run = try runPurex509(["pin", file])
        #expect(run.status == 0, "\(file): \(run.error)")
        let line = run.output.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"), "\(line)")
        return (String(line.prefix { $0 != " " }), line)
    }

    @Test(arguments: [
        KeyPinCase(file: "ec-sec1-no-public.pem", kind: "EC private key"),      // P-256 SEC1, no [1]: derived
        KeyPinCase(file: "ec-pkcs8-no-public.pem", kind: "private key"),        // P-256 PKCS#8, no [1]: derived
        KeyPinCase(file: "ec-p384-pkcs8.pem", kind: "private key"),             // P-384 PKCS#8 with [1]: checked
        KeyPinCase(file: "ec-p521-pkcs8.pem", kind: "private key"),             // P-521 PKCS#8 with [1]: checked
        KeyPinCase(file: "ec-p521-sec1-no-public.pem", kind: "EC private key"), // P-521 SEC1, no [1]: derived
        KeyPinCase(file: "ed25519-pkcs8.pem", kind: "private key"),             // Ed25519 PKCS#8 v1: derived
    ])
    func derivedPinMatchesOpenSSL(_ row: KeyPinCase) throws {
        let (pin, line) = try Self.toolPin(inputFile(row.file))
        #expect(line.hasSuffix("  \(row.kind) in Vectors/inputs/\(row.file) #1"), "\(line)")
        guard Self.hasOpenSSL else {
            print("NOTICE: openssl is absent; pin of \(row.file) not cross-checked")
            return
        }
        #expect(pin == (try opensslPin(inputFile(row.file))))
    }

    /// An RFC 5958 v2 Ed25519 key carrying its own public key pins as its v1
    /// form does (OpenSSL 3.0 cannot read v2 keys, so v1 is the oracle).
    @Test func ed25519VersionTwoWithItsPublicKey() throws {
        let v2 = try Self.toolPin(inputFile("ed25519-pkcs8-v2.pem")).pin
        let v1 = try Self.toolPin(inputFile("ed25519-pkcs8.pem")).pin
        #expect(v2 == v1)
    }

    /// A private key whose embedded public key belongs to another key: exit 1,
    /// nothing printed on stdout, the reason on stderr.
    @Test(arguments: ["ec-pkcs8-mismatch.pem", "ed25519-pkcs8-v2-mismatch.pem"])
    func mismatchedEmbeddedPublicKeyIsRefused(_ file: String) throws {
        let run = try runPurex509(["pin", inputFile(file)])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("Vectors/inputs/\(file): PEM block 1 (private key): the public key inside the private key does not match the one computed from the private key"), "\(run.error)")
    }

    /// Fresh keys of every type `pin` reads, made by `openssl genpkey` now, in
    /// PKCS#8 and (EC) SEC1 without the public point: the pins equal OpenSSL's.
    @Test func freshKeysOfEveryTypeMatchOpenSSL() throws {
        guard Self.hasOpenSSL else {
            print("NOTICE: openssl is absent; fresh-key pins not cross-checked")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-pin-keys-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let kinds: [(name: String, genpkey: String)] = [
            ("rsa", "-algorithm RSA -pkeyopt rsa_keygen_bits:2048"),
            ("p256", "-algorithm EC -pkeyopt ec_paramgen_curve:P-256"),
            ("p384", "-algorithm EC -pkeyopt ec_paramgen_curve:P-384"),
            ("p521", "-algorithm EC -pkeyopt ec_paramgen_curve:P-521"),
            ("ed25519", "-algorithm ED25519"),
        ]
        for kind in kinds {
            let key = directory.appendingPathComponent("\(kind.name).pem").path
            _ = try shell("openssl genpkey \(kind.genpkey) -out '\(key)'", input: "")
            var files = [key]
            if kind.name.hasPrefix("p") {
                let bare = directory.appendingPathComponent("\(kind.name)-no-public.pem").path
                _ = try shell("openssl ec -in '\(key)' -no_public -out '\(bare)' 2>/dev/null", input: "")
                files.append(bare)
            }
            let expected = "sha256/" + (try shell("openssl pkey -in '\(key)' -pubout -outform DER | openssl dgst -sha256 -binary | base64", input: ""))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(expected.count == "sha256/".count + 44, "\(kind.name)")
            for file in files {
                #expect(try Self.toolPin(file).pin == expected, "\(file)")
            }
        }
    }
}
