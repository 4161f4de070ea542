// The operating system's trust anchors, found where OpenSSL and the Linux
// distributions put them. Outside the core: it reads files (through the C
// library, not Foundation, so that `import PureX509` adds no Foundation),
// and the core never touches the file system.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PKIX
import Trust

/// Where the system's anchors are looked for, in order.
///
/// 1. `SSL_CERT_FILE`, when set and not empty: that file, and no other file.
/// 2. Otherwise the first readable bundle of the distributions' usual paths
///    (`/etc/ssl/certs/ca-certificates.crt` on Debian and Ubuntu,
///    `/etc/pki/tls/certs/ca-bundle.crt` on Fedora and RHEL, openSUSE's,
///    Alpine's…; `SystemTrustStoreError.noBundleFound` lists those tried).
/// 3. Also, when `SSL_CERT_DIR` is set, every regular file in each of its
///    colon-separated directories (OpenSSL's `c_rehash` layout, or any folder
///    of PEM files), as OpenSSL adds its directory to its file.
///
/// The `purex509` tool looks in the same order, with the same list.
public struct SystemTrustSearch: Sendable, Equatable {
    /// The bundle files tried in order when `SSL_CERT_FILE` is not set.
    package static let bundleCandidates = [
        "/etc/ssl/certs/ca-certificates.crt",                // Debian, Ubuntu, Gentoo, Arch
        "/etc/pki/tls/certs/ca-bundle.crt",                  // Fedora, RHEL 6
        "/etc/ssl/ca-bundle.pem",                            // openSUSE
        "/etc/pki/tls/cacert.pem",                           // OpenELEC
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", // CentOS, RHEL 7
        "/etc/ssl/cert.pem",                                 // Alpine, macOS
    ]

    /// The file named by `SSL_CERT_FILE`, if set and not empty.
    public var certificateFile: String?
    /// The directories named by `SSL_CERT_DIR`, if set.
    public var certificateDirectories: [String]

    /// The search as the process's environment sets it.
    public static var process: SystemTrustSearch {
        SystemTrustSearch(certificateFile: variable("SSL_CERT_FILE"), certificateDirectory: variable("SSL_CERT_DIR"))
    }

    /// A search as if `SSL_CERT_FILE` and `SSL_CERT_DIR` held these values
    /// (`nil` or empty: not set); `certificateDirectory` is colon-separated.
    public init(certificateFile: String? = nil, certificateDirectory: String? = nil) {
        self.certificateFile = (certificateFile?.isEmpty ?? true) ? nil : certificateFile
        self.certificateDirectories = (certificateDirectory ?? "").split(separator: ":").map(String.init)
    }

    /// The bundle file this search reads: `SSL_CERT_FILE`, else the first
    /// readable candidate, else `nil`.
    package func bundleFile() -> String? {
        if let certificateFile { return certificateFile }
        return Self.bundleCandidates.first { access($0, R_OK) == 0 }
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}

/// Why the system's anchors could not be loaded.
public enum SystemTrustStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bundle file was found and no `SSL_CERT_DIR` was set: the paths searched.
    case noBundleFound(searched: [String])
    /// A file or directory named by the search could not be read.
    case unreadable(path: String, reason: String)
    /// A bundle's PEM text is malformed (a block without its end, bad base64).
    case malformedBundle(path: String, failure: PEM.Failure)
    /// Everything named was read and no certificate in it parsed.
    case noCertificate(searched: [String])

    /// A stable identifier for scripts and logs.
    public var code: String {
        switch self {
        case .noBundleFound: "systemTrustNotFound"
        case .unreadable: "systemTrustUnreadable"
        case .malformedBundle: "systemTrustMalformed"
        case .noCertificate: "systemTrustEmpty"
        }
    }

    /// One sentence naming the path and the reason.
    public var description: String {
        switch self {
        case .noBundleFound(let searched):
            "no system trust bundle found (searched \(searched.joined(separator: ", ")); set SSL_CERT_FILE or SSL_CERT_DIR"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .malformedBundle(let path, let failure): "\(path): \(failure)"
        case .noCertificate(let searched): "no certificate parsed in \(searched.joined(separator: ", "))"
        }
    }
}

extension TrustStore {
    /// The operating system's trust anchors, as `.system` anchors (Apple's
    /// rules that hold only under system roots apply to them).
    ///
    /// Looks where ``SystemTrustSearch`` says. Certificates that do not parse
    /// are counted in the store's `skipped`, as the distribution's bundle is
    /// not the caller's to fix; a bundle whose PEM text is malformed, a named
    /// file that cannot be read, or a search that finds no certificate is an
    /// error.
    public static func system(_ search: SystemTrustSearch = .process) throws(SystemTrustStoreError) -> TrustStore {
        var store = TrustStore()
        var searched: [String] = []
        if let file = search.bundleFile() {
            searched.append(file)
            try store.addSystemFile(file)
        } else if search.certificateDirectories.isEmpty {
            throw .noBundleFound(searched: SystemTrustSearch.bundleCandidates)
        }
        for directory in search.certificateDirectories {
            searched.append(directory)
            for file in try SystemFiles.regularFiles(in: directory) { try store.addSystemFile(file) }
        }
        guard store.count > 0 else { throw .noCertificate(searched: searched) }
        return store
    }

    /// Adds a file's certificates, each once: an `SSL_CERT_DIR` such as
    /// Debian's /etc/ssl/certs holds every root two or three times (its own
    /// file, its hash link, and the bundle beside them), which would
    /// otherwise multiply the anchors and the work of loading them.
    private mutating func addSystemFile(_ path: String) throws(SystemTrustStoreError) {
        let bytes = try SystemFiles.read(path)
        var ders: [[UInt8]] = []
        if PEM.looksLikePEM(bytes) {
            do { ders = try PEM.certificates(in: bytes).map(\.der) } catch { throw .malformedBundle(path: path, failure: error) }
        } else {
            ders = [bytes]
        }
        for der in ders {
            guard let certificate = try? Certificate(derEncoded: der) else {
                // Counted in `skipped` the way every bundle's bad block is.
                try? add(bundle: der, provenance: .system)
                continue
            }
            let known = anchors(named: certificate.subject.encoded).contains { anchors[$0].der == certificate.der }
            if !known { add(certificate, provenance: .system) }
        }
    }
}
