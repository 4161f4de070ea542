import NIOCore

/// Reads the certificate authorities a TLS 1.2 (or older) server names in
/// its CertificateRequest, which travels in the clear, from the handshake
/// records as they arrive, before the TLS handler. swift-nio-ssl tells a
/// client that a certificate was requested (the context callback) but not
/// which CAs the request named; in TLS 1.3 the request is encrypted and no
/// reader on the wire can see it.
///
/// Passes every byte on unchanged. Stops at the first record that is not a
/// handshake record (TLS 1.3's encrypted flight, a ChangeCipherSpec, an
/// alert), after ServerHelloDone, or after 256 KiB; a request it cannot
/// read leaves the names unknown (nil), never a wrong list.
final class CertificateRequestReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Completed with what a request read on the wire named: the DER of
    /// each DistinguishedName, in the server's order (empty: any CA), or
    /// nil when no request was read.
    let named: EventLoopPromise<[[UInt8]]?>
    private var records: [UInt8] = []
    private var done = false
    /// Far above a long chain and a long CA list; bounds what a hostile server makes us keep.
    static let maximumBytes = 262_144

    init(named: EventLoopPromise<[[UInt8]]?>) {
        self.named = named
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !done {
            records += unwrapInboundIn(data).readableBytesView
            switch Self.scan(records) {
            case .incomplete: if records.count > Self.maximumBytes { finish(nil) }
            case .finished(let names): finish(names)
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(nil)
        context.fireChannelInactive()
    }

    private func finish(_ names: [[UInt8]]?) {
        guard !done else { return }
        done = true
        records = []
        named.succeed(names)
    }

    enum Scan: Equatable {
        /// More records may still hold the request.
        case incomplete
        /// The cleartext flight is over: the request's CA names, or nil when there was none (or it did not parse).
        case finished([[UInt8]]?)
    }

    /// Walks the records (RFC 5246 §6.2.1: type, version, 16-bit length)
    /// and the handshake messages they carry (§7.4: type, 24-bit length).
    static func scan(_ bytes: [UInt8]) -> Scan {
        var handshake: [UInt8] = []
        var offset = 0
        var recordsEnded = false
        while offset + 5 <= bytes.count {
            let length = Int(bytes[offset + 3]) << 8 | Int(bytes[offset + 4])
            guard bytes[offset] == 22 else { recordsEnded = true; break }
            guard offset + 5 + length <= bytes.count else { break }
            handshake += bytes[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        var version: UInt16 = 0x0303
        var at = 0
        while at + 4 <= handshake.count {
            let type = handshake[at]
            let length = Int(handshake[at + 1]) << 16 | Int(handshake[at + 2]) << 8 | Int(handshake[at + 3])
            guard at + 4 + length <= handshake.count else { break }
            let body = Array(handshake[(at + 4)..<(at + 4 + length)])
            switch type {
            case 2:  // ServerHello: its legacy version says whether a request carries signature algorithms
                if body.count >= 2 { version = UInt16(body[0]) << 8 | UInt16(body[1]) }
            case 13: return .finished(authorities(in: body, version: version))
            case 14: return .finished(nil)  // ServerHelloDone without a request before it
            default: break
            }
            at += 4 + length
        }
        return recordsEnded ? .finished(nil) : .incomplete
    }

    /// A CertificateRequest's body (RFC 5246 §7.4.4; RFC 4346 §7.4.4 before
    /// TLS 1.2, without signature algorithms): the DER of each name in
    /// `certificate_authorities`, or nil when the body does not parse.
    static func authorities(in body: [UInt8], version: UInt16) -> [[UInt8]]? {
        var at = 0
        func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, at + count <= body.count else { return nil }
            defer { at += count }
            return body[at..<(at + count)]
        }
        func length(_ octets: Int) -> Int? {
            guard let bytes = take(octets) else { return nil }
            return bytes.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let types = length(1), take(types) != nil else { return nil }
        if version >= 0x0303 {
            guard let algorithms = length(2), take(algorithms) != nil else { return nil }
        }
        guard let total = length(2), let list = take(total), at == body.count else { return nil }
        var names: [[UInt8]] = []
        var cursor = list.startIndex
        while cursor < list.endIndex {
            guard cursor + 2 <= list.endIndex else { return nil }
            let size = Int(list[cursor]) << 8 | Int(list[cursor + 1])
            guard cursor + 2 + size <= list.endIndex else { return nil }
            names.append(Array(list[(cursor + 2)..<(cursor + 2 + size)]))
            cursor += 2 + size
        }
        return names
    }
}
