import Foundation
import PureX509
import PureX509Config

/// `--roots DIR`: every certificate in the files of a directory, the
/// `-CApath /etc/ssl/certs` habit. Such directories hold other things too
/// (hash links to the same files, a combined bundle, keys, READMEs), so
/// files without a certificate are skipped and counted, and a certificate
/// seen twice is added once. A directory that yields no certificate is an
/// unusable input (exit 2), as an empty file is.
enum AnchorDirectory {
    static func isDirectory(_ path: String) -> Bool { DirectoryListing.isDirectory(path) }

    static func load(_ path: String) throws -> [Certificate] {
        let listing: DirectoryListing
        switch DirectoryListing.read(path) {
        case .success(let read): listing = read
        case .failure(let error):
            printError("purex509: cannot read \(DisplayText.escaped(path)): \(error.localizedDescription)")
            throw ToolExit.usage
        }
        var certificates: [Certificate] = []
        var seen = Set<[UInt8]>()
        var skipped = 0, used = 0
        for file in listing.paths {
            guard !isDirectory(file), case .success(let bytes) = InputFile.read(file) else { skipped += 1; continue }
            let input = CertificateInput(InputFile(path: file, bytes: bytes))
            let parsed = input.entries.compactMap { try? $0.result.get() }
            guard !parsed.isEmpty else { skipped += 1; continue }
            used += 1
            for certificate in parsed where seen.insert(certificate.der).inserted { certificates.append(certificate) }
        }
        guard !certificates.isEmpty else {
            printError("purex509: --roots \(DisplayText.escaped(path)): no certificate in the directory's \(listing.count) entries")
            throw ToolExit.usage
        }
        printError("purex509: note: --roots \(DisplayText.escaped(path)): \(certificates.count) certificates from \(used) files; \(skipped) entries without a certificate skipped")
        return certificates
    }
}
