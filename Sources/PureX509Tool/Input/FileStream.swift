import Foundation

/// A file read in pieces: opened and checked once (not found, a directory,
/// permission denied, empty), its first piece read at once so that callers
/// can tell PEM from DER, the rest on demand. `inspect` streams with it;
/// `InputFile.read` reads every piece.
struct FileStream {
    static let pieceSize = 1 << 16

    let path: String
    /// The size `fstat` reported (0 for pipes and devices), for progress.
    let size: Int
    /// The first piece; never empty.
    let first: [UInt8]
    private(set) var bytesRead: Int
    private let descriptor: Int32

    /// `-` names standard input (`openssl s_client … | purex509 inspect -`);
    /// pipes, FIFOs and process substitution are read like files.
    static func open(_ path: String) -> Result<FileStream, InputFile.ReadFailure> {
        var info = stat()
        let descriptor: Int32
        if path == "-" {
            descriptor = dup(STDIN_FILENO)
            guard descriptor >= 0, fstat(descriptor, &info) == 0 else { return .failure(failure(errno)) }
        } else {
            guard stat(path, &info) == 0 else { return .failure(failure(errno)) }
            if info.st_mode & S_IFMT == S_IFDIR { return .failure(.directory) }
            descriptor = Foundation.open(path, O_RDONLY)
            guard descriptor >= 0 else { return .failure(failure(errno)) }
        }
        switch readPiece(descriptor) {
        case .failure(let failure):
            Foundation.close(descriptor)
            return .failure(failure)
        case .success(nil):
            Foundation.close(descriptor)
            return .failure(.empty)
        case .success(let piece?):
            return .success(FileStream(path: path, size: Int(info.st_size), first: piece, bytesRead: piece.count, descriptor: descriptor))
        }
    }

    /// The next piece after `first`, nil at the end of the file.
    mutating func read() -> Result<[UInt8]?, InputFile.ReadFailure> {
        let piece = Self.readPiece(descriptor)
        if case .success(let bytes?) = piece { bytesRead += bytes.count }
        return piece
    }

    func close() { Foundation.close(descriptor) }

    private static func readPiece(_ descriptor: Int32) -> Result<[UInt8]?, InputFile.ReadFailure> {
        var piece = [UInt8](repeating: 0, count: pieceSize)
        while true {
            let count = piece.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if count == 0 { return .success(nil) }
            piece.removeSubrange(count...)
            return .success(piece)
        }
    }

    private static func failure(_ code: Int32) -> InputFile.ReadFailure {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        case EACCES, EPERM: return .permissionDenied
        case EISDIR: return .directory
        default: return .io(String(cString: strerror(code)))
        }
    }
}
