import Foundation

/// The one directory walker of the tool and the configuration loader
/// (`--roots DIR`, `--pin-cert DIR`, `scan DIR`, a pinning configuration's
/// certificate directory): the entries directly inside a directory, in name
/// order, hidden ones (a leading dot) left out as `-CApath` readers leave
/// them out. It lists; what an entry is (a file, a link, a subdirectory to
/// enter or skip) and what its bytes hold is each caller's to decide, and
/// the bytes go to PKIX's input layer like any file's.
public struct DirectoryListing: Sendable {
    /// The directory as given.
    public let directory: String
    /// How many entries it holds, hidden ones included (for "no
    /// certificate in the directory's N entries").
    public let count: Int
    /// The names of the visible entries, in name order.
    public let names: [String]

    /// Lists `directory`, or gives the system's error (each caller words it as it always has).
    public static func read(_ directory: String) -> Result<DirectoryListing, Error> {
        let all: [String]
        do { all = try FileManager.default.contentsOfDirectory(atPath: directory) } catch { return .failure(error) }
        return .success(DirectoryListing(directory: directory, count: all.count, names: all.filter { !$0.hasPrefix(".") }.sorted()))
    }

    /// Each visible entry's path: the directory joined with its name as
    /// written (`dir/name`, relative when the directory is).
    public var paths: [String] { names.map { (directory as NSString).appendingPathComponent($0) } }

    /// Whether `path` is a directory (following a symbolic link).
    public static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
