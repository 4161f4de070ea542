import Foundation
import PureX509
import TestSupport
import Testing

// TrustStore.system(): the library finds the operating system's anchors as
// the tool does (SSL_CERT_FILE, the distributions' bundles, SSL_CERT_DIR),
// and says which path failed and why.
@Suite struct SystemTrustStoreTests {
    let amazon = repository.appendingPathComponent("Vectors/samples/amazon-root-ca4.pem").path
    let netflix = repository.appendingPathComponent("Vectors/samples/netflix-root.pem").path
    let validRoot = repository.appendingPathComponent("Vectors/chains/valid/roots.pem").path

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("system-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aCertificateFileIsTheWholeBundle() throws {
        let store = try TrustStore.system(SystemTrustSearch(certificateFile: amazon))
        #expect(store.count == 1)
        #expect(store.provenance(ofAnchor: 0) == .system)
        #expect(store.anchors[0].subjectName.description.contains("Amazon Root CA 4"))
    }

    /// A directory adds every regular file in it, in name order; a file that
    /// holds no certificate is skipped, hidden files are not read.
    @Test func aDirectoryAddsItsFilesToTheBundle() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: netflix, toPath: directory.appendingPathComponent("b.pem").path)
        try FileManager.default.copyItem(atPath: validRoot, toPath: directory.appendingPathComponent("a.pem").path)
        try Data([0x01, 0x02]).write(to: directory.appendingPathComponent("notes.bin"))
        try FileManager.default.copyItem(atPath: amazon, toPath: directory.appendingPathComponent(".hidden.pem").path)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let store = try TrustStore.system(SystemTrustSearch(certificateFile: amazon, certificateDirectory: directory.path))
        #expect(store.count == 3)
        #expect(store.skipped == 1)
        #expect(store.anchors.map { $0.subjectName.description.contains("Amazon") } == [true, false, false])
    }

    /// Debian's /etc/ssl/certs holds each root as its own file, as a hash
    /// link and inside the bundle: each certificate is one anchor.
    @Test func aCertificateSeenTwiceIsOneAnchor() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: validRoot, toPath: directory.appendingPathComponent("root.pem").path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("1a2b3c4d.0").path,
                                                   withDestinationPath: directory.appendingPathComponent("root.pem").path)
        let store = try TrustStore.system(SystemTrustSearch(certificateFile: validRoot, certificateDirectory: directory.path))
        #expect(store.count == 1)
        #expect(store.skipped == 0)
    }

    @Test func aMissingDirectoryIsNamed() throws {
        #expect(throws: SystemTrustStoreError.unreadable(path: "/nonexistent/certs", reason: "not found")) {
            try TrustStore.system(SystemTrustSearch(certificateFile: amazon, certificateDirectory: "/nonexistent/certs"))
        }
    }

    @Test func aMissingOrWrongFileIsNamed() throws {
        #expect(throws: SystemTrustStoreError.unreadable(path: "/nonexistent/bundle.pem", reason: "not found")) {
            try TrustStore.system(SystemTrustSearch(certificateFile: "/nonexistent/bundle.pem"))
        }
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: SystemTrustStoreError.unreadable(path: directory.path, reason: "not a regular file")) {
            try TrustStore.system(SystemTrustSearch(certificateFile: directory.path))
        }
        let empty = directory.appendingPathComponent("empty.pem")
        try Data().write(to: empty)
        #expect(throws: SystemTrustStoreError.noCertificate(searched: [empty.path])) {
            try TrustStore.system(SystemTrustSearch(certificateFile: empty.path))
        }
        let broken = directory.appendingPathComponent("broken.pem")
        try Data("-----BEGIN CERTIFICATE-----\nAAAA\n".utf8).write(to: broken)
        let error = #expect(throws: SystemTrustStoreError.self) { try TrustStore.system(SystemTrustSearch(certificateFile: broken.path)) }
        #expect(error?.code == "systemTrustMalformed")
    }

    /// Without SSL_CERT_FILE the first readable distribution bundle is read:
    /// on this Debian machine (and CI's), /etc/ssl/certs/ca-certificates.crt.
    @Test func withoutVariablesTheDistributionBundleIsRead() throws {
        let search = SystemTrustSearch()
        let file = try #require(search.bundleFile(), "this machine has no distribution bundle")
        #expect(file == SystemTrustSearch.bundleCandidates.first { FileManager.default.isReadableFile(atPath: $0) })
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let blocks = text.components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
        let store = try TrustStore.system(search)
        #expect(store.count + store.skipped == blocks)
        #expect(store.count > 100)
    }

    /// The tool reads the same variables: SSL_CERT_FILE trusts the chain
    /// without --roots, and a missing one is exit 2 naming it.
    @Test func theToolUsesTheSameSearch() throws {
        let chain = repository.appendingPathComponent("Vectors/chains/valid/chain.pem").path
        let arguments = ["verify", "--host", "www.example.com", "--at", "1748736000", chain]
        let trusted = try runPurex509(arguments, environment: ["SSL_CERT_FILE": validRoot])
        #expect(trusted.status == 0, "\(trusted.error)")
        let missing = try runPurex509(arguments, environment: ["SSL_CERT_FILE": "/nonexistent/bundle.pem"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("purex509: cannot read /nonexistent/bundle.pem: not found, or pass --roots FILE"), "\(missing.error)")
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: validRoot, toPath: directory.appendingPathComponent("root.pem").path)
        let fromDirectory = try runPurex509(arguments, environment: ["SSL_CERT_FILE": amazon, "SSL_CERT_DIR": directory.path])
        #expect(fromDirectory.status == 0, "\(fromDirectory.error)")
    }
}
