import DER
import Foundation
import PKIX
import Testing
import Trust

// Chromium's verify_certificate_chain_unittest (BoringSSL pki/testdata),
// the definition of how Chromium's verifier decides, run under the
// `chromium` profile as one table. Each `.test` names a chain (leaf first,
// the last certificate the trust anchor candidate), the last certificate's
// trust (Chromium's CertificateTrust, trust_store.h), the key purpose, the
// time and the expected errors; a case is valid when no `ERROR:` line is
// expected (warnings do not refuse). Only the verdict is compared, never
// the error text. Cases where PureX509 decides otherwise are listed, with
// the reason, in Vectors/chromium-pki/VERIFY_EXCEPTIONS.txt.
//
// How each input maps (from the suite's README and Chromium's harness,
// verify_certificate_chain_typed_unittest.h / test_helpers.cc):
// - `utc_time: DEFAULT` is 2021-10-05 12:00:00 UTC.
// - The harness's delegate allows RSA moduli from 1024 bits and SHA-1
//   unless `digest_policy: STRONG`; key minimums and SHA-1 are
//   VerificationPolicy settings, not profile rules.
// - Trust types: TRUSTED_ANCHOR is the last certificate as a name and a key
//   (the `chromium` profile as it is); _WITH_EXPIRATION turns on
//   `checksAnchorValidity`, _WITH_CONSTRAINTS `enforcesAnchorConstraints`,
//   _REQUIRE_BASIC_CONSTRAINTS `requiresAnchorBasicConstraints` (which
//   Chromium applies only with constraints). TRUSTED_LEAF and
//   TRUSTED_ANCHOR_OR_LEAF trust a one-certificate chain as a leaf, which is
//   what PureX509 does with a leaf that is itself an anchor;
//   _REQUIRE_SELF_SIGNED is the caller's condition for adding that leaf
//   (checked here, through the signature seam). DISTRUSTED, UNSPECIFIED,
//   and TRUSTED_LEAF above a longer chain leave the store empty.
// - Key purposes: ANY_EKU, SERVER_AUTH, CLIENT_AUTH as VerificationPolicy
//   purposes; the _STRICT ones also set `extendedKeyUsageStrictness`
//   (Chromium's strict EKU rules, verify_certificate_chain.cc), _STRICT_LEAF
//   for the leaf only. RCS MLS client auth and the C2PA purposes are not
//   purposes PureX509 verifies for: those cases are not run, and listed.

/// One `.test` file.
struct ChromiumChainCase: CustomStringConvertible {
    let name: String
    let chainFile: String
    let trust: String
    let time: Int64
    let keyPurpose: String
    let strongDigests: Bool
    let valid: Bool

    var description: String { name }

    /// "2021-10-05 12:00:00Z" for DEFAULT, as the harness does.
    static let defaultTime = "211005120000Z"

    init(name: String, text: String) throws {
        self.name = name
        var fields: [String: String] = [:]
        var errors: [Substring] = []
        var inErrors = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if inErrors { errors.append(line); continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed == "expected_errors:" { inErrors = true; continue }
            guard let colon = trimmed.firstIndex(of: ":") else { throw CaseError.malformed(name, trimmed) }
            fields[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard inErrors, let chain = fields["chain"], let trust = fields["last_cert_trust"],
              let time = fields["utc_time"], let purpose = fields["key_purpose"] else { throw CaseError.malformed(name, "missing key") }
        chainFile = chain
        self.trust = trust
        keyPurpose = purpose
        guard let seconds = Self.utcTime(time == "DEFAULT" ? Self.defaultTime : time) else { throw CaseError.malformed(name, time) }
        self.time = seconds
        strongDigests = fields["digest_policy"] == "STRONG"
        valid = !errors.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("ERROR:") }
    }

    /// UTCTime YYMMDDHHMMSSZ (RFC 5280 §4.1.2.5.1: YY < 50 is 20YY).
    static func utcTime(_ text: String) -> Int64? {
        let digits = Array(text.utf8)
        guard digits.count == 13, digits[12] == UInt8(ascii: "Z") else { return nil }
        var parts: [Int64] = []
        for at in stride(from: 0, to: 12, by: 2) {
            guard let pair = Int64(String(decoding: digits[at..<at + 2], as: UTF8.self)) else { return nil }
            parts.append(pair)
        }
        let year = parts[0] < 50 ? 2000 + parts[0] : 1900 + parts[0]
        return CivilTime.seconds(year: year, month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
    }

    enum CaseError: Error { case malformed(String, String) }
}

/// Every `.test` of the suite, sorted by path.
func chromiumChainCases() throws -> [ChromiumChainCase] {
    let base = "chromium-pki/verify_certificate_chain_unittest"
    return try chromiumVectorFiles(under: base).filter { $0.hasSuffix(".test") }.map { path in
        let text = String(decoding: try Data(contentsOf: vectors.appendingPathComponent(path)), as: UTF8.self)
        return try ChromiumChainCase(name: String(path.dropFirst(base.count + 1)), text: text)
    }
}

private func chromiumVectorFiles(under relative: String) -> [String] {
    let base = vectors.appendingPathComponent(relative)
    guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    var result: [String] = []
    for case let file as URL in enumerator where file.pathExtension == "test" {
        result.append(relative + "/" + file.path.dropFirst(base.path.count + 1))
    }
    return result.sorted()
}

/// PureX509's verdict on a case under the `chromium` profile: nil when the
/// case asks for a key purpose PureX509 does not verify for; otherwise
/// whether it trusts the chain, and why not.
func chromiumVerdict(_ test: ChromiumChainCase) throws -> (trusted: Bool, reason: String)? {
    var profile = ValidationProfile.chromium
    let purpose: VerificationPolicy.Purpose
    switch test.keyPurpose {
    case "ANY_EKU": purpose = .any
    case "SERVER_AUTH": purpose = .serverAuth
    case "CLIENT_AUTH": purpose = .clientAuth
    case "SERVER_AUTH_STRICT": purpose = .serverAuth; profile.extendedKeyUsageStrictness = .everyCertificate
    case "CLIENT_AUTH_STRICT": purpose = .clientAuth; profile.extendedKeyUsageStrictness = .everyCertificate
    case "SERVER_AUTH_STRICT_LEAF": purpose = .serverAuth; profile.extendedKeyUsageStrictness = .leaf
    case "CLIENT_AUTH_STRICT_LEAF": purpose = .clientAuth; profile.extendedKeyUsageStrictness = .leaf
    default: return nil
    }
    if test.trust.contains("_WITH_EXPIRATION") { profile.checksAnchorValidity = true }
    if test.trust.contains("CONSTRAINTS") && test.trust != "TRUSTED_ANCHOR_WITH_REQUIRE_BASIC_CONSTRAINTS" {
        profile.enforcesAnchorConstraints = true
    }
    if test.trust.hasSuffix("REQUIRE_BASIC_CONSTRAINTS") { profile.requiresAnchorBasicConstraints = true }

    let directory = (test.name as NSString).deletingLastPathComponent
    let pem = [UInt8](try Data(contentsOf: vectors.appendingPathComponent("chromium-pki/verify_certificate_chain_unittest/\(directory)/\(test.chainFile)")))
    var chain: [Certificate] = []
    for (index, block) in try PEM.certificates(in: pem).enumerated() {
        do { chain.append(try Certificate(derEncoded: block.der)) } catch { return (false, "certificate \(index) malformed: \(error)") }
    }
    guard let leaf = chain.first else { return (false, "no certificate") }

    var anchors: [Certificate] = []
    var intermediates = Array(chain.dropFirst())
    switch test.trust {
    case let trust where trust.hasPrefix("TRUSTED_ANCHOR"):
        anchors = [chain[chain.count - 1]]
        intermediates = Array(intermediates.dropLast())
    case "TRUSTED_LEAF", "TRUSTED_LEAF_REQUIRE_SELF_SIGNED":
        if chain.count == 1 { anchors = [leaf] }
        if test.trust.hasSuffix("SELF_SIGNED") && !isSelfSigned(leaf) { return (false, "the trusted leaf is not self-signed") }
    default: break  // DISTRUSTED, UNSPECIFIED: nothing is trusted.
    }

    var policy = VerificationPolicy(time: test.time, purpose: purpose)
    policy.keys.minimumRSAModulusBits = 1024
    policy.allowSHA1 = !test.strongDigests
    policy.profile = profile
    var verifier = Verifier(store: TrustStore(anchors), policy: policy)
    switch verifier.verify(leaf: leaf, intermediates: intermediates) {
    case .success: return (true, "")
    case .failure(let failure): return (false, failure.description)
    }
}

/// Issuer equals subject and the certificate's own key verifies its signature.
private func isSelfSigned(_ certificate: Certificate) -> Bool {
    guard certificate.issuer.encoded.elementsEqual(certificate.subject.encoded),
          case .success(let key) = VerificationKey.prepare(certificate) else { return false }
    return checkSignature(algorithm: certificate.signatureAlgorithm.encoded, key: key,
                          policy: KeyPolicy(minimumRSAModulusBits: 1024), allowSHA1: true,
                          signature: certificate.signedData.signature, message: certificate.signedData.message) == nil
}

@Test func chromiumVerifyChainSuiteAgrees() throws {
    let exceptionLines = try String(contentsOf: vectors.appendingPathComponent("chromium-pki/VERIFY_EXCEPTIONS.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let exceptions = exceptionLines.map { String($0.split(separator: " ")[0]) }
    let cases = try chromiumChainCases()
    var agreed = 0, diverged: [String] = [], notRun: [String] = []
    var byGroup: [String: (agreed: Int, total: Int)] = [:]
    for test in cases {
        guard let verdict = try chromiumVerdict(test) else {
            notRun.append(test.name)
            #expect(exceptions.contains(test.name), "\(test.name): key purpose \(test.keyPurpose) not run; list it")
            continue
        }
        let agrees = verdict.trusted == test.valid
        for group in [test.keyPurpose, test.trust] {
            byGroup[group, default: (0, 0)].total += 1
            if agrees { byGroup[group, default: (0, 0)].agreed += 1 }
        }
        if agrees {
            agreed += 1
            #expect(!exceptions.contains(test.name), "\(test.name) agrees now; remove it from VERIFY_EXCEPTIONS.txt")
        } else {
            diverged.append(test.name)
            let ours = verdict.trusted ? "trusts" : "refuses (\(verdict.reason))"
            print("  diverges: \(test.name) [\(test.trust), \(test.keyPurpose)]: Chromium \(test.valid ? "accepts" : "refuses"), PureX509 \(ours)")
            #expect(exceptions.contains(test.name), "\(test.name): Chromium \(test.valid ? "accepts" : "refuses"), PureX509 \(ours)")
        }
    }
    for name in exceptions { #expect(cases.contains { $0.name == name }, "\(name) in VERIFY_EXCEPTIONS.txt is not a case") }
    let run = agreed + diverged.count
    print("chromium verify-chain suite (chromium profile): \(agreed) of \(run) run agree (\(diverged.count) listed divergences); "
          + "\(notRun.count) of \(cases.count) not run (key purposes PureX509 does not verify for): \(notRun.joined(separator: ", "))")
    for (group, counts) in byGroup.sorted(by: { $0.key < $1.key }) { print("  \(group): \(counts.agreed)/\(counts.total)") }
    #expect(cases.count >= 197)
    #expect(Double(agreed) >= 0.97 * Double(run), "\(agreed) of \(run) agree: below 97 %")
}
