import ArgumentParser
import PureX509

extension ConnectCommand {
    /// `host[:port]`, `[v6]:port` or a bare IPv6 literal (port 443 by
    /// default). A host name comes back in the form it is resolved, sent in
    /// SNI and matched as: an internationalised one as its A-label form,
    /// through the conversion `--host` uses, so that all three agree; one
    /// without an A-label form is the same usage error as for `--host`.
    /// Address literals are left as they are.
    static func hostAndPort(_ text: String) throws -> (host: String, port: Int) {
        let malformed = ValidationError("HOST[:PORT]: a host name or address, and a port 1–65535")
        var host = text, port = 443
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw malformed }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let value = Self.portNumber(rest.dropFirst()) else { throw malformed }
                port = value
            }
            guard ServerIdentity(ipAddress: host) != nil else { throw malformed }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            host = String(text[..<colon])
            guard let value = Self.portNumber(text[text.index(after: colon)...]) else { throw malformed }
            port = value
        }
        guard (1...65535).contains(port), !host.isEmpty else { throw malformed }
        if ServerIdentity(ipAddress: host) == nil { host = try HostArgument.convert(host) }
        guard ServerIdentity(host: host) != nil else { throw malformed }
        return (host, port)
    }

    /// A port as decimal digits only: `Int` alone would take `+443`.
    private static func portNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The name sent in SNI for a host name (nil for an address literal,
    /// RFC 6066 §3), without the trailing dot of an absolute name, which
    /// RFC 6066 §3 leaves out of a HostName and servers do not match.
    static func sniName(for host: String) -> String? {
        guard ServerIdentity(ipAddress: host) == nil else { return nil }
        return host.hasSuffix(".") ? String(host.dropLast()) : host
    }
}
