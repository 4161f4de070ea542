import PureX509
import PureX509Config

/// The Certificate Transparency inputs: `--ct-log-list FILE` (Apple's or
/// Chrome's JSON, docs/ct.md), else the Apple list compiled into the tool,
/// and `--sct-list FILE` (the TLS-encoded SignedCertificateTimestampList a
/// handshake's signed_certificate_timestamp extension carries). Like every
/// file the tool takes, one that cannot be read or does not decode stops
/// the command with exit 2 and says where.
struct LoadedCTLogList {
    let list: CTLogList
    /// How messages name it: the shipped list with its version and date, or the file.
    let name: String
    /// When the list was published (seconds since 1970), when known.
    var published: Int64? { list.timestamp }

    /// `--ct-log-list FILE` when given (`-` for standard input), else the shipped list.
    static func load(_ path: String?) throws -> LoadedCTLogList {
        guard let path else { return try shipped() }
        let name = InputFile.displayName(path)
        let bytes = try InputFile.readOrStop(path)
        do {
            let list = try CTLogListFile.parse(bytes)
            return LoadedCTLogList(list: list, name: "the \(list.format == .apple ? "Apple" : "Chrome") CT log list version \(list.version) read from \(name)")
        } catch {
            printError("purex509: --ct-log-list \(name), \(error)")
            throw ToolExit.usage
        }
    }

    /// Apple's list as shipped with PureX509 (`CTLogListFile.shippedApple()`).
    static func shipped() throws -> LoadedCTLogList {
        do {
            let list = try CTLogListFile.shippedApple()
            return LoadedCTLogList(list: list, name: "Apple's CT log list version \(list.version) of \(AppleCTLogListText.published.prefix(10)) shipped with purex509")
        } catch {
            // Only a bad regeneration of AppleCTLogListText.swift gets here; a test parses it.
            printError("purex509: the shipped CT log list does not decode: \(error)")
            throw ToolExit.usage
        }
    }
}

enum SCTListInput {
    /// `--sct-list FILE`: the SCTs of one TLS-encoded SignedCertificateTimestampList.
    static func load(_ path: String) throws -> [SignedCertificateTimestamp] {
        let name = InputFile.displayName(path)
        let bytes = try InputFile.readOrStop(path)
        do {
            let list = try SignedCertificateTimestampList(tlsEncoded: bytes[...])
            for skipped in list.skipped {
                printError("purex509: note: --sct-list \(name): SCT \(skipped.index) has version \(skipped.version), which this tool does not read; skipped")
            }
            return list.timestamps
        } catch {
            printError("purex509: --sct-list \(name): not a TLS-encoded SCT list: \(error)")
            throw ToolExit.usage
        }
    }
}
