import Foundation
import DER
import PKIX
import Testing
import TestSupport

/// Chromium's parse_certificate_unittest cases: a case must be refused when
/// its ERRORS block holds an `ERROR:` line and accepted otherwise. Whole
/// certificates go through `Certificate(derEncoded:)`, TBSCertificate
/// fragments through `TBSCertificateLayout.check` (Chromium's
/// ParseTbsCertificate, which locates fields without parsing them).
/// Divergences are listed, with reasons, in EXCEPTIONS.txt.
@Test func chromiumParseSuiteAgrees() throws {
    let exceptions = try String(contentsOf: Vectors.url("chromium-pki/EXCEPTIONS.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        .map { String($0.split(separator: " ")[0]) }
    var agreed = 0, diverged: [String] = [], notRun: [String] = []
    for file in Vectors.files(under: "chromium-pki/parse_certificate_unittest") where file.hasSuffix(".pem") {
        let name = String(file.split(separator: "/").last!)
        let text = try Vectors.bytes(file)
        let errors = try PEM.blocks(in: text, label: "ERRORS").first.map { String(decoding: $0.der, as: UTF8.self) } ?? ""
        let mustFail = errors.split(separator: "\n").contains { $0.hasPrefix("ERROR:") }
        var refusal: String? = nil
        if let certificate = try PEM.certificates(in: text).first {
            do { _ = try Certificate(derEncoded: certificate.der) } catch { refusal = error.description }
        } else if let tbs = try PEM.blocks(in: text, label: "TBS CERTIFICATE").first {
            do { try TBSCertificateLayout.check(tbs.der) } catch { refusal = error.description }
        } else {
            notRun.append(name)
            continue
        }
        if (refusal != nil) == mustFail {
            agreed += 1
            #expect(!exceptions.contains(name), "\(name) agrees now; remove it from EXCEPTIONS.txt")
        } else {
            diverged.append(name)
            let ours = refusal.map { "refused (\($0))" } ?? "accepted"
            print("  diverges: \(name): Chromium \(mustFail ? "refuses" : "accepts"), PureX509 \(ours)")
            #expect(exceptions.contains(name), "\(name): Chromium \(mustFail ? "refuses" : "accepts"), PureX509 \(ours)")
        }
    }
    let total = agreed + diverged.count
    print("chromium parse suite: \(agreed)/\(total) agree (\(diverged.count) listed divergences); \(notRun.count) fragment files without a certificate or TBS block not run: \(notRun.joined(separator: ", "))")
    #expect(total >= 79)
}
