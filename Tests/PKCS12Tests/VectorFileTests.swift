import Foundation
import Testing
import PKCS12
import PKIX
import DER

// Every file in Vectors/pkcs12, with the contents its source's own tests
// expect (Vectors/pkcs12/README.md says which test file each row follows).

/// pyca/cryptography: the EC CA certificate and key of x509/custom/ca, alone.
@Test(arguments: [
    ("cert-key-aes256cbc.p12", PKCS12Password.utf8("cryptography")),
    ("cert-none-key-none.p12", .utf8("cryptography")),
    ("cert-rc2-key-3des.p12", .utf8("cryptography")),
    ("no-password.p12", .none),
])
func pycaKeyAndCertificate(_ name: String, _ password: PKCS12Password) throws {
    let ca = pemCertificates(try String(contentsOf: pkcs12Vectors.appendingPathComponent("pyca/ca/ca.pem"), encoding: .utf8))[0]
    let file = try PKCS12File(bytes: try vector("pyca/" + name), password: password)
    #expect(file.identities.count == 1)
    let identity = try #require(file.identities.first)
    #expect(identity.certificate.der == ca)
    #expect(identity.privateKey.algorithm == .p256)
    #expect(identity.chain.isEmpty)
    #expect(file.unmatchedKeys.isEmpty && file.unpairedCertificates.isEmpty)
}

@Test func pycaCertificateWithoutKey() throws {
    let ca = pemCertificates(try String(contentsOf: pkcs12Vectors.appendingPathComponent("pyca/ca/ca.pem"), encoding: .utf8))[0]
    let file = try PKCS12File(bytes: try vector("pyca/cert-aes256cbc-no-key.p12"), password: .utf8("cryptography"))
    #expect(file.identities.isEmpty && file.unmatchedKeys.isEmpty)
    #expect(file.unpairedCertificates.map(\.certificate.der) == [ca])
}

@Test func pycaKeyWithoutCertificate() throws {
    let file = try PKCS12File(bytes: try vector("pyca/no-cert-key-aes256cbc.p12"), password: .utf8("cryptography"))
    #expect(file.identities.isEmpty && file.unpairedCertificates.isEmpty)
    #expect(file.unmatchedKeys.map(\.reason) == [.noCertificate])
    #expect(file.unmatchedKeys.first?.privateKey.algorithm == .p256)
}

@Test func pycaWrongPassword() throws {
    #expect(open(try vector("pyca/cert-key-aes256cbc.p12"), .utf8("invalid")).failure == .macVerificationFailed)
}

/// pyca's test_load_object: the CA as the identity (friendlyName `name`), and
/// cryptography.io's and Let's Encrypt X3's certificates (`name2`, `name3`) beside it.
@Test(arguments: [
    ("no-name", nil, nil, nil), ("name-all", "name", "name2", "name3"), ("name-1", "name", nil, nil),
    ("name-2-3", nil, "name2", "name3"), ("name-2", nil, "name2", nil), ("name-3", nil, nil, "name3"),
    ("name-unicode", "☺", "ä", "ç"),
] as [(String, String?, String?, String?)])
func pycaNames(_ stem: String, _ name: String?, _ name2: String?, _ name3: String?) throws {
    let ca = pemCertificates(try String(contentsOf: pkcs12Vectors.appendingPathComponent("pyca/ca/ca.pem"), encoding: .utf8))[0]
    for (suffix, password) in [("-no-pwd", PKCS12Password.none), ("-pwd", .utf8("password"))] {
        let file = try PKCS12File(bytes: try vector("pyca/\(stem)\(suffix).p12"), password: password)
        let identity = try #require(file.identities.first, "\(stem)\(suffix)")
        #expect(file.identities.count == 1)
        #expect(identity.certificate.der == ca)
        #expect(identity.friendlyName == name, "\(stem)\(suffix)")
        #expect(file.unpairedCertificates.map(\.attributes.friendlyName) == [name2, name3], "\(stem)\(suffix)")
        #expect(file.unpairedCertificates.map { commonName($0.certificate) } == ["www.cryptography.io", "Let's Encrypt Authority X3"])
    }
}

/// pyca's test_load_object_no_cert_key: two certificates, no key, no identity.
@Test(arguments: [
    ("no-cert-no-name", nil, nil), ("no-cert-name-all", "name2", "name3"), ("no-cert-name-2", "name2", nil),
    ("no-cert-name-3", nil, "name3"), ("no-cert-name-unicode", "☹", "ï"),
] as [(String, String?, String?)])
func pycaCertificatesOnly(_ stem: String, _ name2: String?, _ name3: String?) throws {
    for (suffix, password) in [("-no-pwd", PKCS12Password.none), ("-pwd", .utf8("password"))] {
        let file = try PKCS12File(bytes: try vector("pyca/\(stem)\(suffix).p12"), password: password)
        #expect(file.identities.isEmpty && file.unmatchedKeys.isEmpty)
        #expect(file.unpairedCertificates.map(\.attributes.friendlyName) == [name2, name3], "\(stem)\(suffix)")
    }
}

/// Java's keytool truststore: trusted certificates only, empty password.
@Test func pycaJavaTruststore() throws {
    let file = try PKCS12File(bytes: try vector("pyca/java-truststore.p12"), password: .none)
    #expect(file.identities.isEmpty && file.unmatchedKeys.isEmpty)
    #expect(!file.unpairedCertificates.isEmpty)
}

/// go-pkcs12's test data: RSA identities, no CA certificates.
@Test(arguments: [
    ("windows_azure_tools.p12", PKCS12Password.none, "Windows Azure Tools"),
    ("testing_at_example_com.p12", .utf8(""), "testing@example.com"),
    ("example_com_aescbc128.p12", .utf8("rHyQTJsubhfxcpH5JttyilHE6BBsNoZp"), "example-com"),
    ("example_com_aescbc192.p12", .utf8("password"), "example-com"),
    ("ad_standalone_com_aescbc256.p12", .utf8("password"), "*.ad.standalone.com"),
])
func goPKCS12(_ name: String, _ password: PKCS12Password, _ expectedName: String) throws {
    let file = try PKCS12File(bytes: try vector("go-pkcs12/" + name), password: password)
    let identity = try #require(file.identities.first)
    #expect(file.identities.count == 1)
    #expect(commonName(identity.certificate) == expectedName)
    #expect(identity.privateKey.algorithm == .rsa)
    #expect(identity.keyCheck == .rsaComponents)
    #expect(identity.chain.isEmpty)
}

/// RFC 9579 Appendix A: A.1–A.3 verify (PBMAC1 with HMAC-SHA256/512); A.4
/// (iteration count changed) and A.5 (salt changed) fail as a wrong
/// password does; A.6 has no keyLength; the bypass file names a 1-byte key.
@Test(arguments: ["rfc9579-a1.txt", "rfc9579-a2.txt", "rfc9579-a3.txt"])
func rfc9579Opens(_ name: String) throws {
    let file = try PKCS12File(bytes: try base64Vector("rfc9579/" + name), password: .utf8("1234"))
    guard case .mac(.pbmac1, .given) = file.report.integrity else {
        Issue.record("\(file.report.integrity)")
        return
    }
    #expect(file.identities.count == 1)
}

@Test func rfc9579Refusals() throws {
    #expect(open(try base64Vector("rfc9579/rfc9579-a4.txt"), .utf8("1234")).failure == .macVerificationFailed)
    #expect(open(try base64Vector("rfc9579/rfc9579-a5.txt"), .utf8("1234")).failure == .macVerificationFailed)
    #expect(open(try base64Vector("rfc9579/rfc9579-a6.txt"), .utf8("1234")).failure == .pbmac1KeyLengthMissing)
    #expect(open(try base64Vector("rfc9579/pbmac1-short-key-bypass.txt"), .utf8("1234")).failure
            == .pbmac1KeyLengthOutOfRange(keyLength: 1, minimum: 32, maximum: 32))
    #expect(open(try base64Vector("rfc9579/pbmac1-short-key-bypass.txt"), .utf8("")).failure
            == .pbmac1KeyLengthOutOfRange(keyLength: 1, minimum: 32, maximum: 32))
}

/// Which byte form of an empty password each file's MAC was made with; all
/// of them open in OpenSSL with `-passin pass:` as they do here with either
/// `.none` or `.utf8("")` (docs/pkcs12.md, "Passwords").
@Test(arguments: [
    ("go-pkcs12/windows_azure_tools.p12", PasswordForm.absent),
    ("go-pkcs12/testing_at_example_com.p12", .emptyString),
    ("pyca/name-1-no-pwd.p12", .absent),
    ("pyca/no-password.p12", .absent),
    ("pyca/java-truststore.p12", .emptyString),
])
func emptyPasswordForms(_ path: String, _ form: PasswordForm) throws {
    for password in [PKCS12Password.none, .utf8("")] {
        let file = try PKCS12File(bytes: try vector(path), password: password)
        guard case .mac(_, let used) = file.report.integrity else {
            Issue.record("no MAC")
            return
        }
        #expect(used == form, "\(path)")
    }
}
