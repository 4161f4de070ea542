import Foundation

/// What a finished command did: its exit status and all it wrote.
public struct ToolRun: Sendable {
    public let status: Int32
    /// Standard output as written (openssl can write DER).
    public let standardOutput: Data
    public let standardError: Data

    /// Standard output as UTF-8 text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var error: String { String(decoding: standardError, as: UTF8.self) }
}

/// Runs `executable` and waits for it: the tests' one way to start a process
/// (the `purex509` tool, `openssl`, `/bin/sh -c`).
///
/// - `directory`: the working directory; nil keeps the test's own.
/// - `environment`: variables set on top of the test's own environment
///   (empty: the child inherits it unchanged).
/// - `input`: written to standard input, which is then closed; nil leaves
///   the test's own standard input to the child.
///
/// Standard error is drained on another thread while standard output is
/// read, so a command that writes much to both cannot fill one pipe and
/// wait forever on a reader that is blocked on the other.
public func runTool(
    _ executable: String, _ arguments: [String],
    in directory: URL? = nil, environment: [String: String] = [:], input: Data? = nil
) throws -> ToolRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let output = Pipe(), error = Pipe(), stdin = Pipe()
    process.standardOutput = output
    process.standardError = error
    if input != nil { process.standardInput = stdin }
    try start(process)

    let errorText = DrainedPipe()
    let drained = DispatchGroup()
    let errorHandle = error.fileHandleForReading
    DispatchQueue.global().async(group: drained) { errorText.data = errorHandle.readDataToEndOfFile() }
    if let input {
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    process.waitUntilExit()
    return ToolRun(status: process.terminationStatus, standardOutput: outputData, standardError: errorText.data)
}

/// Standard error's bytes, written by the draining thread and read after
/// `DispatchGroup.wait`, which orders the two.
private final class DrainedPipe: @unchecked Sendable {
    var data = Data()
}

/// The path of the command `name` in /usr/bin, /usr/local/bin or /bin, or nil:
/// the cross-checks against OpenSSL are skipped, with a notice, on a machine
/// without it rather than failing there.
public func findExecutable(_ name: String) -> String? {
    for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
        let path = directory + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Starts `process`, trying again while the kernel answers ETXTBSY. Tests
/// write helper scripts and copies of the tool, then run them; a process that
/// another test spawns in that moment inherits the writable descriptor until
/// its own exec, and an exec of the file fails meanwhile. The window is a
/// fork's length, so a few short waits end it.
private func start(_ process: Process) throws {
    var attempt = 0
    while true {
        do {
            return try process.run()
        } catch let error as NSError where attempt < 20 && isTextFileBusy(error) {
            attempt += 1
            usleep(50_000)
        }
    }
}

private func isTextFileBusy(_ error: NSError) -> Bool {
    if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
    guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
    return isTextFileBusy(underlying)
}
