import Foundation
import NIOEmbedded
import NIOSSL
import PureX509
import PureX509NIOSSL
import Testing

// The adapter's `serverHostname` as a user types it: an internationalised
// name is sent in SNI and checked as its A-label form (the IDNA module),
// and one without that form is refused before any traffic. Before, the
// name went to swift-nio-ssl and PureX509 as typed and matched nothing.
extension ClientAdapterTests {
    @Test func aMappedHostNameIsSentAndCheckedInItsASCIIForm() async throws {
        // s_server ends any handshake whose SNI is not exactly `localhost`.
        let server = try OpenSSLServer(leaf: Fixtures.path("ec", "leaf.pem"), chain: Fixtures.path("ec", "intermediate.pem"),
                                       key: Fixtures.path("ec", "leaf.key"), requiredServerName: "localhost")
        defer { server.stop() }
        // Fullwidth capitals: UTS #46 maps them to `localhost`. Past its SNI
        // check s_server serves its second certificate without the chain, so
        // the intermediate is the anchor here.
        let verifier = PureX509TLSVerifier(anchors: TrustStore(try Fixtures.certificates("ec", "intermediate.pem")))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "ＬＯＣＡＬＨＯＳＴ")
        _ = try handshake.outcome.get()
        #expect(handshake.verification.host == "localhost")
        #expect(handshake.verification.result?.failure == nil)
    }

    @Test func aHostNameWithoutAnALabelFormIsRefusedAtSetup() throws {
        let configuration = TLSConfiguration.makeClientConfiguration()
        let context = try NIOSSLContext(configuration: configuration)
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"))
        #expect {
            try verifier.addClientHandlers(to: EmbeddedChannel().pipeline.syncOperations, context: context,
                                           configuration: configuration, serverHostname: "bücher_.example")
        } throws: { error in
            guard case PureX509SetupError.hostNameNotConvertible(let host, let reason) = error else { return false }
            return host == "bücher_.example" && reason.code == "disallowed_codepoint"
                && "\(error)".contains("has no A-label form (UTS #46 and IDNA2008)")
        }
    }

    @Test func evaluateTakesAUnicodeHost() throws {
        // zlint's leaf for адвокатская-контора.москва, its own anchor, in 2017.
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors/certs/zlint-testdata/idnCorrectUnicode.pem")
        let der = try PEM.certificates(in: [UInt8](try Data(contentsOf: file)))[0].der
        let leaf = try Certificate(derEncoded: der)
        let verifier = PureX509TLSVerifier(anchors: TrustStore([leaf]), clock: { 1_483_228_800 })
        #expect(verifier.evaluate(presented: [der], host: "Адвокатская-Контора.Москва").failure == nil)
        #expect(verifier.evaluate(presented: [der], host: "xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks").failure == nil)
        #expect(verifier.evaluate(presented: [der], host: "другая-контора.москва").failure != nil)
    }
}
