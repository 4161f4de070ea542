import Foundation
import PureX509
import PureX509Config

/// The certificates of one input file, PEM or DER detected from the content.
///
/// Every block is accounted for: each CERTIFICATE block becomes an entry
/// (the certificate, or why that block is bad, with its PEM block number);
/// blocks of other labels are listed in `otherBlocks` for the caller to note
/// or refuse; a file with no certificate says what it holds instead.
struct CertificateInput {
    struct Entry {
        /// 1-based position among the file's certificates.
        let index: Int
        let result: Result<Certificate, InputFailure>
    }

    enum InputFailure: Error, CustomStringConvertible {
        /// The PEM framing or base64 of a block (the failure carries the block number).
        case pem(PEM.Failure)
        /// The DER of certificate `certificate`, from PEM block `block` (nil for a DER file).
        case der(DERError, certificate: Int, block: Int?)

        var description: String {
            switch self {
            case .pem(let failure): return failure.description
            case .der(let error, let index, let block?): return "PEM block \(block) (certificate \(index)): \(error)"
            case .der(let error, let index, nil): return "certificate \(index): \(error)"
            }
        }
    }

    let file: InputFile
    let entries: [Entry]
    /// PEM blocks with another label than CERTIFICATE (keys, CSRs, CRLs, parameters).
    let otherBlocks: [InputFile.Block]
    /// For a DER file that is not a certificate: what it is by its shape.
    let derKind: KeyKind?

    var path: String { file.path }

    /// Reads `path`; prints `purex509: cannot read FILE: reason` and throws
    /// `ToolExit.usage` when missing, a directory, unreadable or empty.
    static func load(_ path: String) throws -> CertificateInput {
        CertificateInput(try InputFile.load(path))
    }

    /// The top-level SEQUENCEs of `bytes` when it is nothing but SEQUENCEs
    /// laid end to end; empty otherwise (then the whole is one object, and
    /// its parser says what is wrong with it).
    static func concatenatedElements(_ bytes: [UInt8]) -> [Range<Int>] {
        DEROutline.concatenatedSequences(bytes)
    }

    init(_ file: InputFile) {
        self.file = file
        switch file.content {
        case .der(let bytes):
            otherBlocks = []
            let elements = Self.concatenatedElements(bytes)
            if elements.count > 1 {
                // Several DER certificates one after another (`cat a.der b.der`): a list, as PEM blocks would be.
                entries = elements.enumerated().map { offset, range in
                    let index = offset + 1
                    let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: Array(bytes[range])) }
                    return Entry(index: index, result: result.mapError { .der($0, certificate: index, block: nil) })
                }
                derKind = nil
                return
            }
            let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: bytes) }
            let kind = KeyKind(derShape: bytes)
            if case .failure = result, let kind, kind != .certificate {
                entries = []
                derKind = kind
            } else {
                entries = [Entry(index: 1, result: result.mapError { .der($0, certificate: 1, block: nil) })]
                derKind = nil
            }
        case .pem(let blocks):
            var entries: [Entry] = [], others: [InputFile.Block] = []
            for block in blocks {
                switch block.der {
                case .failure(let failure):
                    // A damaged block is a damaged input whatever its label claims.
                    entries.append(Entry(index: entries.count + 1, result: .failure(.pem(failure))))
                case .success(let der) where block.label == "CERTIFICATE":
                    let index = entries.count + 1
                    let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: der) }
                    entries.append(Entry(index: index, result: result.mapError { .der($0, certificate: index, block: block.number) }))
                case .success:
                    others.append(block)
                }
            }
            self.entries = entries
            otherBlocks = others
            derKind = nil
        }
    }

    /// Why the file holds no certificate at all, or nil when it holds one
    /// (even a damaged one: that is reported by its entry).
    var noCertificateReason: String? {
        guard entries.isEmpty else { return nil }
        if let derKind { return "no certificate: the file is a DER \(derKind.rawValue)" }
        let found = file.labelsFound
        return found.isEmpty ? "no CERTIFICATE block (no PEM block, and not DER)" : "no CERTIFICATE block (PEM blocks: \(found))"
    }

    /// The certificates, for inputs that must be whole (`--roots`,
    /// `--untrusted`, `--pin-cert`): a file with no certificate or with a bad
    /// block is refused with exit 2 after a message naming the file, the flag
    /// and the block; blocks of other labels are noted on stderr and skipped.
    func requireCertificates(_ flag: String) throws -> [Certificate] {
        if let reason = noCertificateReason {
            printError("purex509: \(flag) \(file.displayName): \(reason)")
            throw ToolExit.usage
        }
        var certificates: [Certificate] = []
        var failed = false
        for entry in entries {
            switch entry.result {
            case .success(let certificate): certificates.append(certificate)
            case .failure(let failure):
                printError("purex509: \(flag) \(file.displayName): \(failure)")
                failed = true
            }
        }
        if failed { throw ToolExit.usage }
        noteOtherBlocks()
        return certificates
    }

    /// `purex509: note: FILE: PEM block 2 (PRIVATE KEY) is not a certificate; skipped`.
    func noteOtherBlocks() {
        for block in otherBlocks {
            printError("purex509: note: \(file.displayName): PEM block \(block.number) (\(DisplayText.escaped(block.label))) is not a certificate; skipped")
        }
    }
}

extension CertificateInput {
    /// `--pin-cert PATH`: a file as `requireCertificates` reads it, or a
    /// directory whose every (non-hidden) file must hold certificates; each
    /// bad file is named, then exit 2.
    static func loadPinned(_ path: String) throws -> [Certificate] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return try load(path).requireCertificates("--pin-cert")
        }
        let files: [CertificateLoader.FileResult]
        switch CertificateLoader.load(directory: path) {
        case .success(let loaded): files = loaded
        case .failure(let reason):
            printError("purex509: --pin-cert \(DisplayText.escaped(path)): \(reason)")
            throw ToolExit.usage
        }
        var certificates: [Certificate] = []
        var failed = false
        for file in files {
            switch file.result {
            case .success(let found): certificates += found
            case .failure(let reason):
                printError("purex509: --pin-cert \(DisplayText.escaped(file.path)): \(reason)")
                failed = true
            }
        }
        if failed { throw ToolExit.usage }
        if certificates.isEmpty {
            printError("purex509: --pin-cert \(DisplayText.escaped(path)): the directory holds no certificate file")
            throw ToolExit.usage
        }
        return certificates
    }
}
