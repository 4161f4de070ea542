import DER
import Foundation
import PKIX
import Testing
import TestSupport
import Trust

let vectors = Vectors.root

/// One row of Vectors/chains/cases.json: a chain made under a key profile
/// (`rsa`, `p256`, …, `algorithms` for the cases outside the profiles) and
/// the verdict PureX509 must give. `detail`, when present, is text the
/// failure's message must contain (the OID of an unsupported curve, say).
struct ChainCase: CustomTestStringConvertible, Sendable {
    let name: String
    let profile: String
    let rule: String
    let host: String?
    let ip: String?
    let purpose: String
    let at: Int64
    let expected: String
    let index: Int?
    let detail: String?
    /// The validation profile: `strict` or `compatible`.
    let validation: String
    var testDescription: String { name }

    /// The case's name without its profile suffix: `valid.p256` is `valid`.
    var family: String { String(name.split(separator: ".", maxSplits: 1)[0]) }
}

let chainCases: [ChainCase] = {
    guard let data = try? Data(contentsOf: vectors.appendingPathComponent("chains/cases.json")),
          let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
    return rows.map {
        ChainCase(name: $0["name"] as! String, profile: $0["profile"] as! String, rule: $0["rule"] as! String,
                  host: $0["host"] as? String, ip: $0["ip"] as? String, purpose: $0["purpose"] as! String,
                  at: Int64($0["at"] as! Int), expected: $0["expected"] as! String, index: $0["index"] as? Int,
                  detail: $0["detail"] as? String, validation: $0["validation"] as? String ?? "strict")
    }
}()

func certificates(_ file: URL) throws -> [Certificate] {
    try PEM.certificates(in: [UInt8](Data(contentsOf: file))).map { try Certificate(derEncoded: $0.der) }
}

func evaluate(_ row: ChainCase) throws -> Result<VerifiedChain, TrustFailure> {
    let folder = vectors.appendingPathComponent("chains/" + row.name)
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    let store = TrustStore(try certificates(folder.appendingPathComponent("roots.pem")))
    var policy = VerificationPolicy(time: row.at)
    policy.purpose = row.purpose == "client" ? .clientAuth : row.purpose == "any" ? .any : .serverAuth
    if let host = row.host { policy.identity = ServerIdentity(host: host) }
    if let ip = row.ip { policy.identity = ServerIdentity(ipAddress: ip) }
    #expect((row.host ?? row.ip == nil) || policy.identity != nil, "\(row.name): the reference identity does not parse")
    policy.profile = row.validation == "compatible" ? .compatible : .strict
    var verifier = Verifier(store: store, policy: policy)
    return verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
}

/// Every generated case gives its expected verdict, and the failure names
/// the expected certificate.
@Test(arguments: chainCases)
func chainCaseVerdict(_ row: ChainCase) throws {
    switch try evaluate(row) {
    case .success(let chain):
        #expect(row.expected == "trusted", "\(row.name) (\(row.rule)): trusted through \(chain.certificates.count) certificates")
    case .failure(let failure):
        #expect(failure.code == row.expected, "\(row.name) (\(row.rule)): \(failure)")
        if let index = row.index { #expect(failure.certificateIndex == index, "\(row.name): \(failure)") }
        if let detail = row.detail { #expect(failure.description.contains(detail), "\(row.name): \(failure)") }
    }
}

@Test func everyRuleHasBothVerdicts() {
    #expect(chainCases.count >= 40)
    #expect(chainCases.filter { $0.expected == "trusted" }.count >= 15)
    #expect(Set(chainCases.map(\.expected)).count >= 15)
}

/// Every family of checks is made under every key profile: the non-RSA
/// profiles hold the same families, and RSA holds those and its own few
/// (PSS, SHA-1, SHA-384, a weak modulus).
@Test func everyProfileHasEveryFamily() {
    var families: [String: Set<String>] = [:]
    var order: [String] = []
    for row in chainCases {
        if families[row.profile] == nil { order.append(row.profile) }
        families[row.profile, default: []].insert(row.family)
    }
    print("chain cases per profile: " + order.map { profile in
        "\(profile) \(chainCases.filter { $0.profile == profile }.count)"
    }.joined(separator: ", "))
    let rsa = families["rsa"] ?? []
    let keyed = order.filter { $0 != "rsa" && $0 != "algorithms" }
    #expect(keyed.count >= 6, "profiles: \(order)")
    for profile in keyed {
        #expect(families[profile] == families[keyed[0]], "\(profile) and \(keyed[0]) hold different families")
        #expect(families[profile]!.isSubset(of: rsa), "\(profile) has families RSA lacks")
    }
}

/// The same cases through `openssl verify -x509_strict -purpose sslserver`;
/// the cases where PureX509 decides differently on purpose are listed with
/// their reasons in Vectors/chains/OPENSSL_DIVERGENCES.txt, by name or as
/// `<family>.*` for a family under every profile.
@Test func chainCasesAgainstOpenSSL() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        print("NOTICE: openssl is absent; chain cross-check skipped")
        return
    }
    let divergences = try String(contentsOf: vectors.appendingPathComponent("chains/OPENSSL_DIVERGENCES.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
    func listed(_ row: ChainCase) -> Bool {
        divergences.contains(row.name) || divergences.contains(row.family + ".*")
    }
    var agreed = 0, diverged = 0
    for row in chainCases {
        let folder = vectors.appendingPathComponent("chains/" + row.name)
        let pems = try String(contentsOf: folder.appendingPathComponent("chain.pem"), encoding: .utf8)
            .components(separatedBy: "-----END CERTIFICATE-----\n").filter { !$0.isEmpty }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("purex509-\(row.name)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        try (pems[0] + "-----END CERTIFICATE-----\n").write(to: temporary.appendingPathComponent("leaf.pem"), atomically: true, encoding: .utf8)
        try pems.dropFirst().map { $0 + "-----END CERTIFICATE-----\n" }.joined()
            .write(to: temporary.appendingPathComponent("untrusted.pem"), atomically: true, encoding: .utf8)
        var arguments = ["verify", "-x509_strict", "-attime", String(row.at), "-CAfile", folder.appendingPathComponent("roots.pem").path]
        switch row.purpose {
        case "server": arguments += ["-purpose", "sslserver"]
        case "client": arguments += ["-purpose", "sslclient"]
        default: break
        }
        if let host = row.host { arguments += ["-verify_hostname", host] }
        if let ip = row.ip { arguments += ["-verify_ip", ip] }
        if pems.count > 1 { arguments += ["-untrusted", temporary.appendingPathComponent("untrusted.pem").path] }
        arguments.append(temporary.appendingPathComponent("leaf.pem").path)
        let opensslTrusts = try runTool("/usr/bin/openssl", arguments).status == 0
        let weTrust = (row.expected == "trusted")
        if opensslTrusts == weTrust {
            agreed += 1
            #expect(!listed(row), "\(row.name) agrees with OpenSSL now; remove it from OPENSSL_DIVERGENCES.txt")
        } else {
            diverged += 1
            #expect(listed(row), "\(row.name): OpenSSL \(opensslTrusts ? "trusts" : "refuses"), PureX509 \(weTrust ? "trusts" : "refuses")")
        }
    }
    print("chain cases vs openssl verify: \(agreed)/\(chainCases.count) agree, \(diverged) listed divergences")
}
