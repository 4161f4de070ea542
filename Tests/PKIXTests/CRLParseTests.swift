import Foundation
import Testing
import TestSupport
import DER
import PKIX

// pyca/cryptography's CRL vectors (Vectors/revocation/README.md): each one
// parses into the fields its name says, or is refused with the rule it breaks.

private func crl(_ name: String) throws -> Result<CertificateList, DERError> {
    let bytes = try Vectors.bytes("revocation/crl/" + name)
    let der = name.hasSuffix(".pem") ? try #require(try PEM.blocks(in: bytes, label: "X509 CRL").first).der : bytes
    do { return .success(try CertificateList(derEncoded: der)) } catch { return .failure(error) }
}

private func parsed(_ name: String) throws -> CertificateList {
    switch try crl(name) {
    case .success(let list): return list
    case .failure(let error): Issue.record("\(name): \(error)"); throw error
    }
}

@Test(arguments: [
    ("crl_bad_version.pem", DERError.Rule.unsupportedCRLVersion),
    ("crl_dup_entry_ext.pem", .duplicateExtension),
    ("crl_inner_outer_mismatch.der", .signatureAlgorithmMismatch),
    ("crl_inval_cert_issuer_entry_ext.pem", .truncated),  // an empty extnValue
    ("crl_inval_date_fractional_seconds.der", .invalidTimeFormat),
    ("crl_invalid_time.der", .invalidTimeFormat),
    ("crl_issuer_invalid_printable_string.der", .invalidString),
    ("crl_unsupported_reason.pem", .invalidReasonCode),
])
func malformedCRLsAreRefusedWithTheirRule(name: String, rule: DERError.Rule) throws {
    guard case .failure(let error) = try crl(name) else { Issue.record("\(name) parsed"); return }
    #expect(error.rule == rule, "\(name): \(error)")
}

@Test func emptyCRLsHaveNoEntries() throws {
    for name in ["crl_empty.pem", "crl_empty_no_sequence.der", "crl_no_next_update.pem", "crl_ian_aia_aki.pem"] {
        let list = try parsed(name)
        #expect(list.entryCount == 0 && list.revokedCertificates == nil, "\(name)")
        #expect(list.allEntries.isEmpty && list.entries(forSerialNumber: [0]).isEmpty)
        #expect(list.version == .v2 && !list.hasUnrecognisedCriticalExtension && !list.isDelta)
    }
    #expect(try parsed("crl_no_next_update.pem").nextUpdate == nil)
    #expect(try parsed("crl_empty.pem").nextUpdate != nil)
}

@Test func everyReasonCodeIsRead() throws {
    let list = try parsed("crl_all_reasons.pem")
    let reasons = list.allEntries.map(\.reason)
    #expect(list.entryCount == reasons.count && reasons.count > 1)
    // The file lists each assigned reason once (openssl crl -text).
    let expected = try opensslReasons("crl_all_reasons.pem")
    #expect(reasons.map { $0?.name ?? "none" } == expected)
}

@Test func tenThousandEntriesAreFoundBySerial() throws {
    let list = try parsed("crl_almost_10k.pem")
    #expect(list.entryCount == 9_999)
    var found = 0
    for entry in list.allEntries {
        let matches = list.entries(forSerialNumber: entry.serialNumber.bytes)
        if matches == [entry] { found += 1 }
    }
    #expect(found == 9_999)
    // A serial one past the largest, and one longer than any, are absent.
    let largest = list.allEntries.map { Array($0.serialNumber.bytes) }.max { $0.count < $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1)) }!
    var past = largest
    past[past.count - 1] &+= 1
    if !list.allEntries.contains(where: { $0.serialNumber.bytes.elementsEqual(past) }) {
        #expect(list.entries(forSerialNumber: past[...]).isEmpty)
    }
    #expect(list.entries(forSerialNumber: ([0x01] + largest)[...]).isEmpty)
}

@Test func extensionsAreReadAsNamed() throws {
    let delta = try parsed("crl_delta_crl_indicator.pem")
    #expect(delta.isDelta && delta.extensions.deltaCRLIndicator != nil)

    let named = try parsed("crl_ian_aia_aki.pem")
    #expect(named.extensions.issuerAlternativeName != nil)
    #expect(named.extensions.authorityInformationAccess != nil)
    #expect(named.extensions.authorityKeyIdentifier?.keyIdentifier != nil)

    let unknown = try parsed("crl_unrecognized_extension.der")
    #expect(!unknown.hasUnrecognisedCriticalExtension)
    let critical = try parsed("crl_md2_unknown_crit_entry_ext.pem")
    #expect(critical.hasUnrecognisedCriticalExtension && !critical.extensions.hasUnrecognisedCriticalExtension)
}

@Test func issuingDistributionPointsAreReadAsNamed() throws {
    func point(_ name: String) throws -> IssuingDistributionPoint {
        try #require(try parsed(name).extensions.issuingDistributionPoint, "\(name)")
    }
    let indirect = try point("crl_idp_fullname_indirect_crl.pem")
    #expect(indirect.indirectCRL && indirect.fullName != nil && indirect.relativeName == nil)
    let fullName = try point("crl_idp_fullname_only.pem")
    #expect(fullName.fullName != nil && !fullName.indirectCRL && !fullName.onlyContainsUserCerts && fullName.onlySomeReasons == nil)
    #expect(try point("crl_idp_fullname_only_aa.pem").onlyContainsAttributeCerts)
    #expect(try point("crl_idp_fullname_only_user.pem").onlyContainsUserCerts)
    let onlyCA = try point("crl_idp_only_ca.pem")
    #expect(onlyCA.onlyContainsCACerts && !onlyCA.onlyContainsUserCerts)
    let reasons = try point("crl_idp_reasons_only.pem")
    #expect(reasons.onlySomeReasons != nil && reasons.onlySomeReasons != .allReasons)
    let relativeAll = try point("crl_idp_relative_user_all_reasons.pem")
    #expect(relativeAll.relativeName != nil && relativeAll.onlyContainsUserCerts && relativeAll.onlySomeReasons == .allReasons)
    let relative = try point("crl_idp_relativename_only.pem")
    #expect(relative.relativeName != nil && relative.fullName == nil)
}

@Test func signedCRLsParseAndCertificatesAreNotCRLs() throws {
    for name in ["valid_signature_crl.pem", "invalid_signature_crl.pem"] {
        let list = try parsed(name)
        #expect(!list.signedData.signature.isEmpty && list.signedData.message.startIndex > 0)
    }
    for name in ["cdp_crl_issuer.pem", "cdp_fullname_reasons_crl_issuer.pem", "freshestcrl.pem"] {
        let der = try #require(try PEM.certificates(in: try Vectors.bytes("revocation/crl/" + name)).first).der
        _ = try Certificate(derEncoded: der)
        #expect(throws: DERError.self, "\(name)") { try CertificateList(derEncoded: der) }
    }
}

/// Every input that is not a CRL, and every truncation of a real one, is
/// refused with a DERError: never a trap, never a CRL.
@Test func truncationsAndGarbageAreRefused() throws {
    let der = try #require(try PEM.blocks(in: try Vectors.bytes("revocation/crl/crl_all_reasons.pem"), label: "X509 CRL").first).der
    for length in 0..<der.count {
        #expect(throws: DERError.self) { try CertificateList(derEncoded: Array(der[..<length])) }
    }
    var flipped = 0
    for position in der.indices {
        var copy = der
        copy[position] ^= 0x80
        if (try? CertificateList(derEncoded: copy)) != nil { flipped += 1 }
    }
    // Bit flips inside the signature, dates' digits and names can leave a valid CRL; structure flips cannot.
    #expect(flipped < der.count)
}

/// The reason codes `openssl crl -text` prints, in entry order ("none" when absent).
private func opensslReasons(_ name: String) throws -> [String] {
    guard let openssl = findExecutable("openssl"),
          let run = try? runTool(openssl, ["crl", "-in", Vectors.url("revocation/crl/" + name).path, "-noout", "-text"])
    else { throw OpenSSLMissing() }
    var reasons: [String] = []
    var lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
    while let line = lines.popFirst() {
        if line.hasPrefix("Serial Number:") { reasons.append("none") }
        if line == "X509v3 CRL Reason Code:", let value = lines.popFirst() {
            reasons[reasons.count - 1] = openSSLReasonNames[value] ?? value
        }
    }
    return reasons
}

private struct OpenSSLMissing: Error {}

private let openSSLReasonNames = [
    "Unspecified": "unspecified", "Key Compromise": "keyCompromise", "CA Compromise": "cACompromise",
    "Affiliation Changed": "affiliationChanged", "Superseded": "superseded",
    "Cessation Of Operation": "cessationOfOperation", "Certificate Hold": "certificateHold",
    "Remove From CRL": "removeFromCRL", "Privilege Withdrawn": "privilegeWithdrawn", "AA Compromise": "aACompromise",
]

/// Every CRL of PKITS parses but one (the suite's bad CRLs are bad in
/// meaning), and its entries agree with `openssl crl -text`. The one:
/// BadCRLSignatureCACRL (PKITS 4.4.2) spoils its signature by setting the
/// BIT STRING's unused-bits octet, which RFC 5280 §4.1.1.3 (by reference
/// from §5.1.1.3) forbids, so it is refused at parse; either way the CRL
/// cannot vouch for a status, which is what 4.4.2 expects.
@Test func everyPKITSCRLParsesAndListsTheEntriesOpenSSLSees() throws {
    let files = Vectors.files(under: "pkits/crls")
    #expect(files.count == 173)
    guard let openssl = findExecutable("openssl") else { throw OpenSSLMissing() }
    var agreed = 0, unusable: [String] = []
    for file in files {
        let list: CertificateList
        do { list = try CertificateList(derEncoded: try Vectors.bytes(file)) } catch {
            if file.hasSuffix("/BadCRLSignatureCACRL.crl"), (error as? DERError)?.rule == .invalidSignatureValue { agreed += 1 } else { Issue.record("\(file): \(error)") }
            continue
        }
        let run = try #require(try? runTool(openssl, ["crl", "-inform", "DER", "-in", Vectors.url(file).path, "-noout", "-text"]))
        let serials = run.output.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("Serial Number: ") ? String(text.dropFirst(15)) : nil
        }
        let ours = list.allEntries.map { $0.serialNumber.bytes.map { hex($0) }.joined() }
        // OpenSSL prints a negative serial (PKITS 4.4.x NegativeSerialNumber) as "-01": its two's complement octet is FF.
        let expected = serials.map { $0 == "-01" ? "FF" : $0.count % 2 == 1 ? "0" + $0 : $0 }
        if ours == expected { agreed += 1 } else { Issue.record("\(file): \(ours) vs \(serials)") }
        for entry in list.allEntries { #expect(list.entries(forSerialNumber: entry.serialNumber.bytes).contains(entry)) }
        if list.hasUnrecognisedCriticalExtension { unusable.append(file) }
    }
    #expect(agreed == files.count)
    // PKITS 4.14.x "Unknown CRL Entry Extension" and 4.14.y "Unknown CRL Extension" carry the only unknown critical extensions.
    #expect(unusable.count == 2, "\(unusable)")
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}
