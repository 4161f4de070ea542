import ArgumentParser
import Foundation
import PureX509

struct Policy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pinning policies from a configuration file.",
        subcommands: [Check.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Evaluate CHAIN for --host under the pin sets of CONFIG.json (see docs/pinning.md).",
            discussion: """
                A future --at answers "will this pin set still accept this chain on that date". Exit 0 trusted, \
                1 not trusted, 2 bad usage, an unreadable file or an invalid configuration.
                """
        )

        @Argument(help: "The pinning configuration (JSON).")
        var config: String

        @Argument(help: "The presented chain, leaf first (PEM or DER).")
        var chain: String

        @Option(name: .customLong("host"), help: "The host the client connects to.")
        var host: String

        @Option(name: .customLong("at"), help: "Evaluation time: UNIX seconds or ISO 8601. Default: now.")
        var at: String?

        @Option(name: .customLong("roots"), help: "Trust anchors; repeatable. Default: the system bundle.")
        var roots: [String] = []

        func validate() throws {
            if let at, case .failure(let failure) = TimeArgument.parse(at) { throw ValidationError("--at: \(failure)") }
            if ServerIdentity(host: host) == nil { throw ValidationError("--host: not a valid host name") }
        }

        func run() throws {
            let configuration = try PinningConfigFile.load(config)
            var loader = Verify()
            loader.roots = roots
            let store = try loader.loadAnchors()
            let certificates = try CertificateInput.load(chain).entries.map { entry -> Certificate in
                switch entry.result {
                case .success(let certificate): return certificate
                case .failure(let failure):
                    printError("purex509: \(chain): \(failure)")
                    throw ToolExit.refused
                }
            }
            let time = at.flatMap(Verify.parseTime) ?? Int64(Date().timeIntervalSince1970)
            let environment = TrustEnvironment(systemAnchors: store, time: time)
            var reports: [PinValidationReport] = []
            let failure = configuration.evaluate(ServerTrust(certificates: certificates), host: host, in: environment) { reports.append($0) }
            if let set = configuration.pinSet(forHost: host) {
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

/// Reads the JSON configuration documented in docs/pinning.md.
enum PinningConfigFile {
    static func load(_ path: String) throws -> PinningConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("purex509: cannot read \(path)")
            throw ToolExit.usage
        }
        do {
            return try parse(data)
        } catch let error as ToolExit {
            throw error
        } catch {
            printError("purex509: \(path): \(error)")
            throw ToolExit.usage
        }
    }

    struct ConfigError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ data: Data) throws -> PinningConfiguration {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let sets = root["pinSets"] as? [[String: Any]] else {
            throw ConfigError(description: "expected an object with a \"pinSets\" array")
        }
        let minimumPins = root["minimumPins"] as? Int ?? 2
        let suffixes = FileManager.default.contents(atPath: "/usr/share/publicsuffix/public_suffix_list.dat")
            .map { PublicSuffixList(text: [UInt8]($0)) } ?? .topLevelOnly
        var pinSets: [PinSet] = []
        for (i, set) in sets.enumerated() {
            guard let pattern = set["pattern"] as? String, let pinTexts = set["pins"] as? [String] else {
                throw ConfigError(description: "pin set \(i): needs \"pattern\" and \"pins\"")
            }
            var expiration: Int64? = nil
            if let text = set["expiration"] as? String {
                guard let seconds = Verify.parseTime(text) else { throw ConfigError(description: "pin set \(i): bad expiration \(text)") }
                expiration = seconds
            }
            do {
                let hostPattern = try HostPattern(pattern, includeSubdomains: set["includeSubdomains"] as? Bool ?? false, publicSuffixes: suffixes)
                let pins = try pinTexts.map { text throws in try SPKIPin(text) }
                pinSets.append(try PinSet(pattern: hostPattern, pins: pins, expiration: expiration,
                                          failClosed: set["failClosed"] as? Bool ?? false,
                                          enforce: set["enforce"] as? Bool ?? true, minimumPins: minimumPins))
            } catch {
                throw ConfigError(description: "pin set \(i) (\(pattern)): \(error)")
            }
        }
        return PinningConfiguration(pinSets: pinSets)
    }
}
