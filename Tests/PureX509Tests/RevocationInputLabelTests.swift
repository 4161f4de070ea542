import Foundation
import Testing

// `verify --crl` and `--ocsp-response` read every PEM block
// of the file. A CRL under the `CRL` label other tools write is read; a block
// of any other label is refused (exit 2) with the file, the block number and
// its label, rather than skipped while the leaf is trusted.

private let pkits = "Vectors/pkits/"
private let base = ["verify", "--roots", pkits + "certs/TrustAnchorRootCertificate.crt", "--purpose", "any",
                    "--at", "2011-04-15T00:00:00Z", "--untrusted", pkits + "certs/GoodCACert.crt"]
private let revokedLeaf = pkits + "certs/InvalidRevokedEETest3EE.crt"
private let validLeaf = pkits + "certs/ValidCertificatePathTest1EE.crt"

/// A PEM block of `label` around the DER of a repository file.
private func pemBlock(_ label: String, _ path: String) throws -> String {
    let der = try Data(contentsOf: repository.appendingPathComponent(path))
    let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
    return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
}

private func pemFile(_ name: String, _ blocks: [String]) throws -> String {
    try writeConfig("revocation-label-" + name, Array(blocks.joined().utf8))
}

@Test func aRevokingCRLLabelledCRLRevokes() throws {
    // The root's CRL under the RFC 7468 label first, so the file is not empty
    // of expected blocks: the revoking Good CA CRL was dropped and the leaf trusted.
    let file = try pemFile("crl-label", [
        try pemBlock("X509 CRL", pkits + "crls/TrustAnchorRootCRL.crl"),
        try pemBlock("CRL", pkits + "crls/GoodCACRL.crl"),
    ])
    let run = try runPurex509(base + ["--crl", file, revokedLeaf])
    #expect(run.status == 1, "\(run.error)")
    #expect(run.error.contains("is revoked: serial 0f"), "\(run.error)")
    // The same file does not revoke a valid leaf.
    let valid = try runPurex509(base + ["--crl", file, validLeaf])
    #expect(valid.status == 0, "\(valid.error)")
}

@Test func aBlockOfAnotherLabelInACRLFileIsRefusedByName() throws {
    let file = try pemFile("crl-with-certificate", [
        try pemBlock("X509 CRL", pkits + "crls/GoodCACRL.crl"),
        try pemBlock("CERTIFICATE", pkits + "certs/GoodCACert.crt"),
    ])
    let run = try runPurex509(base + ["--crl", file, validLeaf])
    #expect(run.status == 2, "\(run.error)")
    #expect(run.error.contains("--crl \(file): PEM block 2 (CERTIFICATE): expected only X509 CRL or CRL blocks"), "\(run.error)")
}

@Test func anOCSPFileTakesOnlyOCSPResponseBlocks() throws {
    let folder = "Vectors/revocation/generated/ocsp-revoked/"
    let arguments = ["verify", "--roots", folder + "roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z"]
    let good = try pemFile("ocsp-label", [try pemBlock("OCSP RESPONSE", folder + "ocsp.der")])
    let revoked = try runPurex509(arguments + ["--ocsp-response", good, folder + "chain.pem"])
    #expect(revoked.status == 1 && revoked.error.contains("revoked"), "\(revoked.error)")
    let mixed = try pemFile("ocsp-with-crl", [
        try pemBlock("OCSP RESPONSE", folder + "ocsp.der"),
        try pemBlock("X509 CRL", pkits + "crls/GoodCACRL.crl"),
    ])
    let refused = try runPurex509(arguments + ["--ocsp-response", mixed, folder + "chain.pem"])
    #expect(refused.status == 2, "\(refused.error)")
    #expect(refused.error.contains("--ocsp-response \(mixed): PEM block 2 (X509 CRL): expected only OCSP RESPONSE blocks"), "\(refused.error)")
}
