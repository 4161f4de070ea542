import DER
import PKIX
import Testing

// A CRL entry's extensions are checked for repeats by
// sorting their OIDs, not by re-reading every later extension for each one;
// the verdict and the offset named are those of the pairwise check.

private let privateArc: [UInt8] = [0x2B, 0x06, 0x01, 0x04, 0x01, 0x83, 0xF4, 0x4F]   // 1.3.6.1.4.1.63055

/// A v2 CRL whose entries carry `extensions(entry)` (Extension TLVs); the
/// signature is not valid, which parsing does not check.
private func crl(entries: Int, extensions: (Int) -> [[UInt8]]) -> [UInt8] {
    let algorithm = encode(0x30, encode(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]) + [0x05, 0x00])
    let issuer = encode(0x30, encode(0x31, encode(0x30, encode(0x06, [0x55, 0x04, 0x03]) + encode(0x0C, Array("Bulk CA".utf8)))))
    let time = encode(0x17, Array("250101000000Z".utf8))
    let revoked = (0..<entries).flatMap { index -> [UInt8] in
        let serial = encode(0x02, [0x01, UInt8(index >> 8), UInt8(index & 0xFF)])
        let list = extensions(index)
        return encode(0x30, serial + time + (list.isEmpty ? [] : encode(0x30, list.flatMap { $0 })))
    }
    let tbs = encode(0x30, [0x02, 0x01, 0x01] + algorithm + issuer + time + time + encode(0x30, revoked))
    return encode(0x30, tbs + algorithm + encode(0x03, [0x00] + [UInt8](repeating: 1, count: 64)))
}

private func privateExtension(_ number: UInt8) -> [UInt8] { extensionTLV(oid: privateArc + [number], value: [0x05, 0x00]) }

private func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}

@Test func entriesWithSixtyFourDistinctExtensionsParse() throws {
    let der = crl(entries: 300) { _ in (0..<64).map { privateExtension(UInt8($0)) } }
    let list = try CertificateList(derEncoded: der)
    #expect(list.entryCount == 300)
    #expect(!list.hasUnrecognisedCriticalExtension)
}

@Test func aRepeatedEntryExtensionIsRefusedAtItsFirstOccurrence() throws {
    // In entry 2: 9 at positions 1 and 3, 40 at 0 and 5 → the first that
    // repeats, in list order, is 40 at position 0.
    let bad: [[UInt8]] = [privateExtension(40), privateExtension(9), privateExtension(7), privateExtension(9),
                          privateExtension(8), privateExtension(40)]
    let der = crl(entries: 4) { $0 == 2 ? bad : [privateExtension(1)] }
    let entry2 = try #require(offset(of: bad.flatMap { $0 }, in: der))
    #expect(throws: DERError(.duplicateExtension, at: entry2)) { try CertificateList(derEncoded: der) }
    // Without the 40s, the 9 at position 1 is the first.
    let nines = Array(bad[1...4])
    let second = crl(entries: 4) { $0 == 2 ? nines : [] }
    let start = try #require(offset(of: nines.flatMap { $0 }, in: second))
    #expect(throws: DERError(.duplicateExtension, at: start)) { try CertificateList(derEncoded: second) }
    // 65 entry extensions are over the list bound.
    let many = crl(entries: 1) { _ in (0..<65).map { privateExtension(UInt8($0)) } }
    #expect((try? CertificateList(derEncoded: many)) == nil)
}
