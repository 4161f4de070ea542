import Foundation
import PureX509
@testable import PureX509Tool
import Testing
import TestSupport

// `inspect` renders the extensions `openssl x509 -text`
// renders (policies with qualifiers, AIA, CRL distribution points, name
// constraints, SCTs, policy mappings and constraints, inhibitAnyPolicy),
// negative serials, OpenSSL's attribute names, and --lenient.

@Test func inspectRendersPoliciesAIADistributionPointsAndSCTs() throws {
    let run = try runPurex509(["inspect", "Vectors/samples/amazon-ecdsa-chain.pem"])
    #expect(run.status == 0)
    let leaf = run.output.components(separatedBy: "\n\n")[0]
    #expect(leaf.contains("Certificate policies:  Policy: 2.23.140.1.2.1 (domain validated)"))
    #expect(leaf.contains("CRL distribution points: Full Name: URI:http://crl.e3m02.amazontrust.com/e3m02.crl"))
    #expect(leaf.contains("Authority info access: OCSP - URI:http://ocsp.e3m02.amazontrust.com\n"))
    #expect(leaf.contains("CA Issuers - URI:http://crt.e3m02.amazontrust.com/e3m02.cer"))
    // `openssl x509 -text`: Log ID CF:11:56:EE…, Timestamp Feb 22 01:49:06.948 2025 GMT.
    #expect(leaf.contains("SCTs:                  v1 log zxFW7tUufK/zh1vZaS6b6RpxZ0qwF+ysAdJbd87MOwg= at 2025-02-22T01:49:06.948Z"))
    #expect(!leaf.contains("Extension:"), "every extension of this leaf is rendered: \(leaf)")

    let json = try runPurex509(["inspect", "--json", "Vectors/samples/amazon-ecdsa-chain.pem"])
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    let extensions = try #require(objects[0]["extensions"] as? [String: Any])
    let scts = try #require((extensions["signedCertificateTimestamps"] as? [String: Any])?["value"] as? [[String: Any]])
    #expect(scts.count == 3)
    #expect(scts.map { $0["timestamp"] as? String } == ["2025-02-22T01:49:06.948Z", "2025-02-22T01:49:06.935Z", "2025-02-22T01:49:06.949Z"])
    let aia = try #require((extensions["authorityInfoAccess"] as? [String: Any])?["value"] as? [[String: Any]])
    #expect(aia.map { $0["method"] as? String } == ["OCSP", "CA Issuers"])
    #expect((objects[0]["otherExtensions"] as? [Any])?.isEmpty == true)
}

@Test func inspectRendersPolicyQualifiersNameConstraintsAndMappings() throws {
    let folder = "Vectors/pkits/certs/"
    let notice = try runPurex509(["inspect", folder + "UserNoticeQualifierTest16EE.crt"])
    #expect(notice.output.contains("User notice: \"q1:  This is the user notice from qualifier 1.  This certificate is for test purposes only\""))
    let cps = try runPurex509(["inspect", folder + "CPSPointerQualifierTest20EE.crt"])
    #expect(cps.output.contains("CPS: http://csrc.nist.gov/groups/ST/crypto_apps_infra/csor/pki_registration.html#PKITest"))
    let constraints = try runPurex509(["inspect", folder + "nameConstraintsDNS1CACert.crt"])
    #expect(constraints.output.contains("Name constraints:      Permitted: DNS:testcertificates.gov (critical)"))
    let mapping = try runPurex509(["inspect", folder + "Mapping1to2CACert.crt"])
    #expect(mapping.output.contains("Policy mappings:       2.16.840.1.101.3.2.1.48.1 → 2.16.840.1.101.3.2.1.48.2 (critical)"))
    #expect(mapping.output.contains("Policy constraints:    requireExplicitPolicy: 0"))
    let inhibit = try runPurex509(["inspect", folder + "inhibitAnyPolicy1CACert.crt"])
    #expect(inhibit.output.contains("Inhibit anyPolicy:     skip certificates: 1 (critical)"))
}

@Test func inspectShowsNegativeSerialsAsOpenSSLDoes() throws {
    let path = "Vectors/chains/leaf-serial-negative/chain.pem"
    let run = try runPurex509(["inspect", path])
    let serial = try #require(run.output.split(separator: "\n").first { $0.contains("Serial:") })
    #expect(serial.hasSuffix("(Negative)01:ef"), "\(serial)")
    // OpenSSL prints the same magnitude: "Serial Number: -495 (-0x1ef)".
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") {
        let text = try runTool("/usr/bin/openssl", ["x509", "-in", repository.appendingPathComponent(path).path, "-noout", "-serial"]).output
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "serial=-01ef")
    }
}

@Test func inspectNamesAttributeTypesAsOpenSSLDoes() throws {
    let run = try runPurex509(["inspect", "Vectors/samples/fnmt-servidores-seguros-root.pem"])
    #expect(run.output.contains("Subject:               C=ES, O=FNMT-RCM, OU=Ceres, organizationIdentifier=VATES-Q2826004J, CN=AC RAIZ FNMT-RCM SERVIDORES SEGUROS"))
}

@Test func lenientShowsWhatTheStrictParserRefusedAndKeepsExitOne() throws {
    let path = "Vectors/chromium-pki/parse_certificate_unittest/basic_constraints_pathlen_256.pem"
    let strict = try runPurex509(["inspect", path])
    #expect(strict.status == 1 && strict.output.isEmpty)
    let lenient = try runPurex509(["inspect", "--lenient", path])
    #expect(lenient.status == 1)
    #expect(lenient.output.contains("Refused:               pathLenConstraint out of range at offset 457"))
    #expect(lenient.output.contains("Subject:               C=AU, ST=Some-State, O=Internet Widgits Pty Ltd"))
    #expect(lenient.output.contains("Extension:             basicConstraints: 30:07:01:01:ff:02:02:01:00"))
    let json = try runPurex509(["inspect", "--lenient", "--json", path])
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(objects.first?["lenient"] as? Bool == true)
    #expect(objects.first?["serial"] as? String == "00:fb:b0:4c:2e:ab:10:9b:0c")

    // Garbage stays garbage: the lenient reading says where it stopped, and nothing traps.
    let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("lenient-\(UUID().uuidString).der")
    defer { try? FileManager.default.removeItem(at: garbage) }
    try Data([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x30, 0x03, 0x02, 0x01]).write(to: garbage)
    let broken = try runPurex509(["inspect", "--lenient", garbage.path])
    #expect(broken.status == 1)
    #expect(broken.output.contains("Stopped:"), "\(broken.output) \(broken.error)")
}

/// Mutated certificates through both readers: the lenient one on every
/// mutation, the extension renderers on each mutation the strict parser
/// still accepts (the renderers decode values it does not check). A trap
/// fails the run; the outputs must stay one line per field.
@Test func renderersAndLenientReadingSurviveMutatedCertificates() throws {
    let text = try [UInt8](Data(contentsOf: repository.appendingPathComponent("Vectors/generated/leaf-all-extensions.pem")))
    let seeds = try PEM.certificates(in: text).map(\.der)
        + [try PEM.certificates(in: [UInt8](Data(contentsOf: repository.appendingPathComponent("Vectors/samples/amazon-ecdsa-chain.pem"))))[0].der]
    var state: UInt64 = 0x2545F4914F6CDD1D
    func next() -> Int {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Int(truncatingIfNeeded: state >> 1)
    }
    var parsed = 0
    for round in 0..<3_000 {
        var bytes = seeds[round % seeds.count]
        for _ in 0..<(1 + next() % 4) {
            let index = next() % bytes.count
            switch next() % 3 {
            case 0: bytes[index] = UInt8(truncatingIfNeeded: next())
            case 1: bytes[index] ^= UInt8(1) << UInt8(next() % 8)
            default: bytes.removeSubrange(index..<min(bytes.count, index + 1 + next() % 8))
            }
            if bytes.isEmpty { bytes = [0x30] }
        }
        let reading = LenientCertificate(bytes, refusal: "mutated")
        #expect(!reading.text.isEmpty)
        if let certificate = try? Certificate(derEncoded: bytes) {
            parsed += 1
            let summary = CertificateSummary(certificate)
            #expect(summary.renderedExtensions.allSatisfy { $0.lines.allSatisfy { !$0.contains("\n") } })
        }
    }
    #expect(parsed > 0, "some mutations must still parse, or the renderers were never reached")
}
