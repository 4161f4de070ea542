import Foundation
import Testing
import PKCS12
import PKIX
import Trust

// Each file OpenSSL wrote is read here and compared byte for byte with what
// OpenSSL's own `pkcs12 -nodes -nocerts` / `-nokeys` read from it: the
// PKCS #8 key, and every certificate.

@Test(arguments: exportCases.map(\.name))
func readsWhatOpenSSLReads(_ name: String) throws {
    let files = try requireExportedFiles()
    let exported = try #require(files.first { $0.exportCase.name == name })
    let exportCase = exported.exportCase
    let password: PKCS12Password = exportCase.password.isEmpty ? .none : .utf8(exportCase.password)
    // `-nomac` files under a password open only on the caller's request (MissingMACTests): made here on purpose.
    let limits = exportCase.flags.contains("-nomac") ? PKCS12Limits.allowingNoMAC : PKCS12Limits()
    let file = try PKCS12File(bytes: exported.bytes, password: password, limits: limits)
    let identity = try #require(file.identities.first)
    #expect(file.identities.count == 1 && file.unmatchedKeys.isEmpty && file.unpairedCertificates.isEmpty)
    #expect(identity.privateKey.privateKeyPKCS8DER() == exported.key)
    #expect(identity.privateKey.algorithm == exportCase.key.algorithm)
    #expect(identity.friendlyName == "id \(name)")
    let read = [identity.certificate.der] + identity.chain.map(\.der)
    #expect(read.sorted(by: lexicographic) == exported.certificates.sorted(by: lexicographic))
    #expect(identity.chain.map(\.der) == (exportCase.withChain ? [exported.intermediate, exported.root] : []))
    #expect(identity.pairing == .localKeyID)
    switch exportCase.key {
    case .rsa: #expect(identity.keyCheck == .rsaComponents)
    default: #expect(identity.keyCheck == .derived)
    }
    // The chain verifies for client authentication under the file's own root.
    if exportCase.withChain {
        let store = TrustStore([try Certificate(derEncoded: exported.root)])
        let now = Int64(Date().timeIntervalSince1970)
        let verified = Verifier.verifyClient(identity.certificate, offering: identity.pathCandidates, against: store, at: now)
        if case .failure(let failure) = verified { Issue.record("\(name): \(failure)") }
        // The leaf allows clientAuth only: a server-authentication check refuses it.
        var serverPolicy = VerificationPolicy(time: now, purpose: .serverAuth)
        serverPolicy.purpose = .serverAuth
        var verifier = Verifier(store: store, policy: serverPolicy)
        if case .success = verifier.verify(leaf: identity.certificate, intermediates: identity.chain) {
            Issue.record("\(name): a clientAuth-only leaf verified for serverAuth")
        }
    }
}

/// The report says what OpenSSL wrote, so a tool can flag the weak parts.
@Test func reportsTheSchemes() throws {
    let files = try requireExportedFiles()
    func report(_ name: String) throws -> PKCS12Report {
        let exported = try #require(files.first { $0.exportCase.name == name })
        let password: PKCS12Password = exported.exportCase.password.isEmpty ? .none : .utf8(exported.exportCase.password)
        let limits = exported.exportCase.flags.contains("-nomac") ? PKCS12Limits.allowingNoMAC : PKCS12Limits()
        return try PKCS12File(bytes: exported.bytes, password: password, limits: limits).report
    }
    let defaults = try report("default-rsa")
    #expect(defaults.integrity == .mac(.pkcs12KDF(digest: .sha256, iterations: 2048), passwordForm: .given))
    #expect(defaults.encryptedParts.map(\.scheme) == [
        .pbes2(prf: .sha256, cipher: .aes256CBC, iterations: 2048), .pbes2(prf: .sha256, cipher: .aes256CBC, iterations: 2048)])
    #expect(defaults.weaknesses.isEmpty)
    let legacy = try report("legacy-rsa")
    #expect(legacy.integrity == .mac(.pkcs12KDF(digest: .sha1, iterations: 2048), passwordForm: .given))
    #expect(Set(legacy.encryptedParts.map(\.scheme.description)) == [
        "pbeWithSHAAnd40BitRC2-CBC, 2048 iterations", "pbeWithSHAAnd3-KeyTripleDES-CBC, 2048 iterations"])
    #expect(legacy.weaknesses.count == 3)
    #expect(try report("nomac").integrity == .none)
    #expect(try report("nomac").weaknesses.first == .noIntegrity)
    #expect(try report("iter-1").weaknesses.count == 3)
    #expect(try report("macalg-sha512").integrity == .mac(.pkcs12KDF(digest: .sha512, iterations: 2048), passwordForm: .given))
    #expect(try report("nomaciter").integrity == .mac(.pkcs12KDF(digest: .sha256, iterations: 1), passwordForm: .given))
    #expect(try report("maciter").integrity == .mac(.pkcs12KDF(digest: .sha256, iterations: 3000), passwordForm: .given))
    #expect(try report("unencrypted").encryptedParts.isEmpty)
    #expect(try report("unencrypted").bags.keyBags == 1)
}

/// `openssl pkcs12 -export -passout pass:` writes the empty password's
/// BMPString form (`00 00`) into the MAC; an absent and an empty password
/// both open it here, as both do with OpenSSL (docs/pkcs12.md, "Passwords").
@Test func emptyPasswordAsOpenSSLWritesIt() throws {
    let files = try requireExportedFiles()
    for name in ["empty-password", "empty-password-legacy"] {
        let exported = try #require(files.first { $0.exportCase.name == name })
        for password in [PKCS12Password.none, .utf8("")] {
            let file = try PKCS12File(bytes: exported.bytes, password: password)
            #expect(file.report.integrity == .mac(.pkcs12KDF(digest: name.contains("legacy") ? .sha1 : .sha256, iterations: 2048),
                                                  passwordForm: .emptyString), "\(name)")
            #expect(file.identities.count == 1)
        }
        #expect(open(exported.bytes, .utf8("x")).failure == .macVerificationFailed)
    }
}

@Test func wrongPasswordsFailTheMAC() throws {
    let files = try requireExportedFiles()
    for exported in files where !exported.exportCase.flags.contains("nomac") {
        for wrong in [PKCS12Password.utf8("wrong"), .none, .utf8(exported.exportCase.password + " ")] where wrong != .utf8(exported.exportCase.password) {
            if exported.exportCase.password.isEmpty && wrong == .none { continue }
            #expect(open(exported.bytes, wrong).failure == .macVerificationFailed, "\(exported.exportCase.name)")
        }
    }
}

/// Without a MAC, any password is refused first (`missingMAC`); once the
/// caller allows such files, a wrong password shows only when decryption fails.
@Test func wrongPasswordWithoutMAC() throws {
    let files = try requireExportedFiles()
    let exported = try #require(files.first { $0.exportCase.name == "nomac" })
    #expect(open(exported.bytes, .utf8("wrong")).failure == .missingMAC)
    let failure = open(exported.bytes, .utf8("wrong"), limits: .allowingNoMAC).failure
    #expect(failure == .decryptionFailed || failure.map { if case .malformed = $0 { return true } else { return false } } == true)
}

private func lexicographic(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }
