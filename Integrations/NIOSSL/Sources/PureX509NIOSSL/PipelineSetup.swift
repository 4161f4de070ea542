import NIOCore
import NIOSSL
import PureX509

extension PureX509TLSVerifier {
    /// Adds a `NIOSSLClientHandler` whose certificate verification is this
    /// verifier's for `serverHostname` (also sent in SNI unless it is an IP
    /// address), and after it a `PureX509TrustErrorHandler`. An
    /// internationalised `serverHostname` (`bücher.example`) is sent and
    /// checked as its A-label form (`xn--bcher-kva.example`, `IDNA.toASCII`);
    /// one without that form is refused with `PureX509SetupError.hostNameNotConvertible`.
    /// The context's configuration must not have `certificateVerification = .none`
    /// (swift-nio-ssl would then skip the callback, and nothing would be
    /// checked): that is refused with `PureX509SetupError`.
    @discardableResult
    public func addClientHandlers(to pipeline: ChannelPipeline.SynchronousOperations, context: NIOSSLContext,
                                  configuration: TLSConfiguration, serverHostname: String) throws -> HandshakeVerification {
        guard configuration.certificateVerification != .none else { throw PureX509SetupError.verificationDisabled }
        var host = serverHostname
        if IDNA.isInternationalised(serverHostname) {
            switch IDNA.toASCII(serverHostname) {
            case .success(let ascii): host = ascii
            case .failure(let failure): throw PureX509SetupError.hostNameNotConvertible(host: serverHostname, reason: failure)
            }
        }
        let verification = HandshakeVerification(verifier: self, host: host)
        let sni = ServerIdentity(ipAddress: host) == nil ? host : nil
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
    /// `serverHostname` is internationalised and has no A-label form (UTS #46
    /// and IDNA2008; `reason` says which rule it breaks), so it can be
    /// neither sent in SNI nor matched.
    case hostNameNotConvertible(host: String, reason: IDNA.Failure)

    public var description: String {
        switch self {
        case .verificationDisabled:
            return "the TLS configuration has certificateVerification = .none, so swift-nio-ssl would not ask PureX509; use .noHostnameVerification or .fullVerification"
        case .hostNameNotConvertible(let host, let reason):
            return "the server host name \(host) has no A-label form (UTS #46 and IDNA2008): \(reason)"
        }
    }
}
