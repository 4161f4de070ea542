import PureX509
import Testing
import TestSupport

// The README's internationalised-host snippet, through `import PureX509`
// alone, as a library user writes it: the IDNA module comes with the
// umbrella, and each entry point takes the conversion as a value.
@Test func theReadmesUnicodeHostSnippetWorksThroughTheUmbrella() throws {
    let der = try PEM.certificates(in: try Vectors.bytes("certs/zlint-testdata/idnCorrectUnicode.pem"))[0].der
    let chain = [try Certificate(derEncoded: der)]
    var environment = TrustEnvironment(systemAnchors: TrustStore(chain), policy: VerificationPolicy(time: 1_483_228_800))
    let host = "адвокатская-контора.москва"
    // Without the conversion the U-label validates for nothing.
    if case .success = DefaultTrustEvaluator().evaluate(ServerTrust(certificates: chain), forHost: host, in: &environment) {
        Issue.record("a U-label was trusted without a conversion")
    }
    environment.hostNames = .uts46
    let verdict = DefaultTrustEvaluator().evaluate(ServerTrust(certificates: chain), forHost: host, in: &environment)
    #expect(throws: Never.self) { try verdict.get() }
    let pattern = try HostPattern("*.bücher.example", hostNames: .uts46)
    #expect(pattern.description == "*.xn--bcher-kva.example")
    #expect(try IDNA.toASCII("bücher.example").get() == "xn--bcher-kva.example")
}
