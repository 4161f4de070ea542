import NIOCore
import NIOPosix
import NIOSSL
import PureX509Tool

/// `connect`'s handshake: TCP, then TLS with SNI, collecting the
/// certificates the server presents. The collecting callback accepts them
/// so that the handshake completes as a normal client's would; nothing is
/// written after it, the connection is closed, and the verdict is made by
/// `connect` with PureX509 afterwards.
enum ServedChainFetcher {
    @Sendable static func fetch(_ target: ConnectTarget) throws -> [[UInt8]] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        let context = try NIOSSLContext(configuration: configuration)
        let collected = group.next().makePromise(of: [[UInt8]].self)
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(Int64(target.timeoutSeconds)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: target.serverName,
                                                          customVerificationCallbackWithMetadata: { certificates, promise in
                        do {
                            collected.succeed(try certificates.map { try $0.toDERBytes() })
                            promise.succeed(.certificateVerified(VerificationMetadata(nil)))
                        } catch {
                            collected.fail(error)
                            promise.succeed(.failed)
                        }
                    })
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(collected: collected))
                }
            }
        let channel: Channel
        do {
            channel = try bootstrap.connect(host: target.host, port: target.port).wait()
        } catch {
            collected.fail(error)
            throw ConnectFailure("cannot connect to port \(target.port): \(error)")
        }
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(Int64(target.timeoutSeconds))) {
            collected.fail(ConnectFailure("no certificates within \(target.timeoutSeconds) s"))
        }
        defer {
            timeout.cancel()
            channel.close(promise: nil)
        }
        do {
            return try collected.futureResult.wait()
        } catch let failure as ConnectFailure {
            throw failure
        } catch {
            throw ConnectFailure("TLS handshake failed: \(error)")
        }
    }
}

/// Ends the wait when the handshake fails or the server hangs up before
/// its certificates arrived (a promise already completed stays so).
private final class HandshakeWatcher: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
    let collected: EventLoopPromise<[[UInt8]]>

    init(collected: EventLoopPromise<[[UInt8]]>) { self.collected = collected }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        collected.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        collected.fail(ConnectFailure("the server closed the connection before presenting certificates"))
        context.fireChannelInactive()
    }
}
