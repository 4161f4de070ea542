import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PureX509
import PureX509NIOSSL
import Testing

// Mutual TLS: a NIO server whose client certificates PureX509 verifies
// (clientAuth purpose, no name), and `openssl s_client` presenting one.
@Suite(.serialized) struct ServerAdapterTests {
    struct Outcome {
        let verification: HandshakeVerification
        let handshake: Result<Void, any Error>
    }

    /// One connection from s_client with `certificate` (nil: none).
    func handshake(clientCertificate certificate: String?, key: String?) async throws -> Outcome {
        let chain = try NIOSSLCertificate.fromPEMFile(Fixtures.path("rsa", "chain.pem")).map { NIOSSLCertificateSource.certificate($0) }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: Fixtures.path("rsa", "leaf.key"), format: .pem)))
        configuration.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: configuration)
        let verifier = PureX509TLSVerifier.clientCertificates(anchors: try Fixtures.anchors("rsa"))
        let group = MultiThreadedEventLoopGroup.singleton
        let recorded = group.next().makePromise(of: HandshakeVerification.self)
        let done = group.next().makePromise(of: Void.self)
        let server = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    recorded.succeed(try verifier.addServerHandlers(to: channel.pipeline.syncOperations, context: context,
                                                                     configuration: configuration))
                    try channel.pipeline.syncOperations.addHandler(ServerWaiter(done: done))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        try runOpenSSLClient(port: port, certificate: certificate, key: key)
        let handshake: Result<Void, any Error>
        do { handshake = .success(try await done.futureResult.get()) } catch { handshake = .failure(error) }
        try? await server.close()
        return Outcome(verification: try await recorded.futureResult.get(), handshake: handshake)
    }

    @Test func trustedClientCertificateIsAccepted() async throws {
        let outcome = try await handshake(clientCertificate: Fixtures.path("rsa", "client.pem"), key: Fixtures.path("rsa", "client.key"))
        _ = try outcome.handshake.get()
        guard case .trusted(let path?)? = outcome.verification.result else {
            Issue.record("expected a trusted client, got \(String(describing: outcome.verification.result))")
            return
        }
        #expect(path.count == 3)
        #expect(path[0].der == (try Fixtures.certificates("rsa", "client.pem"))[0].der)
    }

    @Test func clientCertificateFromAnUntrustedRootIsRefused() async throws {
        let outcome = try await handshake(clientCertificate: Fixtures.path("rsa", "stranger.pem"), key: Fixtures.path("rsa", "stranger.key"))
        #expect(outcome.verification.result?.failure == .defaultEvaluationFailed(TrustFailure(certificateIndex: 0, reason: .unknownIssuer)))
        guard case .failure(let error) = outcome.handshake else {
            Issue.record("the handshake completed with an untrusted client certificate")
            return
        }
        #expect((error as? PureX509TrustError)?.failure == .defaultEvaluationFailed(TrustFailure(certificateIndex: 0, reason: .unknownIssuer)))
    }

    @Test func serverOnlyCertificateIsRefusedAsAClientCertificate() async throws {
        // A valid chain to the trusted root, but its leaf allows serverAuth only.
        let outcome = try await handshake(clientCertificate: Fixtures.path("rsa", "chain.pem"), key: Fixtures.path("rsa", "leaf.key"))
        #expect(outcome.verification.result?.failure == .defaultEvaluationFailed(TrustFailure(certificateIndex: 0, reason: .extendedKeyUsage)))
        guard case .failure = outcome.handshake else {
            Issue.record("the handshake completed with a serverAuth-only certificate")
            return
        }
    }

    @Test func clientWithoutACertificateIsRefusedBeforePureX509IsAsked() async throws {
        let outcome = try await handshake(clientCertificate: nil, key: nil)
        #expect(outcome.verification.result == nil)
        guard case .failure = outcome.handshake else {
            Issue.record("the handshake completed without a client certificate")
            return
        }
    }
}

/// Completes `done` when the server's handshake completes, fails it on
/// the first error or when the connection ends first.
final class ServerWaiter: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
    let done: EventLoopPromise<Void>

    init(done: EventLoopPromise<Void>) { self.done = done }

    /// Closes once the handshake is complete: s_client (run with
    /// -ign_eof) stays until then, so it can never hang up mid-handshake.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            done.succeed(())
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        done.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.fail(PeerError("closed before the handshake completed"))
        context.fireChannelInactive()
    }
}
