import Foundation
import DER
import PKIX
import Testing
import TestSupport

let systemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

/// Every certificate of the system bundle parses, and its subject, serial,
/// validity and SAN agree with what `openssl x509` prints for it.
@Test func systemBundleParsesAndAgreesWithOpenSSL() throws {
    guard let data = FileManager.default.contents(atPath: systemBundlePath) else {
        print("NOTICE: \(systemBundlePath) is absent; system bundle test not run")
        return
    }
    let blocks = try PEM.certificates(in: [UInt8](data))
    #expect(blocks.count > 100)
    var certificates: [Certificate] = []
    for block in blocks {
        do {
            certificates.append(try Certificate(derEncoded: block.der))
        } catch {
            Issue.record("bundle certificate \(block.number): \(error)")
        }
    }
    print("system bundle: \(certificates.count)/\(blocks.count) certificates parsed")
    #expect(certificates.count == blocks.count)

    guard let openssl = findExecutable("openssl") else {
        print("NOTICE: openssl is absent; cross-check of the system bundle skipped")
        return
    }
    var agreed = 0
    for certificate in certificates {
        let pem = "-----BEGIN CERTIFICATE-----\n" + Base64.encode(certificate.der) + "\n-----END CERTIFICATE-----\n"
        guard let run = try? runTool(openssl, [
            "x509", "-noout", "-serial", "-startdate", "-enddate", "-dateopt", "iso_8601",
            "-subject", "-nameopt", "sep_multiline,utf8,sname", "-ext", "subjectAltName",
        ], input: Data(pem.utf8)), run.status == 0 else {
            Issue.record("openssl failed on \(certificate.subjectName)")
            continue
        }
        let reference = OpenSSLFields(run.output)
        let ours = OpenSSLFields(certificate)
        #expect(ours == reference, "\(certificate.subjectName)")
        if ours == reference { agreed += 1 }
    }
    print("system bundle cross-check: \(agreed)/\(certificates.count) agree with openssl x509 on subject, serial, validity and SAN")
}

/// The fields compared with OpenSSL, read from its output or from a certificate.
struct OpenSSLFields: Equatable, CustomStringConvertible {
    var serial = ""
    var notBefore = ""
    var notAfter = ""
    var subjectValues: [String] = []
    var subjectAltNames: [String] = []

    var description: String {
        "serial=\(serial) notBefore=\(notBefore) notAfter=\(notAfter) subject=\(subjectValues) san=\(subjectAltNames)"
    }

    init(_ output: String) {
        var inSubject = false, inSAN = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("serial=") { serial = String(line.dropFirst(7)) }
            // OpenSSL prints "2011-09-22 11:22:02Z"; ours is the ISO 8601 "T" form.
            if line.hasPrefix("notBefore=") { notBefore = line.dropFirst(10).replacingOccurrences(of: " ", with: "T") }
            if line.hasPrefix("notAfter=") { notAfter = line.dropFirst(9).replacingOccurrences(of: " ", with: "T") }
            if line.hasPrefix("subject=") { inSubject = true; inSAN = false; continue }
            if line.contains("X509v3 Subject Alternative Name") { inSAN = true; inSubject = false; continue }
            if inSubject {
                guard line.hasPrefix("    "), let equals = line.firstIndex(of: "=") else { inSubject = false; continue }
                subjectValues.append(String(line[line.index(after: equals)...]))
            }
            if inSAN && line.hasPrefix("    ") {
                subjectAltNames = line.trimmingCharacters(in: .whitespaces).components(separatedBy: ", ")
                inSAN = false
            }
        }
    }

    init(_ certificate: Certificate) {
        var serialBytes = Array(certificate.serialNumber.bytes)
        while serialBytes.count > 1 && serialBytes[0] == 0 { serialBytes.removeFirst() }
        serial = Hex.encode(serialBytes).uppercased()
        notBefore = CivilTime.iso8601(certificate.notBefore)
        notAfter = CivilTime.iso8601(certificate.notAfter)
        subjectValues = certificate.subjectName.relativeNames.flatMap { $0.map { $0.text ?? "" } }
        subjectAltNames = certificate.subjectAlternativeNames.compactMap { name in
            switch name.kind {
            case .dnsName: return "DNS:" + name.text
            case .rfc822Name: return "email:" + name.text
            case .uniformResourceIdentifier: return "URI:" + name.text
            case .directoryName:
                // OpenSSL's one-line form: /O=.../street=...
                return "DirName:" + Name(encoded: name.value).distinguishedName.relativeNames.flatMap { $0 }
                    .map { "/" + ($0.type.shortName ?? $0.type.description) + "=" + ($0.text ?? "") }.joined()
            case .ipAddress:
                let bytes = Array(name.value)
                if bytes.count == 4 { return "IP Address:" + bytes.map(String.init).joined(separator: ".") }
                return "IP Address:" + stride(from: 0, to: 16, by: 2)
                    .map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16, uppercase: true) }
                    .joined(separator: ":")
            default: return nil
            }
        }
    }
}
