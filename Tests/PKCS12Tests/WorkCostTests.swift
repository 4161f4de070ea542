import Foundation
import Testing
import PKCS12

// The work budget counts what the work costs (hash compressions, public
// keys computed from secrets), and refuses a file before it spends more
// than the default, about a second on a 2-core machine.

/// RFC 9579 A.1 with its PBKDF2 parameters and MAC algorithms replaced:
/// the PRF and the HMAC named by their last OID arc (7 = SHA-1 … 11 = SHA-512).
private func pbmac1File(iterations: [UInt8], keyLength: UInt8, prf: UInt8, hmac: UInt8, macLength: Int) throws -> [UInt8] {
    var pfx = ASN1Node.parse(try base64Vector("rfc9579/rfc9579-a1.txt"))
    let hmacPrefix: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x02]
    // MacData › DigestInfo › AlgorithmIdentifier › PBMAC1-params › keyDerivationFunc › PBKDF2-params.
    let parameters = [2, 0, 0, 1, 0, 1]
    #expect(pfx[parameters + [2]] == .primitive(tag: 0x02, bytes: [32]))
    pfx[parameters + [1]] = .primitive(tag: 0x02, bytes: iterations)
    pfx[parameters + [2]] = .primitive(tag: 0x02, bytes: [keyLength])
    pfx[parameters + [3, 0]] = .primitive(tag: 0x06, bytes: hmacPrefix + [prf])
    // messageAuthScheme, and a MAC of its length.
    pfx[[2, 0, 0, 1, 1, 0]] = .primitive(tag: 0x06, bytes: hmacPrefix + [hmac])
    pfx[[2, 0, 1]] = .primitive(tag: 0x04, bytes: [UInt8](repeating: 0, count: macLength))
    return pfx.der
}

/// The file that ran about 20 s (release) under the old budget: PBMAC1
/// with PBKDF2-HMAC-SHA-1, a 64-byte key (four PBKDF2 passes) and
/// 10,000,000 iterations. The HMAC uses 20 bytes of key, so the key length
/// is refused before any hashing.
@Test func pbmac1KeyLongerThanItsHMACIsRefusedAtOnce() throws {
    let file = try pbmac1File(iterations: [0x00, 0x98, 0x96, 0x80], keyLength: 64, prf: 7, hmac: 7, macLength: 20)
    let started = Date()
    #expect(open(file, .utf8("1234")).failure == .pbmac1KeyLengthOutOfRange(keyLength: 64, minimum: 20, maximum: 20))
    #expect(Date().timeIntervalSince(started) < 1)
    // A SHA-256 HMAC under a 64-byte key (allowed up to 64 before) is refused too, whatever the count.
    let sha256 = try pbmac1File(iterations: [0x10, 0x00], keyLength: 64, prf: 9, hmac: 9, macLength: 32)
    #expect(open(sha256, .utf8("1234")).failure == .pbmac1KeyLengthOutOfRange(keyLength: 64, minimum: 32, maximum: 32))
}

/// With the key at the HMAC's length, 10,000,000 PBKDF2 iterations are
/// within the per-derivation limit but cost two compressions each: over
/// the default work budget, refused before the derivation starts.
@Test func tenMillionPBKDF2IterationsAreOverTheDefaultBudget() throws {
    let file = try pbmac1File(iterations: [0x00, 0x98, 0x96, 0x80], keyLength: 20, prf: 7, hmac: 7, macLength: 20)
    let started = Date()
    #expect(open(file, .utf8("1234")).failure == .workLimitExceeded(limit: PKCS12Limits().maximumWork))
    #expect(Date().timeIntervalSince(started) < 1)
}

/// The budget at both edges, on a file with a MAC, two PBES2 parts and a
/// P-256 key: the work it reports opens it, one unit less refuses it.
@Test(arguments: ["default-p256", "legacy-rsa", "macalg-sha512"])
func workLimitAtBothEdges(_ name: String) throws {
    let file = try exported(name)
    let password = PKCS12Password.utf8(file.exportCase.password)
    let work = try PKCS12File(bytes: file.bytes, password: password).report.work
    var limits = PKCS12Limits()
    limits.maximumWork = work
    #expect(open(file.bytes, password, limits: limits).failure == nil)
    limits.maximumWork = work - 1
    #expect(open(file.bytes, password, limits: limits).failure == .workLimitExceeded(limit: work - 1))
}

/// Work is charged per compression: from 2,048 to 5,000 iterations, OpenSSL's
/// default file (a SHA-256 PKCS #12 KDF MAC, one compression per iteration;
/// two PBES2 parts under PBKDF2-HMAC-SHA-256, two per iteration) costs five
/// SHA-256 compressions, 50 units, more per added iteration. The old count
/// charged three iterations.
@Test func workGrowsByCompressionsPerIteration() throws {
    let low = try PKCS12File(bytes: try exported("default-p256").bytes, password: .utf8("pässwörd")).report.work
    let high = try PKCS12File(bytes: try exported("iter-5000").bytes, password: .utf8("secret")).report.work
    let slope = Double(high - low) / Double(5_000 - 2_048)
    #expect(abs(slope - 50) < 0.1, "\(slope) units per iteration")
}

/// Every file real exporters write opens under the default budget, up to
/// 600,000 iterations per derivation: the costliest shape is OpenSSL's
/// `-legacy` (a SHA-1 MAC, RC2-40 certificates with a key and an IV
/// derivation, a 3DES key with two key blocks and an IV: six SHA-1
/// compressions, 54 units, per iteration), then the default (five SHA-256
/// compressions, 50 units). Extrapolated from their 2,048-iteration
/// exports, with the overhead counted in full.
@Test func sixHundredThousandIterationFilesFitTheDefaultBudget() throws {
    let budget = PKCS12Limits().maximumWork
    for (name, perIteration, password) in [("legacy-p521", 54, "secret"), ("default-p521", 50, "pässwörd")] {
        let work = try PKCS12File(bytes: try exported(name).bytes, password: .utf8(password)).report.work
        let overhead = work - perIteration * 2_048
        // The P-521 public key (40,000 units), the HMAC over the content, the derivations' first blocks.
        #expect(overhead > 40_000 && overhead < 55_000, "\(name): overhead \(overhead)")
        #expect(perIteration * 600_000 + overhead <= budget, "\(name) at 600,000 iterations")
    }
}

/// One unencrypted P-521 key bag, its scalar `index + 1`, and no certificate.
private func p521KeyBag(_ index: Int) -> ASN1Node {
    var scalar = [UInt8](repeating: 0, count: 66)
    scalar[64] = UInt8(truncatingIfNeeded: (index + 1) >> 8)
    scalar[65] = UInt8(truncatingIfNeeded: index + 1)
    let ecKey = ASN1Node.constructed(tag: 0x30, children: [.primitive(tag: 0x02, bytes: [1]), .primitive(tag: 0x04, bytes: scalar)])
    let algorithm = ASN1Node.constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]),
        .primitive(tag: 0x06, bytes: [0x2B, 0x81, 0x04, 0x00, 0x23])])
    let pkcs8 = ASN1Node.constructed(tag: 0x30, children: [.primitive(tag: 0x02, bytes: [0]), algorithm, .primitive(tag: 0x04, bytes: ecKey.der)])
    return .constructed(tag: 0x30, children: [
        .primitive(tag: 0x06, bytes: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x01]),
        .constructed(tag: 0xA0, children: [pkcs8])])
}

private func p521Keys(_ count: Int) -> [UInt8] {
    plainFile([.constructed(tag: 0x30, children: (0..<count).map(p521KeyBag))])
}

/// Each key's public half is computed from its secret, a scalar
/// multiplication that costs about a millisecond on P-521; it is charged
/// with the derivations, so 1,023 key bags cannot spend a second unseen.
@Test func publicKeyDerivationsAreCharged() throws {
    let ten = try PKCS12File(bytes: p521Keys(10), password: .none)
    let eleven = try PKCS12File(bytes: p521Keys(11), password: .none)
    #expect(ten.unmatchedKeys.count == 10 && ten.unmatchedKeys.allSatisfy { $0.reason == .noCertificate })
    // A P-521 multiplication costs thousands of SHA-256 compressions (10 units each).
    #expect(eleven.report.work - ten.report.work >= 10_000)
    var limits = PKCS12Limits()
    limits.maximumWork = 10 * (eleven.report.work - ten.report.work)
    let started = Date()
    #expect(open(p521Keys(1_023), .none, limits: limits).failure == .workLimitExceeded(limit: limits.maximumWork))
    #expect(Date().timeIntervalSince(started) < 2)
}
