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
/// The handshake is followed to its end: the client sends close_notify and
/// waits for the server's answer, which in TLS 1.3 is where a refused (or
/// missing) client certificate shows (an alert after the client's
/// Finished); in TLS 1.2 the handshake itself fails. Whether the server
/// asked for a client certificate comes from swift-nio-ssl's context
/// callback, which BoringSSL calls on a client only when a CertificateRequest
/// arrived; the CAs it names only from the wire, where TLS 1.2 sends them in
/// the clear (`CertificateRequestReader`).
enum ServedChainFetcher {
    @Sendable static func fetch(_ target: ConnectTarget) throws -> ServedHandshake {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        var configuration: TLSConfiguration
        do {
            configuration = try TLSConfiguration.makeClientConfiguration(clientIdentity: target.clientIdentity)
        } catch {
            throw ConnectFailure(ConnectErrorText.sentence(error, target: target))
        }
        // The callback below is the only check swift-nio-ssl makes: with
        // .fullVerification it would also match the leaf against SNI after the
        // handshake, and its failure (an address target, a wrong name) would
        // read as the server's refusal. The name is PureX509's to judge.
        configuration.certificateVerification = .noHostnameVerification
        // What the command offers (connect --ats: only what App Transport
        // Security allows). TLS 1.3's suites are all forward secret, and
        // BoringSSL does not let them be chosen; for TLS 1.2 and below,
        // ATS's forward-secret suites are the ECDHE ones.
        configuration.minimumTLSVersion = Self.version(target.tls.minimumVersion)
        if target.tls.forwardSecretOnly { configuration.cipherSuites = "ECDHE+AESGCM:ECDHE+CHACHA20:ECDHE+AES" }
        // The server's answer to close_notify is the identity's verdict; a
        // server that keeps silent is not waited for longer than this.
        configuration.shutdownTimeout = .seconds(Int64(min(5, target.timeoutSeconds)))
        let requested = group.next().makePromise(of: Bool.self)
        // Called by BoringSSL on a client only when the server sent a
        // CertificateRequest (TLS 1.2 and 1.3 alike); nothing is changed, so
        // the configured identity, or none, is what is sent.
        configuration.sslContextCallback = { _, override in
            requested.succeed(true)
            override.succeed(.noChanges)
        }
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: configuration) } catch {
            throw ConnectFailure(ConnectErrorText.sentence(error, target: target))
        }
        let collected = group.next().makePromise(of: [[UInt8]].self)
        let answered = group.next().makePromise(of: IdentityAnswer.self)
        let presenting = target.clientIdentity != nil
        let negotiated = group.next().makePromise(of: NegotiatedTLS?.self)
        let named = group.next().makePromise(of: [[UInt8]]?.self)
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
                    try channel.pipeline.syncOperations.addHandler(CertificateRequestReader(named: named))
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(collected: collected, answered: answered))
                }
            }
        let channel: Channel
        do {
            channel = try bootstrap.connect(host: target.host, port: target.port).wait()
        } catch {
            collected.fail(error)
            answered.succeed(.notPresented)
            negotiated.succeed(nil)
            named.succeed(nil)
            requested.succeed(false)
            throw ConnectFailure(ConnectErrorText.sentence(error, target: target), stage: .connection)
        }
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(Int64(target.timeoutSeconds))) {
            collected.fail(ConnectFailure("the server sent no certificates within \(target.timeoutSeconds) s (--timeout)"))
            answered.succeed(.refused("no answer within \(target.timeoutSeconds) s"))
        }
        defer {
            timeout.cancel()
            negotiated.succeed(nil)
            named.succeed(nil)
            requested.succeed(false)
            channel.close(promise: nil)
        }
        let served: [[UInt8]]
        do {
            served = try collected.futureResult.wait()
        } catch let failure as ConnectFailure {
            throw failure
        } catch {
            throw ConnectFailure(ConnectErrorText.sentence(error, target: target))
        }
        // The ServerHello came before the certificates: read by now, or unreadable.
        negotiated.succeed(nil)
        let chosen = (try? negotiated.futureResult.wait()) ?? nil
        let answer = try answered.futureResult.wait()
        // The connection is over: the request, if any, was made and read by now.
        requested.succeed(false)
        named.succeed(nil)
        let request = ((try? requested.futureResult.wait()) ?? false)
            ? ClientCertificateRequest(authorities: (try? named.futureResult.wait()) ?? nil) : nil
        guard presenting else {
            let refusal: String? = if case .refused(let reason) = answer { reason } else { nil }
            return ServedHandshake(served: served, identity: .notPresented, negotiated: chosen, certificateRequest: request, refusal: refusal)
        }
        return ServedHandshake(served: served, identity: answer, negotiated: chosen, certificateRequest: request)
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
/// its certificates arrived (a promise already completed stays so), and
/// decides how the server ended the connection: whether it refused the
/// client's certificate, or the lack of one.
private final class HandshakeWatcher: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    let collected: EventLoopPromise<[[UInt8]]>
    let answered: EventLoopPromise<IdentityAnswer>
    private var refusal: String?

    init(collected: EventLoopPromise<[[UInt8]]>, answered: EventLoopPromise<IdentityAnswer>) {
        self.collected = collected
        self.answered = answered
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // close goes through the TLS handler, which sends close_notify and
        // reads until the server answers, refuses, or the shutdown times out:
        // a TLS 1.3 server that requires a client certificate refuses only
        // after the client's handshake has completed.
        if case TLSUserEvent.handshakeCompleted = event { context.close(promise: nil) }
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

    /// The alert or error in words, with BoringSSL's reason code (e.g.
    /// `alert unknown_ca (TLSV1_ALERT_UNKNOWN_CA)`).
    static func reason(_ error: any Error) -> String {
        ConnectErrorText.tlsReason(error)
    }
}
