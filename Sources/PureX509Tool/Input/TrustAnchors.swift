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
        // The library's search (SSL_CERT_FILE, the distributions' bundles,
        // SSL_CERT_DIR), so the tool and `TrustStore.system()` cannot differ.
        do {
            let store = try TrustStore.system()
            if store.skipped > 0 { printError("purex509: note: \(store.skipped) anchor certificate(s) did not parse and were skipped") }
            return store
        } catch {
            printError("purex509: \(error), or pass --roots FILE")
            throw ToolExit.usage
        }
    }
}
