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
        /// The certificate, or PKIX's one input failure: a block's PEM, or a certificate's DER with its place.
        let result: Result<Certificate, InputFailure>
    }

    let file: InputFile
    let entries: [Entry]
    /// PEM blocks with another label than CERTIFICATE (keys, CSRs, CRLs, parameters).
    let otherBlocks: [InputItem]
    /// For a DER file that is not a certificate: what it is by its shape.
    let derKind: InputKind?

    var path: String { file.path }

    /// Reads `path`; prints `purex509: cannot read FILE: reason` and throws
    /// `ToolExit.usage` when missing, a directory, unreadable or empty.
    static func load(_ path: String) throws -> CertificateInput {
        CertificateInput(try InputFile.load(path))
    }

    /// The file's certificate entries, sorted by PKIX's classifier: every
    /// CERTIFICATE block, every block that does not decode whatever its
    /// label, or the DER certificates laid end to end.
    init(_ file: InputFile) {
        self.file = file
        func parse(_ der: [UInt8], index: Int, block: Int?) -> Entry {
            let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: der) }
            return Entry(index: index, result: result.mapError { .der($0, certificate: index, block: block) })
        }
        var entries: [Entry] = [], others: [InputItem] = []
        var derKind: InputKind? = nil
        for item in file.input.items {
            switch (file.input.encoding, item.der) {
            case (.pem, .failure(let failure)):
                // A damaged block is a damaged input whatever its label claims.
                entries.append(Entry(index: entries.count + 1, result: .failure(.pem(failure))))
            case (.pem, .success(let der)) where item.kind == .certificate:
                entries.append(parse(der, index: entries.count + 1, block: item.provenance.block))
            case (.pem, .success):
                others.append(item)
            case (.der, .success(let der)) where file.input.items.count > 1:
                // Several DER certificates one after another (`cat a.der b.der`): a list, as PEM blocks would be.
                entries.append(parse(der, index: entries.count + 1, block: nil))
            case (.der, .success(let der)):
                // One DER object: a certificate, or what its shape says it is
                // when it does not parse as one. A .p12 (DER, or the BER that
                // Keychain and Windows export) keeps its refused entry, so
                // that each command's exit code for it stays what it was
                // (a presented one is `malformed`, exit 1), and is named.
                let entry = parse(der, index: 1, block: nil)
                let kind = item.kind ?? (PKCS12Shape.matches(der) ? .pkcs12 : nil)
                if case .failure = entry.result, let kind, kind != .certificate {
                    derKind = kind
                    if kind == .pkcs12 { entries.append(entry) }
                } else {
                    entries.append(entry)
                }
            case (.der, .failure(let failure)):
                entries.append(Entry(index: entries.count + 1, result: .failure(.pem(failure))))
            }
        }
        self.entries = entries
        otherBlocks = others
        self.derKind = derKind
    }

    /// Why the file holds no certificate at all, or nil when it holds one
    /// (even a damaged one: that is reported by its entry).
    var noCertificateReason: String? {
        guard entries.isEmpty else { return nil }
        if let derKind { return "no certificate: the file is \(InputAdvice.describe(derKind, file: file.path, der: true))" }
        let found = file.labelsFound
        guard !found.isEmpty else { return "no CERTIFICATE block (no PEM block, and not DER)" }
        let advice = InputAdvice.firstOther(otherBlocks).map { "; it holds \(InputAdvice.describe($0, file: file.path))" } ?? ""
        return "no CERTIFICATE block (PEM blocks: \(found))" + advice
    }

    /// For a file whose one DER object is refused as a certificate and is
    /// something else by its shape (a .p12): what it is and what reads it.
    var notACertificate: String? {
        derKind.map { "not a certificate: the file is " + InputAdvice.describe($0, file: file.path) }
    }

    /// The message for a refused entry: PKIX's failure, or what the file
    /// is when its shape says it is no certificate at all.
    func message(_ failure: InputFailure) -> String {
        if case .der(let error, _, nil) = failure, let note = notACertificate { return "\(note) (as a certificate: \(error))" }
        return failure.description
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
                printError("purex509: \(flag) \(file.displayName): \(message(failure))")
                failed = true
            }
        }
        if failed { throw ToolExit.usage }
        noteOtherBlocks()
        return certificates
    }

    /// Appends a presented file's certificates (CHAIN's, then each
    /// --untrusted file's: one loop for both) to `presented`. The presented
    /// chain is the attacker's: a certificate whose DER is refused is a
    /// verification result (exit 1, `malformed`, indexed by its place among
    /// all presented certificates; the first one found is kept), while a
    /// file with no certificate or a block whose PEM cannot even be decoded
    /// makes the input unusable (exit 2). CHAIN (`flag` nil) ends at its
    /// first refused certificate, since the links after a broken one are
    /// not a chain; an --untrusted file is a pool, and each of its refused
    /// certificates is named. `undecodable` is what a block whose PEM does
    /// not decode costs: exit 2 for `verify`, exit 1 for `policy check`,
    /// whose contract has always counted any bad CHAIN block as a refusal
    /// (docs/inputs.md).
    func present(into presented: inout [Certificate], malformed: inout TrustFailure?, flag: String?,
                 undecodable: ToolExit = .usage) throws {
        let isChain = flag == nil
        let place = (flag.map { $0 + " " } ?? "") + file.displayName
        if let reason = noCertificateReason {
            printError("purex509: \(place): \(reason)")
            throw ToolExit.usage
        }
        for entry in entries {
            switch entry.result {
            case .success(let certificate): presented.append(certificate)
            case .failure(let failure):
                printError("purex509: \(place): \(message(failure))")
                guard case .der(let error, _, _) = failure else { throw undecodable }
                if malformed == nil { malformed = .malformed(index: presented.count, error) }
            }
            if isChain && malformed != nil { break }
        }
        noteOtherBlocks()
    }

    /// `purex509: note: FILE: PEM block 2 (PRIVATE KEY) is not a certificate; skipped`.
    func noteOtherBlocks() {
        for item in otherBlocks {
            printError("purex509: note: \(file.displayName): PEM block \(item.provenance.block ?? 0) (\(DisplayText.escaped(item.label ?? ""))) is not a certificate; skipped")
        }
    }
}

extension CertificateInput {
    /// `--pin-cert PATH`: a file as `requireCertificates` reads it, or a
    /// directory whose every (non-hidden) file must hold certificates; each
    /// bad file is named, then exit 2.
    static func loadPinned(_ path: String) throws -> [Certificate] {
        guard DirectoryListing.isDirectory(path) else {
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
