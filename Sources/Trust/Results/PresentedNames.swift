import PKIX

/// The DNS names and IP addresses a leaf presents in its subjectAltName, as
/// a host-name mismatch carries them. They stay the certificate's entries
/// and are rendered only when read, so a program that never prints the
/// message does not link the rendering (docs/embedded.md).
public struct PresentedNames: Sendable, Equatable, CustomStringConvertible {
    /// The dNSName and iPAddress entries, in the order of the subjectAltName.
    public let entries: [GeneralName]

    /// The dNSName and iPAddress entries of `names`; the other forms name no host and are left out.
    public init(_ names: [GeneralName]) {
        entries = names.filter { $0.kind == .dnsName || $0.kind == .ipAddress }
    }

    /// Each entry as `DNS:name` or `IP:address`.
    public var names: [String] { entries.map { $0.description } }

    /// The entries joined by ", ", or "no DNS or IP names".
    public var description: String { entries.isEmpty ? "no DNS or IP names" : names.joined(separator: ", ") }
}
