import ArgumentParser
import Foundation
import PureX509
import PureX509Config

struct Identity: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a PKCS #12 (.p12/.pfx) client identity: its certificate, key, chain and protection.",
        discussion: """
            Reads FILE (DER, or its base64 text) with the password from --password-file, --password-env, \
            --password-stdin or --no-password; never from the command line. The MAC is checked before \
            anything is decrypted. Prints each identity (a certificate with the private key that belongs \
            to it: RSA modulus and exponent compared, EC and Ed25519 public keys computed from the private \
            key), its chain with SHA-256 fingerprints and sha256/ pins, validity and friendlyName, and the \
            file's MAC and encryption schemes with their iteration counts; weak ones (RC2, 3DES, a SHA-1 \
            MAC or PRF, fewer than 2,048 iterations, no MAC) are flagged. With --roots, --at or --purpose \
            the chain is verified as `verify` does (default purpose: client), the path builder choosing among \
            every certificate in the file, and the path it verified is the one printed. \
            Exit 0 when an identity was read and its key matches (and its chain verified, when asked); \
            1 for a wrong password ("MAC verification failed: wrong password, or the file is damaged"), \
            a damaged file, a key that matches no certificate, or a chain that fails verification; \
            2 on bad usage or an unreadable file. docs/pkcs12.md.
            """
    )

    @Argument(help: "The PKCS #12 file (- for standard input).")
    var file: String

    @OptionGroup var password: PasswordOptions

    @Option(name: .customLong("roots"), help: "Verify the chain against these anchors (PEM, DER, or a directory); repeatable. With --at or --purpose alone: the system bundle.")
    var roots: [String] = []

    @Option(name: .customLong("at"), parsing: .unconditional, help: "Verification time (as for verify). Default: now.", transform: TimeOption.parse)
    var at: OptionValue<Int64>?

    @Option(name: .customLong("purpose"), help: "client (the default), server or any.", transform: PurposeArgument.parse)
    var purpose: PurposeArgument?

    @Flag(name: .customLong("json"), help: "One JSON object: identities, unmatched keys, certificates without a key, protection.")
    var json = false

    func validate() throws {
        try password.requireSource()
        if let reason = at?.refusal { throw ValidationError("--at: \(reason)") }
        if file == "-" && password.readsStandardInput {
            throw ValidationError("standard input cannot hold both the file and the password: use --password-file or --password-env")
        }
    }

    /// Whether the chain is to be verified: any of the verification options asks for it.
    var verifies: Bool { !roots.isEmpty || at != nil || purpose != nil }

    func run() throws {
        let input = try PKCS12Input.load(file)
        let name = input.name
        let secret = try password.password()
        let opened: PKCS12File
        do {
            opened = try PKCS12File(bytes: input.bytes, password: secret, limits: password.limits)
        } catch {
            // A wrong password's text is PKCS12Error's own: "MAC verification failed: wrong password, or the file is damaged".
            // A DER file of another kind (a certificate, a key, a CRL) is named with the command that reads it.
            let message = error.description + (input.otherKind.map { "; the file is " + InputAdvice.describe($0, file: file, der: true) } ?? "")
            if json {
                print(JSONOutput.object([("file", .string(file)), ("opened", .bool(false)), ("error", .string(message)),
                                         ("code", .string(error.code))]).serialized(pretty: false))
            }
            printError("purex509: \(name): \(message)")
            throw ToolExit.refused
        }
        var verdicts: [Result<VerifiedChain, TrustFailure>?] = Array(repeating: nil, count: opened.identities.count)
        var time: Int64? = nil
        if verifies, !opened.identities.isEmpty {
            let store = try TrustAnchors.load(roots)
            let now = at?.value ?? Int64(Date().timeIntervalSince1970)
            time = now
            var policy = VerificationPolicy(time: now)
            policy.purpose = (purpose ?? .client).purpose
            // One verifier: identities under the same CAs check each edge's signature once.
            var verifier = Verifier(store: store, policy: policy)
            for (index, identity) in opened.identities.enumerated() {
                verdicts[index] = verifier.verify(leaf: identity.certificate, intermediates: identity.pathCandidates)
            }
        }
        let output = IdentityOutput(file: file, opened: opened, verdicts: verdicts, time: time,
                                    purpose: (purpose ?? .client).rawValue)
        if json { print(output.json().serialized(pretty: false)) } else { output.printText() }
        if let problem = output.problem {
            printError("purex509: \(name): \(problem)")
            throw ToolExit.refused
        }
    }
}
