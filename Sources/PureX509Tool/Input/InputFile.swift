// InputFile: every file the tool is given, read once and accounted for.
//
// A file either yields its bytes split into PEM blocks (each with its
// number among all blocks of the text, its label and its DER, or the reason
// that block is bad), or one DER body, or a typed `ReadFailure` naming why it
// is unusable: not found, a directory, permission denied, empty, or an I/O
// error. Each block is decoded on its own, so a damaged second block is
// blamed on block 2 and the valid first block is kept. Reading the file is
// the tool's; everything after the bytes is PKIX's input layer (`PEMReader`
// frames and decodes, `ClassifiedInput` sorts), and the commands decide
// what each kind means to them (CertificateInput, KeyInput).
import Foundation
import PureX509

struct InputFile {
    /// Why a file cannot be used at all. Exit 2 in every command.
    enum ReadFailure: Error, CustomStringConvertible {
        case notFound
        case directory
        case permissionDenied
        case empty
        /// More than `maximumBytes`, for a command that reads the whole file.
        case tooLarge
        case io(String)

        var description: String {
            switch self {
            case .notFound: return "not found"
            case .directory: return "is a directory"
            case .permissionDenied: return "permission denied"
            case .empty: return "empty file"
            case .tooLarge: return "larger than \(InputFile.maximumBytes) bytes (no chain, key or trust bundle comes near; inspect streams any size)"
            case .io(let reason): return reason
            }
        }
    }

    /// One PEM block: its 1-based number among every block of the text,
    /// where it begins, its label, and its DER or why it is bad.
    typealias Block = PEMReader.Block

    enum Content {
        case pem([Block])
        case der([UInt8])
    }

    let path: String
    /// The file's items, sorted by PKIX's classifier: PEM blocks by label, DER by shape.
    let input: ClassifiedInput
    /// The same, as PEM blocks or one DER body, for the commands that read keys.
    let content: Content

    /// The file name as messages print it (control characters as `\xNN`).
    var displayName: String { Self.displayName(path) }

    /// `path` as messages print it: `standard input` for `-`, control characters as `\xNN`.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : DisplayText.escaped(path) }

    /// Reads `path`, or prints `purex509: cannot read FILE: reason` and throws `ToolExit.usage`.
    static func load(_ path: String) throws -> InputFile {
        InputFile(path: path, bytes: try readOrStop(path))
    }

    /// The bytes of `path` (`-`: standard input), or prints
    /// `purex509: cannot read FILE: reason` and throws `ToolExit.usage`.
    static func readOrStop(_ path: String) throws -> [UInt8] {
        switch read(path) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            printError("purex509: cannot read \(displayName(path)): \(failure)")
            throw ToolExit.usage
        }
    }

    /// Commands that hold a whole file in memory (all but `inspect`) refuse
    /// more than this: the system bundle is about 200 KB.
    static let maximumBytes = 64 << 20

    /// The bytes of a regular file, with the POSIX reason when there are none.
    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        var stream: FileStream
        switch FileStream.open(path) {
        case .success(let opened): stream = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { stream.close() }
        return readAll(&stream)
    }

    /// The rest of an opened stream after its first piece, within `maximumBytes`.
    static func readAll(_ stream: inout FileStream) -> Result<[UInt8], ReadFailure> {
        var bytes = stream.first
        while true {
            switch stream.read() {
            case .failure(let failure): return .failure(failure)
            case .success(nil): return .success(bytes)
            case .success(let chunk?):
                bytes += chunk
                if bytes.count > maximumBytes { return .failure(.tooLarge) }
            }
        }
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        input = ClassifiedInput(bytes, source: path)
        switch input.encoding {
        case .der: content = .der(bytes)
        case .pem:
            content = .pem(input.items.map { item in
                Block(number: item.provenance.block ?? 0, offset: item.provenance.offset, label: item.label ?? "", der: item.der)
            })
        }
    }

    /// Every PEM block of `text`, in order, each decoded on its own
    /// (PKIX's `PEMReader`, given the whole text at once).
    static func blocks(in text: [UInt8]) -> [Block] {
        PEMReader.blocks(in: text)
    }

    /// What a file without a usable block holds, for the message:
    /// `PEM blocks: 1 PRIVATE KEY, 2 EC PARAMETERS`.
    var labelsFound: String {
        guard case .pem(let blocks) = content else { return "" }
        return blocks.map { "\($0.number) \(DisplayText.escaped($0.label))" }.joined(separator: ", ")
    }
}
