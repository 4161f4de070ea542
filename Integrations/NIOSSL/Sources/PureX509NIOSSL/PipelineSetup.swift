import NIOCore
import NIOSSL
import PureX509

extension PureX509TLSVerifier {
    /// Adds a `NIOSSLClientHandler` whose certificate verification is this
    /// verifier's for `serverHostname` (also sent in SNI unless it is an IP
    /// address), and after it a `PureX509TrustErrorHandler`. The context's
    /// configuration must not have `certificateVerification = .none`
    /// (swift-nio-ssl would then skip the callback, and nothing would be
    /// checked): that is refused with `PureX509SetupError`.
    @discardableResult
    public func addClientHandlers(to pipeline: ChannelPipeline.SynchronousOperations, context: NIOSSLContext,
                                  configuration: TLSConfiguration, serverHostname: String) throws -> HandshakeVerification {
        guard configuration.certificateVerification != .none else { throw PureX509SetupError.verificationDisabled }
        let verification = HandshakeVerification(verifier: self, host: serverHostname)
        let sni = ServerIdentity(ipAddress: serverHostname) == nil ? serverHostname : nil
        let handler = try NIOSSLClientHandler(context: context, serverHostname: sni,
                                              customVerificationCallbackWithMetadata: verification.callback)
        try pipeline.addHandler(handler)
        try pipeline.addHandler(PureX509TrustErrorHandler(verification: verification))
        return verification
    }

    /// Adds a `NIOSSLServerHandler` that verifies client certificates with
    /// this verifier (no name; use `clientCertificates(anchors:)` for the
    /// clientAuth purpose), and a `PureX509TrustErrorHandler`. The
    /// configuration must request certificates (`certificateVerification`
    /// not `.none`), or no client certificate is ever asked for.
    @discardableResult
    public func addServerHandlers(to pipeline: ChannelPipeline.SynchronousOperations, context: NIOSSLContext,
                                  configuration: TLSConfiguration) throws -> HandshakeVerification {
        guard configuration.certificateVerification != .none else { throw PureX509SetupError.verificationDisabled }
        let verification = HandshakeVerification(verifier: self, host: nil)
        try pipeline.addHandler(NIOSSLServerHandler(context: context, customVerificationCallbackWithMetadata: verification.callback))
        try pipeline.addHandler(PureX509TrustErrorHandler(verification: verification))
        return verification
    }
}

public enum PureX509SetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `certificateVerification` is `.none`: swift-nio-ssl would not call PureX509.
    case verificationDisabled

    public var description: String {
        "the TLS configuration has certificateVerification = .none, so swift-nio-ssl would not ask PureX509; use .noHostnameVerification or .fullVerification"
    }
}
