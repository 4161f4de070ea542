import DER
import PKIX
import Testing

// A Name decoded for display holds at most
// `DistinguishedName.maximumDisplayedAttributes` attributes and counts the
// rest; the Name policy reads (`subjectName`) stays whole.

private func commonName(_ text: String) -> [UInt8] {
    encode(0x30, encode(0x06, [0x55, 0x04, 0x03]) + encode(0x0C, Array(text.utf8)))
}

/// A certificate whose subject is `rdns` (each an RDN's attributes).
private func certificate(subject rdns: [[[UInt8]]]) throws -> Certificate {
    let der = try generated("ec-p384.pem") { surgery in
        surgery.tbsFields[5] = encode(0x30, rdns.flatMap { encode(0x31, $0.flatMap { $0 }) })
    }
    return try Certificate(derEncoded: der)
}

@Test func aNameOverTheDisplayBudgetIsCutAndCounted() throws {
    let budget = DistinguishedName.maximumDisplayedAttributes
    #expect(budget == 64)
    let huge = try certificate(subject: (0..<1_000).map { [commonName("n\($0)")] })
    let shown = huge.subjectForDisplay
    #expect(shown.relativeNames.count == budget && shown.omittedAttributes == 1_000 - budget)
    #expect(shown.description.hasPrefix("CN=n0, CN=n1, "))
    #expect(shown.description.hasSuffix("CN=n63, … (936 more attributes not shown)"), "\(shown.description.suffix(80))")
    #expect(huge.subject.forDisplay == shown)
    // Policy still reads every attribute.
    let whole = huge.subjectName
    #expect(whole.relativeNames.count == 1_000 && whole.omittedAttributes == 0)
    #expect(whole.values(of: .commonName).last == "n999")
}

@Test func aNameWithinTheDisplayBudgetIsWhole() throws {
    let exact = try certificate(subject: (0..<64).map { [commonName("n\($0)")] })
    #expect(exact.subjectForDisplay == exact.subjectName)
    #expect(exact.subjectForDisplay.omittedAttributes == 0 && !exact.subjectForDisplay.description.contains("not shown"))
    // A multi-valued RDN across the budget keeps the attributes before it.
    let across = try certificate(subject: (0..<63).map { [commonName("n\($0)")] } + [[commonName("a"), commonName("b"), commonName("c")]])
    let shown = across.subjectForDisplay
    #expect(shown.relativeNames.count == 64 && shown.relativeNames.last?.count == 1 && shown.omittedAttributes == 2)
    #expect(shown.description.hasSuffix("CN=n62, CN=a, … (2 more attributes not shown)"), "\(shown.description.suffix(60))")
}
