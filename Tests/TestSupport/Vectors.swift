import Foundation

/// Where the repository's files are, for every test target.
///
/// The path comes from this file's own location (`#filePath`), not from the
/// working directory: `swift test` may run from anywhere, and a test target
/// that computed it for itself would break the day the file moved one folder
/// deeper. Each target names its suite's folder from `root`
/// (`Vectors.url("nist-sha")`), so only this file knows the layout.
public enum Vectors {
    /// The repository's root: this file is `Tests/TestSupport/Vectors.swift`.
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Vectors/`: the external suites and generated files the tests read.
    public static let root: URL = repository.appendingPathComponent("Vectors")

    /// A path under `Vectors/`.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The contents of a file under `Vectors/`.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relative)))
    }

    /// Every regular file under `relative`, sorted, as paths relative to
    /// `Vectors/`: sorted so a corpus is walked in the same order on every
    /// machine and a failure names the same file twice.
    public static func files(under relative: String) -> [String] {
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
