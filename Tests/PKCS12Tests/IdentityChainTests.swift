import Foundation
import Testing
import PKCS12
import PKIX
import Trust
import TestSupport

// Each identity's chain: the file's longest issuer walk, cut at the path
// length the verifier accepts; and, with anchors, the path the verifier
// builds from every certificate of the file, past a cross-signed dead end.

private let certBagOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x03]
private let x509CertificateOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x16, 0x01]

/// A Name of one commonName.
private func name(_ commonName: String) -> ASN1Node {
    .constructed(tag: 0x30, children: [.constructed(tag: 0x31, children: [.constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: [0x55, 0x04, 0x03]), .primitive(tag: 0x0C, bytes: Array(commonName.utf8))])])])
}

/// `der` with its serial number, issuer and subject replaced and, with
/// `dropExtensions`, no extensions. The signature no longer verifies;
/// opening a file never checks it.
private func renamed(_ der: [UInt8], serial: UInt8 = 1, issuer: String, subject: String, dropExtensions: Bool = false) -> [UInt8] {
    var certificate = ASN1Node.parse(der)
    var tbs = certificate[[0]]
    let offset = tbs.children.first?.tag == 0xA0 ? 1 : 0
    var fields = tbs.children
    fields[offset] = .primitive(tag: 0x02, bytes: [serial & 0x7F])
    fields[offset + 2] = name(issuer)
    fields[offset + 4] = name(subject)
    if dropExtensions { fields.removeAll { $0.tag == 0xA3 } }
    tbs = .constructed(tag: 0x30, children: fields)
    certificate[[0]] = tbs
    return certificate.der
}

private func certBag(_ der: [UInt8]) -> ASN1Node {
    .constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: certBagOID),
        .constructed(tag: 0xA0, children: [.constructed(tag: 0x30, children: [
            .primitive(tag: 0x06, bytes: x509CertificateOID),
            .constructed(tag: 0xA0, children: [.primitive(tag: 0x04, bytes: der)])])])])
}

/// The P-256 identity of OpenSSL's `nomac-unencrypted` export, its leaf
/// renamed to be issued by "CA 0" (extensions dropped, so no key
/// identifier steers the walk), with `cas`: each a copy of the export's
/// self-signed root (whose authorityKeyIdentifier is its own
/// subjectKeyIdentifier) under the given issuer and subject.
private func identityUnder(_ cas: [(issuer: String, subject: String)]) throws -> PKCS12File {
    let source = try exported("nomac-unencrypted")
    let bags = plainSafeContents(source.bytes).flatMap(\.children)
    let keyBag = try #require(bags.first { $0[[0]].bytes.last == 1 })
    let leaf = try #require(source.certificates.first)
    var contents = [keyBag, certBag(renamed(leaf, issuer: "CA 0", subject: "client", dropExtensions: true))]
    contents += cas.enumerated().map { index, ca in
        certBag(renamed(source.root, serial: UInt8(index + 1), issuer: ca.issuer, subject: ca.subject))
    }
    return try PKCS12File(bytes: plainFile([.constructed(tag: 0x30, children: contents)]), password: .none)
}

/// A chain of 30 CAs is walked only as far as a path can go (eight
/// intermediates and an anchor); the rest are certificates without a key.
/// Before the walk was cut, all 30 were the identity's chain.
@Test func theIssuerWalkStopsAtThePathLength() throws {
    let cas = (0..<30).map { (issuer: "CA \($0 + 1)", subject: "CA \($0)") }
    let file = try identityUnder(cas)
    let identity = try #require(file.identities.first)
    let longest = Budgets().maximumIntermediates + 1
    #expect(identity.chain.compactMap(commonName) == (0..<longest).map { "CA \($0)" })
    #expect(file.unpairedCertificates.count == 30 - longest)
    #expect(identity.fileCertificates.count == 31)
}

/// The path builder is offered at most as many of a file's issuers as a
/// verifier checks signatures (Trust's default budget): 120 CAs all named
/// as the leaf's issuer give 100 candidates, in file order. PKCS12 does not
/// import Trust, so this holds its copy of the budget equal to Trust's.
@Test func pathCandidatesStopAtTheSignatureCheckBudget() throws {
    let cas = (0..<120).map { _ in (issuer: "Root", subject: "CA 0") }
    let file = try identityUnder(cas)
    let identity = try #require(file.identities.first)
    #expect(identity.pathCandidates.count == Budgets().signatureChecks)
    #expect(identity.pathCandidates.map(\.der) == Array(identity.fileCertificates.dropFirst().prefix(Budgets().signatureChecks)).map(\.der))
}

/// A short chain ending in a self-issued certificate is walked whole, and
/// the walk ends there.
@Test func theIssuerWalkEndsAtASelfIssuedCertificate() throws {
    let file = try identityUnder([(issuer: "CA 1", subject: "CA 0"), (issuer: "CA 1", subject: "CA 1"), (issuer: "CA 3", subject: "CA 2")])
    let identity = try #require(file.identities.first)
    #expect(identity.chain.compactMap(commonName) == ["CA 0", "CA 1"])
    #expect(file.unpairedCertificates.compactMap { commonName($0.certificate) } == ["CA 2"])
}

/// Two names that issue each other, three certificates of each: every
/// certificate of one name can issue every one of the other. The walk
/// takes no certificate twice and stops.
@Test func aLoopOfNamesEndsTheWalk() throws {
    var cas: [(issuer: String, subject: String)] = []
    for _ in 0..<3 { cas += [(issuer: "CA 1", subject: "CA 0"), (issuer: "CA 0", subject: "CA 1")] }
    let file = try identityUnder(cas)
    let identity = try #require(file.identities.first)
    #expect(identity.chain.count == 6)
    #expect(Set(identity.chain.map(\.der)).count == identity.chain.count)
    #expect(identity.chain.compactMap(commonName) == ["CA 0", "CA 1", "CA 0", "CA 1", "CA 0", "CA 1"])
}

/// A cross-signed intermediate whose issuer the file lacks comes first in
/// the file. The walk prefers the intermediate that reaches the file's
/// root; verification offers every certificate of the file to the path
/// builder and trusts the path through the real intermediate. Before, the
/// walk took the cross-certificate, verification saw only it ("not
/// trusted"), and the real intermediate and root were "without a key".
@Test func aCrossSignedDeadEndDoesNotHideTheVerifiedPath() throws {
    let files = try CrossSignedIdentity()
    defer { try? FileManager.default.removeItem(at: files.folder) }
    let root = try Certificate(derEncoded: try files.certificate("root"))
    let real = try files.certificate("int"), cross = try files.certificate("cross")
    let store = TrustStore([root])
    let now = Int64(Date().timeIntervalSince1970)

    let withRoot = try PKCS12File(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: files.withRoot))), password: .none)
    let identity = try #require(withRoot.identities.first)
    // The file lists the cross-certificate before the real intermediate.
    #expect(identity.fileCertificates.map(\.der) == [try files.certificate("leaf"), cross, real, root.der])
    #expect(identity.chain.map(\.der) == [real, root.der])
    #expect(withRoot.unpairedCertificates.map(\.certificate.der) == [cross])
    let verified = try Verifier.verifyClient(identity.certificate, offering: identity.pathCandidates, against: store, at: now).get()
    #expect(verified.certificates.map(\.der) == [identity.certificate.der, real, root.der])
    #expect(identity.presenting(verified.certificates).chain.map(\.der) == [real, root.der])

    // Without the root in the file both walks are one certificate long and
    // file order picks the cross-certificate; the verifier still finds the
    // real intermediate, and the chain to present leaves out the anchor the
    // file did not carry.
    let withoutRoot = try PKCS12File(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: files.withoutRoot))), password: .none)
    let bare = try #require(withoutRoot.identities.first)
    #expect(bare.chain.map(\.der) == [cross])
    let path = try Verifier.verifyClient(bare.certificate, offering: bare.pathCandidates, against: store, at: now).get()
    #expect(path.certificates.map(\.der) == [bare.certificate.der, real, root.der])
    #expect(bare.presenting(path.certificates).chain.map(\.der) == [real])

    // An anchor that is no issuer of the chain still fails, as before.
    let other = try Certificate(derEncoded: try renamedRootOfAnotherName(files))
    #expect(throws: TrustFailure.self) { try Verifier.verifyClient(bare.certificate, offering: bare.pathCandidates, against: TrustStore([other]), at: now).get() }
}

/// A self-signed certificate named as no certificate of the files.
private func renamedRootOfAnotherName(_ files: CrossSignedIdentity) throws -> [UInt8] {
    renamed(try files.certificate("root"), issuer: "Unrelated Root", subject: "Unrelated Root")
}
