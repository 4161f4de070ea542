import Foundation
import PureX509
import PureX509Config

extension PinningConfigFile {
    /// Reads `path` (`-` for standard input) through `InputFile.read`, as every
    /// other file the tool takes: `purex509: cannot read FILE: reason` and exit 2
    /// when it is missing, a directory, unreadable, empty or over the size cap.
    /// A configuration that does not decode prints
    /// `purex509: FILE, line L, column C: PATH: reason` and exits 2.
    /// `suffixes`: the Public Suffix List that refuses patterns on public
    /// suffixes (`--public-suffix-list`, or the one shipped with the tool).
    static func load(_ path: String, publicSuffixes suffixes: LoadedPublicSuffixList) throws -> PinningConfiguration {
        let name = InputFile.displayName(path)
        let bytes = try InputFile.readOrStop(path)
        do {
            return try parse(bytes, publicSuffixes: suffixes.list)
        } catch {
            var message = "purex509: \(name), \(error)"
            // A pattern refused as a public suffix names the list that decided it.
            if case .hostPattern(.publicSuffix)? = error.cause { message += " (\(suffixes.name))" }
            printError(message)
            throw ToolExit.usage
        }
    }
}

/// A Public Suffix List and the words that name it in refusals.
struct LoadedPublicSuffixList {
    let list: PublicSuffixList
    let name: String

    /// Which list the tool ships (Sources/PureX509Tool/Resources/README.md), named in refusals.
    static let bundledName = "the Public Suffix List of \(PublicSuffixListText.version.prefix(10)) shipped with purex509"

    /// `--public-suffix-list FILE` when given (read through `InputFile.read`,
    /// `-` for standard input), else the list shipped with the tool.
    static func load(_ path: String?) throws -> LoadedPublicSuffixList {
        guard let path else { return bundled() }
        let name = InputFile.displayName(path)
        let bytes = try InputFile.readOrStop(path)
        // A file that is not a suffix list (a PEM bundle, a binary) would
        // otherwise become a list of no rules and accept every pattern.
        guard String(validating: bytes, as: UTF8.self) != nil else {
            printError("purex509: --public-suffix-list \(name): not UTF-8 text, so not a Public Suffix List")
            throw ToolExit.usage
        }
        let list = PublicSuffixList(text: bytes)
        guard list.ruleCount > 0 else {
            printError("purex509: --public-suffix-list \(name): holds no suffix rule, so not a Public Suffix List")
            throw ToolExit.usage
        }
        return LoadedPublicSuffixList(list: list, name: "the Public Suffix List read from \(name)")
    }

    /// The list compiled into the tool (PublicSuffixListText, generated from
    /// Resources/public_suffix_list.dat): an installed binary carries it, so
    /// there is no missing-resource path and no fallback to top-level labels.
    static func bundled() -> LoadedPublicSuffixList {
        LoadedPublicSuffixList(list: PublicSuffixList(text: Array(PublicSuffixListText.rules.utf8)), name: bundledName)
    }

    /// The ICANN section of the shipped list, read once: the suffixes a
    /// certificate's wildcard may not stand over under the profiles that
    /// refuse such wildcards (`ValidationProfile.refusesWildcardOverPublicSuffix`).
    static let certificateWildcardSuffixes: PublicSuffixList = {
        let rules = PublicSuffixListText.rules.split(separator: "\n").prefix(PublicSuffixListText.icannRuleCount)
        return PublicSuffixList(text: Array(rules.joined(separator: "\n").utf8))
    }()

    /// `certificateWildcardSuffixes` when an evaluation needs it (a DNS host
    /// and a profile that reads it), else the default rule alone, so that
    /// other runs do not read the list.
    static func certificateWildcards(for identity: ServerIdentity?, profiles: [ValidationProfile]) -> PublicSuffixList {
        guard case .dnsName? = identity, profiles.contains(where: \.refusesWildcardOverPublicSuffix) else { return .topLevelOnly }
        return certificateWildcardSuffixes
    }
}
