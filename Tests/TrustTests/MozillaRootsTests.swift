import Foundation
import PKIX
import Testing
@testable import Trust

// The strict profile: anchors are held to the RFC 5280 rules on how a
// CA certificate is made wherever every root of the Mozilla bundle meets
// them today (Vectors/mozilla-roots, Debian's copy). The strict profile's
// anchor rules refuse none of those roots; each rule left out of the set is
// broken by at least one root, which is why it is left out (and
// docs/profiles.md names them).

private let mozillaRoots: [Certificate] = {
    (try? certificates(vectors.appendingPathComponent("mozilla-roots/roots.pem"))) ?? []
}()

private func subjects(breaking rule: ConformanceRule) -> [String] {
    mozillaRoots.filter { rule.isBroken(by: $0) }.map { $0.subjectName.description }
}

@Test func strictAnchorRulesRefuseNoMozillaRoot() {
    #expect(mozillaRoots.count == 137)
    for rule in ConformanceRule.anchor {
        #expect(subjects(breaking: rule).isEmpty, "\(rule)")
    }
}

@Test func anchorRulesLeftOutAreBrokenBySomeRoot() {
    for rule in [ConformanceRule.nonCriticalBasicConstraints, .missingSubjectKeyIdentifier, .serialNumberNotPositive] {
        let breaking = subjects(breaking: rule)
        print("Mozilla roots breaking \(rule.code): \(breaking.count): \(breaking.joined(separator: " | "))")
        #expect(!breaking.isEmpty, "\(rule) is met by every root: it could join ConformanceRule.anchor")
    }
    let withIssuerAndSerial = mozillaRoots.filter { $0.extensions.authorityKeyIdentifier.map { $0.issuer != nil || $0.serialNumber != nil } ?? false }
    print("Mozilla roots with authorityCertIssuer in their AKI: \(withIssuerAndSerial.map { $0.subjectName.description }.joined(separator: " | "))")
    #expect(!withIssuerAndSerial.isEmpty)
}
