import ArgumentParser
import Foundation
import PureX509

/// The `purex509` tool. Exit codes are a contract scripts rely on:
/// 0 success, 1 the input was examined and refused, 2 bad usage or an
/// unreadable file.
public struct PureX509Command: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "purex509",
        abstract: "Inspect and verify X.509 certificates with PureX509.",
        discussion: discussion,
        version: "purex509 \(PureX509Version.string)",
        subcommands: subcommands
    )

    public static let discussion = """
        Exit codes: 0 success, 1 the input was examined and refused, 2 bad usage or an unreadable file.
        Shell completion: purex509 --generate-completion-script bash|zsh|fish (for example
        `purex509 --generate-completion-script bash > /etc/bash_completion.d/purex509`).
        """

    /// Every command; `connect` needs a TLS stack, which only the NIO
    /// integration's build of the tool supplies (`ConnectCommand.handshake`).
    public static let subcommands: [any ParsableCommand.Type] = [
        Inspect.self, Verify.self, ConnectCommand.self, Scan.self, Pin.self, Policy.self, Bench.self,
    ]

    public init() {}

    public static func main() { run(root: Self.self) }

    /// Parses and runs `root`'s command line with the exit-code contract.
    public static func run<Root: ParsableCommand>(root: Root.Type) {
        do {
            var command = try root.parseAsRoot()
            try command.run()
        } catch let exit as ToolExit {
            exitProcess(exit.code)
        } catch {
            let code = root.exitCode(for: error)
            if code == .success {
                print(root.fullMessage(for: error))
                exitProcess(0)
            }
            FileHandle.standardError.write(Data((root.fullMessage(for: error) + "\n").utf8))
            // ArgumentParser's own usage failures (64) map to the contract's 2.
            exitProcess(code == .validationFailure ? 2 : code.rawValue == 1 ? 1 : 2)
        }
    }
}

/// Ends the tool with a contract exit code after the message was written.
struct ToolExit: Error {
    let code: Int32
    static let refused = ToolExit(code: 1)
    static let usage = ToolExit(code: 2)
}

func exitProcess(_ code: Int32) -> Never {
    fflush(nil)
    Foundation.exit(code)
}

/// `--quiet`: standard output and error go to /dev/null for the rest of
/// the run, so a script that wants only the exit code gets only that
/// (usage errors found while parsing the arguments are still printed).
func silenceOutput() {
    fflush(nil)
    let null = open("/dev/null", O_WRONLY)
    guard null >= 0 else { return }
    dup2(null, STDOUT_FILENO)
    dup2(null, STDERR_FILENO)
    close(null)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
