import DER
import Foundation
import PKIX
import Testing
import TestSupport

/// The certificates made by Vectors/generated/generate.py, checked against
/// the values the generator put in (expected.json), one file per test case.
struct GeneratedCase: CustomTestStringConvertible, Sendable {
    let file: String
    var testDescription: String { file }
}

let generatedCases: [GeneratedCase] = {
    guard let data = try? Data(contentsOf: Vectors.url("generated/expected.json")),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
    return object.keys.sorted().map(GeneratedCase.init)
}()

func expectations(_ file: String) throws -> [String: Any] {
    let data = try Data(contentsOf: Vectors.url("generated/expected.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return try #require(object?[file] as? [String: Any])
}

/// How the generator writes a GeneralName.
func describe(_ name: GeneralName, in certificate: Certificate) -> String {
    switch name.kind {
    case .dnsName: return "DNS:" + name.text
    case .rfc822Name: return "email:" + name.text
    case .uniformResourceIdentifier: return "URI:" + name.text
    case .ipAddress: return "IP:" + IPAddressText.format(name.value)
    case .directoryName: return "DirName:" + Name(encoded: name.value).distinguishedName.description
    case .otherName: return "othername"
    case .registeredID: return "RID:" + OID(der: Array(name.value)).description
    case .x400Address: return "x400"
    case .ediPartyName: return "edi"
    }
}

@Test(arguments: generatedCases)
func generatedCertificateMatchesGeneratorIntent(_ generated: GeneratedCase) throws {
    let facts = try expectations(generated.file)
    let blocks = try PEM.certificates(in: try Vectors.bytes("generated/" + generated.file))
    let certificate = try Certificate(derEncoded: try #require(blocks.first).der)

    #expect(certificate.version.rawValue + 1 == facts["version"] as? Int)
    #expect(Hex.encode(certificate.serialNumber.bytes) == facts["serial"] as? String)
    #expect(certificate.subjectName.relativeNames.flatMap { $0 }.map { $0.text ?? "?" } == facts["subject"] as? [String])
    if let issuer = facts["issuer"] as? [String] {
        #expect(certificate.issuerName.relativeNames.flatMap { $0 }.map { $0.text ?? "?" } == issuer)
    }
    if let notBefore = facts["notBefore"] as? Int { #expect(certificate.notBefore == Int64(notBefore)) }
    if let notAfter = facts["notAfter"] as? Int { #expect(certificate.notAfter == Int64(notAfter)) }
    #expect(OID(der: Array(certificate.signatureAlgorithm.algorithm)).description == facts["signatureAlgorithm"] as? String)

    let key = try #require(facts["key"] as? [Any])
    let kind: String
    switch certificate.publicKey.type {
    case .rsa?:
        kind = "rsa"
        let (modulus, exponent) = try #require(certificate.publicKey.rsaComponents)
        #expect(Array(exponent) == [0x01, 0x00, 0x01])
        #expect(modulus.count == certificate.publicKey.sizeInBits / 8 + 1)  // leading 0x00
    case .ecdsa(.p256)?: kind = "ec-p256"
    case .ecdsa(.p384)?: kind = "ec-p384"
    case .ecdsa(.p521)?: kind = "ec-p521"
    case .rsaPSS?: kind = "rsa-pss"
    case .ed25519?: kind = "ed25519"
    case .ed448?: kind = "ed448"
    case nil: kind = certificate.publicKey.isECPublicKey ? "ec" : "unknown"
    }
    #expect(kind == key[0] as? String)
    #expect(certificate.publicKey.sizeInBits == key[1] as? Int)

    if let types = facts["subjectTypes"] as? [String] {
        #expect(certificate.subjectName.relativeNames.flatMap { $0 }.map { $0.type.shortName ?? "?" } == types)
    }
    if let tags = facts["subjectTags"] as? [Int] {
        #expect(certificate.subjectName.relativeNames.flatMap { $0 }.map { Int($0.valueTag.rawValue) } == tags)
    }
    if let sizes = facts["rdnSizes"] as? [Int] {
        #expect(certificate.subjectName.relativeNames.map(\.count) == sizes)
    }
    let sans = certificate.subjectAlternativeNames.map { describe($0, in: certificate) }
    #expect(sans == (facts["subjectAltNames"] as? [String] ?? []))

    let extensions = certificate.extensions
    if let bc = facts["basicConstraints"] as? [String: Any] {
        let parsed = try #require(extensions.basicConstraints)
        #expect(parsed.isCA == bc["ca"] as? Bool)
        #expect(parsed.pathLength == bc["pathLength"] as? Int)
        #expect(parsed.critical == bc["critical"] as? Bool)
    } else {
        #expect(extensions.basicConstraints == nil)
    }
    if let usages = facts["keyUsage"] as? [String] {
        let parsed = try #require(extensions.keyUsage)
        #expect(KeyUsage.names.filter { parsed.usage.contains($0.0) }.map(\.1) == usages)
        #expect(parsed.critical == facts["keyUsageCritical"] as? Bool)
    } else {
        #expect(extensions.keyUsage == nil)
    }
    #expect(certificate.extendedKeyUsages.map(\.description) == (facts["extendedKeyUsage"] as? [String] ?? []))
    #expect(extensions.subjectKeyIdentifier.map { Hex.encode($0.list) } == facts["subjectKeyIdentifier"] as? String)
    #expect(extensions.authorityKeyIdentifier?.keyIdentifier.map { Hex.encode($0) } == facts["authorityKeyIdentifier"] as? String)
    #expect(certificate.policyIdentifiers.map(\.description) == (facts["policies"] as? [String] ?? []))
    #expect((extensions.authorityInformationAccess != nil) == (facts["authorityInformationAccess"] as? Bool ?? false))
    #expect((extensions.crlDistributionPoints != nil) == (facts["crlDistributionPoints"] as? Bool ?? false))
    #expect(extensions.unrecognisedCount == facts["unrecognisedExtensions"] as? Int ?? 0)
    #expect(extensions.hasUnrecognisedCriticalExtension == facts["unrecognisedCritical"] as? Bool ?? false)
    if let count = facts["extensionCount"] as? Int {
        #expect(extensions.count == count)
        #expect(certificate.allExtensions.count == count)
        #expect(certificate.allExtensions.filter(\.critical).count == 3)
    }
    if let constraints = facts["nameConstraints"] as? [String: [String]] {
        #expect(certificate.permittedSubtrees.map { describe($0, in: certificate) } == constraints["permitted"])
        #expect(certificate.excludedSubtrees.map { describe($0, in: certificate) } == constraints["excluded"])
        #expect(extensions.nameConstraints?.critical == true)
    } else {
        #expect(extensions.nameConstraints == nil)
    }
}

@Test func everyGeneratedFileIsCovered() {
    #expect(generatedCases.count == 7)
}
