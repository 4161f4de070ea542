import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PureX509
import PureX509NIOSSL

/// One client connection through the adapter that presents `identity`
/// (nil: none) to an `openssl s_server -www` requiring client certificates.
///
/// A completed handshake alone does not show that the server accepted the
/// certificate: in TLS 1.3 the client finishes before the server has read
/// its Certificate, and a refusal arrives afterwards as an alert. So the
/// client asks for s_server's status page, which the server sends only
/// after accepting, and which prints the client certificate it received.
enum IdentityHandshake {
    /// The page (PEM of the client certificate included), or the first error the channel saw.
    static func run(presenting identity: ClientIdentity?, serverAnchors: String, port: Int) async throws -> Result<String, any Error> {
        let configuration = try TLSConfiguration.makeClientConfiguration(clientIdentity: identity)
        let context = try NIOSSLContext(configuration: configuration)
        let verifier = PureX509TLSVerifier(anchors: try Fixtures.anchors(serverAnchors))
        let group = MultiThreadedEventLoopGroup.singleton
        let page = group.next().makePromise(of: String.self)
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try verifier.addClientHandlers(to: channel.pipeline.syncOperations, context: context,
                                                   configuration: configuration, serverHostname: "localhost")
                    try channel.pipeline.syncOperations.addHandler(StatusPageReader(page: page))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(15)) { page.fail(PeerError("no answer within 15 s")) }
        defer { timeout.cancel() }
        let outcome: Result<String, any Error>
        do { outcome = .success(try await page.futureResult.get()) } catch { outcome = .failure(error) }
        try? await channel.close()
        return outcome
    }
}

/// Asks for s_server's status page once the handshake completes, and
/// completes `page` with it when the server closes; with the first error
/// when no page came.
final class StatusPageReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let page: EventLoopPromise<String>
    private var received = ""
    private var firstError: (any Error)?

    init(page: EventLoopPromise<String>) { self.page = page }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "GET / HTTP/1.0\r\n\r\n")), promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += String(buffer: unwrapInboundIn(data))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // s_server ends its page without close_notify: the unclean
        // shutdown after a whole page is the end of the answer, not a failure.
        if firstError == nil { firstError = error }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if received.hasPrefix("HTTP/1.0 200") {
            page.succeed(received)
        } else {
            page.fail(firstError ?? PeerError("closed without a page"))
        }
        context.fireChannelInactive()
    }
}
