import PKIX
import Testing
import TestSupport

// The input layer's classifier: PEM blocks sorted by label, bare DER by
// shape, each item with its provenance; `CertificateFile` reads through it.

struct ShapeRow: CustomTestStringConvertible, Sendable {
    let file: String
    let kind: InputKind?
    var testDescription: String { file }
}

/// One file of each kind the input layer sorts, as DER.
let shapeRows: [ShapeRow] = [
    ShapeRow(file: "inputs/crl.der", kind: .certificateList),
    ShapeRow(file: "inputs/request.der", kind: .certificateRequest),
    ShapeRow(file: "inputs/rsa-public.der", kind: .publicKey),
    ShapeRow(file: "inputs/ec-p384-sec1.der", kind: .ecPrivateKey),
    ShapeRow(file: "revocation/generated/ocsp-wrong-issuer.p256/ocsp.der", kind: .ocspResponse),
    ShapeRow(file: "pkcs12/go-pkcs12/example_com_aescbc128.p12", kind: .pkcs12),
]

@Test(arguments: shapeRows)
func bareDERIsSortedByShape(_ row: ShapeRow) throws {
    let bytes = try Vectors.bytes(row.file)
    let input = ClassifiedInput(bytes, source: row.file)
    #expect(input.encoding == .der)
    #expect(input.items.map(\.kind) == [row.kind])
    let provenance = try #require(input.items.first?.provenance)
    #expect(provenance.source == row.file && provenance.block == nil && provenance.offset == 0)
}

@Test func pemBlocksAreSortedByLabelWithTheirProvenance() throws {
    let text = try Vectors.bytes("generated/leaf-all-extensions.pem") + Vectors.bytes("inputs/crl.pem")
        + Vectors.bytes("inputs/ec-pkcs8.pem") + Array("-----BEGIN DH PARAMETERS-----\nMAA=\n-----END DH PARAMETERS-----\n".utf8)
    let input = ClassifiedInput(text, source: "bundle.pem")
    #expect(input.encoding == .pem)
    #expect(input.items.map(\.kind) == [.certificate, .certificateList, .privateKey, nil])
    #expect(input.items.map(\.provenance.block) == [1, 2, 3, 4])
    #expect(input.items.allSatisfy { $0.provenance.source == "bundle.pem" })
    #expect(input.items.allSatisfy { text[$0.provenance.offset...].starts(with: Array("-----BEGIN ".utf8)) })
    #expect(InputKind(pemLabel: "CRL") == .certificateList)
    #expect(InputKind(pemLabel: "OCSP RESPONSE") == .ocspResponse)
    #expect(InputKind(pemLabel: "TRUSTED CERTIFICATE") == nil)
}

@Test func derLaidEndToEndIsOneItemPerObject() throws {
    let der = try #require(try CertificateFile.certificates(in: try Vectors.bytes("generated/leaf-all-extensions.pem")).get().first).der
    let input = ClassifiedInput(der + der, source: "two.der")
    #expect(input.items.map(\.kind) == [.certificate, .certificate])
    #expect(input.items.map(\.provenance.offset) == [0, der.count])
    // CertificateFile keeps reading a DER file as one certificate.
    guard case .failure(.der(_, certificate: 1, block: nil)) = CertificateFile.certificates(in: der + der) else {
        Issue.record("two DER certificates in one file are one malformed certificate to CertificateFile")
        return
    }
}
