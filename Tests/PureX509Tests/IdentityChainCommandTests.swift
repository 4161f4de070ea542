import Foundation
import PureX509
@testable import PureX509Tool
import Testing
import TestSupport

// `identity --roots` and `connect --identity` with a cross-signed
// intermediate in front of the real one (TestSupport's CrossSignedIdentity):
// both use the path the verifier builds from every certificate of the
// file, not the first issuer by name.

private func fingerprint(_ der: [UInt8]) -> String { Hex.encode(SHA256.hash(der), separator: ":") }

/// `identity --roots` trusts the identity, prints the path through the
/// real intermediate, and lists only the cross-certificate as without a
/// key. Before, it said "NOT trusted" (exit 1) and listed the real
/// intermediate and the root as without a key.
@Test func identityVerifiesPastACrossSignedDeadEnd() throws {
    let files = try CrossSignedIdentity()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let run = try runPurex509(["identity", files.withRoot, "--no-password", "--roots", files.rootPEM])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(run.output.contains("verification: trusted for client authentication"), "\(run.output)")
    #expect(run.output.contains("chain (leaf first, the verified path):"))
    let real = fingerprint(try files.certificate("int")), cross = fingerprint(try files.certificate("cross"))
    #expect(run.output.contains("    1  CN=Chain Intermediate\n       SHA-256 \(real)"), "\(run.output)")
    #expect(run.output.contains("    2  CN=Chain Root"))
    #expect(run.output.components(separatedBy: "certificate without a key:").count == 2, "only the cross-certificate")

    let json = try runPurex509(["identity", files.withRoot, "--no-password", "--roots", files.rootPEM, "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let unpaired = try #require(object["unpairedCertificates"] as? [[String: Any]])
    #expect(unpaired.map { $0["sha256Fingerprint"] as? String } == [cross])
    let identity = try #require((object["identities"] as? [[String: Any]])?.first)
    let chain = try #require(identity["chain"] as? [[String: Any]])
    #expect(chain.map { $0["sha256Fingerprint"] as? String }.dropFirst() == [real, fingerprint(try files.certificate("root"))])

    // Without anchors the file's longest walk is shown: it reaches the
    // file's root through the real intermediate too.
    let unverified = try runPurex509(["identity", files.withRoot, "--no-password"])
    #expect(unverified.status == 0)
    #expect(unverified.output.contains("chain (leaf first):\n    0  CN=chain client"))
    #expect(unverified.output.contains("    1  CN=Chain Intermediate\n       SHA-256 \(real)"), "\(unverified.output)")

    // An anchor that issues nothing here still fails.
    let stranger = try runPurex509(["identity", files.withRoot, "--no-password", "--roots", "Vectors/chains/valid/roots.pem"])
    #expect(stranger.status == 1 && stranger.output.contains("NOT trusted"))
}

/// `connect --identity` hands the TLS stack the path the verifier built
/// against connect's anchors: the real intermediate, without the anchor
/// the file did not carry. Before, it presented the cross-certificate.
/// In ConnectTargetTests' serialized suite: both set the one
/// `ConnectCommand.handshake`.
extension ConnectTargetTests {
    final class IdentityRecorder: @unchecked Sendable {
        var identities: [ClientIdentity?] = []
    }

    func presentedIdentity(_ arguments: [String]) throws -> ClientIdentity? {
        let recorder = IdentityRecorder()
        let served = try PEM.blocks(in: try Vectors.bytes("certs/zlint-testdata/idnCorrectUnicode.pem"), label: "CERTIFICATE").map(\.der)
        ConnectCommand.handshake = { target in
            recorder.identities.append(target.clientIdentity)
            return ServedHandshake(served: served, identity: .notRefused)
        }
        defer { ConnectCommand.handshake = nil }
        var command = try PureX509Command.parseAsRoot(["connect", "--json"] + arguments + ["example.com"])
        // The served chain is judged too (and fails at today's date); only what was presented matters here.
        do { try command.run() } catch is ToolExit {}
        return try #require(recorder.identities.first)
    }

    @Test func theVerifiedIdentityPathIsPresented() throws {
        let files = try CrossSignedIdentity()
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let identity = try #require(try presentedIdentity(["--roots", files.rootPEM, "--identity", files.withoutRoot, "--no-password"]))
        #expect(identity.chain.map(\.der) == [try files.certificate("int")])
    }

    @Test func withoutAVerifiedPathTheFilesIssuerWalkIsPresented() throws {
        let files = try CrossSignedIdentity()
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let roots = Vectors.url("chains/valid/roots.pem").path
        let identity = try #require(try presentedIdentity(["--roots", roots, "--identity", files.withoutRoot, "--no-password"]))
        #expect(identity.chain.map(\.der) == [try files.certificate("cross")])
    }
}
