import ArgumentParser
import Foundation
import PureX509

/// `purex509 ats-diagnostics https://HOST[:PORT]`: what Apple's `nscurl
/// --ats-diagnostics` does on macOS. The app's ATS configuration (ATS's
/// defaults, or `--ats FILE`'s) is tried against the server, then the same
/// with one change each: NSExceptionMinimumTLSVersion at each version,
/// NSExceptionRequiresForwardSecrecy NO, NSRequiresCertificateTransparency
/// flipped, NSAllowsArbitraryLoads YES. Each try is what `connect --ats`
/// does (the TLS half, then `ATSPolicy.evaluate`), and is printed PASS or
/// FAIL with the reason; then the smallest NSExceptionDomains entry that
/// lets the app connect, as plist XML. Like `connect`, it needs the NIO
/// integration's TLS stack (`ConnectCommand.handshake`).
public struct ATSDiagnosticsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ats-diagnostics",
        abstract: "Try a server under App Transport Security and each of its exceptions, as nscurl --ats-diagnostics does.",
        discussion: """
            Tries the app's ATS configuration (ATS's defaults, or the NSAppTransportSecurity dictionary of --ats \
            Info.plist) against the server, then the same with one change each for the host: \
            NSExceptionMinimumTLSVersion TLSv1.3, TLSv1.2, TLSv1.1 and TLSv1.0; NSExceptionRequiresForwardSecrecy NO; \
            NSRequiresCertificateTransparency YES (NO when the configuration requires it); NSAllowsArbitraryLoads YES. \
            Each try is what `connect --ats` does: a handshake offering only what ATS allows, then the certificate \
            half as `verify --ats` applies it (pins, CT, key and hash sizes, the default trust evaluation under \
            --profile). Each prints PASS or FAIL with the reason and the key that decided; then the smallest \
            NSExceptionDomains entry for the host that makes the app connect, as plist XML to paste into Info.plist, \
            or why no ATS exception can (an untrusted chain, a pin). Exit 0 the app's configuration passes, 1 it \
            fails (the rows and the suggestion say what would help), 2 bad usage, an unreadable file, or no \
            handshake with the server at all (not reachable, or not speaking TLS). docs/ats.md.
            """
    )

    @Option(name: .customLong("roots"), help: "Trust anchors: a PEM bundle, DER, or a directory of such files; repeatable. Default: the system bundle.")
    var roots: [String] = []

    @Option(name: .customLong("at"), parsing: .unconditional, help: "Evaluation time (UNIX seconds, a date, or ISO 8601). Default: now.", transform: TimeOption.parse)
    var at: OptionValue<Int64>?

    @Option(name: .customLong("ats"), help: "An Info.plist (XML or binary) whose NSAppTransportSecurity dictionary is the app's configuration. Default: ATS's defaults (an empty dictionary).")
    var ats: String?

    @Option(name: .customLong("profile"), help: "The validation profile of the default trust evaluation, as verify's --profile (all is refused). (default: strict)", transform: ProfileArgument.parse)
    var profile: ProfileArgument = .one(.strict)

    @Option(name: .customLong("ct-log-list"), help: "The CT log list SCTs are checked against. Default: Apple's list shipped with purex509.")
    var ctLogList: String?

    @Option(name: .customLong("timeout"), help: "Seconds to wait for each connection and handshake (1–300).")
    var timeout: Int = 10

    @Flag(name: .customLong("json"), help: "Print one JSON object: {\"url\", \"host\", \"port\", \"passes\", \"rows\", \"suggestion\", \"note\"}.")
    var json = false

    @Argument(help: "https://HOST[:PORT] (a path after the host is ignored); an internationalised host is converted to its A-label.")
    var url: String

    public init() {}

    public func validate() throws {
        _ = try Self.parse(url: url)
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout: 1 to 300 seconds") }
        if let reason = at?.refusal { throw ValidationError("--at: \(reason)") }
        if case .all = profile { throw ValidationError("--profile all is not an ATS configuration: give one profile") }
    }

    /// The host and port of `https://HOST[:PORT][/…]`. Anything else is a
    /// usage error that says what was expected.
    static func parse(url text: String) throws -> (host: String, port: Int) {
        guard let separator = text.range(of: "://") else {
            throw ValidationError("URL: https://HOST[:PORT], such as https://\(DisplayText.escaped(text))")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "https" else {
            if scheme == "http" {
                throw ValidationError("URL: ATS's checks are for HTTPS; give https://… (a plain http:// load needs NSExceptionAllowsInsecureHTTPLoads, which no server can be tested for)")
            }
            throw ValidationError("URL: the scheme must be https, not \(DisplayText.escaped(String(scheme)))")
        }
        let rest = text[separator.upperBound...]
        let authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        guard !authority.contains("@") else { throw ValidationError("URL: no user name or password: https://HOST[:PORT]") }
        do {
            return try ConnectCommand.hostAndPort(authority)
        } catch {
            throw ValidationError("URL: \(DisplayText.escaped(authority.isEmpty ? text : authority)) is not HOST[:PORT] or [IPv6]:PORT (a host name or address, and a port 1–65535)")
        }
    }

    public func run() throws {
        guard let handshake = ConnectCommand.handshake else {
            if let helper = ConnectCommand.helper() { ConnectCommand.delegate(to: helper) }
            printError("purex509: ats-diagnostics needs a TLS stack, which the core package does not carry; build the NIO integration's tool (swift build -c release --package-path Integrations/NIOSSL) and put purex509-nio beside purex509 or on PATH, or set PUREX509_NIO to it")
            throw ToolExit.usage
        }
        let (host, port) = try Self.parse(url: url)
        let store = try TrustAnchors.load(roots)
        let file = try ats.map { try ATSInput.load($0) }
        let base = file?.loaded.policy ?? ATSPolicy()
        var policy = VerificationPolicy(time: at?.value ?? Int64(Date().timeIntervalSince1970))
        policy.profile = profile.profile
        policy.certificateTransparency.logs = try LoadedCTLogList.load(ctLogList).list
        let endpoint = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        let target = ConnectTarget(host: host, port: port, serverName: ConnectCommand.sniName(for: host), timeoutSeconds: timeout,
                                   clientIdentity: nil, tls: .unconstrained)
        var diagnosis = ATSDiagnosis(host: host, base: base, store: store, policy: policy) { try handshake(target.offering($0)) }
        let rows = diagnosis.rows()
        if case .unreachable(let error) = rows[0].outcome {
            printError("purex509: no TLS handshake with \(DisplayText.escaped(endpoint)) under any configuration: \(error)")
            throw ToolExit.usage
        }
        let suggestion = rows[0].outcome.passed ? nil : diagnosis.smallestException()
        let output = ATSDiagnosticsOutput(url: url, host: host, port: port, endpoint: endpoint, file: file, rows: rows,
                                          suggestion: suggestion, defaultReason: rows[0].outcome)
        if json { print(output.json.serialized(pretty: false)) } else { for line in output.lines { print(line) } }
        if !rows[0].outcome.passed { throw ToolExit.refused }
    }
}

/// One configuration tried: what was changed, and how the server fared.
struct ATSDiagnosticRow {
    /// A stable name for scripts: `default`, `tls13` … `tls10`, `forwardSecrecy`, `certificateTransparency`, `arbitraryLoads`.
    let id: String
    /// What was changed, in Info.plist words; empty for the app's configuration.
    let change: [ATSExceptionKey]
    let outcome: ATSAttemptOutcome
}

/// A key an exception sets, with its value.
struct ATSExceptionKey {
    let key: String
    let value: Value
    enum Value {
        case bool(Bool), string(String)
        var text: String {
            switch self {
            case .bool(let value): return value ? "YES" : "NO"
            case .string(let value): return value
            }
        }
        var json: JSONOutput {
            switch self {
            case .bool(let value): return .bool(value)
            case .string(let value): return .string(value)
            }
        }
        var plist: Any {
            switch self {
            case .bool(let value): return value
            case .string(let value): return value
            }
        }
    }

    var text: String { "\(key) = \(value.text)" }
}

/// How one configuration fared: the app would connect, ATS or the trust
/// evaluation refused (with the key that decided, when one did), or no
/// handshake completed at all.
enum ATSAttemptOutcome {
    case pass(NegotiatedTLS?)
    case fail(code: String, reason: String, decidedBy: ATSSource?, negotiated: NegotiatedTLS?)
    case unreachable(any Error)

    var passed: Bool { if case .pass = self { true } else { false } }
}

/// The smallest NSExceptionDomains entry that lets the app connect.
struct ATSSuggestion {
    /// The entry's key: the host.
    let domain: String
    /// Every key of the entry: the ones the app's governing entry already
    /// set, then the changes.
    let keys: [ATSExceptionKey]
    /// What was changed from the app's configuration.
    let change: [ATSExceptionKey]
}

/// The tries against one server, sharing handshakes: a server's answer
/// depends only on what the client offers, so each offer is made once.
struct ATSDiagnosis {
    let host: String
    let base: ATSPolicy
    let store: TrustStore
    let policy: VerificationPolicy
    let attempt: (ConnectTLS) throws -> ServedHandshake
    private var handshakes: [ConnectTLS: Result<ServedHandshake, any Error>] = [:]

    init(host: String, base: ATSPolicy, store: TrustStore, policy: VerificationPolicy, attempt: @escaping (ConnectTLS) throws -> ServedHandshake) {
        self.host = host
        self.base = base
        self.store = store
        self.policy = policy
        self.attempt = attempt
    }

    /// The app's configuration, then each change nscurl makes.
    mutating func rows() -> [ATSDiagnosticRow] {
        let resolution = base.resolve(host: host)
        var rows = [ATSDiagnosticRow(id: "default", change: [], outcome: fare(base))]
        for version in [ATSTLSVersion.tls13, .tls12, .tls11, .tls10] {
            let change = [ATSExceptionKey(key: "NSExceptionMinimumTLSVersion", value: .string(version.description))]
            rows.append(ATSDiagnosticRow(id: "tls1\(version.rank)", change: change, outcome: fare(withException(change))))
        }
        let forwardSecrecy = [ATSExceptionKey(key: "NSExceptionRequiresForwardSecrecy", value: .bool(false))]
        rows.append(ATSDiagnosticRow(id: "forwardSecrecy", change: forwardSecrecy, outcome: fare(withException(forwardSecrecy))))
        // The flip of what the app's configuration asks: YES where it does not require CT, NO where it does.
        let transparency = [ATSExceptionKey(key: "NSRequiresCertificateTransparency", value: .bool(!resolution.requiresCertificateTransparency.value))]
        rows.append(ATSDiagnosticRow(id: "certificateTransparency", change: transparency, outcome: fare(withException(transparency))))
        var arbitrary = base
        // NSAllowsArbitraryLoads reaches neither an NSExceptionDomains entry
        // nor a configuration holding one of the three keys that make it ignored.
        arbitrary.allowsArbitraryLoads = true
        arbitrary.allowsArbitraryLoadsForMedia = nil
        arbitrary.allowsArbitraryLoadsInWebContent = nil
        arbitrary.allowsLocalNetworking = nil
        if let governing = resolution.exceptionDomain { arbitrary.exceptionDomains.removeAll { $0.domain == governing } }
        rows.append(ATSDiagnosticRow(id: "arbitraryLoads", change: [ATSExceptionKey(key: "NSAllowsArbitraryLoads", value: .bool(true))],
                                     outcome: fare(arbitrary)))
        return rows
    }

    /// The fewest keys, in an NSExceptionDomains entry for the host, that
    /// let the app connect: a lower NSExceptionMinimumTLSVersion (the
    /// highest that passes), NSExceptionRequiresForwardSecrecy NO, and
    /// NSRequiresCertificateTransparency NO where the app requires CT, one
    /// key before two. nil when none does.
    mutating func smallestException() -> ATSSuggestion? {
        let resolution = base.resolve(host: host)
        var versions: [ATSExceptionKey?] = [nil]
        if let minimum = resolution.minimumTLSVersion.value {
            versions += [ATSTLSVersion.tls12, .tls11, .tls10].filter { $0.rank < minimum.rank }
                .map { ATSExceptionKey(key: "NSExceptionMinimumTLSVersion", value: .string($0.description)) }
        }
        let forwardSecrecy: [ATSExceptionKey?] = resolution.requiresForwardSecrecy.value
            ? [nil, ATSExceptionKey(key: "NSExceptionRequiresForwardSecrecy", value: .bool(false))] : [nil]
        let transparency: [ATSExceptionKey?] = resolution.requiresCertificateTransparency.value
            ? [nil, ATSExceptionKey(key: "NSRequiresCertificateTransparency", value: .bool(false))] : [nil]
        var candidates: [[ATSExceptionKey]] = []
        for version in versions { for secrecy in forwardSecrecy { for ct in transparency {
            let change = [version, secrecy, ct].compactMap { $0 }
            if !change.isEmpty { candidates.append(change) }
        } } }
        // Stable: among equals, the order above (the highest version first).
        for change in candidates.enumerated().sorted(by: { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }).map(\.element) {
            guard fare(withException(change)).passed else { continue }
            return ATSSuggestion(domain: host, keys: entryKeys(change), change: change)
        }
        return nil
    }

    /// The app's configuration with an NSExceptionDomains entry for the host
    /// holding `change` over the keys of the entry that governs it now (the
    /// host's own entry wins over its parent's, so nothing else is lost).
    func withException(_ change: [ATSExceptionKey]) -> ATSPolicy {
        var policy = base
        let governing = base.resolve(host: host).exceptionDomain.flatMap { domain in base.exceptionDomains.first { $0.domain == domain } }
        var entry = ATSExceptionDomain(domain: host, allowsInsecureHTTPLoads: governing?.allowsInsecureHTTPLoads,
                                       minimumTLSVersion: governing?.minimumTLSVersion, requiresForwardSecrecy: governing?.requiresForwardSecrecy,
                                       requiresCertificateTransparency: governing?.requiresCertificateTransparency)
        for key in change {
            switch (key.key, key.value) {
            case ("NSExceptionMinimumTLSVersion", .string(let text)): entry.minimumTLSVersion = ATSTLSVersion(text)
            case ("NSExceptionRequiresForwardSecrecy", .bool(let value)): entry.requiresForwardSecrecy = value
            case ("NSRequiresCertificateTransparency", .bool(let value)): entry.requiresCertificateTransparency = value
            default: break
            }
        }
        policy.exceptionDomains.removeAll { $0.domain.lowercased() == host.lowercased() }
        policy.exceptionDomains.append(entry)
        return policy
    }

    /// The keys the suggested entry holds: the governing entry's, with `change` over them.
    func entryKeys(_ change: [ATSExceptionKey]) -> [ATSExceptionKey] {
        guard let entry = withException(change).exceptionDomains.last else { return change }
        var keys: [ATSExceptionKey] = []
        if let value = entry.allowsInsecureHTTPLoads { keys.append(ATSExceptionKey(key: "NSExceptionAllowsInsecureHTTPLoads", value: .bool(value))) }
        if let value = entry.minimumTLSVersion { keys.append(ATSExceptionKey(key: "NSExceptionMinimumTLSVersion", value: .string(value.description))) }
        if let value = entry.requiresForwardSecrecy { keys.append(ATSExceptionKey(key: "NSExceptionRequiresForwardSecrecy", value: .bool(value))) }
        if let value = entry.requiresCertificateTransparency {
            keys.append(ATSExceptionKey(key: "NSRequiresCertificateTransparency", value: .bool(value)))
        }
        return keys
    }

    /// One try: ATS's TLS half for the host under `configuration`, then
    /// its certificate half (`ATSPolicy.evaluate`, as `verify --ats`).
    mutating func fare(_ configuration: ATSPolicy) -> ATSAttemptOutcome {
        let requirement = ATSTLSRequirement(configuration.resolve(host: host))
        var handshakes = self.handshakes
        let attempt = self.attempt
        let outcome = requirement.handshake { offer in
            if let known = handshakes[offer] { return try known.get() }
            let result = Result { try attempt(offer) }
            handshakes[offer] = result
            return try result.get()
        }
        self.handshakes = handshakes
        switch outcome {
        case .unreachable(let error): return .unreachable(error)
        case .refused(let refusal, let made):
            return .fail(code: refusal.code, reason: refusal.description, decidedBy: refusal.decidedBy, negotiated: made.negotiated)
        case .met(let made):
            var certificates: [Certificate] = []
            for (index, der) in made.served.enumerated() {
                do { certificates.append(try Certificate(derEncoded: der)) } catch {
                    return .fail(code: "malformed", reason: "served certificate \(index): \(error)", decidedBy: nil, negotiated: made.negotiated)
                }
            }
            guard !certificates.isEmpty else {
                return .fail(code: "noCertificate", reason: "the server presented no certificate", decidedBy: nil, negotiated: made.negotiated)
            }
            var environment = TrustEnvironment(systemAnchors: store, policy: policy)
            let evaluation = configuration.evaluate(ServerTrust(certificates: certificates), host: host, in: &environment)
            switch evaluation.result {
            case .success: return .pass(made.negotiated)
            case .failure(let failure):
                return .fail(code: failure.code, reason: failure.description, decidedBy: failure.decidedBy, negotiated: made.negotiated)
            }
        }
    }
}
