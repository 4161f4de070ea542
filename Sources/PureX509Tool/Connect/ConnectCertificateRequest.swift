import PureX509

/// A server's request for a client certificate, as far as the TLS stack
/// could see it: that it was made, and the certificate authorities it
/// named when the request travelled in the clear (TLS 1.2 and older; TLS
/// 1.3 encrypts it).
public struct ClientCertificateRequest: Sendable, Equatable {
    /// The DER of each DistinguishedName the request listed, in the
    /// server's order (empty: it named none, so any CA may do); nil when
    /// the request could not be read.
    public let authorities: [[UInt8]]?

    /// A request, with the names it was read to carry.
    public init(authorities: [[UInt8]]?) {
        self.authorities = authorities
    }

    /// How many names the text output lists before counting the rest.
    static let namesShown = 20

    /// Each name in RFC 4514 text (escaped, at most 64 attributes each).
    var names: [String]? {
        authorities?.map { der in
            let text = Name(encoded: der[...]).description
            return text.isEmpty ? "(an unreadable name of \(der.count) bytes)" : DisplayText.escaped(text)
        }
    }

    /// The line after the served certificates: what was asked, and what the client did.
    func line(presenting: Bool) -> String {
        let asked = "client certificate: requested by the server"
        let named: String
        switch names {
        case nil: named = " (the CAs it accepts are not visible: TLS 1.3 encrypts the request)"
        case let names? where names.isEmpty: named = " (it names no CA: any may do)"
        case let names?:
            let shown = names.prefix(Self.namesShown).joined(separator: "; ")
            let more = names.count > Self.namesShown ? "; … (\(names.count - Self.namesShown) more)" : ""
            named = "; accepted CAs: " + shown + more
        }
        return asked + named + (presenting ? "" : "; none presented")
    }

    /// The `clientCertificateRequest` member of the JSON output.
    var json: JSONOutput {
        .object([("requested", .bool(true)), ("acceptedCAs", names.map { .array($0.map { .string($0) }) } ?? .null)])
    }
}

extension ConnectCommand {
    /// What the text and JSON output say about the client-certificate
    /// exchange when no identity was presented: the request, and how the
    /// server ended the connection. A refusal makes the connection fail
    /// (exit 1) whatever the verdict on the server's chain.
    static func reportWithoutIdentity(_ result: ServedHandshake, json: Bool) -> [(String, JSONOutput)] {
        if !json {
            if let request = result.certificateRequest { print(request.line(presenting: false)) }
            if let refusal = result.refusal {
                print("handshake: refused by the server after its certificates: \(DisplayText.escaped(refusal)); the verdict below is on its chain alone")
            }
        }
        if let refusal = result.refusal {
            let asked = result.certificateRequest == nil ? "" : "it asked for a client certificate, none was presented, and "
            printError("purex509: the server refused the connection: \(asked)it ended the handshake with \(DisplayText.escaped(refusal))")
        }
        var members: [(String, JSONOutput)] = []
        members.append(("clientCertificateRequest", result.certificateRequest?.json ?? .object([("requested", .bool(false)), ("acceptedCAs", .null)])))
        members.append(("refusal", result.refusal.map { .string($0) } ?? .null))
        return members
    }
}
