import NIOCore
import PureX509
import PureX509Tool

/// Reads the server's first handshake message as it arrives, before the
/// TLS handler, and keeps what the server chose: the cipher suite, and the
/// version (TLS 1.3's from its supported_versions extension, RFC 8446
/// §4.2.1). swift-nio-ssl reports the version but not the suite, which
/// `connect --ats` judges for forward secrecy. Reads at most the first
/// 64 KiB and never changes what it passes on; a ServerHello it cannot read
/// leaves both unknown.
final class ServerHelloReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var records: [UInt8] = []
    private var done = false
    /// Completed with what the ServerHello said, or nil when it could not be read.
    let negotiated: EventLoopPromise<NegotiatedTLS?>

    init(negotiated: EventLoopPromise<NegotiatedTLS?>) {
        self.negotiated = negotiated
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !done {
            let buffer = unwrapInboundIn(data)
            records += buffer.readableBytesView
            let parsed = Self.parse(records)
            if parsed != nil || records.count > 65_536 {
                done = true
                records = []
                negotiated.succeed(parsed)
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        negotiated.succeed(nil)
        context.fireChannelInactive()
    }

    /// The ServerHello from the first handshake records (RFC 8446 §5.1:
    /// type 22, legacy version, length; the message may span records), or nil.
    static func parse(_ bytes: [UInt8]) -> NegotiatedTLS? {
        var handshake: [UInt8] = []
        var offset = 0
        while offset + 5 <= bytes.count {
            let length = Int(bytes[offset + 3]) << 8 | Int(bytes[offset + 4])
            guard bytes[offset] == 22, offset + 5 + length <= bytes.count else { break }
            handshake += bytes[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        // msg_type server_hello (2), a 24-bit length, then the body.
        guard handshake.count >= 4, handshake[0] == 2 else { return nil }
        let length = Int(handshake[1]) << 16 | Int(handshake[2]) << 8 | Int(handshake[3])
        guard handshake.count >= 4 + length else { return nil }
        let body = Array(handshake[4..<(4 + length)])
        // legacy_version (2), random (32), session id (1 + n), cipher suite (2), compression (1), extensions.
        guard body.count >= 35 else { return nil }
        var at = 34
        let sessionLength = Int(body[at])
        at += 1 + sessionLength
        guard body.count >= at + 3 else { return nil }
        let suite = UInt16(body[at]) << 8 | UInt16(body[at + 1])
        at += 3
        var version = UInt16(body[0]) << 8 | UInt16(body[1])
        if body.count >= at + 2 {
            let end = min(body.count, at + 2 + (Int(body[at]) << 8 | Int(body[at + 1])))
            at += 2
            while at + 4 <= end {
                let type = Int(body[at]) << 8 | Int(body[at + 1])
                let size = Int(body[at + 2]) << 8 | Int(body[at + 3])
                // supported_versions (43) in a ServerHello: the selected version.
                if type == 43, size == 2, at + 6 <= end { version = UInt16(body[at + 4]) << 8 | UInt16(body[at + 5]) }
                at += 4 + size
            }
        }
        return NegotiatedTLS(version: ATSTLSVersion(wire: version), cipherSuite: suite)
    }
}
