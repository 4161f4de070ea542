import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import PureX509

/// One connection's verification: the callback swift-nio-ssl calls with
/// the presented certificates, and the verdict it reached, for the caller
/// and for `PureX509TrustErrorHandler`.
public final class HandshakeVerification: Sendable {
    public let verifier: PureX509TLSVerifier
    /// The reference identity (nil: none, as for client certificates).
    public let host: String?
    private let outcome = NIOLockedValueBox<PeerVerification?>(nil)

    public init(verifier: PureX509TLSVerifier, host: String?) {
        self.verifier = verifier
        self.host = host
    }

    /// The verdict, once the peer's certificates arrived (nil before, or
    /// when the handshake failed earlier).
    public var result: PeerVerification? { outcome.withLockedValue { $0 } }

    /// For `NIOSSLClientHandler` / `NIOSSLServerHandler`: decides on the
    /// event loop (a path validation is CPU work of well under a
    /// millisecond, no I/O), and on success hands swift-nio-ssl the path
    /// PureX509 verified, which `NIOSSLHandler.peerValidatedCertificateChain` returns.
    public var callback: NIOSSLCustomVerificationCallbackWithMetadata {
        { [self] certificates, promise in
            var presented: [[UInt8]] = []
            for (index, certificate) in certificates.enumerated() {
                guard let der = try? certificate.toDERBytes() else {
                    record(.refused(.customEvaluationFailed("the TLS stack could not encode presented certificate \(index)")), promise)
                    return
                }
                presented.append(der)
            }
            record(verifier.evaluate(presented: presented, host: host), promise)
        }
    }

    private func record(_ verdict: PeerVerification, _ promise: EventLoopPromise<NIOSSLVerificationResultWithMetadata>) {
        outcome.withLockedValue { $0 = verdict }
        switch verdict {
        case .trusted(let path):
            // PureX509 parsed these bytes; BoringSSL reading them back fails
            // only when it refuses what PureX509 accepted, and then the
            // metadata is left out rather than the handshake failed.
            let chain = path.flatMap { path in try? path.map { try NIOSSLCertificate(bytes: $0.der, format: .der) } }
            promise.succeed(.certificateVerified(VerificationMetadata(chain.map(ValidatedCertificateChain.init))))
        case .refused:
            promise.succeed(.failed)
        }
    }
}

/// A handshake refused by PureX509, in PureX509's terms: what the channel's
/// error handlers receive in place of swift-nio-ssl's `handshakeFailed`.
public struct PureX509TrustError: Error, Sendable, CustomStringConvertible {
    public let failure: ServerTrustFailure
    /// The host the handshake was for (nil for a client certificate).
    public let host: String?

    public var description: String {
        "PureX509 refused the peer's certificates" + (host.map { " for \($0)" } ?? "") + ": \(failure)"
    }
}

/// Placed right after the `NIOSSLHandler`: replaces the TLS stack's
/// generic handshake error with `PureX509TrustError` when PureX509 refused
/// the certificates; every other error passes unchanged.
public final class PureX509TrustErrorHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    public typealias InboundIn = NIOAny
    public let verification: HandshakeVerification

    public init(verification: HandshakeVerification) { self.verification = verification }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is NIOSSLError, case .refused(let failure)? = verification.result {
            context.fireErrorCaught(PureX509TrustError(failure: failure, host: verification.host))
        } else {
            context.fireErrorCaught(error)
        }
    }
}
