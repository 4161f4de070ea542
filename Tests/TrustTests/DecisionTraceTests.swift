import Foundation
import PKIX
import Testing
import Trust

// Verifier.explain: decides as verify does, names where
// each certificate came from, and records every check in the order it ran.

func explain(_ row: ChainCase) throws -> Explanation {
    let folder = vectors.appendingPathComponent("chains/" + row.name)
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    var policy = VerificationPolicy(time: row.at)
    policy.purpose = row.purpose == "client" ? .clientAuth : row.purpose == "any" ? .any : .serverAuth
    if let host = row.host { policy.identity = ServerIdentity(host: host) }
    if let ip = row.ip { policy.identity = ServerIdentity(ipAddress: ip) }
    policy.profile = row.validation == "compatible" ? .compatible : .strict
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("roots.pem"))), policy: policy)
    return verifier.explain(leaf: chain[0], intermediates: Array(chain.dropFirst()))
}

func chainCase(_ name: String) throws -> ChainCase { try #require(chainCases.first { $0.name == name }) }

/// Over every generated case, explaining gives the verdict verifying gives.
@Test func explainDecidesAsVerifyDoes() throws {
    for row in chainCases {
        let plain = try evaluate(row), explained = try explain(row).result
        switch (plain, explained) {
        case (.success(let a), .success(let b)):
            #expect(a.certificates.map(\.der) == b.certificates.map(\.der), "\(row.name)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(row.name): \(a) vs \(b)")
        default:
            Issue.record("\(row.name): verify \(plain), explain \(explained)")
        }
    }
}

/// (check, path position, origin, passed) for each check step; a check
/// that had nothing to judge is `n/a`, never `pass`.
func checkRows(_ explanation: Explanation) -> [String] {
    explanation.steps.compactMap { step in
        if case .notApplicable(let check, let position, let origin, _) = step { return "\(check.code) \(position) \(origin) n/a" }
        guard case .check(let check, let position, let origin, let failure) = step else { return nil }
        return "\(check.code) \(position) \(origin) \(failure == nil ? "pass" : "fail:" + failure!.code)"
    }
}

/// `rules` on one certificate: `n/a` for those about something it lacks.
func ruleRows(_ rules: [String], _ position: Int, _ origin: String, notApplicable: Set<String>) -> [String] {
    rules.map { "\($0) \(position) \(origin) " + (notApplicable.contains($0) ? "n/a" : "pass") }
}

let leafRules = ["criticalAuthorityKeyIdentifier", "criticalSubjectKeyIdentifier", "criticalAuthorityInfoAccess",
                 "nameConstraintsOutsideCA", "keyCertSignWithoutCA", "missingAuthorityKeyIdentifier",
                 "missingSubjectKeyIdentifier", "serialNumberNotPositive", "serialNumberTooLong", "malformedDNSName",
                 "emptyIssuerName", "pathLengthWithoutCA", "emptySubjectWithCRLSign"]
/// The strict profile's rules on how an anchor is made.
let anchorRules = ["criticalAuthorityKeyIdentifier", "criticalSubjectKeyIdentifier", "authorityKeyIdentifierWithoutKeyIdentifier",
                   "keyIdentifierMismatch", "missingAuthorityKeyIdentifier", "missingBasicConstraints", "nonCriticalNameConstraints",
                   "criticalAuthorityInfoAccess"]

/// The trace of a trusted three-certificate chain, check by check (docs/trust.md shows it).
@Test func traceOfATrustedChain() throws {
    let explanation = try explain(try chainCase("valid"))
    let leaf = "input certificate 0", intermediate = "input certificate 1", anchor = "trust anchor 0"
    var expected = ["hostname", "validity", "leafNotCA", "extendedKeyUsage", "keyUsage", "criticalExtensions"].map { "\($0) 0 \(leaf) pass" }
    // The leaf has no authorityInfoAccess, nameConstraints, keyCertSign or
    // pathLenConstraint and is no CA: those rules do not apply to it.
    expected += ruleRows(leafRules, 0, leaf, notApplicable: ["criticalAuthorityInfoAccess", "nameConstraintsOutsideCA",
                                                              "keyCertSignWithoutCA", "missingSubjectKeyIdentifier", "pathLengthWithoutCA"])
    expected += ["leafKey 0 \(leaf) pass"]
    expected += ["pathDepth 1 \(intermediate) pass", "signature 0 \(leaf) pass"]
    expected += ["validity", "criticalExtensions", "issuerIsCA", "keyUsage"].map { "\($0) 1 \(intermediate) pass" }
    expected += ruleRows(leafRules + ["missingKeyUsage", "nonCriticalBasicConstraints"], 1, intermediate,
                         notApplicable: ["criticalAuthorityInfoAccess", "nameConstraintsOutsideCA", "pathLengthWithoutCA"])
    expected += ["pathDepth 2 \(anchor) pass", "signature 1 \(intermediate) pass"]
    expected += ["anchorValidity", "criticalExtensions", "anchorIsCA", "anchorKeyUsage"].map { "\($0) 2 \(anchor) pass" }
    // A self-signed root without authorityKeyIdentifier, nameConstraints or authorityInfoAccess.
    expected += ruleRows(anchorRules, 2, anchor, notApplicable: ["criticalAuthorityKeyIdentifier", "authorityKeyIdentifierWithoutKeyIdentifier",
                                                                 "nonCriticalNameConstraints", "criticalAuthorityInfoAccess"])
    // No CA on the path carries name constraints, and no pin was given:
    // neither check applies, and neither reads as a pass.
    expected += ["extendedKeyUsage 1 \(intermediate) pass", "extendedKeyUsage 2 \(anchor) pass", "nameConstraints 0 \(leaf) n/a",
                 "certificatePolicies 2 \(anchor) pass", "pins 2 \(anchor) n/a"]
    #expect(checkRows(explanation) == expected)
    #expect(explanation.path.map(\.origin) == [.presented(0), .presented(1), .anchor(0)])
    guard case .path(let origins, nil)? = explanation.steps.last else { Issue.record("the last step is not a trusted path"); return }
    #expect(origins == [.presented(0), .presented(1), .anchor(0)])
}

/// The trace of a refused chain stops at the failing check, and the
/// failure's path says where the refused certificate came from.
@Test func traceOfARefusedChain() throws {
    let explanation = try explain(try chainCase("expired-intermediate"))
    let rows = checkRows(explanation)
    #expect(rows.suffix(2) == ["signature 0 input certificate 0 pass", "validity 1 input certificate 1 fail:expired"])
    #expect(!rows.contains { $0.hasPrefix("anchorValidity") }, "no anchor is reached")
    guard case .failure(let failure) = explanation.result, case .expired = failure.reason, let index = failure.certificateIndex else { Issue.record("\(explanation.result)"); return }
    #expect(index == 1)
    #expect(explanation.path.map(\.origin) == [.presented(0), .presented(1)])
    #expect(explanation.path[1].certificate.subjectName.description == "O=PureX509 Chains, CN=Intermediate A")
}

/// Origins are positions in the input, not in the path: intermediates
/// out of order and an unrelated one in between.
@Test func originsArePositionsInTheInput() throws {
    let explanation = try explain(try chainCase("out-of-order"))
    guard case .success = explanation.result else { Issue.record("\(explanation.result)"); return }
    #expect(explanation.path.map(\.origin) == [.presented(0), .presented(3), .presented(2), .anchor(0)])
    // A decoy tried first shows as a refused candidate before the real issuer.
    let decoy = try explain(try chainCase("decoy-budget"))
    #expect(decoy.steps.contains { if case .check(.signature, _, _, .some(let failure)) = $0, case .badSignature = failure.reason { return true }; return false })
}

/// A refused path (an expired anchor under the strict profile) is listed
/// with its verdict; `chromium` does not run the anchor's date check.
@Test func profilesDifferOnlyInTheirSwitches() throws {
    let strict = try explain(try chainCase("expired-anchor"))
    #expect(checkRows(strict).contains("anchorValidity 2 trust anchor 0 fail:expired"))
    #expect(strict.steps.contains { if case .path(_, .some(let failure)) = $0, failure.certificateIndex == 2, case .expired = failure.reason { return true }; return false })
    let compatible = try explain(try chainCase("expired-anchor-compatible"))
    #expect(!checkRows(compatible).contains { $0.hasPrefix("anchorValidity") })
    guard case .success = compatible.result else { Issue.record("\(compatible.result)"); return }
    let s = ValidationProfile.strict, c = ValidationProfile.compatible
    #expect(!s.acceptsAnyExtendedKeyUsageInLeaf && c.acceptsAnyExtendedKeyUsageInLeaf)
    #expect(!s.acceptsCALeaf && c.acceptsCALeaf)
    #expect(s.applies(.missingAuthorityKeyIdentifier) && !c.applies(.missingAuthorityKeyIdentifier))
    #expect(s.applies(.serialNumberNotPositive) && !c.applies(.serialNumberNotPositive))
    #expect(s.checksAnchorValidity && !c.checksAnchorValidity)
    #expect(s.applies(.nonCriticalBasicConstraints) && !c.applies(.nonCriticalBasicConstraints))
}

/// The trace is bounded (a hostile chain's would be large): steps past
/// `Budgets.traceSteps` are counted, not kept, and the decision is unchanged.
@Test func traceIsBounded() throws {
    let row = try chainCase("decoys-within-budget")
    let folder = vectors.appendingPathComponent("chains/" + row.name)
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    var policy = VerificationPolicy(time: row.at)
    policy.identity = ServerIdentity(host: "www.example.com")
    policy.budgets.traceSteps = 25
    var verifier = Verifier(store: TrustStore(try certificates(folder.appendingPathComponent("roots.pem"))), policy: policy)
    let explanation = verifier.explain(leaf: chain[0], intermediates: Array(chain.dropFirst()))
    #expect(explanation.steps.count == 25)
    #expect(explanation.omittedSteps > 100, "98 decoys each take several steps")
    guard case .success = explanation.result else { Issue.record("\(explanation.result)"); return }
}
