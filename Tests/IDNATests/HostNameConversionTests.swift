import IDNA
import Pinning
import PKIX
import Testing
import TestSupport
import Trust

// The pinning entry points a library user calls with a host name, given a
// name in U-labels. With `.uts46` each compares the A-label form; with the
// default `.asciiOnly` each refuses (or matches nothing), never a different
// name. The leaf (zlint's idnCorrectUnicode.pem) presents
// xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks and its www name, and is its
// own anchor here.

private let unicodeHost = "Адвокатская-Контора.Москва"
private let aLabelHost = "xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks"
private let at2017: Int64 = 1_483_228_800

private func idnLeaf() throws -> Certificate {
    let blocks = try PEM.certificates(in: try Vectors.bytes("certs/zlint-testdata/idnCorrectUnicode.pem"))
    return try Certificate(derEncoded: try #require(blocks.first).der)
}

private func environment(_ hostNames: HostNameConversion) throws -> TrustEnvironment {
    var environment = TrustEnvironment(systemAnchors: TrustStore([try idnLeaf()]), policy: VerificationPolicy(time: at2017))
    environment.hostNames = hostNames
    return environment
}

@Test func theConversionValueConvertsOrRefuses() {
    #expect(HostNameConversion.uts46.ascii("bücher.example") == "xn--bcher-kva.example")
    #expect(HostNameConversion.uts46.ascii("bücher_.example") == nil)
    #expect(HostNameConversion.asciiOnly.ascii("bücher.example") == nil)
    // ASCII passes through both unchanged.
    #expect(HostNameConversion.asciiOnly.ascii("WWW.example.com") == "WWW.example.com")
    #expect(HostNameConversion.uts46.ascii("WWW.example.com") == "WWW.example.com")
}

@Test func evaluatorsValidateAUnicodeHostThroughTheEnvironment() throws {
    let trust = ServerTrust(certificates: [try idnLeaf()])
    var converting = try environment(.uts46)
    #expect(DefaultTrustEvaluator().evaluate(trust, forHost: "www." + unicodeHost, in: &converting).refusal == nil)
    // Another name in Unicode is still another name.
    #expect(DefaultTrustEvaluator().evaluate(trust, forHost: "bücher.example", in: &converting).refusal != nil)
    var asciiOnly = try environment(.asciiOnly)
    #expect(DefaultTrustEvaluator().evaluate(trust, forHost: unicodeHost, in: &asciiOnly).refusal != nil)
    #expect(DefaultTrustEvaluator().evaluate(trust, forHost: aLabelHost, in: &asciiOnly).refusal == nil)
}

@Test func securityPolicyTakesAUnicodeDomain() throws {
    let trust = ServerTrust(certificates: [try idnLeaf()])
    let policy = SecurityPolicy(pinningMode: .publicKey, pinnedCertificates: [try idnLeaf()])
    var converting = try environment(.uts46)
    #expect(policy.evaluate(trust, domain: unicodeHost, in: &converting).refusal == nil)
    var asciiOnly = try environment(.asciiOnly)
    #expect(policy.evaluate(trust, domain: unicodeHost, in: &asciiOnly).refusal != nil)
}

@Test func serverTrustManagerKeysAndLooksUpConvertedHosts() throws {
    let trust = ServerTrust(certificates: [try idnLeaf()])
    let pinned = PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: try idnLeaf())])
    // Configured in Unicode, asked in A-labels, and the reverse.
    let manager = ServerTrustManager(evaluators: [(host: unicodeHost, evaluator: pinned)], hostNames: .uts46)
    #expect(try manager.evaluator(forHost: aLabelHost) != nil)
    #expect(try manager.evaluator(forHost: unicodeHost.lowercased()) != nil)
    // The evaluator is handed the A-label form, so an ASCII-only environment still validates.
    var asciiOnly = try environment(.asciiOnly)
    #expect(manager.evaluate(trust, forHost: unicodeHost, in: &asciiOnly).refusal == nil)
    // Without the conversion the Unicode key is never requested by its A-label.
    let plain = ServerTrustManager(evaluators: [(host: unicodeHost, evaluator: pinned)])
    #expect(throws: ServerTrustFailure.self) { try plain.evaluator(forHost: aLabelHost) }
}

@Test func hostPatternsAndPinSetsTakeUnicodeDomains() throws {
    let pattern = try HostPattern("*.bücher.example", hostNames: .uts46)
    #expect(pattern.description == "*.xn--bcher-kva.example")
    #expect(pattern.matches("www.xn--bcher-kva.example"))
    #expect(!pattern.matches("www.bucher.example"))
    #expect(throws: HostPattern.ParseError.invalidPattern("*.bücher.example")) { try HostPattern("*.bücher.example") }
    #expect(throws: HostPattern.ParseError.invalidPattern("*.bücher_.example")) { try HostPattern("*.bücher_.example", hostNames: .uts46) }
    // A wildcard over a public suffix written in Unicode is still refused.
    #expect(throws: HostPattern.ParseError.self) { try HostPattern("**.москва", hostNames: .uts46) }

    let leafPin = SPKIPin(certificate: try idnLeaf())
    let backup = try SPKIPin("sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
    let set = try PinSet(pattern: try HostPattern(unicodeHost, hostNames: .uts46), pins: [leafPin, backup])
    let configuration = PinningConfiguration(pinSets: [set], hostNames: .uts46)
    #expect(configuration.pinSet(forHost: unicodeHost) != nil)
    #expect(configuration.pinSet(forHost: aLabelHost) != nil)
    #expect(PinningConfiguration(pinSets: [set]).pinSet(forHost: unicodeHost) == nil)
    var asciiOnly = try environment(.asciiOnly)
    let trust = ServerTrust(certificates: [try idnLeaf()])
    #expect(configuration.evaluate(trust, host: unicodeHost, in: &asciiOnly).refusal == nil)
    // The same set refuses a chain without the pinned key, asked in Unicode.
    let other = try PinSet(pattern: try HostPattern(unicodeHost, hostNames: .uts46), pins: [backup, try SPKIPin("sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc=")])
    #expect(PinningConfiguration(pinSets: [other], hostNames: .uts46).evaluate(trust, host: unicodeHost, in: &asciiOnly).refusal != nil)
}

extension Result where Success == VerifiedChain?, Failure == ServerTrustFailure {
    /// The failure, or nil when trusted.
    fileprivate var refusal: ServerTrustFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
