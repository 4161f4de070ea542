import Foundation
import Testing
import TestSupport

// `verify --crl/--revocation/--require-revocation-info` and `inspect` of
// CRLs, on PKITS files (4.4.3: a revoked end entity; 4.1.1: a valid one).

private let pkits = "Vectors/pkits/"
private let base = ["verify", "--roots", pkits + "certs/TrustAnchorRootCertificate.crt", "--purpose", "any",
                    "--at", "2011-04-15T00:00:00Z", "--untrusted", pkits + "certs/GoodCACert.crt"]
private let revokedLeaf = pkits + "certs/InvalidRevokedEETest3EE.crt"
private let validLeaf = pkits + "certs/ValidCertificatePathTest1EE.crt"
private let goodCRL = ["--crl", pkits + "crls/GoodCACRL.crl"]
private let rootCRL = ["--crl", pkits + "crls/TrustAnchorRootCRL.crl"]

@Test func aRevokedLeafFailsWithItsOwnCode() throws {
    #expect(try runPurex509(base + [revokedLeaf]).status == 0, "no CRL given: revocation is off")
    let text = try runPurex509(base + goodCRL + [revokedLeaf])
    #expect(text.status == 1)
    #expect(text.error.contains("input certificate 0 (C=US, O=Test Certificates 2011, CN=Invalid Revoked EE Certificate Test3) is revoked: serial 0f, since 2010-01-01T08:30:01Z, reason keyCompromise"), "\(text.error)")
    let json = try runPurex509(base + goodCRL + ["--json", revokedLeaf])
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? String == "revoked")
    let revocation = try #require(error["revocation"] as? [String: Any])
    #expect(revocation["serial"] as? String == "0f" && revocation["reason"] as? String == "keyCompromise")
    #expect(revocation["date"] as? String == "2010-01-01T08:30:01Z")
    // --revocation off ignores the CRL; the pinning path checks it too.
    #expect(try runPurex509(base + goodCRL + ["--revocation", "off", revokedLeaf]).status == 0)
    let pinned = try runPurex509(base + goodCRL + ["--pin-cert", pkits + "certs/TrustAnchorRootCertificate.crt", "--no-validate-host", revokedLeaf])
    #expect(pinned.status == 1 && pinned.error.contains("is revoked"), "\(pinned.error)")
}

@Test func requiredInformationCoversEveryCheckedCertificate() throws {
    #expect(try runPurex509(base + goodCRL + ["--require-revocation-info", validLeaf]).status == 1, "Good CA has no CRL")
    let leafOnly = try runPurex509(base + goodCRL + ["--revocation", "leaf", "--require-revocation-info", validLeaf])
    #expect(leafOnly.status == 0, "\(leafOnly.error)")
    #expect(try runPurex509(base + goodCRL + rootCRL + ["--require-revocation-info", validLeaf]).status == 0)
    let missing = try runPurex509(base + ["--revocation", "leaf", "--require-revocation-info", "--json", validLeaf])
    #expect(missing.status == 1)
    let error = (try JSONSerialization.jsonObject(with: Data(missing.output.utf8)) as? [String: Any])?["error"] as? [String: Any]
    #expect(error?["code"] as? String == "revocationUnknown" && error?["revocationGap"] as? String == "noCRL")
}

@Test func revocationFlagsRefuseNonsenseWithExitTwo() throws {
    #expect(try runPurex509(base + ["--revocation", "sideways", validLeaf]).status == 2)
    #expect(try runPurex509(base + ["--require-revocation-info", validLeaf]).status == 2, "nothing would be checked")
    let notACRL = try runPurex509(base + ["--crl", pkits + "certs/GoodCACert.crt", validLeaf])
    #expect(notACRL.status == 2)
    // A certificate given as a CRL is named, with the commands that read it (issue 41 item 4).
    #expect(notACRL.error.contains("--crl Vectors/pkits/certs/GoodCACert.crt: not a CRL: the file is a certificate; `purex509 inspect"), "\(notACRL.error)")
    let missing = try runPurex509(base + ["--crl", "Vectors/no-such.crl", validLeaf])
    #expect(missing.status == 2 && missing.error.contains("cannot read Vectors/no-such.crl"), "\(missing.error)")
    let bad = try runPurex509(base + ["--crl", "Vectors/revocation/crl/crl_bad_version.pem", validLeaf])
    #expect(bad.status == 2 && bad.error.contains("PEM block 1): not a valid CRL: unsupported CRL version"), "\(bad.error)")
}

@Test func inspectShowsCRLsFromPEMAndDER() throws {
    let der = try runPurex509(["inspect", pkits + "crls/GoodCACRL.crl"])
    #expect(der.status == 0, "\(der.error)")
    #expect(der.output.contains("CRL issuer:            C=US, O=Test Certificates 2011, CN=Good CA"))
    #expect(der.output.contains("    0f  2010-01-01T08:30:01Z  keyCompromise"), "\(der.output)")
    let json = try runPurex509(["inspect", "--json", "Vectors/revocation/crl/crl_idp_fullname_indirect_crl.pem", "Vectors/inputs/crl.pem"])
    #expect(json.status == 0, "\(json.error)")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(objects.count == 2 && objects.allSatisfy { $0["type"] as? String == "crl" })
    #expect((objects[0]["issuingDistributionPoint"] as? [String])?.last == "indirect")
    let bad = try runPurex509(["inspect", "Vectors/revocation/crl/crl_unsupported_reason.pem"])
    #expect(bad.status == 1 && bad.error.contains("not a valid CRL: invalid CRL reason code"), "\(bad.error)")
}

// `verify --ocsp-response` and `inspect` of OCSP responses, on the generated
// cases (Vectors/revocation/generated, evaluation time 2025-06-01).

private let generated = "Vectors/revocation/generated/"
private func ocspVerify(_ name: String, _ extra: [String] = []) throws -> ToolRun {
    let folder = generated + name + "/"
    return try runPurex509(["verify", "--roots", folder + "roots.pem", "--host", "www.example.com", "--at", "2025-06-01T00:00:00Z",
                            "--ocsp-response", folder + "ocsp.der"] + extra + [folder + "chain.pem"])
}

@Test func anOCSPResponseDecidesTheLeaf() throws {
    let revoked = try ocspVerify("ocsp-revoked", ["--json"])
    #expect(revoked.status == 1, "\(revoked.error)")
    let error = (try JSONSerialization.jsonObject(with: Data(revoked.output.utf8)) as? [String: Any])?["error"] as? [String: Any]
    #expect(error?["code"] as? String == "revoked")
    let revocation = error?["revocation"] as? [String: Any]
    #expect(revocation?["serial"] as? String == "03" && revocation?["reason"] as? String == "keyCompromise")
    #expect(revocation?["date"] as? String == "2025-03-01T00:00:00Z")
    // Only --ocsp-response: the leaf alone is checked, so required information is met.
    let good = try ocspVerify("ocsp-good", ["--require-revocation-info"])
    #expect(good.status == 0, "\(good.error)")
    #expect(try ocspVerify("ocsp-delegated-revokes").status == 1)
    let unauthorised = try ocspVerify("ocsp-delegated-without-ocspsigning", ["--require-revocation-info", "--json"])
    let gap = (try JSONSerialization.jsonObject(with: Data(unauthorised.output.utf8)) as? [String: Any])?["error"] as? [String: Any]
    #expect(unauthorised.status == 1 && gap?["revocationGap"] as? String == "ocspResponderNotAuthorised", "\(unauthorised.output)")
    // Chain coverage with only the leaf's response: the intermediate has none.
    #expect(try ocspVerify("ocsp-good", ["--revocation", "chain", "--require-revocation-info"]).status == 1)
}

/// With --crl and --ocsp-response both given, a revocation from either
/// refuses, whichever comes first; the order only says whose good is
/// reported (docs/trust.md). A stapled good used to hide a revoking CRL.
@Test func aRevocationFromEitherMethodRefusesInEitherOrder() throws {
    for (name, revoker) in [("ocsp-good-crl-revokes", "CRL"), ("ocsp-revokes-crl-good", "OCSP")] {
        let both = ["--crl", generated + name + "/crls.pem", "--require-revocation-info", "--json"]
        for order in [[], ["--prefer-crl"]] {
            let run = try ocspVerify(name, both + order)
            let error = (try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])?["error"] as? [String: Any]
            #expect(run.status == 1 && error?["code"] as? String == "revoked", "\(revoker) revokes, \(order): \(run.output)")
        }
    }
    let good = ["--crl", generated + "ocsp-good-crl-good/crls.pem", "--require-revocation-info"]
    #expect(try ocspVerify("ocsp-good-crl-good", good).status == 0)
    #expect(try ocspVerify("ocsp-good-crl-good", good + ["--prefer-crl"]).status == 0)
}

@Test func ocspFlagsRefuseNonsenseWithExitTwo() throws {
    let notAResponse = try runPurex509(base + ["--ocsp-response", pkits + "crls/GoodCACRL.crl", validLeaf])
    #expect(notAResponse.status == 2 && notAResponse.error.contains("not an OCSP response: the file is a CRL; `purex509 inspect"), "\(notAResponse.error)")
    let request = try runPurex509(base + ["--ocsp-response", "Vectors/revocation/ocsp/req-sha1.der", validLeaf])
    #expect(request.status == 2 && request.error.contains("unexpected tag"), "\(request.error)")
    let empty = try runPurex509(base + ["--ocsp-response", "Vectors/inputs/crl.pem", validLeaf])
    #expect(empty.status == 2 && empty.error.contains("PEM block 1 (X509 CRL): expected only OCSP RESPONSE blocks"), "\(empty.error)")
    let unauthorized = try runPurex509(base + ["--ocsp-response", "Vectors/revocation/ocsp/resp-unauthorized.der", validLeaf])
    #expect(unauthorized.status == 0 && unauthorized.error.contains("answered unauthorized"), "\(unauthorized.error)")
}

@Test func inspectShowsOCSPResponses() throws {
    let text = try runPurex509(["inspect", "Vectors/revocation/ocsp/resp-revoked-reason.der"])
    #expect(text.status == 0, "\(text.error)")
    #expect(text.output.contains("OCSP response status:  successful"), "\(text.output)")
    #expect(text.output.contains("serial 08:1d:8b:98:9e:92:fa:e6:89:56:dc:e6:2a:89:32:09:a1:bc:24:d3  revoked since 2018-06-27T12:30:01Z  superseded"), "\(text.output)")
    #expect(text.output.contains("Responder certificate:"))
    let json = try runPurex509(["inspect", "--json", "Vectors/revocation/ocsp/ocsp-army.deps.mil-resp.der", "Vectors/revocation/ocsp/resp-unauthorized.der"])
    #expect(json.status == 0, "\(json.error)")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(objects.count == 2 && objects.allSatisfy { $0["type"] as? String == "ocspResponse" })
    #expect((objects[0]["responses"] as? [Any])?.count == 20 && objects[1]["status"] as? String == "unauthorized")
    let bad = try runPurex509(["inspect", "Vectors/revocation/ocsp/resp-invalid-version.der"])
    #expect(bad.status == 1 && bad.error.contains("not a valid OCSP response: unsupported OCSP response version"), "\(bad.error)")
}
