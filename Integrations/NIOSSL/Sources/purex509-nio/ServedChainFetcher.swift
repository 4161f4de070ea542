import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PureX509
import PureX509NIOSSL
import PureX509Tool

/// `connect`'s handshake: TCP, then TLS with SNI, collecting the
/// certificates the server presents. The collecting callback accepts them
/// so that the handshake completes as a normal client's would; nothing is
/// written after it, the connection is closed, and the verdict is made by
/// `connect` with PureX509 afterwards.
///
/// With a client identity the handshake is followed to its end: the client
/// sends close_notify and waits for the server's answer, which in TLS 1.3
/// is where a refused client certificate shows (an alert after the client's
/// Finished), and in TLS 1.2 the handshake itself fails.
enum ServedChainFetcher {
    @Sendable static func fetch(_ target: ConnectTarget) throws -> ServedHandshake {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        var configuration: TLSConfiguration
        do {
            configuration = try TLSConfiguration.makeClientConfiguration(clientIdentity: target.clientIdentity)
        } catch {
            throw ConnectFailure("\(error)")
        }
        configuration.certificateVerification = .fullVerification
        // What the command offers (connect --ats: only what App Transport
        // Security allows). TLS 1.3's suites are all forward secret, and
        // BoringSSL does not let them be chosen; for TLS 1.2 and below,
        // ATS's forward-secret suites are the ECDHE ones.
        configuration.minimumTLSVersion = Self.version(target.tls.minimumVersion)
        if target.tls.forwardSecretOnly { configuration.cipherSuites = "ECDHE+AESGCM:ECDHE+CHACHA20:ECDHE+AES" }
        // The server's answer to close_notify is the identity's verdict; a
        // server that keeps silent is not waited for longer than this.
        configuration.shutdownTimeout = .seconds(Int64(min(5, target.timeoutSeconds)))
        let context = try NIOSSLContext(configuration: configuration)
        let collected = group.next().makePromise(of: [[UInt8]].self)
        let answered = group.next().makePromise(of: IdentityAnswer.self)
        let presenting = target.clientIdentity != nil
        let negotiated = group.next().makePromise(of: NegotiatedTLS?.self)
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
                    // Before the TLS handler: it sees the server's bytes as they arrive.
                    try channel.pipeline.syncOperations.addHandler(ServerHelloReader(negotiated: negotiated))
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(
                        HandshakeWatcher(collected: collected, answered: answered, presenting: presenting))
                }
            }
        let channel: Channel
        do {
            channel = try bootstrap.connect(host: target.host, port: target.port).wait()
        } catch {
            collected.fail(error)
            answered.succeed(.notPresented)
            negotiated.succeed(nil)
            throw ConnectFailure("cannot connect to port \(target.port): \(error)", stage: .connection)
        }
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(Int64(target.timeoutSeconds))) {
            collected.fail(ConnectFailure("no certificates within \(target.timeoutSeconds) s"))
            answered.succeed(.refused("no answer within \(target.timeoutSeconds) s"))
        }
        defer {
            timeout.cancel()
            negotiated.succeed(nil)
            channel.close(promise: nil)
        }
        let served: [[UInt8]]
        do {
            served = try collected.futureResult.wait()
        } catch let failure as ConnectFailure {
            throw failure
        } catch {
            throw ConnectFailure("TLS handshake failed: \(error)")
        }
        // The ServerHello came before the certificates: read by now, or unreadable.
        negotiated.succeed(nil)
        let chosen = (try? negotiated.futureResult.wait()) ?? nil
        guard presenting else { return ServedHandshake(served: served, identity: .notPresented, negotiated: chosen) }
        return ServedHandshake(served: served, identity: try answered.futureResult.wait(), negotiated: chosen)
    }

    static func version(_ version: ATSTLSVersion) -> TLSVersion {
        switch version {
        case .tls10: return .tlsv1
        case .tls11: return .tlsv11
        case .tls12: return .tlsv12
        case .tls13: return .tlsv13
        }
    }
}

/// Ends the wait when the handshake fails or the server hangs up before
/// its certificates arrived (a promise already completed stays so); when
/// an identity is presented, also decides what the server made of it.
private final class HandshakeWatcher: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    let collected: EventLoopPromise<[[UInt8]]>
    let answered: EventLoopPromise<IdentityAnswer>
    let presenting: Bool
    private var refusal: String?

    init(collected: EventLoopPromise<[[UInt8]]>, answered: EventLoopPromise<IdentityAnswer>, presenting: Bool) {
        self.collected = collected
        self.answered = answered
        self.presenting = presenting
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // close goes through the TLS handler, which sends close_notify and
        // reads until the server answers, refuses, or the shutdown times out.
        if presenting, case TLSUserEvent.handshakeCompleted = event { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        collected.fail(error)
        // A ragged close after our close_notify is how many servers (openssl
        // s_server among them) end a connection they accepted.
        if refusal == nil, !Self.isUncleanShutdown(error) { refusal = Self.reason(error) }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        collected.fail(ConnectFailure("the server closed the connection before presenting certificates"))
        answered.succeed(refusal.map { .refused($0) } ?? .notRefused)
        context.fireChannelInactive()
    }

    static func isUncleanShutdown(_ error: any Error) -> Bool {
        if let error = error as? NIOSSLError, case .uncleanShutdown = error { return true }
        return false
    }

    /// BoringSSL's reason code (e.g. `TLSV1_ALERT_UNKNOWN_CA`) when the error
    /// carries one, else the whole error.
    static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        guard let start = text.range(of: "OPENSSL_internal:") else { return text }
        let rest = text[start.upperBound...]
        return String(rest.prefix { $0 != " " && $0 != "]" })
    }
}
