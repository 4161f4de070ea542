import PKIX
import Testing
import TestSupport

func pemText(_ parts: [String]) -> [UInt8] { Array(parts.joined().utf8) }

let sampleBody = "MAMCAQE="  // SEQUENCE { INTEGER 1 }

@Test func manyBlocksWithTextAroundAndOtherLabelsSkipped() throws {
    let text = pemText([
        "Subject: something\nexplanation before\n",
        "-----BEGIN CERTIFICATE-----\n", sampleBody, "\n-----END CERTIFICATE-----\n",
        "between\n",
        "-----BEGIN PRIVATE KEY-----\nthis is not base64 and is never read!\n-----END PRIVATE KEY-----\n",
        "-----BEGIN ERRORS-----\nRVJST1I=\n-----END ERRORS-----\n",
        "-----BEGIN CERTIFICATE-----\r\nMAMC\r\nAQI=\r\n-----END CERTIFICATE-----\r\n",
        "trailing text",
    ])
    let blocks = try PEM.certificates(in: text)
    #expect(blocks.map(\.der) == [[0x30, 0x03, 0x02, 0x01, 0x01], [0x30, 0x03, 0x02, 0x01, 0x02]])
    #expect(blocks.map(\.number) == [1, 4])
    #expect(try PEM.blocks(in: text, label: "ERRORS").map(\.der) == [Array("ERROR".utf8)])
}

struct PEMFailureRow: CustomTestStringConvertible, Sendable {
    let name: String
    let text: [UInt8]
    let failure: PEM.Failure
    var testDescription: String { name }
}

let pemFailureRows: [PEMFailureRow] = [
    .init(name: "bad character in block 2",
          text: pemText(["-----BEGIN X-----\nAA==\n-----END X-----\n",
                         "-----BEGIN CERTIFICATE-----\nMAMC*QE=\n-----END CERTIFICATE-----\n"]),
          failure: .invalidBase64(block: 2)),
    .init(name: "header line inside a certificate block",
          text: pemText(["-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n", sampleBody, "\n-----END CERTIFICATE-----\n"]),
          failure: .headers(block: 1)),
    .init(name: "a colon without a space is a bad character, not a header",
          text: pemText(["-----BEGIN CERTIFICATE-----\nMAMC:QE=\n-----END CERTIFICATE-----\n"]),
          failure: .invalidBase64(block: 1)),
    .init(name: "padding in the middle",
          text: pemText(["-----BEGIN CERTIFICATE-----\nMA==MAMC\n-----END CERTIFICATE-----\n"]),
          failure: .invalidPadding(block: 1)),
    .init(name: "missing padding",
          text: pemText(["-----BEGIN CERTIFICATE-----\nMAMCAQE\n-----END CERTIFICATE-----\n"]),
          failure: .invalidPadding(block: 1)),
    .init(name: "three padding characters",
          text: pemText(["-----BEGIN CERTIFICATE-----\nMAMCA===\n-----END CERTIFICATE-----\n"]),
          failure: .invalidPadding(block: 1)),
    .init(name: "non-zero bits under the padding",
          text: pemText(["-----BEGIN CERTIFICATE-----\nMAMCAQF=\n-----END CERTIFICATE-----\n"]),
          failure: .invalidPadding(block: 1)),
    .init(name: "END label differs from BEGIN",
          text: pemText(["-----BEGIN CERTIFICATE-----\n", sampleBody, "\n-----END X509 CRL-----\n"]),
          failure: .mismatchedEnd(block: 1)),
    .init(name: "no END line",
          text: pemText(["-----BEGIN CERTIFICATE-----\n", sampleBody, "\n"]),
          failure: .unterminated(block: 1)),
]

@Test(arguments: pemFailureRows)
func malformedCertificateBlocksAreRefusedWithTheirNumber(_ row: PEMFailureRow) {
    #expect(throws: row.failure) { try PEM.certificates(in: row.text) }
}

@Test func base64RoundTripsAndIsStrict() throws {
    for length in 0..<64 {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(try Base64.decode(Array(Base64.encode(bytes).utf8)) == bytes)
    }
    #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")   // RFC 4648 §10
    #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
    #expect(throws: Base64.Failure.invalidCharacter(offset: 2)) { try Base64.decode(Array("Zm-v".utf8)) }
    #expect(throws: Base64.Failure.nonCanonical) { try Base64.decode(Array("Zm9=".utf8)) }
    #expect(throws: Base64.Failure.invalidPadding) { try Base64.decode(Array("Zm8=Zm8=".utf8)) }
}

@Test func pemDetection() {
    #expect(PEM.looksLikePEM(pemText(["junk\n-----BEGIN CERTIFICATE-----\n"])))
    #expect(!PEM.looksLikePEM([0x30, 0x82, 0x01, 0x00]))
}

/// `CertificateFile`: a file's certificates all or nothing, each failure typed.
@Test func certificateFileReadsPEMAndDERAndNamesWhatIsWrong() throws {
    let pem = try Vectors.bytes("generated/leaf-all-extensions.pem")
    let certificates = try CertificateFile.certificates(in: pem).get()
    #expect(certificates.count == 1)
    #expect(try CertificateFile.certificates(in: certificates[0].der).get().map(\.der) == [certificates[0].der])
    #expect(CertificateFile.certificates(in: Array("just words\n".utf8)).failure == .noCertificate)
    #expect(CertificateFile.certificates(in: [0x02, 0x01, 0x00]).failure == .noCertificate)
    let keyOnly = Array("-----BEGIN PUBLIC KEY-----\nMAA=\n-----END PUBLIC KEY-----\n".utf8)
    #expect(CertificateFile.certificates(in: keyOnly).failure == .noCertificate)
    // A damaged second certificate fails the file, named by its number and block.
    let text = String(decoding: pem, as: UTF8.self)
    let damaged = Array((text + "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n").utf8)
    guard case .der(_, certificate: 2, block: 2)? = CertificateFile.certificates(in: damaged).failure else {
        Issue.record("the second block should be blamed")
        return
    }
    let badBase64 = Array((text + "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n").utf8)
    #expect(CertificateFile.certificates(in: badBase64).failure == .pem(.invalidBase64(block: 2)))
    guard case .der(_, certificate: 1, block: nil)? = CertificateFile.certificates(in: Array(certificates[0].der.dropLast())).failure else {
        Issue.record("a truncated DER certificate")
        return
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
