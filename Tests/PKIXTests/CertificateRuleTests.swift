import DER
import PKIX
import Testing
import TestSupport

/// One row per X.509 structure rule: a certificate that breaks it (a
/// public-suite file, or a generated certificate with one field changed)
/// and the rule the refusal must name.
struct RuleRow: CustomTestStringConvertible, Sendable {
    let name: String
    let rule: DERError.Rule
    let make: @Sendable () throws -> [UInt8]
    var testDescription: String { name }
}

func firstCertificate(_ file: String) throws -> [UInt8] {
    let bytes = try Vectors.bytes(file)
    guard PEM.looksLikePEM(bytes) else { return bytes }
    return try #require(try PEM.certificates(in: bytes).first).der
}

func generated(_ file: String, _ change: (inout CertificateSurgery) throws -> Void) throws -> [UInt8] {
    var surgery = try CertificateSurgery(try firstCertificate("generated/" + file))
    try change(&surgery)
    return surgery.der
}

let privateOID: [UInt8] = [0x2B, 0x06, 0x01, 0x04, 0x01, 0x86, 0x8D, 0x1F]  // 1.3.6.1.4.1.99999

let ruleRows: [RuleRow] = [
    .init(name: "explicit v1 version", rule: .explicitDefaultValue) { try firstCertificate("chromium-pki/parse_certificate_unittest/v1_explicit_version.pem") },
    .init(name: "critical FALSE encoded", rule: .explicitDefaultValue) { try firstCertificate("chromium-pki/parse_certificate_unittest/extension_critical_0.pem") },
    .init(name: "version 4", rule: .unsupportedVersion) { try firstCertificate("certs/zlint-testdata/certVersion4NoExtensions.pem") },
    .init(name: "inner and outer algorithms differ", rule: .signatureAlgorithmMismatch) { try firstCertificate("certs/pyca-x509/custom/mismatch_inner_outer_sig_algorithm.der") },
    .init(name: "unique identifier in v1", rule: .uniqueIdentifierInV1) {
        try generated("v1.pem") { $0.tbsFields.append([0x81, 0x02, 0x00, 0xAA]) }
    },
    .init(name: "extensions in v1", rule: .extensionsBeforeV3) {
        try generated("v1.pem") { $0.tbsFields.append(encode(0xA3, encode(0x30, extensionTLV(oid: privateOID, value: [0x05, 0x00])))) }
    },
    .init(name: "empty extensions SEQUENCE", rule: .emptyExtensions) {
        try generated("ec-p384.pem") { $0.tbsFields.append([0xA3, 0x02, 0x30, 0x00]) }
    },
    .init(name: "65 extensions", rule: .tooManyExtensions) {
        try generated("v1.pem") { surgery in
            let many = (0..<65).flatMap { extensionTLV(oid: privateOID + [UInt8($0)], value: [0x05, 0x00]) }
            surgery.tbsFields.insert([0xA0, 0x03, 0x02, 0x01, 0x02], at: 0)
            surgery.tbsFields.append(encode(0xA3, encode(0x30, many)))
        }
    },
    .init(name: "unknown extension twice", rule: .duplicateExtension) {
        try generated("ec-p384.pem") { surgery in
            let twice = extensionTLV(oid: privateOID, value: [0x05, 0x00]) + extensionTLV(oid: privateOID + [1], value: [0x05, 0x00])
                + extensionTLV(oid: privateOID, value: [0x05, 0x00])
            surgery.tbsFields.append(encode(0xA3, encode(0x30, twice)))
        }
    },
    .init(name: "keyUsage twice", rule: .duplicateExtension) { try firstCertificate("chromium-pki/parse_certificate_unittest/extensions_duplicate_key_usage.pem") },
    .init(name: "PrintableString with '&'", rule: .invalidString) { try firstCertificate("chromium-pki/parse_certificate_unittest/issuer_bad_printable_string.pem") },
    .init(name: "UTF8String that is not UTF-8", rule: .invalidString) { try firstCertificate("certs/pyca-x509/custom/invalid_utf8_common_name.pem") },
    .init(name: "empty RDN", rule: .emptyRelativeDistinguishedName) { try firstCertificate("certs/zlint-testdata/DNSFQDN.pem") },
    .init(name: "empty GeneralNames", rule: .emptyGeneralNames) { try firstCertificate("certs/zlint-testdata/empty_seq_of_san.pem") },
    .init(name: "SAN iPAddress of 5 octets", rule: .invalidIPAddress) { try firstCertificate("chromium-pki/parse_certificate_unittest/subjectaltname_bad_ip.pem") },
    .init(name: "name-constraint mask not contiguous", rule: .invalidIPAddress) { try firstCertificate("certs/pyca-x509/custom/nc_invalid_ip_netmask.pem") },
    .init(name: "dNSName not ASCII", rule: .nonASCIIName) { try firstCertificate("chromium-pki/parse_certificate_unittest/subjectaltname_dns_not_ascii.pem") },
    .init(name: "empty subject, SAN not critical", rule: .emptySubjectWithoutCriticalSAN) { try firstCertificate("chromium-pki/parse_certificate_unittest/subject_blank_subjectaltname_not_critical.pem") },
    .init(name: "keyUsage without bits", rule: .emptyKeyUsage) { try firstCertificate("chromium-pki/parse_certificate_unittest/bad_key_usage.pem") },
    .init(name: "pathLenConstraint 256", rule: .pathLengthOutOfRange) { try firstCertificate("chromium-pki/parse_certificate_unittest/basic_constraints_pathlen_256.pem") },
    .init(name: "negative pathLenConstraint", rule: .pathLengthOutOfRange) { try firstCertificate("chromium-pki/parse_certificate_unittest/basic_constraints_negative_path.pem") },
    .init(name: "name constraints without subtrees", rule: .invalidNameConstraints) { try firstCertificate("certs/zlint-testdata/noNameConstraint.pem") },
    .init(name: "RSA key bits not an RSAPublicKey", rule: .invalidPublicKey) {
        try generated("v1.pem") { surgery in
            // SEQUENCE { rsaEncryption, NULL } BIT STRING { 00, INTEGER 5 }
            let algorithm = encode(0x30, encode(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]) + [0x05, 0x00])
            surgery.tbsFields[5] = encode(0x30, algorithm + encode(0x03, [0x00, 0x02, 0x01, 0x05]))
        }
    },
    .init(name: "empty policy qualifiers", rule: .invalidPolicies) { try firstCertificate("chromium-pki/parse_certificate_unittest/policy_qualifiers_empty_sequence.pem") },
    .init(name: "signature with unused bits", rule: .invalidSignatureValue) {
        try generated("v1.pem") { surgery in
            var value = Array(surgery.signatureValue.dropFirst(surgery.signatureValue[1] == 0x82 ? 4 : 3))
            value[0] = 1
            value[value.count - 1] &= 0xFE
            surgery.signatureValue = encode(0x03, value)
        }
    },
    .init(name: "empty extendedKeyUsage", rule: .invalidExtension) { try firstCertificate("certs/pyca-x509/custom/empty-eku.pem") },
    .init(name: "bytes after the certificate", rule: .trailingBytes) { try firstCertificate("certs/x509-parser-assets/duplicate_value_in_authority_info_access.der") },
    .init(name: "UTCTime without seconds", rule: .invalidTimeFormat) { try firstCertificate("certs/pyca-x509/badasn1time.pem") },
]

@Test(arguments: ruleRows)
func certificateBreakingOneRuleIsRefusedWithThatRule(_ row: RuleRow) throws {
    let der = try row.make()
    do {
        _ = try Certificate(derEncoded: der)
        Issue.record("\(row.name) was accepted")
    } catch {
        #expect(error.rule == row.rule, "\(row.name): got \(error)")
        #expect(error.offset >= 0 && error.offset < der.count)
    }
}

/// The surgery itself must not break anything: re-encoding an untouched
/// certificate gives the same bytes, and they parse.
@Test func untouchedSurgeryRoundTrips() throws {
    for file in ["v1.pem", "leaf-all-extensions.pem", "ec-p384.pem"] {
        let der = try firstCertificate("generated/" + file)
        #expect(try CertificateSurgery(der).der == der)
        _ = try Certificate(derEncoded: der)
    }
}

/// Rules with an accepted counterpart: tolerated oddities stay tolerated.
@Test func toleratedOdditiesParse() throws {
    for file in ["serial_negative.pem", "serial_zero.pem", "serial_37_bytes.pem", "basic_constraints_ca_false.pem",
                 "basic_constraints_pathlen_255.pem", "basic_constraints_pathlen_not_ca.pem", "subject_t61string_126-160.pem",
                 "bad_signature_algorithm_oid.pem", "extension_critical.pem"] {
        _ = try Certificate(derEncoded: try firstCertificate("chromium-pki/parse_certificate_unittest/" + file))
    }
    // A TeletexString is read as ISO 8859-1: 0xE9 is "é".
    let t61 = try Certificate(derEncoded: try firstCertificate("chromium-pki/parse_certificate_unittest/subject_t61string_126-160.pem"))
    #expect(t61.subjectName.relativeNames.flatMap { $0 }.contains { $0.valueTag == .teletexString && ($0.text?.unicodeScalars.contains { $0.value >= 0xA0 } ?? false) })
    // A lone authorityCertSerialNumber is kept (see docs/parsing.md).
    let aki = try Certificate(derEncoded: try firstCertificate("certs/zlint-testdata/akiWithSerial.pem"))
    #expect(aki.extensions.authorityKeyIdentifier?.serialNumber != nil)
    #expect(aki.extensions.authorityKeyIdentifier?.issuer == nil)
}

/// The accepted side of the surgical rows: the same changes made legally.
@Test func legalCounterpartsOfTheSurgicalRowsParse() throws {
    let v2 = try Certificate(derEncoded: try generated("v1.pem") { surgery in
        surgery.tbsFields.insert([0xA0, 0x03, 0x02, 0x01, 0x01], at: 0)
        surgery.tbsFields += [[0x81, 0x02, 0x00, 0xAA], [0x82, 0x02, 0x04, 0xF0]]
    })
    #expect(v2.version == .v2)
    let sixtyFour = try Certificate(derEncoded: try generated("v1.pem") { surgery in
        let many = (0..<64).flatMap { extensionTLV(oid: privateOID + [UInt8($0)], value: [0x05, 0x00]) }
        surgery.tbsFields.insert([0xA0, 0x03, 0x02, 0x01, 0x02], at: 0)
        surgery.tbsFields.append(encode(0xA3, encode(0x30, many)))
    })
    #expect(sixtyFour.extensions.count == Extensions.maximumCount)
    #expect(sixtyFour.extensions.unrecognisedCount == 64)
}
