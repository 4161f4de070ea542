import Foundation

// The repository's Vectors/ directory, found from this file's path, so the
// fuzzers and the tests read the same fixed inputs wherever they run.
enum FuzzVectors {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Vectors/"
    }()

    static func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: root + relative).map { [UInt8]($0) }
    }
}
