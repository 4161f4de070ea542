#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the files of a trust search with the C library, bounded.
enum SystemFiles {
    /// The most one file may hold: the tool's input cap. A distribution's
    /// bundle is about 200 KB; anything far larger is not a trust bundle.
    static let maximumBytes = 64 << 20

    /// The whole file at `path`, which must be a regular file (after symbolic
    /// links) of at most `maximumBytes`.
    static func read(_ path: String) throws(SystemTrustStoreError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        guard status.st_size <= maximumBytes else { throw .unreadable(path: path, reason: "larger than \(maximumBytes >> 20) MiB") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: reason(errno))
            }
            if count == 0 { break }
            guard bytes.count + count <= maximumBytes else { throw .unreadable(path: path, reason: "larger than \(maximumBytes >> 20) MiB") }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The regular files of `directory` (symbolic links followed), hidden ones
    /// left out, in name order so that the anchors' order is repeatable.
    static func regularFiles(in directory: String) throws(SystemTrustStoreError) -> [String] {
        guard let stream = opendir(directory) else { throw .unreadable(path: directory, reason: reason(errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            names.append(path)
        }
        return names.sorted()
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "not found"
        case EACCES: "permission denied"
        case EISDIR: "is a directory"
        case ENOTDIR: "not a directory"
        default: String(cString: strerror(code))
        }
    }
}

/// The C library's `read`, named apart from `SystemFiles.read`.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}
