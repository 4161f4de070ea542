import Foundation
import PureX509

/// The fields `inspect` shows, rendered once for both output forms.
struct CertificateSummary {
    let subject: String
    let issuer: String
    let serial: String
    let notBefore: String
    let notAfter: String
    let keyType: String
    let keyBits: Int
    let signatureAlgorithm: String
    let subjectAltNames: [String]
    let basicConstraints: (ca: Bool, pathLength: Int?, critical: Bool)?
    let keyUsage: (names: [String], critical: Bool)?
    let extendedKeyUsage: [String]?
    let subjectKeyIdentifier: String?
    let authorityKeyIdentifier: String?
    /// SHA-256 over the whole certificate DER.
    let fingerprint: String
    /// OkHttp/TrustKit form: `sha256/` + base64 of SHA-256 over the SPKI DER as encoded.
    let spkiPin: String

    init(_ certificate: Certificate) {
        subject = certificate.subjectName.description
        issuer = certificate.issuerName.description
        serial = Hex.encode(certificate[certificate.serialNumber], separator: ":")
        notBefore = CivilTime.iso8601(certificate.notBefore)
        notAfter = CivilTime.iso8601(certificate.notAfter)
        switch certificate.publicKey.kind {
        case .rsa: keyType = "RSA"
        case .rsaPSS: keyType = "RSASSA-PSS"
        case .ec(let curve):
            switch curve {
            case .p256: keyType = "EC P-256"
            case .p384: keyType = "EC P-384"
            case .p521: keyType = "EC P-521"
            case .other(let oid?): keyType = "EC " + Self.oidName(certificate, oid)
            case .other(nil): keyType = "EC (explicit parameters)"
            }
        case .ed25519: keyType = "Ed25519"
        case .ed448: keyType = "Ed448"
        case .unknown:
            keyType = Self.oidName(certificate, certificate.publicKey.algorithm.algorithm)
        }
        keyBits = certificate.publicKey.sizeInBits
        signatureAlgorithm = Self.oidName(certificate, certificate.signatureAlgorithm.algorithm)
        subjectAltNames = certificate.subjectAlternativeNames.map { Self.describe($0, in: certificate) }
        let extensions = certificate.extensions
        basicConstraints = extensions.basicConstraints.map { ($0.isCA, $0.pathLength, $0.critical) }
        keyUsage = extensions.keyUsage.map { ext in
            (KeyUsage.names.filter { ext.usage.contains($0.0) }.map(\.1), ext.critical)
        }
        extendedKeyUsage = extensions.extendedKeyUsage.map { _ in
            certificate.extendedKeyUsages.map { $0.shortName ?? $0.description }
        }
        subjectKeyIdentifier = extensions.subjectKeyIdentifier.map { Hex.encode(certificate[$0.list], separator: ":") }
        authorityKeyIdentifier = extensions.authorityKeyIdentifier?.keyIdentifier.map {
            Hex.encode(certificate[$0], separator: ":")
        }
        fingerprint = Hex.encode(SHA256.hash(certificate.der), separator: ":")
        spkiPin = "sha256/" + Base64.encode(SHA256.hash(certificate[certificate.subjectPublicKeyInfo]))
    }

    static func oidName(_ certificate: Certificate, _ range: Range<Int>) -> String {
        let oid = OID(der: Array(certificate[range]))
        return oid.shortName ?? oid.description
    }

    /// OpenSSL-like prefixes: `DNS:`, `IP:`, `email:`, `URI:`, `DirName:`.
    static func describe(_ name: GeneralName, in certificate: Certificate) -> String {
        switch name.kind {
        case .dnsName: return "DNS:" + certificate.text(of: name)
        case .rfc822Name: return "email:" + certificate.text(of: name)
        case .uniformResourceIdentifier: return "URI:" + certificate.text(of: name)
        case .ipAddress: return "IP:" + IPAddressText.format(certificate[name.value])
        case .directoryName: return "DirName:" + certificate.name(at: name.value).description
        case .registeredID: return "RID:" + OID(der: Array(certificate[name.value])).description
        case .otherName: return "othername:" + Hex.encode(certificate[name.value])
        case .x400Address: return "X400Name:" + Hex.encode(certificate[name.value])
        case .ediPartyName: return "EdiPartyName:" + Hex.encode(certificate[name.value])
        }
    }

    var text: String {
        var lines: [String] = []
        func add(_ label: String, _ value: String) {
            lines.append("  " + label + ":" + String(repeating: " ", count: max(1, 22 - label.count)) + value)
        }
        add("Subject", subject)
        add("Issuer", issuer)
        add("Serial", serial)
        add("Not before", notBefore)
        add("Not after", notAfter)
        add("Public key", "\(keyType) \(keyBits) bits")
        add("Signature algorithm", signatureAlgorithm)
        if !subjectAltNames.isEmpty { add("Subject alt names", subjectAltNames.joined(separator: ", ")) }
        if let bc = basicConstraints {
            var value = bc.ca ? "CA:TRUE" : "CA:FALSE"
            if let length = bc.pathLength { value += ", pathlen:\(length)" }
            add("Basic constraints", value + (bc.critical ? " (critical)" : ""))
        }
        if let ku = keyUsage { add("Key usage", ku.names.joined(separator: ", ") + (ku.critical ? " (critical)" : "")) }
        if let eku = extendedKeyUsage { add("Extended key usage", eku.joined(separator: ", ")) }
        if let ski = subjectKeyIdentifier { add("Subject key id", ski) }
        if let aki = authorityKeyIdentifier { add("Authority key id", aki) }
        add("SHA-256 fingerprint", fingerprint)
        add("SPKI pin", spkiPin)
        return lines.joined(separator: "\n")
    }

    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "subject": subject, "issuer": issuer, "serial": serial,
            "notBefore": notBefore, "notAfter": notAfter,
            "publicKey": ["type": keyType, "bits": keyBits],
            "signatureAlgorithm": signatureAlgorithm,
            "subjectAltNames": subjectAltNames,
            "sha256Fingerprint": fingerprint, "spkiPin": spkiPin,
        ]
        let null = NSNull()
        object["basicConstraints"] = basicConstraints.map { bc -> [String: Any] in
            ["ca": bc.ca, "pathLength": bc.pathLength.map { $0 as Any } ?? null, "critical": bc.critical]
        } ?? null
        object["keyUsage"] = keyUsage.map { ["usages": $0.names, "critical": $0.critical] as [String: Any] } ?? null
        object["extendedKeyUsage"] = extendedKeyUsage ?? null
        object["subjectKeyIdentifier"] = subjectKeyIdentifier ?? null
        object["authorityKeyIdentifier"] = authorityKeyIdentifier ?? null
        return object
    }
}
