import NIOConcurrencyHelpers
import NIOEmbedded
import NIOSSL
import PureX509
import PureX509NIOSSL
import Testing

// The client adapter against a real TLS server (`openssl s_server` on
// 127.0.0.1), with RSA and ECDSA chains: PureX509 decides every handshake,
// and a refusal reaches the channel as PureX509TrustError.
@Suite(.serialized) struct ClientAdapterTests {
    static let hierarchies = ["rsa", "ec"]

    func server(_ hierarchy: String, leaf: String = "leaf.pem", key: String = "leaf.key") throws -> OpenSSLServer {
        try OpenSSLServer(leaf: Fixtures.path(hierarchy, leaf), chain: Fixtures.path(hierarchy, "intermediate.pem"),
                          key: Fixtures.path(hierarchy, key))
    }

    @Test(arguments: hierarchies) func trustedChainCompletesWithTheVerifiedPath(hierarchy: String) async throws {
        let server = try server(hierarchy)
        defer { server.stop() }
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors(hierarchy))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        let validated = try handshake.outcome.get()
        guard case .trusted(let path?)? = handshake.verification.result else {
            Issue.record("expected a trusted path, got \(String(describing: handshake.verification.result))")
            return
        }
        #expect(path.count == 3)
        // swift-nio-ssl hands on the path PureX509 built, leaf to anchor.
        #expect(try validated?.map { try $0.toDERBytes() } == path.map(\.der))
        #expect(path.last?.der == (try Fixtures.certificates(hierarchy, "root.pem")).first?.der)
    }

    @Test(arguments: hierarchies) func wrongHostIsRefusedWithHostValidationFailed(hierarchy: String) async throws {
        let server = try server(hierarchy)
        defer { server.stop() }
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors(hierarchy))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "www.example.com")
        let error = try #require(handshake.trustError, "\(handshake.outcome)")
        guard case .hostValidationFailed(let refusal) = error.failure, case .hostnameMismatch(let presented) = refusal.reason else {
            Issue.record("expected hostnameMismatch, got \(error.failure)")
            return
        }
        #expect(presented.names.contains("DNS:localhost"))
        #expect(error.host == "www.example.com")
    }

    @Test func expiredLeafIsRefusedWithExpired() async throws {
        let server = try server("rsa", leaf: "expired.pem", key: "expired.key")
        defer { server.stop() }
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        let error = try #require(handshake.trustError, "\(handshake.outcome)")
        guard case .defaultEvaluationFailed(let refusal) = error.failure, refusal.certificateIndex == 0, case .expired = refusal.reason else {
            Issue.record("expected the leaf expired, got \(error.failure)")
            return
        }
    }

    @Test func untrustedRootIsRefusedWithUnknownIssuer() async throws {
        let server = try server("ec")
        defer { server.stop() }
        // The RSA hierarchy's root does not issue the ECDSA chain.
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        let error = try #require(handshake.trustError, "\(handshake.outcome)")
        #expect(error.failure == .defaultEvaluationFailed(TrustFailure(certificateIndex: 1, reason: .unknownIssuer)))
    }

    @Test(arguments: hierarchies) func matchingPinIsTrusted(hierarchy: String) async throws {
        let server = try server(hierarchy)
        defer { server.stop() }
        let intermediate = try Fixtures.certificates(hierarchy, "intermediate.pem")[0]
        let evaluator = PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: intermediate)])
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors(hierarchy), decision: .evaluator(evaluator))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        _ = try handshake.outcome.get()
        guard case .trusted(let path?)? = handshake.verification.result else {
            Issue.record("expected trusted, got \(String(describing: handshake.verification.result))")
            return
        }
        #expect(path.count == 3)
    }

    @Test(arguments: hierarchies) func pinMissIsRefusedNamingTheServedKeys(hierarchy: String) async throws {
        let server = try server(hierarchy)
        defer { server.stop() }
        let stranger = try Fixtures.certificates("rsa", "stranger.pem")[0]
        let evaluator = PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: stranger)])
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors(hierarchy), decision: .evaluator(evaluator))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        let error = try #require(handshake.trustError, "\(handshake.outcome)")
        guard case .publicKeyPinningFailed(let host, let served, let pinned) = error.failure else {
            Issue.record("expected publicKeyPinningFailed, got \(error.failure)")
            return
        }
        #expect(host == "localhost")
        #expect(served.count == 2)
        #expect(pinned == [SPKIPin(certificate: stranger)])
    }

    @Test func reportOnlyPinSetReportsTheMissAndTrusts() async throws {
        let server = try server("ec")
        defer { server.stop() }
        let stranger = try Fixtures.certificates("rsa", "stranger.pem")[0]
        let set = try PinSet(pattern: try HostPattern("localhost"), pins: [SPKIPin(certificate: stranger)], enforce: false)
        let reports = NIOLockedValueBox<[PinValidationReport]>([])
        let decision = PureX509TLSVerifier.Decision.pinning(PinningConfiguration(pinSets: [set])) { report in
            reports.withLockedValue { $0.append(report) }
        }
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("ec"), decision: decision)
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        _ = try handshake.outcome.get()
        let received = reports.withLockedValue { $0 }
        #expect(received.count == 1)
        #expect(received.first?.enforced == false)
        #expect(received.first?.expectedPins == [SPKIPin(certificate: stranger)])
    }

    @Test func enforcedPinSetMissIsRefused() async throws {
        let server = try server("rsa")
        defer { server.stop() }
        let strangers = [try Fixtures.certificates("rsa", "stranger.pem")[0], try Fixtures.certificates("ec", "leaf.pem")[0]]
        let set = try PinSet(pattern: try HostPattern("localhost"), pins: strangers.map { SPKIPin(certificate: $0) })
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"), decision: .pinning(PinningConfiguration(pinSets: [set])) { _ in })
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        let error = try #require(handshake.trustError, "\(handshake.outcome)")
        guard case .publicKeyPinningFailed = error.failure else {
            Issue.record("expected publicKeyPinningFailed, got \(error.failure)")
            return
        }
    }

    @Test func afNetworkingCertificatePinningTrustsThePinnedIntermediate() async throws {
        let server = try server("rsa")
        defer { server.stop() }
        let security = SecurityPolicy(pinningMode: .certificate, pinnedCertificates: try Fixtures.certificates("rsa", "intermediate.pem"))
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"), decision: .securityPolicy(security))
        let handshake = try await ClientHandshake.run(verifier, port: server.port, host: "localhost")
        _ = try handshake.outcome.get()
        #expect(handshake.verification.result?.failure == nil)
    }

    @Test func disabledVerificationIsRefusedAtSetup() throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        let context = try NIOSSLContext(configuration: configuration)
        let channel = EmbeddedChannel()
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"))
        #expect(throws: PureX509SetupError.verificationDisabled) {
            try verifier.addClientHandlers(to: channel.pipeline.syncOperations, context: context,
                                           configuration: configuration, serverHostname: "localhost")
        }
    }

    @Test func malformedPresentedCertificateIsRefusedWithoutANetwork() throws {
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"))
        let verdict = verifier.evaluate(presented: [[0x30, 0x03, 0x02, 0x01, 0x01]], host: "localhost")
        guard case .refused(.defaultEvaluationFailed(let refusal)) = verdict, refusal.certificateIndex == 0, case .malformed = refusal.reason else {
            Issue.record("expected malformed, got \(verdict)")
            return
        }
        #expect(verifier.evaluate(presented: [], host: "localhost").failure != nil)
    }
}
