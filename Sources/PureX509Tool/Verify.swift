import ArgumentParser
import Foundation
import PureX509
import PureX509Config

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decide whether a certificate chain is trusted.",
        discussion: """
            CHAIN is a PEM or DER file whose first certificate is the leaf; the others are untrusted \
            intermediates. Exit 0 trusted, 1 not trusted (reason on stderr, or in the JSON), 2 bad usage \
            or unreadable input.
            """
    )

    @OptionGroup var options: VerifyOptions

    @Argument(help: "The presented chain, leaf first.")
    var chain: String

    func run() throws { try options.run(chainFile: chain) }
}

extension VerifyOptions {
    /// `verify CHAIN`: reads the presented chain, decides, prints.
    func run(chainFile chain: String) throws {
        if quiet { silenceOutput() }
        let store = try TrustAnchors.load(roots)
        let presented = try CertificateInput.load(chain)
        if let reason = presented.noCertificateReason {
            printError("purex509: \(presented.file.displayName): \(reason)")
            throw ToolExit.usage
        }
        // The presented chain is the attacker's: a certificate whose DER is
        // refused is a verification result (exit 1, `malformed`, its index);
        // a block whose PEM cannot even be decoded makes the file unusable (exit 2).
        var certificates: [Certificate] = []
        var malformed: TrustFailure? = nil
        for entry in presented.entries {
            switch entry.result {
            case .success(let certificate): certificates.append(certificate)
            case .failure(let failure):
                printError("purex509: \(presented.file.displayName): \(failure)")
                guard case .der(let error, _, _) = failure else { throw ToolExit.usage }
                malformed = .malformed(index: entry.index - 1, error)
            }
            if malformed != nil { break }
        }
        presented.noteOtherBlocks()
        try output(try decide(store: store, certificates: certificates, malformed: malformed))
    }
}
