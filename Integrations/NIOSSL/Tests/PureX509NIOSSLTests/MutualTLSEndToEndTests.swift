import NIOCore
import NIOPosix
import NIOSSL
import PureX509
import PureX509NIOSSL
import Testing

// Two-way authentication with PureX509 on both sides, in one process: the
// server adapter requires a client certificate and verifies it (clientAuth),
// the client adapter verifies the server and presents an identity read
// from a .p12 file. No OpenSSL in the connection; openssl only makes the file.
@Suite(.serialized) struct MutualTLSEndToEndTests {
    struct Sides {
        let server: HandshakeVerification
        let serverHandshake: Result<Void, any Error>
        let client: HandshakeVerification
    }

    func connect(presenting identity: ClientIdentity) async throws -> Sides {
        let chain = try NIOSSLCertificate.fromPEMFile(Fixtures.path("rsa", "chain.pem")).map { NIOSSLCertificateSource.certificate($0) }
        var requiring = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: Fixtures.path("rsa", "leaf.key"), format: .pem)))
        requiring.certificateVerification = .noHostnameVerification
        let serverConfiguration = requiring
        let serverContext = try NIOSSLContext(configuration: serverConfiguration)
        let clientVerifier = PureX509TLSVerifier.clientCertificates(anchors: try Fixtures.anchors("rsa"))
        let group = MultiThreadedEventLoopGroup.singleton
        let serverRecorded = group.next().makePromise(of: HandshakeVerification.self)
        let serverDone = group.next().makePromise(of: Void.self)
        let listener = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    serverRecorded.succeed(try clientVerifier.addServerHandlers(to: channel.pipeline.syncOperations, context: serverContext,
                                                                                 configuration: serverConfiguration))
                    try channel.pipeline.syncOperations.addHandler(ServerWaiter(done: serverDone))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)

        // The client: what replaces SecPKCS12Import and NSURLCredential (docs/nio.md).
        let configuration = try TLSConfiguration.makeClientConfiguration(clientIdentity: identity)
        let context = try NIOSSLContext(configuration: configuration)
        let serverVerifier = PureX509TLSVerifier(anchors: try Fixtures.anchors("rsa"))
        let clientRecorded = group.next().makePromise(of: HandshakeVerification.self)
        let clientDone = group.next().makePromise(of: ValidatedCertificateChain?.self)
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    clientRecorded.succeed(try serverVerifier.addClientHandlers(to: channel.pipeline.syncOperations, context: context,
                                                                                configuration: configuration, serverHostname: "localhost"))
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(done: clientDone))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(15)) { serverDone.fail(PeerError("no server verdict within 15 s")) }
        let serverHandshake: Result<Void, any Error>
        do { serverHandshake = .success(try await serverDone.futureResult.get()) } catch { serverHandshake = .failure(error) }
        timeout.cancel()
        _ = try? await clientDone.futureResult.get()
        try? await channel.close()
        try? await listener.close()
        return Sides(server: try await serverRecorded.futureResult.get(), serverHandshake: serverHandshake,
                     client: try await clientRecorded.futureResult.get())
    }

    @Test func bothSidesVerifyEachOther() async throws {
        let identity = try PKCS12Fixtures.identity("rsa", certificate: "client.pem", key: "client.key")
        let sides = try await connect(presenting: identity)
        _ = try sides.serverHandshake.get()
        guard case .trusted(let clientPath?)? = sides.server.result, case .trusted(let serverPath?)? = sides.client.result else {
            Issue.record("expected both sides trusted, got server \(String(describing: sides.server.result)), client \(String(describing: sides.client.result))")
            return
        }
        // The server verified the .p12's certificate up to the root; the client verified the server's leaf.
        #expect(clientPath.map(\.der) == ([identity.certificate] + identity.chain).map(\.der) + (try Fixtures.certificates("rsa", "root.pem")).map(\.der))
        #expect(serverPath.first?.der == (try Fixtures.certificates("rsa", "leaf.pem"))[0].der)
    }

    @Test func serverAdapterRefusesAForeignIdentity() async throws {
        let stranger = try PKCS12Fixtures.identity("rsa", certificate: "stranger.pem", key: "stranger.key")
        let sides = try await connect(presenting: stranger)
        #expect(sides.server.result?.failure == .defaultEvaluationFailed(TrustFailure(certificateIndex: 0, reason: .unknownIssuer)))
        guard case .failure(let error) = sides.serverHandshake else {
            Issue.record("the server completed a handshake with a foreign client certificate")
            return
        }
        #expect((error as? PureX509TrustError)?.failure == .defaultEvaluationFailed(TrustFailure(certificateIndex: 0, reason: .unknownIssuer)))
    }
}
