import Foundation
import Testing
import PKCS12
import DER

// Each budget in PKCS12Limits, at both edges, and refused before its work.

/// Replaces every INTEGER whose content is `old` with `new`.
private func replacingIntegers(_ node: ASN1Node, _ old: [UInt8], _ new: [UInt8]) -> ASN1Node {
    switch node {
    case .primitive(let tag, let bytes): return tag == 0x02 && bytes == old ? .primitive(tag: tag, bytes: new) : node
    case .constructed(let tag, let children): return .constructed(tag: tag, children: children.map { replacingIntegers($0, old, new) })
    }
}

@Test func iterationLimitAtBothEdges() throws {
    let file = try exported("iter-5000")
    var limits = PKCS12Limits()
    limits.maximumIterations = 5_000
    #expect(open(file.bytes, .utf8("secret"), limits: limits).failure == nil)
    limits.maximumIterations = 4_999
    #expect(open(file.bytes, .utf8("secret"), limits: limits).failure == .iterationLimitExceeded(requested: 5_000, limit: 4_999))
    // A nonsensical negative limit refuses everything, without trapping.
    limits.maximumIterations = -1
    #expect(open(file.bytes, .utf8("secret"), limits: limits).failure == .iterationLimitExceeded(requested: 5_000, limit: -1))
}

/// A MAC asking for 2^31 rounds fails at once, before any hashing.
@Test func hugeMACIterationCountFailsAtOnce() throws {
    let file = try exported("default-p256")
    var pfx = ASN1Node.parse(file.bytes)
    // MacData › iterations.
    pfx[[2, 2]] = .primitive(tag: 0x02, bytes: [0x00, 0x80, 0x00, 0x00, 0x00])
    let started = Date()
    #expect(open(pfx.der, .utf8("pässwörd")).failure == .iterationLimitExceeded(requested: 1 << 31, limit: 10_000_000))
    #expect(Date().timeIntervalSince(started) < 1)
    // An INTEGER too long for 64 bits is refused the same way, as over the limit.
    pfx[[2, 2]] = .primitive(tag: 0x02, bytes: [0x01] + [UInt8](repeating: 0, count: 9))
    #expect(open(pfx.der, .utf8("pässwörd")).failure == .iterationLimitExceeded(requested: UInt64.max, limit: 10_000_000))
}

/// A PBMAC1 file asking for 2^31 PBKDF2 rounds fails at once too.
@Test func hugePBMAC1IterationCountFailsAtOnce() throws {
    var pfx = ASN1Node.parse(try base64Vector("rfc9579/rfc9579-a1.txt"))
    // MacData › DigestInfo › AlgorithmIdentifier › PBMAC1-params › keyDerivationFunc › PBKDF2-params › iterationCount.
    let path = [2, 0, 0, 1, 0, 1, 1]
    #expect(pfx[path] == .primitive(tag: 0x02, bytes: [0x08, 0x00]))
    pfx[path] = .primitive(tag: 0x02, bytes: [0x00, 0x80, 0x00, 0x00, 0x00])
    let started = Date()
    #expect(open(pfx.der, .utf8("1234")).failure == .iterationLimitExceeded(requested: 1 << 31, limit: 10_000_000))
    #expect(Date().timeIntervalSince(started) < 1)
}

/// Without a MAC, a shrouded key asking for 2^31 PBKDF2 rounds fails at once.
@Test func hugePBKDF2IterationCountFailsAtOnce() throws {
    let file = try exported("nomac")
    // OpenSSL leaves the certificates unencrypted under -nomac: the key bag's PBKDF2 is the one to change.
    let edited = plainFile(plainSafeContents(file.bytes).map { replacingIntegers($0, [0x08, 0x00], [0x00, 0x80, 0x00, 0x00, 0x00]) })
    let started = Date()
    // A MAC-less file under a password is read only on request (MissingMACTests); here on purpose.
    #expect(open(edited, .utf8("secret"), limits: .allowingNoMAC).failure == .iterationLimitExceeded(requested: 1 << 31, limit: 10_000_000))
    #expect(Date().timeIntervalSince(started) < 1)
}

@Test func sizeAndCountLimits() throws {
    let file = try exported("default-p256")
    var limits = PKCS12Limits()
    limits.maximumInputSize = file.bytes.count
    #expect(open(file.bytes, .utf8("pässwörd"), limits: limits).failure == nil)
    limits.maximumInputSize = file.bytes.count - 1
    #expect(open(file.bytes, .utf8("pässwörd"), limits: limits).failure == .inputTooLarge(size: file.bytes.count, limit: file.bytes.count - 1))

    limits = PKCS12Limits()
    limits.maximumBags = 4
    #expect(open(file.bytes, .utf8("pässwörd"), limits: limits).failure == nil)
    limits.maximumBags = 3
    #expect(open(file.bytes, .utf8("pässwörd"), limits: limits).failure == .tooManyBags(limit: 3))

    limits = PKCS12Limits()
    limits.maximumDecryptedSize = 100
    #expect(open(file.bytes, .utf8("pässwörd"), limits: limits).failure == .decryptedSizeExceeded(limit: 100))

    limits = PKCS12Limits()
    limits.maximumNesting = 2
    guard case .malformed(.pfx, let error) = open(file.bytes, .utf8("pässwörd"), limits: limits).failure else {
        Issue.record("nesting limit not applied")
        return
    }
    #expect(error.rule == .nestingTooDeep)
}

/// safeContentsBags inside one another: read and counted up to the limit, refused past it.
@Test func nestedSafeContentsLimit() throws {
    let file = try exported("nomac-unencrypted")
    let safeContentsBagOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x06]
    func nested(_ depth: Int) -> [UInt8] {
        plainFile(plainSafeContents(file.bytes).map { contents in
            var node = contents
            for _ in 0..<depth {
                let bag = ASN1Node.constructed(tag: 0x30, children: [
                    .primitive(tag: 0x06, bytes: safeContentsBagOID), .constructed(tag: 0xA0, children: [node])])
                node = .constructed(tag: 0x30, children: [bag])
            }
            return node
        })
    }
    // The rebuilt files carry no MAC: opened without a password, as nothing here is encrypted.
    let four = try PKCS12File(bytes: nested(4), password: .none)
    #expect(four.identities.count == 1)
    #expect(four.report.bags.safeContentsBags == 4 * plainSafeContents(file.bytes).count)
    #expect(open(nested(5), .none).failure == .nestingTooDeep(limit: 4))
}

@Test func structuralRefusals() throws {
    let file = try exported("nomac-unencrypted")
    #expect(open(plainFile(plainSafeContents(file.bytes), version: 2), .utf8("secret")).failure == .unsupportedVersion(2))
    var pfx = ASN1Node.parse(file.bytes)
    // authSafe contentType signedData: public-key integrity mode.
    pfx[[1, 0]] = .primitive(tag: 0x06, bytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02])
    #expect(open(pfx.der, .utf8("secret")).failure == .signedDataNotSupported)
    #expect(open([], .none).failure != nil)
    #expect(open([0x30, 0x80, 0x00, 0x00], .none).failure != nil)
    // An end-of-contents inside a definite length, an indefinite primitive, deep indefinite nesting.
    #expect(open([0x30, 0x02, 0x00, 0x00], .none).failure != nil)
    #expect(open([0x04, 0x80, 0x00, 0x00], .none).failure != nil)
    #expect(open([UInt8](repeating: 0x30, count: 2_000).flatMap { [$0, 0x80] }, .none).failure != nil)
}
