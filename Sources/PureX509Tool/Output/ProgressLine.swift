import Foundation
import PureX509

/// One line of progress on standard error, for inputs that take more than a
/// second, and only when standard error is a terminal (a log or a pipe gets
/// nothing). Redrawn at most four times a second; cleared before any message,
/// and before output when output shares the terminal, so it never mixes
/// with either.
struct ProgressLine {
    private let enabled: Bool
    private let sharesTerminal: Bool
    private let delay: UInt64
    private let write: (String) -> Void
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var shown = false

    static let clearLine = "\r\u{1B}[2K"

    init(enabled: Bool = isatty(STDERR_FILENO) == 1, sharesTerminal: Bool = isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
         delayNanoseconds: UInt64 = 1_000_000_000,
         write: @escaping (String) -> Void = { writeStandardError($0) }) {
        self.enabled = enabled
        self.sharesTerminal = sharesTerminal
        self.delay = delayNanoseconds
        self.write = write
    }

    /// `fileSize` is 0 when unknown (a pipe).
    mutating func update(file: String, certificates: Int, bytesRead: Int, fileSize: Int) {
        update {
            let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
            var line = "inspect: \(DisplayText.escaped(file)): \(certificates) certificates so far, \(megabytes(bytesRead)) MB"
            if fileSize > 0 {
                line += " of \(megabytes(fileSize)) MB (\(min(100, bytesRead * 100 / fileSize))%)"
            }
            return line
        }
    }

    /// Draws `line()` when the delay has passed and the last draw is a
    /// quarter of a second old; the text is only built then.
    mutating func update(_ line: () -> String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - start >= delay, lastDraw == 0 || now - lastDraw > 250_000_000 else { return }
        lastDraw = now
        write(Self.clearLine + line())
        shown = true
    }

    /// Before a line of output: clears only when output shares the terminal,
    /// so output redirected to a file leaves the progress line steady.
    mutating func clearForOutput() {
        if sharesTerminal { clear() }
    }

    mutating func clear() {
        guard shown else { return }
        write(Self.clearLine)
        shown = false
    }
}
