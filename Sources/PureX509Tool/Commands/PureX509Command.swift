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
        Inspect.self, Verify.self, ConnectCommand.self, ATSDiagnosticsCommand.self, Scan.self, Pin.self, Policy.self, Identity.self, Bench.self,
    ]

    public init() {}

    public static func main() { run(root: Self.self) }

    /// Parses and runs `root`'s command line with the exit-code contract.
    public static func run<Root: ParsableCommand>(root: Root.Type) {
        do {
            var command = try root.parseAsRoot()
            try command.run()
            exitProcess(0)
        } catch let exit as ToolExit {
            exitProcess(exit.code)
        } catch {
            let code = root.exitCode(for: error)
            if code == .success {
                print(root.fullMessage(for: error))
                exitProcess(0)
            }
            writeStandardError(root.fullMessage(for: error) + "\n")
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

/// Exits with `code`, unless standard output could not be written (a full
/// disk, a pipe closed with SIGPIPE ignored): then the verdict never
/// reached the reader, which is said on stderr and exits 2, not 0.
func exitProcess(_ code: Int32) -> Never {
    if standardOutputFailed() {
        writeStandardError("purex509: cannot write standard output: \(String(cString: strerror(errno)))\n")
        fflush(nil)
        Foundation.exit(2)
    }
    fflush(nil)
    Foundation.exit(code)
}

/// Straight to the descriptor, errors ignored: FileHandle's `write` traps
/// when the descriptor fails (stderr on a full disk), and stderr is
/// unbuffered in C as well, so the order with other messages holds.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}


/// Whether writing standard output failed: the flush of every stdio stream
/// (print's buffer; stderr has none) reports it. Swift 6 does not let this
/// module name C's `stdout`, so `ferror` is out of reach; a failed write
/// leaves text behind it that fails again at this flush.
func standardOutputFailed() -> Bool {
    fflush(nil) != 0
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
    writeStandardError(message + "\n")
}
