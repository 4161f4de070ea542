import Foundation
import PKIX
import Testing
import TestSupport
import Trust

// The generated revocation cases (Vectors/revocation/generate.py): RSA and
// ECDSA P-256 issuers, CRLs and OCSP responses, each case's verdict as
// cases.json says; the CRL cases also through `openssl verify
// -crl_check(_all)` where OpenSSL has the same notion (listed where it
// does not), the OCSP cases through `openssl ocsp`.

struct RevocationCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let issuerKey: String
    let coverage: String
    let required: Bool
    let preferCRL: Bool
    let host: String
    let time: Int64
    let expected: String
    var testDescription: String { name }
}

let revocationFolder = vectors.appendingPathComponent("revocation/generated")
let revocationCases: [RevocationCase] = {
    guard let data = try? Data(contentsOf: revocationFolder.appendingPathComponent("cases.json")) else { return [] }
    return (try? JSONDecoder().decode([RevocationCase].self, from: data)) ?? []
}()

func crls(_ folder: URL) throws -> [CertificateList] {
    guard let text = try? Data(contentsOf: folder.appendingPathComponent("crls.pem")) else { return [] }
    return try PEM.blocks(in: [UInt8](text), label: "X509 CRL").compactMap { try? CertificateList(derEncoded: $0.der) }
}

func ocspResponses(_ folder: URL) throws -> [OCSPResponse] {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("ocsp.der")) else { return [] }
    return [try OCSPResponse(derEncoded: [UInt8](data))]
}

func evaluate(_ row: RevocationCase) throws -> Result<VerifiedChain, TrustFailure> {
    let folder = revocationFolder.appendingPathComponent(row.name)
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    var policy = VerificationPolicy(time: row.time, purpose: .serverAuth, identity: ServerIdentity(host: row.host))
    policy.revocation = RevocationPolicy(coverage: row.coverage == "leaf" ? .leaf : .chain, requirePositiveResponse: row.required,
                                         preferCRL: row.preferCRL)
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("roots.pem"))), policy: policy,
                            revocationSources: RevocationSources(crls: try crls(folder), ocspResponses: try ocspResponses(folder)))
    return verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
}

@Test func revocationCasesAreGenerated() {
    #expect(revocationCases.count == 128)
    #expect(revocationCases.filter { $0.name.hasPrefix("ocsp-") }.count == 56)
    #expect(Set(revocationCases.map(\.issuerKey)) == ["rsa", "p256"])
}

@Test(arguments: revocationCases)
func revocationCaseVerdict(_ row: RevocationCase) throws {
    let verdict: String
    switch try evaluate(row) {
    case .success: verdict = "trusted"
    case .failure(let failure): verdict = failure.code + (failure.certificateIndex.map { "@\($0)" } ?? "")
    }
    #expect(verdict == row.expected)
}

/// The same cases through `openssl verify` with CRL checking; the
/// differences are listed with their reasons in
/// Vectors/revocation/OPENSSL_DIVERGENCES.txt.
@Test func revocationCasesAgainstOpenSSL() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        print("NOTICE: openssl is absent; revocation cross-check skipped")
        return
    }
    let divergences = try String(contentsOf: vectors.appendingPathComponent("revocation/OPENSSL_DIVERGENCES.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
    var agreed = 0, diverged = 0
    let crlCases = revocationCases.filter { !$0.name.hasPrefix("ocsp-") }
    for row in crlCases {
        let folder = revocationFolder.appendingPathComponent(row.name)
        let pems = try String(contentsOf: folder.appendingPathComponent("chain.pem"), encoding: .utf8)
            .components(separatedBy: "-----END CERTIFICATE-----\n").filter { !$0.isEmpty }.map { $0 + "-----END CERTIFICATE-----\n" }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-revocation-\(row.name)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        try pems[0].write(to: temporary.appendingPathComponent("leaf.pem"), atomically: true, encoding: .utf8)
        try pems.dropFirst().joined().write(to: temporary.appendingPathComponent("untrusted.pem"), atomically: true, encoding: .utf8)
        var arguments = ["verify", "-x509_strict", "-purpose", "sslserver", "-attime", String(row.time), "-verify_hostname", row.host,
                         "-CAfile", folder.appendingPathComponent("roots.pem").path,
                         "-untrusted", temporary.appendingPathComponent("untrusted.pem").path,
                         row.coverage == "leaf" ? "-crl_check" : "-crl_check_all", "-use_deltas", "-extended_crl"]
        let crlFile = folder.appendingPathComponent("crls.pem")
        if FileManager.default.fileExists(atPath: crlFile.path) { arguments += ["-CRLfile", crlFile.path] }
        arguments.append(temporary.appendingPathComponent("leaf.pem").path)
        let run = try runTool("/usr/bin/openssl", arguments)
        let listed = divergences.contains(row.name) || divergences.contains(String(row.name.split(separator: ".")[0]) + ".*")
        if (run.status == 0) == (row.expected == "trusted") {
            agreed += 1
            #expect(!listed, "\(row.name) agrees with OpenSSL now; remove it from OPENSSL_DIVERGENCES.txt")
        } else {
            diverged += 1
            #expect(listed, "\(row.name): OpenSSL \(run.status == 0 ? "trusts" : "refuses"), PureX509 expects \(row.expected)")
        }
    }
    print("CRL revocation cases vs openssl verify: \(agreed)/\(crlCases.count) agree, \(diverged) listed divergences")
    #expect(agreed + diverged == crlCases.count && crlCases.count == 72)
}
