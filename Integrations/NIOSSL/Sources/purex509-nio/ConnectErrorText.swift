import NIOCore
import NIOPosix
import NIOSSL
import PureX509Tool

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `connect`'s failures in sentences: SwiftNIO and swift-nio-ssl describe
/// their errors as the values they are (`NIOConnectionError(host: …,
/// connectionErrors: [SingleConnectionFailure(…)])`,
/// `handshakeFailed(sslError([Error: 268435703 error:…]))`), which tell a
/// user neither what happened nor what to try. Each kind a connection can
/// meet is named here; anything else keeps its own text after a sentence
/// that says where it happened.
enum ConnectErrorText {
    static func sentence(_ error: any Error, target: ConnectTarget) -> String {
        let endpoint = (target.host.contains(":") ? "[\(target.host)]" : target.host) + ":\(target.port)"
        switch error {
        case let failure as ConnectFailure:
            return failure.description
        case let connection as NIOConnectionError:
            if connection.connectionErrors.isEmpty {
                return "the name \(target.host) does not resolve to any address (DNS lookup failed)"
            }
            let each = connection.connectionErrors.map { ($0.target.ipAddress ?? "\($0.target)") + ": " + socketReason($0.error) }
            return "cannot connect to \(endpoint): " + each.joined(separator: "; ")
        case ChannelError.connectTimeout:
            return "no TCP connection to \(endpoint) within \(target.timeoutSeconds) s (--timeout)"
        case let io as IOError:
            return "the connection to \(endpoint) failed: \(socketReason(io))"
        case NIOSSLError.uncleanShutdown:
            return "the server closed the connection during the TLS handshake (it may not speak TLS on port \(target.port), or it refused this client)"
        case let tls as NIOSSLError:
            return "the TLS handshake with \(endpoint) failed: \(tlsReason(tls))"
        case let tls as BoringSSLError:
            return "the TLS handshake with \(endpoint) failed: \(tlsReason(tls))"
        default:
            return "the connection to \(endpoint) failed: \(error)"
        }
    }

    /// A socket error as the C library words its errno (`Connection
    /// refused`), with a hint for the common ones.
    static func socketReason(_ error: any Error) -> String {
        guard let io = error as? IOError else { return "\(error)" }
        let words = String(cString: strerror(io.errnoCode))
        switch io.errnoCode {
        case ECONNREFUSED: return words + " (nothing listens on that port)"
        case ENETUNREACH, EHOSTUNREACH: return words + " (no route to the address)"
        case ECONNRESET: return words + " (the server reset the connection)"
        default: return words
        }
    }

    /// BoringSSL's reason for a TLS failure in words, its code kept in
    /// brackets so that it can be searched for: an alert the server sent
    /// (`alert handshake_failure (SSLV3_ALERT_HANDSHAKE_FAILURE)`), or what
    /// the client found wrong with the server's bytes.
    static func tlsReason(_ error: any Error) -> String {
        if case NIOSSLError.uncleanShutdown? = error as? NIOSSLError {
            return "the server closed the connection without close_notify"
        }
        let text = "\(error)"
        guard let start = text.range(of: "OPENSSL_internal:") else { return text }
        let code = String(text[start.upperBound...].prefix { $0 != " " && $0 != "]" && $0 != ")" && $0 != "," })
        for prefix in ["SSLV3_ALERT_", "TLSV1_ALERT_"] where code.hasPrefix(prefix) {
            return "alert \(code.dropFirst(prefix.count).lowercased()) (\(code))"
        }
        switch code {
        case "WRONG_VERSION_NUMBER", "HTTP_REQUEST", "UNEXPECTED_RECORD":
            return "the server's answer is not TLS (\(code)): the port may speak plain text, such as HTTP"
        case "UNSUPPORTED_PROTOCOL", "NO_SUPPORTED_VERSIONS_ENABLED":
            return "no TLS version in common with the server (\(code))"
        case "NO_SHARED_CIPHER", "NO_CIPHER_MATCH", "HANDSHAKE_FAILURE_ON_CLIENT_HELLO":
            return "no cipher suite in common with the server (\(code))"
        default:
            return "BoringSSL error \(code)"
        }
    }
}
