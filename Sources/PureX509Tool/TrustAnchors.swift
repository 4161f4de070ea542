import Foundation
import PureX509

/// The trust anchors of `verify`, `connect`, `scan`, `policy check` and
/// `identity`: the `--roots` files, or the system bundle.
enum TrustAnchors {
    /// The anchors from `roots` (`--roots`), every block of which must be a
    /// good certificate (exit 2 otherwise, naming the file and block), or the
    /// system bundle, whose unparsable entries are skipped with a note: the
    /// distribution's bundle is not the user's to fix. The bundle's roots
    /// are `.system` anchors, --roots `.caller` ones (Apple's 398-day limit
    /// holds only under system roots: TrustStore.Provenance).
    static func load(_ roots: [String]) throws -> TrustStore {
        var store = TrustStore()
        guard roots.isEmpty else {
            for file in roots {
                let certificates = AnchorDirectory.isDirectory(file) ? try AnchorDirectory.load(file)
                    : try CertificateInput.load(file).requireCertificates("--roots")
                for certificate in certificates { store.add(certificate) }
            }
            return store
        }
        let bundle = try CertificateInput.load(try SystemBundle.locate())
        var skipped = 0
        for entry in bundle.entries {
            switch entry.result {
            case .success(let certificate): store.add(certificate, provenance: .system)
            case .failure(.pem(let failure)):
                printError("purex509: \(bundle.file.displayName): \(failure)")
                throw ToolExit.usage
            case .failure: skipped += 1
            }
        }
        if store.count == 0 {
            printError("purex509: \(bundle.file.displayName): \(bundle.noCertificateReason ?? "no certificate parsed")")
            throw ToolExit.usage
        }
        if skipped > 0 { printError("purex509: note: \(skipped) anchor certificate(s) did not parse and were skipped") }
        return store
    }
}

/// The system trust bundle at the usual Linux locations.
enum SystemBundle {
    static let candidates = [
        "/etc/ssl/certs/ca-certificates.crt",                // Debian, Ubuntu, Gentoo, Arch
        "/etc/pki/tls/certs/ca-bundle.crt",                  // Fedora, RHEL 6
        "/etc/ssl/ca-bundle.pem",                            // openSUSE
        "/etc/pki/tls/cacert.pem",                           // OpenELEC
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", // CentOS, RHEL 7
        "/etc/ssl/cert.pem",                                 // Alpine
    ]

    /// SSL_CERT_FILE when set, else the first candidate that exists.
    static func locate() throws -> String {
        if let file = ProcessInfo.processInfo.environment["SSL_CERT_FILE"], !file.isEmpty { return file }
        if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) { return found }
        printError("purex509: no system trust bundle found; pass --roots FILE")
        throw ToolExit.usage
    }
}
