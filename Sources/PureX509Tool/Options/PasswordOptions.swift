import ArgumentParser
import Foundation
import PureX509

/// Where a PKCS #12 file's password comes from. Never the command line:
/// argv is readable by every user of the machine (`ps`, /proc/PID/cmdline)
/// and lands in shell history.
public struct PasswordOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("password-file"), help: "Read the password from the first line of this file (the line break is not part of it).")
    var passwordFile: String?

    @Option(name: .customLong("password-env"), help: "Read the password from this environment variable.")
    var passwordEnvironment: String?

    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
    var passwordStandardInput = false

    @Flag(name: .customLong("no-password"), help: "The file has no password (an empty one is read the same way, as OpenSSL does).")
    var noPassword = false

    @Flag(name: .customLong("allow-no-mac"), help: "Open a file that has no MAC although a password was given. Refused without this flag: nothing then proves the password's owner wrote the file, and whoever can write it can put their own key first. --no-password files need no flag.")
    var allowNoMAC = false

    /// The reader's limits: the defaults, with a MAC-less file allowed
    /// under a password only when `--allow-no-mac` says so.
    var limits: PKCS12Limits {
        var limits = PKCS12Limits()
        limits.allowsPasswordWithoutMAC = allowNoMAC
        return limits
    }

    /// How many sources were named: more than one is a usage error; a
    /// command that must open a file also requires one (`requireSource`).
    var sourceCount: Int { [passwordFile != nil, passwordEnvironment != nil, passwordStandardInput, noPassword].filter { $0 }.count }

    public func validate() throws {
        guard sourceCount <= 1 else { throw ValidationError("give one of --password-file, --password-env, --password-stdin and --no-password") }
    }

    /// The usage error when no source was named.
    static let missingSource = "say where the password is: --password-file F, --password-env VAR, --password-stdin or --no-password (never on the command line)"

    /// Throws the usage error when no source was named.
    func requireSource() throws {
        guard sourceCount == 1 else { throw ValidationError(Self.missingSource) }
    }

    /// Whether the password is read from standard input, which the file then cannot be.
    var readsStandardInput: Bool { passwordStandardInput }

    /// The password, or exit 2 with the reason when its source cannot be read.
    func password() throws -> PKCS12Password {
        if noPassword { return .none }
        if let name = passwordEnvironment {
            guard let value = ProcessInfo.processInfo.environment[name] else {
                printError("purex509: --password-env: \(DisplayText.escaped(name)) is not set")
                throw ToolExit.usage
            }
            return .utf8(value)
        }
        let bytes: [UInt8]
        let source: String
        if let path = passwordFile {
            source = "--password-file \(DisplayText.escaped(path))"
            switch InputFile.read(path) {
            case .success(let read): bytes = read
            case .failure(let failure):
                printError("purex509: cannot read \(DisplayText.escaped(path)): \(failure)")
                throw ToolExit.usage
            }
        } else {
            source = "--password-stdin"
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFileBounded())
        }
        return .utf8(try Self.firstLine(bytes, source: source))
    }

    /// The first line without its break (LF or CRLF), as UTF-8 text.
    static func firstLine(_ bytes: [UInt8], source: String) throws -> String {
        var line = bytes.prefix { $0 != 0x0A }
        if line.last == 0x0D { line = line.dropLast() }
        guard let text = String(validating: line, as: UTF8.self) else {
            printError("purex509: \(source): the password is not UTF-8 text")
            throw ToolExit.usage
        }
        return text
    }
}

private extension FileHandle {
    /// Standard input up to 64 KiB: a password, not a stream to hold.
    func readDataToEndOfFileBounded() -> Data {
        var data = Data()
        while data.count < 1 << 16 {
            let chunk = readData(ofLength: 4_096)
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }
}
