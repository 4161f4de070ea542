import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PureX509
import PureX509NIOSSL

/// One client handshake through the adapter: the verification record, and
/// the validated chain swift-nio-ssl reports, or the error the channel's
/// handlers saw.
struct ClientHandshake {
    let verification: HandshakeVerification
    let outcome: Result<ValidatedCertificateChain?, any Error>

    static func run(_ verifier: PureX509TLSVerifier, port: Int, host: String) async throws -> ClientHandshake {
        let configuration = TLSConfiguration.makeClientConfiguration()
        let context = try NIOSSLContext(configuration: configuration)
        let group = MultiThreadedEventLoopGroup.singleton
        let done = group.next().makePromise(of: ValidatedCertificateChain?.self)
        let recorded = group.next().makePromise(of: HandshakeVerification.self)
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let verification = try verifier.addClientHandlers(to: channel.pipeline.syncOperations, context: context,
                                                                      configuration: configuration, serverHostname: host)
                    recorded.succeed(verification)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(done: done))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let outcome: Result<ValidatedCertificateChain?, any Error>
        do { outcome = .success(try await done.futureResult.get()) } catch { outcome = .failure(error) }
        try? await channel.close()
        return ClientHandshake(verification: try await recorded.futureResult.get(), outcome: outcome)
    }

    /// PureX509's refusal as the channel's error handlers received it.
    var trustError: PureX509TrustError? {
        if case .failure(let error) = outcome { return error as? PureX509TrustError }
        return nil
    }
}

/// Completes `done` with the validated chain when the handshake completes,
/// with the first error otherwise.
final class HandshakeWaiter: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
    let done: EventLoopPromise<ValidatedCertificateChain?>

    init(done: EventLoopPromise<ValidatedCertificateChain?>) { self.done = done }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
            done.succeed(handler?.peerValidatedCertificateChain)
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
