import ArgumentParser
import Foundation
import PureX509

struct Pin: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the SPKI pin of each certificate, public key, CSR or private key: sha256/BASE64, two spaces, what it came from.",
        discussion: """
            The pin is SHA-256 over the DER SubjectPublicKeyInfo, the same bytes as \
            `openssl pkey -pubout -outform der | openssl dgst -sha256 -binary | base64` (for a certificate, \
            `openssl x509 -pubkey -noout` first). A certificate's line ends with its subject; a key's or CSR's \
            with its kind, file and PEM block. Private keys (PKCS#8, SEC1 EC, PKCS#1 RSA) give the pin of their \
            public key, a backup pin before the certificate exists: RSA keys carry it; for EC P-256/384/521 and \
            Ed25519 keys it is computed from the private key (in constant time), and a public key the file also \
            carries must be that one, or the key is refused (exit 1). A PKCS #12 file (.p12, .pfx) gives \
            the pin of each identity's key, opened with --password-file, --password-env, --password-stdin \
            or --no-password as `identity` opens it (a file without a MAC opens under a password only \
            with --allow-no-mac). \
            Exit 0 when every input gave its pins, 1 when a certificate or key block is malformed, \
            2 on bad usage or an unusable file (missing, a directory, unreadable, empty, or nothing to pin).
            """
    )

    @Argument(help: "PEM or DER files: certificates, public keys, CSRs, private keys, PKCS #12 files.")
    var files: [String]

    @Flag(name: .customLong("json"), help: "One JSON array: {pin, kind, subject, file, block} per pin.")
    var json = false

    @OptionGroup(title: "PKCS #12 files (pin of each identity's key)") var password: PasswordOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file") }
    }

    /// The worst outcome so far: exit 2 (an unusable file) outranks exit 1 (a malformed block).
    struct Outcome {
        var malformed = false
        var unusable = false
        /// The pins for `--json`, printed together at the end.
        var records: [JSONOutput] = []
    }

    func run() throws {
        var outcome = Outcome()
        for path in files {
            switch InputFile.read(path) {
            case .failure(let failure):
                printError("purex509: cannot read \(path == "-" ? "standard input" : DisplayText.escaped(path)): \(failure)")
                outcome.unusable = true
            case .success(let bytes):
                pin(InputFile(path: path, bytes: bytes), &outcome)
            }
        }
        if json { print(JSONOutput.array(outcome.records).serialized(pretty: false)) }
        if outcome.unusable { throw ToolExit.usage }
        if outcome.malformed { throw ToolExit.refused }
    }

    func record(_ pin: String, kind: String, subject: String?, file: String, block: Int?) -> JSONOutput {
        .object([("pin", .string(pin)), ("kind", .string(kind)), ("subject", .optional(subject)),
                 ("file", .string(file)), ("block", block.map { .int($0) } ?? .null)])
    }

    /// Prints every pin of one file and records what went wrong, block by block.
    func pin(_ file: InputFile, _ outcome: inout Outcome) {
        var printed = 0
        var failedBlocks = 0
        func key(_ kind: InputKind, _ der: [UInt8], block: Int?) {
            let place = block.map { " #\($0)" } ?? ""
            do throws(KeyFailure) {
                let spki = try KeyInput.subjectPublicKeyInfo(kind, der)
                let pin = SPKIPin(subjectPublicKeyInfo: spki).description
                if json {
                    outcome.records.append(record(pin, kind: kind.name, subject: nil, file: file.path, block: block))
                } else {
                    print("\(pin)  \(kind.name) in \(file.displayName)\(place)")
                }
                printed += 1
            } catch {
                let where_ = block.map { "PEM block \($0) (\(kind.name))" } ?? "a DER \(kind.name)"
                printError("purex509: \(file.displayName): \(where_): \(error)")
                switch error {
                case .malformed, .refused: outcome.malformed = true
                case .noPublicKey, .unsupported: outcome.unusable = true
                }
                failedBlocks += 1
            }
        }
        func certificate(_ der: [UInt8], index: Int, block: Int?) {
            do throws(DERError) {
                let certificate = try Certificate(derEncoded: der)
                let pin = SPKIPin(certificate: certificate).description
                if json {
                    outcome.records.append(record(pin, kind: "certificate", subject: certificate.subjectForDisplay.description, file: file.path, block: block))
                } else {
                    // The subject is RFC 4514-escaped with \xNN for controls: one line per certificate.
                    print(pin + "  " + certificate.subjectForDisplay.description)
                }
                printed += 1
            } catch {
                printError("\(file.displayName): \(InputFailure.der(error, certificate: index, block: block))")
                outcome.malformed = true
                failedBlocks += 1
            }
        }
        switch file.content {
        case .der(let bytes) where PKCS12Shape.matches(bytes):
            printed += pkcs12(bytes, file, &outcome)
            if printed == 0 { return }
        case .der(let bytes):
            let concatenated = DEROutline.concatenatedSequences(bytes)
            if concatenated.count > 1 {
                for (offset, range) in concatenated.enumerated() { certificate(Array(bytes[range]), index: offset + 1, block: nil) }
            } else if let kind = InputKind(derShape: bytes), kind != .certificate, kind != .pkcs12 {
                key(kind, bytes, block: nil)
            } else {
                certificate(bytes, index: 1, block: nil)
            }
        case .pem(let blocks):
            var certificates = 0
            for block in blocks {
                switch block.der {
                case .failure(let failure):
                    printError("\(file.displayName): \(failure)")
                    // An encrypted legacy key is not damaged: like an ENCRYPTED
                    // PRIVATE KEY, it holds nothing this tool can pin.
                    if case .headers = failure { outcome.unusable = true } else { outcome.malformed = true }
                    failedBlocks += 1
                case .success(let der):
                    if block.label == "CERTIFICATE" {
                        certificates += 1
                        certificate(der, index: certificates, block: block.number)
                    } else if let kind = InputKind(pemLabel: block.label) {
                        key(kind, der, block: block.number)
                    } else {
                        printError("purex509: note: \(file.displayName): PEM block \(block.number) (\(DisplayText.escaped(block.label))) holds no public key; skipped")
                    }
                }
            }
        }
        if printed == 0 && failedBlocks == 0 {
            printError("purex509: \(file.displayName): nothing to pin: no certificate, public key, CSR or private key (\(file.labelsFound.isEmpty ? "no PEM block, and not DER" : "PEM blocks: " + file.labelsFound))")
            outcome.unusable = true
        }
    }

    /// The pin of each identity's key in a PKCS #12 file (the certificate's
    /// key, which the file's private key was shown to match), or exit 2 when
    /// no password source was given, 1 when the file does not open.
    func pkcs12(_ bytes: [UInt8], _ file: InputFile, _ outcome: inout Outcome) -> Int {
        guard password.sourceCount == 1, let secret = try? password.password() else {
            if password.sourceCount == 0 { printError("purex509: \(file.displayName): a PKCS #12 file: \(PasswordOptions.missingSource)") }
            outcome.unusable = true
            return 0
        }
        let opened: PKCS12File
        do {
            opened = try PKCS12File(bytes: bytes, password: secret, limits: password.limits)
        } catch {
            printError("purex509: \(file.displayName): \(error)")
            outcome.malformed = true
            return 0
        }
        if opened.identities.isEmpty {
            printError("purex509: \(file.displayName): no identity (no private key that matches a certificate) to pin")
            outcome.malformed = true
            return 0
        }
        for identity in opened.identities {
            let pin = SPKIPin(certificate: identity.certificate).description
            let subject = identity.certificate.subjectForDisplay.description
            if json {
                outcome.records.append(record(pin, kind: "identity", subject: subject, file: file.path, block: nil))
            } else {
                print("\(pin)  identity key of \(subject) in \(file.displayName)")
            }
        }
        return opened.identities.count
    }
}

/// Whether DER (or BER, as Windows and Keychain export) bytes begin as a
/// PFX does: a SEQUENCE whose first element is INTEGER 3 (RFC 7292 §4).
enum PKCS12Shape {
    static func matches(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 5, bytes[0] == 0x30 else { return false }
        var offset = 1
        let first = bytes[1]
        if first & 0x80 == 0 || first == 0x80 {
            offset = 2
        } else {
            offset = 2 + Int(first & 0x7F)
        }
        guard offset + 3 <= bytes.count else { return false }
        return bytes[offset] == 0x02 && bytes[offset + 1] == 0x01 && bytes[offset + 2] == 0x03
    }
}
