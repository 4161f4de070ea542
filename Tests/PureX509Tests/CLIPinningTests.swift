import Foundation
import PureX509
import PureX509Config
import Testing

// `verify` with pinning flags (AFSecurityPolicy's evaluation): failures
// name input positions as the plain path does, `--explain` traces each
// evaluation the policy makes, and `--pin-cert` takes a directory.

private let valid = "Vectors/chains/valid/"
private let base = ["verify", "--roots", valid + "roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z"]
private let stranger = "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

private func pin(of file: String) throws -> String {
    String(try runPurex509(["pin", file]).output.split(separator: " ")[0])
}

@Test func pinningFailureNamesTheInputCertificate() throws {
    let folder = "Vectors/chains/expired-intermediate/"
    let arguments = ["verify", "--roots", folder + "roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z",
                     "--pin", try pin(of: folder + "roots.pem")]
    let text = try runPurex509(arguments + [folder + "chain.pem"])
    #expect(text.status == 1)
    #expect(text.error.contains("not trusted: chain validation failed: input certificate 1 (O=PureX509 Chains, CN=Intermediate A) expired at"), "\(text.error)")
    let json = try runPurex509(arguments + ["--json", folder + "chain.pem"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? String == "expired")
    #expect(error["certificate"] as? Int == 1)
    #expect((error["from"] as? [String: Any])?["input"] as? Int == 1)
    #expect((object["chain"] as? [String])?.count == 2, "the path as far as it was built")
}

@Test func explainTracesEachPinningEvaluation() throws {
    let rootPin = try pin(of: valid + "roots.pem")
    let hit = try runPurex509(base + ["--pin", rootPin, "--explain", valid + "chain.pem"])
    #expect(hit.status == 0, "\(hit.error)")
    #expect(hit.output.contains("evaluation 1: SSL policy for www.example.com, against the trust anchors\n"))
    #expect(hit.output.contains("[pass] path 2, trust anchor 0 (O=PureX509 Chains, CN=Root A): the path carries a pinned key or certificate"))
    #expect(!hit.output.contains("evaluation 2"))

    let miss = try runPurex509(base + ["--pin", stranger, "--explain", valid + "chain.pem"])
    #expect(miss.status == 1)
    #expect(miss.error.contains("public-key pinning failed for www.example.com"))
    #expect(miss.output.contains("[FAIL] path 2, trust anchor 0 (O=PureX509 Chains, CN=Root A): the path carries a pinned key or certificate"))
    #expect(miss.output.contains("pinned: " + stranger))

    // Certificate mode evaluates twice (AFSecurityPolicy step 5: the pinned
    // certificates become the only anchors), and the JSON says so.
    let twice = try runPurex509(base + ["--pin-cert", valid + "roots.pem", "--explain", "--json", valid + "chain.pem"])
    #expect(twice.status == 0, "\(twice.error)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(twice.output.utf8)) as? [String: Any])
    let evaluations = try #require(object["evaluations"] as? [[String: Any]])
    #expect(evaluations.map { $0["anchors"] as? String } == ["roots", "pinned"])
    #expect(evaluations.map { $0["verdict"] as? String } == ["trusted", "trusted"])
    #expect(evaluations.allSatisfy { ($0["trace"] as? [Any])?.isEmpty == false })
    let path = try #require(object["path"] as? [[String: Any]])
    #expect(path.last?["pinned"] as? Int == 0)
    #expect(path.last?["anchor"] is NSNull)
}

@Test func pinCertificateDirectory() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-pin-dir-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = try runPurex509(base + ["--pin-cert", directory.path, valid + "chain.pem"])
    #expect(empty.status == 2)
    #expect(empty.error.contains("holds no certificate file"), "\(empty.error)")

    try FileManager.default.copyItem(atPath: repository.appendingPathComponent(valid + "roots.pem").path, toPath: directory.appendingPathComponent("root.pem").path)
    try Data("not for anyone".utf8).write(to: directory.appendingPathComponent(".hidden"))
    let trusted = try runPurex509(base + ["--pin-cert", directory.path, valid + "chain.pem"])
    #expect(trusted.status == 0, "\(trusted.error)")

    // A file that is no certificate is named, and nothing is verified.
    try Data("notes about the pins\n".utf8).write(to: directory.appendingPathComponent("README.txt"))
    let refused = try runPurex509(base + ["--pin-cert", directory.path, valid + "chain.pem"])
    #expect(refused.status == 2)
    #expect(refused.error.contains("README.txt: no certificate"), "\(refused.error)")
    #expect(!refused.output.contains("trusted"))
}

/// The library loader: one typed result per file, in name order.
@Test func certificateLoaderReportsEachFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-loader-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let pem = try Data(contentsOf: repository.appendingPathComponent(valid + "chain.pem"))
    let certificates = try #require(try? CertificateFile.certificates(in: [UInt8](pem)).get())
    #expect(certificates.count == 2)
    try pem.write(to: directory.appendingPathComponent("a-chain.pem"))
    try Data(certificates[1].der).write(to: directory.appendingPathComponent("b-intermediate.der"))
    try Data(certificates[1].der.dropLast(3)).write(to: directory.appendingPathComponent("c-truncated.der"))
    try Data().write(to: directory.appendingPathComponent("d-empty.pem"))
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("e-subdirectory"), withIntermediateDirectories: true)
    let results = try #require(try? CertificateLoader.load(directory: directory.path).get())
    #expect(results.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["a-chain.pem", "b-intermediate.der", "c-truncated.der", "d-empty.pem"])
    #expect((try? results[0].result.get())?.map(\.der) == certificates.map(\.der))
    #expect((try? results[1].result.get())?.map(\.der) == [certificates[1].der])
    guard case .failure(.content(.der(_, certificate: 1, block: nil))) = results[2].result else {
        Issue.record("a truncated DER file: \(results[2].result)")
        return
    }
    guard case .failure(.empty) = results[3].result else {
        Issue.record("an empty file: \(results[3].result)")
        return
    }
    guard case .failure(.unreadable) = CertificateLoader.load(directory: directory.appendingPathComponent("missing").path) else {
        Issue.record("a missing directory is unreadable")
        return
    }
}
