// InputFile: every file the tool is given, read once and accounted for
// (issue 13 item 7).
//
// A file either yields its bytes split into PEM blocks (each with its
// number among all blocks of the text, its label and its DER, or the reason
// that block is bad), or one DER body, or a typed `ReadFailure` naming why it
// is unusable: not found, a directory, permission denied, empty, or an I/O
// error. Each block is decoded on its own, so a damaged second block is
// blamed on block 2 and the valid first block is kept. The commands decide
// what each label means to them (CertificateInput, KeyInput).
import Foundation
import PureX509

struct InputFile {
    /// Why a file cannot be used at all. Exit 2 in every command.
    enum ReadFailure: Error, CustomStringConvertible {
        case notFound
        case directory
        case permissionDenied
        case empty
        case io(String)

        var description: String {
            switch self {
            case .notFound: return "not found"
            case .directory: return "is a directory"
            case .permissionDenied: return "permission denied"
            case .empty: return "empty file"
            case .io(let reason): return reason
            }
        }
    }

    /// One PEM block: its 1-based number among every block of the text.
    struct Block {
        let number: Int
        let label: String
        let der: Result<[UInt8], PEM.Failure>
    }

    enum Content {
        case pem([Block])
        case der([UInt8])
    }

    let path: String
    let content: Content

    /// The file name as messages print it (control characters as `\xNN`).
    var displayName: String { DisplayText.escaped(path) }

    /// Reads `path`, or prints `purex509: cannot read FILE: reason` and throws `ToolExit.usage`.
    static func load(_ path: String) throws -> InputFile {
        switch read(path) {
        case .success(let bytes): return InputFile(path: path, bytes: bytes)
        case .failure(let failure):
            printError("purex509: cannot read \(DisplayText.escaped(path)): \(failure)")
            throw ToolExit.usage
        }
    }

    /// The bytes of a regular file, with the POSIX reason when there are none.
    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(failure(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(.directory) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(failure(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes.isEmpty ? .failure(.empty) : .success(bytes)
    }

    private static func failure(_ code: Int32) -> ReadFailure {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        case EACCES, EPERM: return .permissionDenied
        case EISDIR: return .directory
        default: return .io(String(cString: strerror(code)))
        }
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        // DER starts with a SEQUENCE (0x30) for every kind read here; other bytes
        // without a BEGIN line are text with no block, not a malformed certificate.
        content = PEM.looksLikePEM(bytes) || bytes.first != 0x30 ? .pem(Self.blocks(in: bytes)) : .der(bytes)
    }

    /// Every PEM block of `text`, in order, each decoded on its own by
    /// `PEM.blocks(in:label:)` so that one bad block cannot hide the others.
    /// A BEGIN counts only at the start of a line (RFC 7468 §2), as in `PEM`;
    /// a block with no END line ends the scan (nothing after it can be framed).
    static func blocks(in text: [UInt8]) -> [Block] {
        let begin = Array("-----BEGIN ".utf8), end = Array("-----END ".utf8), dashes = Array("-----".utf8)
        var result: [Block] = []
        var cursor = 0
        while let beginAt = find(begin, in: text, from: cursor) {
            cursor = beginAt + begin.count
            guard beginAt == 0 || text[beginAt - 1] == 0x0A else { continue }
            let number = result.count + 1
            let labelEnd = find(dashes, in: text, from: cursor)
            let label = String(decoding: text[cursor..<(labelEnd ?? cursor)], as: UTF8.self)
            guard let labelEnd, let endAt = find(end, in: text, from: labelEnd + dashes.count),
                  let closeAt = find(dashes, in: text, from: endAt + end.count) else {
                result.append(Block(number: number, label: label, der: .failure(.unterminated(block: number))))
                break
            }
            let one = Array(text[beginAt..<(closeAt + dashes.count)])
            let der: Result<[UInt8], PEM.Failure>
            do {
                der = .success(try PEM.blocks(in: one, label: label).first?.der ?? [])
            } catch {
                der = .failure(renumbered(error, number))
            }
            result.append(Block(number: number, label: label, der: der))
            cursor = closeAt + dashes.count
        }
        return result
    }

    /// `PEM` numbers the one block it was given 1; give it back its place in the file.
    private static func renumbered(_ failure: PEM.Failure, _ number: Int) -> PEM.Failure {
        switch failure {
        case .invalidBase64: return .invalidBase64(block: number)
        case .invalidPadding: return .invalidPadding(block: number)
        case .mismatchedEnd: return .mismatchedEnd(block: number)
        case .unterminated: return .unterminated(block: number)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= haystack.count - needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// What a file without a usable block holds, for the message:
    /// `PEM blocks: 1 PRIVATE KEY, 2 EC PARAMETERS`.
    var labelsFound: String {
        guard case .pem(let blocks) = content else { return "" }
        return blocks.map { "\($0.number) \(DisplayText.escaped($0.label))" }.joined(separator: ", ")
    }
}
