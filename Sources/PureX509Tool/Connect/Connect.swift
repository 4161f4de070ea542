import ArgumentParser
import Foundation
import PureX509

/// Where `connect` goes: the TCP endpoint, the name sent in SNI, and the
/// client identity to present when the server asks for a certificate.
public struct ConnectTarget: Sendable {
    /// The host name (an internationalised one as its A-label form) or address to connect to.
    public let host: String
    /// The TCP port.
    public let port: Int
    /// nil when the host is an address literal and no --servername was given (RFC 6066 §3: no SNI for literals).
    public let serverName: String?
    /// Seconds for the connection, and again for the handshake.
    public let timeoutSeconds: Int
    /// The identity of --identity (nil: none is presented).
    public let clientIdentity: ClientIdentity?
    /// What the client offers: every version and suite the stack enables,
    /// or what App Transport Security allows (`connect --ats`).
    public let tls: ConnectTLS

    /// The same target with another offer.
    func offering(_ tls: ConnectTLS) -> ConnectTarget {
        ConnectTarget(host: host, port: port, serverName: serverName, timeoutSeconds: timeoutSeconds, clientIdentity: clientIdentity, tls: tls)
    }
}

/// A TLS stack's refusal or failure to reach the server, in its words.
public struct ConnectFailure: Error, CustomStringConvertible {
    /// Where it failed: no TCP connection, or a handshake that did not complete.
    public enum Stage: Sendable { case connection, handshake }
    public let description: String
    public let stage: Stage
    public init(_ description: String, stage: Stage = .handshake) {
        self.description = description
        self.stage = stage
    }
}

/// `purex509 connect HOST[:PORT]`: a TLS handshake, then the served chain
/// goes through exactly what `verify` does with a chain file. The core has
/// no TLS stack; `handshake` is set by the tool of Integrations/NIOSSL
/// (swift-nio-ssl), and without it the command says how to get one.
public struct ConnectCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Fetch a server's certificate chain over TLS and verify it as `verify` would.",
        discussion: """
            Prints each served certificate with its sha256/ SPKI pin, then the verdict and the built path with \
            fingerprints. The host is the reference identity unless --host or --ip says otherwise; an internationalised \
            host (U-labels) is resolved, sent in SNI and matched as its A-label form (UTS #46 and IDNA2008), as \
            --host and --servername are, and one without an A-label form is a usage error. Takes every \
            `verify` flag (roots, pins, profile, --at, --json, --explain). With --identity FILE.p12 (password from \
            --password-file, --password-env, --password-stdin or --no-password, never argv; a file without a \
            MAC opens under a password only with --allow-no-mac) the identity is \
            presented if the server asks for a client certificate, with the path the verifier builds from the \
            file's certificates to the anchors (else the file's issuer walk), and the server's answer is printed. A \
            server's request for a client certificate is printed with or without --identity (the CAs it accepts when \
            TLS 1.2 shows them), and so is a refusal after its certificates. Exit 0 \
            trusted, 1 not trusted, the identity refused by the server, a connection the server refused after its \
            certificates (one that requires a client certificate), a wrong password or a file without an \
            identity, 2 bad usage, an unreadable file or no chain (the server could not be reached or the handshake \
            failed before its certificates). No application data is sent: the handshake's certificates are only \
            collected, and the verdict is PureX509's. With --ats Info.plist all of App Transport Security applies to \
            the host: the handshake offers only TLS 1.2 or newer (or the resolved NSExceptionMinimumTLSVersion) and \
            forward-secret (ECDHE) cipher suites unless NSExceptionRequiresForwardSecrecy is NO, nothing restricted \
            where NSAllowsArbitraryLoads or NSAllowsLocalNetworking lifts ATS; when the server will not meet that, a \
            second handshake offering everything tells why, and the refusal (exit 1; codes atsTLSVersion, \
            atsForwardSecrecy, atsHandshake) names the rule and the key and domain that decided, e.g. "TLS 1.1 is \
            below the minimum ATS allows for example.com (NSExceptionMinimumTLSVersion not set: TLSv1.2)". Then the \
            certificate half as `verify --ats` applies it. `ats-diagnostics` tries each ATS relaxation (docs/ats.md).
            """
    )

    /// Performs a handshake, presenting the target's client identity when
    /// there is one, and returns the served certificates (DER, as sent) and
    /// the server's answer to the identity; set once, before the command
    /// line is parsed.
    nonisolated(unsafe) public static var handshake: (@Sendable (ConnectTarget) throws -> ServedHandshake)?

    @OptionGroup var options: VerifyOptions

    @Option(name: .customLong("servername"), help: "The name to send in SNI (default: HOST unless it is an IP address); an internationalised name is sent as its A-label.", transform: HostArgument.convert)
    var serverName: String?

    @Option(name: .customLong("timeout"), help: "Seconds to wait for the connection and the handshake (1–300).")
    var timeout: Int = 10

    @Option(name: .customLong("identity"), help: "Present this PKCS #12 client identity (.p12/.pfx) when the server asks for a certificate; its password from --password-file, --password-env, --password-stdin or --no-password.")
    var identity: String?

    @OptionGroup var password: PasswordOptions

    @Argument(help: "HOST, HOST:PORT, or [IPv6]:PORT (port 443 by default); an internationalised host (bücher.example) is resolved, sent in SNI and matched as its A-label (xn--bcher-kva.example).")
    var target: String

    public init() {}

    public func validate() throws {
        _ = try Self.hostAndPort(target)
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout: 1 to 300 seconds") }
        if let serverName, ServerIdentity(host: serverName).map({ if case .dnsName = $0 { true } else { false } }) != true {
            throw ValidationError("--servername: a DNS name")
        }
        if let identity {
            try password.requireSource()
            if identity == "-" && password.readsStandardInput {
                throw ValidationError("standard input cannot hold both the identity and the password: use --password-file or --password-env")
            }
        } else if password.sourceCount > 0 {
            throw ValidationError("the password options are for --identity FILE")
        }
    }

    public func run() throws {
        guard let handshake = Self.handshake else {
            // git's habit: a command that lives in another binary runs it.
            if let helper = Self.helper() { Self.delegate(to: helper) }
            if identity != nil {
                printError("purex509: connect --identity: this build cannot present a client identity, as it has no TLS stack; the PKCS #12 file was not opened")
            }
            printError("purex509: connect needs a TLS stack, which the core package does not carry; build the NIO integration's tool (swift build -c release --package-path Integrations/NIOSSL) and put purex509-nio beside purex509 or on PATH, or set PUREX509_NIO to it")
            throw ToolExit.usage
        }
        if options.quiet { silenceOutput() }
        // validate() accepted the target; the host comes back as its A-label form.
        let (host, port) = try Self.hostAndPort(target)
        let isAddress = ServerIdentity(ipAddress: host) != nil
        var options = self.options
        if options.host == nil && options.ip == nil {
            if isAddress { options.ip = host } else { options.host = host }
        }
        // Anchors first: a bad --roots is a usage error before any traffic.
        let store = try TrustAnchors.load(options.roots)
        // The identity too: a wrong password is known before any traffic.
        let clientIdentity = try identity.map {
            try Self.openIdentity($0, password: password, store: store, policy: options.verificationPolicy())
        }
        // --ats: the Info.plist too (exit 2 for a bad one), and the TLS half
        // it asks of the host decides what the handshake offers.
        let atsFile = try options.ats.map { try ATSInput.load($0) }
        let atsRequirement = atsFile.map { ATSTLSRequirement($0.loaded.policy.resolve(host: options.atsHost)) }
        let sni = Self.sniName(for: serverName ?? host)
        let endpoint = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        // What was resolved, when it is not what was typed (an A-label form).
        let named = DisplayText.escaped(target) + (IDNA.isInternationalised(target) ? " (\(endpoint))" : "")
        let connectTarget = ConnectTarget(host: host, port: port, serverName: sni, timeoutSeconds: timeout,
                                          clientIdentity: clientIdentity, tls: .unconstrained)
        let result: ServedHandshake
        var atsRefusal: ATSTLSRefusal? = nil
        do {
            if let atsRequirement {
                switch atsRequirement.handshake({ try handshake(connectTarget.offering($0)) }) {
                case .met(let made): result = made
                case .refused(let refusal, let made):
                    result = made
                    atsRefusal = refusal
                case .unreachable(let error): throw error
                }
            } else {
                result = try handshake(connectTarget)
            }
        } catch {
            printError("purex509: cannot get a certificate chain from \(named): \(error)")
            throw ToolExit.usage
        }
        let served = result.served
        let answer = result.identity
        guard !served.isEmpty else {
            printError("purex509: \(named) presented no certificate")
            throw ToolExit.usage
        }
        var certificates: [Certificate] = []
        var malformed: TrustFailure? = nil
        for (index, der) in served.enumerated() {
            do { certificates.append(try Certificate(derEncoded: der)) } catch {
                printError("purex509: served certificate \(index): \(error)")
                malformed = .malformed(index: index, error)
                break
            }
        }
        let servedJSON = served.enumerated().map { index, der in Self.servedJSON(der, parsed: index < certificates.count ? certificates[index] : nil) }
        if !options.json {
            print("served by \(DisplayText.escaped(endpoint)) (\(served.count) certificate\(served.count == 1 ? "" : "s")):")
            for (index, der) in served.enumerated() {
                let parsed = index < certificates.count ? certificates[index] : nil
                print("  \(index): \(parsed.map { $0.subjectForDisplay.description } ?? "(does not parse)")")
                if let parsed { print("     \(SPKIPin(certificate: parsed))") }
                print("     SHA-256 \(Hex.encode(SHA256.hash(der), separator: ":"))")
            }
            if let clientIdentity {
                if let request = result.certificateRequest { print(request.line(presenting: true)) }
                print(Self.identityLine(clientIdentity, answer))
            }
        }
        var extra: [(String, JSONOutput)] = [("served", .array(servedJSON)), ("endpoint", .string(endpoint))]
        if let clientIdentity {
            extra.append(("identity", Self.identityJSON(clientIdentity, answer)))
            if let request = result.certificateRequest { extra.append(("clientCertificateRequest", request.json)) }
        } else {
            extra += Self.reportWithoutIdentity(result, json: options.json)
        }
        // A refused identity fails the connection whatever the verdict on
        // the server's chain: the mutual authentication did not happen.
        if case .refused(let reason) = answer {
            printError("purex509: the server refused the client identity: \(DisplayText.escaped(reason))")
        }
        if let atsRefusal, let atsFile {
            // ATS refused the connection before any certificate would be judged.
            Self.printATSRefusal(atsRefusal, file: atsFile, options: options, negotiated: result.negotiated, extra: extra)
            throw ToolExit.refused
        }
        var decision = try options.decide(store: store, certificates: certificates, malformed: malformed, atsFile: atsFile,
                                          atsHandshake: atsFile.map { _ in result.negotiated })
        // connect's verdict keeps `trusted` alone on its line, which scripts
        // around purex509-nio read; what was checked is the next line.
        decision.scopeOnItsOwnLine = true
        try options.output(decision, extra: extra)
        if case .refused = answer { throw ToolExit.refused }
        if clientIdentity == nil, result.refusal != nil { throw ToolExit.refused }
    }

    /// `not trusted: App Transport Security: …` on standard error (with
    /// --explain, ATS's settings for the host after it), or the verdict
    /// object with an empty path, the error's `decidedBy`, the `ats` member
    /// and what the server negotiated (`ats.handshake`).
    static func printATSRefusal(_ refusal: ATSTLSRefusal, file: ATSInput, options: VerifyOptions, negotiated: NegotiatedTLS?,
                                extra: [(String, JSONOutput)]) {
        let resolution = file.loaded.policy.resolve(host: options.atsHost)
        if options.json {
            var error = VerdictJSON.error(code: refusal.code, certificate: nil, from: nil, message: refusal.description, failure: nil)
            if case .object(let fields) = error { error = .object(fields + [("decidedBy", VerifyOptions.sourceJSON(refusal.decidedBy))]) }
            let ats = VerifyOptions.atsJSON(file: file, resolution: resolution, handshake: .some(negotiated))
            print(VerdictJSON(trusted: false, certificates: [], error: error, path: .array([]), members: [("ats", ats)] + extra)
                .encoded.serialized(pretty: false))
        } else {
            printError("not trusted: \(refusal.description)")
            if options.explain {
                print("App Transport Security for \(DisplayText.escaped(resolution.host)) (--ats \(file.name)):")
                print("  handshake\(negotiated.map { $0.text.isEmpty ? "" : " (\($0.text))" } ?? ""): refused")
                print("  minimum: \(refusal.requirement.minimumText)")
                print("  forward secrecy: \(refusal.requirement.forwardSecrecyText)")
            }
        }
    }

    /// `purex509-nio`: $PUREX509_NIO, else beside this executable, else
    /// on PATH; never when this run was itself delegated (a wrong binary
    /// under that name must not loop).
    static func helper() -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["PUREX509_CONNECT_DELEGATED"] == nil else { return nil }
        if let path = environment["PUREX509_NIO"], !path.isEmpty { return path }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent().appendingPathComponent("purex509-nio").path]
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { String($0) + "/purex509-nio" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Replaces this process with `helper` and the same arguments; returns
    /// only when exec failed.
    static func delegate(to helper: String) {
        setenv("PUREX509_CONNECT_DELEGATED", "1", 1)
        fflush(nil)
        let arguments = [helper] + CommandLine.arguments.dropFirst()
        var argv = arguments.map { strdup($0) } + [nil]
        execv(helper, &argv)
        printError("purex509: cannot run \(DisplayText.escaped(helper)): \(String(cString: strerror(errno)))")
    }

    static func servedJSON(_ der: [UInt8], parsed: Certificate?) -> JSONOutput {
        .object([
            ("subject", parsed.map { .string($0.subjectForDisplay.description) } ?? .null),
            ("pin", parsed.map { .string(SPKIPin(certificate: $0).description) } ?? .null),
            ("sha256", .string(Hex.encode(SHA256.hash(der)))),
        ])
    }
}
