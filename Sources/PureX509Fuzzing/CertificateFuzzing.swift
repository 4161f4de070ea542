import PureX509

enum CertificateFuzzing {
    static func certificate(_ bytes: [UInt8]) {
        _ = try? TBSCertificateLayout.check(bytes)
        guard let certificate = try? Certificate(derEncoded: bytes) else { return }
        // What parsed must be what was given: the model keeps the input, not a re-encoding.
        guard certificate.der == bytes else { FuzzInvariant.fail("certificate.der differs from its input") }
        _ = certificate.subjectName.description
        _ = certificate.issuerName.description
        for name in certificate.subjectAlternativeNames {
            _ = name.text
            if let directoryName = name.directoryName { _ = directoryName.distinguishedName.description }
        }
        _ = certificate.extendedKeyUsages
        _ = certificate.policyIdentifiers
        _ = certificate.allExtensions
        _ = certificate.permittedSubtrees
        _ = certificate.excludedSubtrees
        _ = VerificationKey.prepare(certificate)
    }

    static func pem(_ bytes: [UInt8]) {
        guard let blocks = try? PEM.certificates(in: bytes) else { return }
        for block in blocks { certificate(block.der) }
    }
}
