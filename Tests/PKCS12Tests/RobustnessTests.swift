import Foundation
import Testing
import PKCS12
import PKIX

// Damaged and re-encoded files: never a trap, never different content.

private func password(_ file: ExportedFile) -> PKCS12Password {
    file.exportCase.password.isEmpty ? .none : .utf8(file.exportCase.password)
}

/// What a file says, for comparing two readings of it.
private func contents(_ file: PKCS12File) -> [[UInt8]] {
    file.identities.flatMap { [$0.certificate.der, $0.privateKey.privateKeyPKCS8DER()] + $0.chain.map(\.der) }
        + file.unpairedCertificates.map(\.certificate.der)
        + file.unmatchedKeys.map { $0.privateKey.privateKeyPKCS8DER() }
}

/// Every single-bit flip of a small MAC-protected file (one MAC iteration,
/// so the 5,000-odd readings stay fast) is refused, by the MAC or by a
/// parse error; none is read with other content.
@Test func everyBitFlipIsRefused() throws {
    let small = try exported("small")
    let bytes = small.bytes
    let original = contents(try PKCS12File(bytes: bytes, password: .utf8("secret")))
    var limits = PKCS12Limits()
    // A flip can only raise an iteration count; the limit keeps each reading short.
    limits.maximumIterations = 4_096
    var accepted = 0
    for index in bytes.indices {
        for bit in 0..<8 {
            var flipped = bytes
            flipped[index] ^= 1 << bit
            if case .success(let file) = open(flipped, .utf8("secret"), limits: limits) {
                accepted += 1
                #expect(contents(file) == original, "flip at \(index) bit \(bit) read different content")
            }
        }
    }
    #expect(accepted == 0)
}

@Test func everyTruncationIsRefused() throws {
    let bytes = try vector("pyca/cert-none-key-none.p12")
    for length in 0..<bytes.count {
        #expect(open(Array(bytes[0..<length]), .utf8("cryptography")).failure != nil, "truncated to \(length)")
    }
}

/// The outer container of a MAC-protected file rewritten in BER (indefinite
/// lengths, the authSafe's OCTET STRING in 7-byte segments) reads the same:
/// the MAC covers the content octets, not their encoding.
@Test(arguments: ["default-rsa", "legacy-p256", "macalg-sha512"])
func berContainerReadsTheSame(_ name: String) throws {
    let file = try exported(name)
    let ber = ASN1Node.parse(file.bytes).ber(chunk: 7, descend: { _, _ in false })
    #expect(ber != file.bytes)
    let der = try PKCS12File(bytes: file.bytes, password: password(file))
    let reread = try PKCS12File(bytes: ber, password: password(file))
    #expect(contents(reread) == contents(der))
    #expect(reread.report == der.report)
}

/// Without a MAC, the whole structure can be rewritten in BER, down to the
/// SafeContents and the encrypted content (as Windows writes it); the
/// certificates and keys inside stay DER and read the same.
@Test(arguments: ["nomac", "nomac-unencrypted", "empty-password-legacy-nomac"])
func berThroughoutReadsTheSame(_ name: String) throws {
    let file = try exported(name)
    let ber = ASN1Node.parse(file.bytes).ber(chunk: 16, descend: isDataContent)
    // MAC-less on purpose: the caller's opt-in (MissingMACTests) lets the password-protected ones open.
    let der = try PKCS12File(bytes: file.bytes, password: password(file), limits: .allowingNoMAC)
    let reread = try PKCS12File(bytes: ber, password: password(file), limits: .allowingNoMAC)
    #expect(contents(reread) == contents(der))
    #expect(reread.identities.count == 1)
}

/// A certificate must stay DER even inside a BER container.
@Test func berInsideACertificateIsRefused() throws {
    let file = try exported("nomac-unencrypted")
    var safeContents = plainSafeContents(file.bytes)
    // SafeContents › SafeBag › [0] › CertBag › [0] › OCTET STRING: re-encode the certificate itself as BER.
    let path = [0, 1, 0, 1, 0]
    guard let index = safeContents.firstIndex(where: { $0[[0, 0]].bytes.last == 3 }) else {
        Issue.record("no certBag")
        return
    }
    let certificate = safeContents[index][path]
    safeContents[index][path] = .primitive(tag: 0x04, bytes: ASN1Node.parse(certificate.bytes).ber(chunk: 1000, descend: { _, _ in false }))
    let failure = open(plainFile(safeContents), .none).failure
    guard case .malformed(.certificate, _) = failure else {
        Issue.record("\(String(describing: failure))")
        return
    }
}
