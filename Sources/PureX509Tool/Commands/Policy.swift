import ArgumentParser
import Foundation
import PureX509
import PureX509Config

struct Policy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pinning policies from a configuration file.",
        subcommands: [Check.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Evaluate CHAIN for --host (or --ip) under the pin sets of CONFIG.json (see docs/pinning.md).",
            discussion: """
                A future --at answers "will this pin set still accept this chain on that date". Exit 0 trusted, \
                1 not trusted, 2 bad usage, an unreadable file or an invalid configuration.
                """
        )

        @Argument(help: "The pinning configuration (JSON); - reads standard input.")
        var config: String

        @Argument(help: "The presented chain, leaf first (PEM or DER).")
        var chain: String

        @Option(name: .customLong("host"), help: "The host the client connects to; an internationalised name (bücher.example) is matched as its A-label (xn--bcher-kva.example).", transform: HostArgument.convert)
        var hostName: String?

        @Option(name: .customLong("ip"), help: "The IP address the client connects to (the leaf must present it; pin sets match it as text).")
        var ip: String?

        /// The reference identity as the pin sets and the evaluation see it.
        var host: String { hostName ?? ip ?? "" }

        @Option(name: .customLong("at"), parsing: .unconditional, help: "Evaluation time: UNIX seconds (negative before 1970: --at -1), a date (2024-01-02, midnight UTC) or ISO 8601 (2024-01-02T03:04:05Z). Default: now.", transform: TimeOption.parse)
        var at: OptionValue<Int64>?

        @Option(name: .customLong("roots"), help: "Trust anchors: a PEM bundle, DER, or a directory of such files; repeatable. Default: the system bundle.")
        var roots: [String] = []

        @Option(name: .customLong("public-suffix-list"), help: ArgumentHelp("A Public Suffix List (publicsuffix.org's public_suffix_list.dat) to refuse pin-set patterns on public suffixes with. Default: the copy shipped with purex509, of \(PublicSuffixListText.version.prefix(10)).", valueName: "file"))
        var publicSuffixList: String?

        @Option(name: .customLong("untrusted"), help: "More presented certificates (intermediates), as served after CHAIN; repeatable.")
        var untrusted: [String] = []

        @Option(name: .customLong("purpose"), help: "server (default), client or any: the extended key usage the leaf must allow. (default: server)", transform: PurposeArgument.parse)
        var purpose: PurposeArgument = .server

        @Option(name: .customLong("require-ct"), help: "apple or chrome: the chain must also meet that Certificate Transparency policy (docs/ct.md).", transform: CTPolicyArgument.parse)
        var requireCT: OptionValue<CTPolicy>?

        @Option(name: .customLong("ct-log-list"), help: "The CT log list SCTs are checked against (Apple's or Chrome's JSON). Default: Apple's list shipped with purex509.")
        var ctLogList: String?

        @Flag(name: .customLong("json"), help: "One JSON object: trusted, pinSet, reports, error.")
        var json = false

        @Flag(name: .customLong("quiet"), help: "Print nothing; only the exit code says the verdict.")
        var quiet = false

        func validate() throws {
            if let reason = at?.refusal { throw ValidationError("--at: \(reason)") }
            if let reason = requireCT?.refusal { throw ValidationError("--require-ct: \(reason)") }
            switch (hostName, ip) {
            case (nil, nil): throw ValidationError("give --host NAME or --ip ADDRESS")
            case (.some, .some): throw ValidationError("give --host or --ip, not both")
            case (let name?, nil): if ServerIdentity(host: name) == nil { throw ValidationError("--host: not a valid host name") }
            case (nil, let address?): if ServerIdentity(ipAddress: address) == nil { throw ValidationError("--ip: not an IPv4 or IPv6 address") }
            }
            if [config, chain, publicSuffixList].filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once") }
        }

        func run() throws {
            if quiet { silenceOutput() }
            let configuration = try PinningConfigFile.load(config, publicSuffixes: try LoadedPublicSuffixList.load(publicSuffixList))
            let store = try TrustAnchors.load(roots)
            // CHAIN through verify's loop: a file without a certificate is
            // unusable (exit 2); a bad block, refused DER or undecodable PEM,
            // is a refusal named on stderr (exit 1).
            var certificates: [Certificate] = []
            var malformed: TrustFailure? = nil
            try CertificateInput.load(chain).present(into: &certificates, malformed: &malformed, flag: nil, undecodable: .refused)
            if malformed != nil { throw ToolExit.refused }
            var extra: [Certificate] = []
            for file in untrusted { extra += try CertificateInput.load(file).requireCertificates("--untrusted") }
            let time = at?.value ?? Int64(Date().timeIntervalSince1970)
            var policy = VerificationPolicy(time: time)
            policy.purpose = purpose.purpose
            policy.certificateTransparency.required = requireCT?.value
            if requireCT?.value != nil || ctLogList != nil {
                policy.certificateTransparency.logs = try LoadedCTLogList.load(ctLogList).list
            }
            var environment = TrustEnvironment(systemAnchors: store, policy: policy)
            var reports: [PinValidationReport] = []
            let evaluation = configuration.evaluate(ServerTrust(certificates: certificates + extra), host: host, in: &environment) { reports.append($0) }
            let failure: ServerTrustFailure? = if case .failure(let refused) = evaluation { refused } else { nil }
            let set = configuration.pinSet(forHost: host)
            if json {
                let setJSON: JSONOutput = set.map { set in
                    .object([("pattern", .string(set.pattern.description)), ("reportOnly", .bool(!set.enforce)), ("expired", .bool(set.isExpired(at: time)))])
                } ?? .null
                let reportsJSON = JSONOutput.array(reports.map { report in
                    .object([("enforced", .bool(report.enforced)), ("pattern", .string(report.pattern)),
                             ("time", .string(CivilTime.iso8601(report.time))), ("reason", .string(report.reason))])
                })
                print(JSONOutput.object([("trusted", .bool(failure == nil)), ("host", .string(host)), ("pinSet", setJSON),
                                         ("reports", reportsJSON), ("error", failure.map { .string($0.description) } ?? .null)])
                    .serialized(pretty: false))
                if failure != nil { throw ToolExit.refused }
                return
            }
            if let set {
                print("pin set: \(set.pattern)\(set.enforce ? "" : " (report-only)")\(set.isExpired(at: time) ? " (expired)" : "")")
            } else {
                print("pin set: none for \(host); default validation only")
            }
            for report in reports {
                print("report: \(report.enforced ? "enforced" : "report-only") \(report.pattern) at \(CivilTime.iso8601(report.time)): \(report.reason)")
            }
            if let failure {
                printError("not trusted: \(failure)")
                throw ToolExit.refused
            }
            print("trusted")
        }
    }
}
