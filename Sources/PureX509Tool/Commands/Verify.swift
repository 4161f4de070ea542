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

    func validate() throws {
        // ATS chooses its settings by host name (NSExceptionDomains, NSPinnedDomains);
        // connect takes it from its target.
        if options.ats != nil && options.host == nil {
            throw ValidationError("--ats needs --host: App Transport Security chooses its settings by the host name")
        }
    }

    func run() throws { try options.run(chainFile: chain) }
}

extension VerifyOptions {
    /// `verify CHAIN`: reads the presented chain, decides, prints.
    func run(chainFile chain: String) throws {
        if quiet { silenceOutput() }
        let store = try TrustAnchors.load(roots)
        var certificates: [Certificate] = []
        var malformed: TrustFailure? = nil
        let input = try CertificateInput.load(chain)
        try input.present(into: &certificates, malformed: &malformed, flag: nil)
        try output(try decide(store: store, certificates: certificates, malformed: malformed,
                              malformedNote: input.derKind.map { "the file is " + InputAdvice.describe($0, file: chain) }))
    }
}
