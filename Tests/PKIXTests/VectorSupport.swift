import Foundation
import DER
import PKIX

/// Paths and loaders for the files under `Vectors/`.
enum Vectors {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relative)))
    }

    /// Every regular file under `relative`, sorted, as paths relative to `Vectors/`.
    static func files(under relative: String) -> [String] {
        let base = url(relative)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var result: [String] = []
        for case let file as URL in enumerator {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            result.append(relative + "/" + file.path.dropFirst(base.path.count + 1))
        }
        return result.sorted()
    }
}

/// Runs a command and returns its standard output, or nil when it cannot run.
func runTool(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) -> (status: Int32, output: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    if input != nil { process.standardInput = inputPipe }
    do { try process.run() } catch { return nil }
    if let input {
        inputPipe.fileHandleForWriting.write(Data(input))
        try? inputPipe.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The first of `candidates` that exists and is executable.
func findExecutable(_ name: String) -> String? {
    for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
        let path = directory + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}
