import ArgumentParser
import Foundation
import PureX509

struct Pin: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each certificate's SPKI pin: sha256/BASE64, two spaces, the subject.",
        discussion: """
            The pin is SHA-256 over the DER SubjectPublicKeyInfo as the certificate encodes it, the same bytes as \
            `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`. \
            Exit 0 when every input parsed, 1 when any failed, 2 on bad usage or an unreadable file.
            """
    )

    @Argument(help: "PEM or DER files.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file") }
    }

    func run() throws {
        var failed = false
        for input in try files.map({ try CertificateInput.load($0) }) {
            for entry in input.entries {
                switch entry.result {
                case .success(let certificate):
                    // The subject is RFC 4514-escaped with \\xNN for controls: one line per certificate.
                    print(SPKIPin(certificate: certificate).description + "  " + certificate.subjectName.description)
                case .failure(let failure):
                    failed = true
                    printError("\(DisplayText.escaped(input.path)): \(failure)")
                }
            }
        }
        if failed { throw ToolExit.refused }
    }
}
