import Foundation
import PureX509

/// Certificates from files, PEM or DER, for pinning and trust stores: the
/// equivalent of Alamofire's `Bundle.af.certificates`, with a typed error
/// per file where Alamofire drops what does not parse. Outside the core,
/// which reads no files; each file's bytes go through `CertificateFile`
/// (PKIX's input layer), each directory through `DirectoryListing`.
package enum CertificateLoader {
    /// Why one file gave no certificates.
    package enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file could not be read (the system's reason).
        case unreadable(String)
        /// Larger than `maximumBytes`.
        case tooLarge
        case empty
        /// The bytes are no certificate, or a certificate in them is damaged.
        case content(CertificateFile.Failure)

        package var description: String {
            switch self {
            case .unreadable(let reason): return "cannot read: \(reason)"
            case .tooLarge: return "larger than \(CertificateLoader.maximumBytes) bytes"
            case .empty: return "empty file"
            case .content(let failure): return failure.description
            }
        }
    }

    /// One file's outcome.
    package struct FileResult: Sendable {
        package let path: String
        package let result: Result<[Certificate], Reason>
    }

    /// A trust bundle is about 200 KB; no certificate file comes near this.
    package static let maximumBytes = 64 << 20

    /// Every file of `paths`, in order.
    package static func load(files paths: [String]) -> [FileResult] {
        paths.map { FileResult(path: $0, result: load(file: $0)) }
    }

    /// Every regular file directly inside `directory`, in name order
    /// (hidden files and subdirectories are left out, as `-CApath`
    /// readers do); the directory itself unreadable is the failure.
    package static func load(directory: String) -> Result<[FileResult], Reason> {
        let listing: DirectoryListing
        switch DirectoryListing.read(directory) {
        case .success(let read): listing = read
        case .failure(let error): return .failure(.unreadable(reason(error)))
        }
        // Joined as a URL (absolute paths in messages), as this loader always has.
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        let files = listing.names.map { base.appendingPathComponent($0).path }.filter { !DirectoryListing.isDirectory($0) && FileManager.default.fileExists(atPath: $0) }
        return .success(load(files: files))
    }

    /// The certificates of one file.
    package static func load(file path: String) -> Result<[Certificate], Reason> {
        let bytes: [UInt8]
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maximumBytes else { return .failure(.tooLarge) }
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .failure(.unreadable(reason(error)))
        }
        guard !bytes.isEmpty else { return .failure(.empty) }
        return CertificateFile.certificates(in: bytes).mapError { .content($0) }
    }

    /// The POSIX reason when there is one ("No such file or directory").
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
