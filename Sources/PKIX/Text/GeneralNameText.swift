import DER

// One rendering of a GeneralName for every object that holds one
// (certificates, CRLs, OCSP responses), in OpenSSL's vocabulary so that
// output lines up with `openssl x509 -text`.
extension GeneralName {
    /// The form's label as OpenSSL prints it: `DNS`, `email`, `URI`, `IP`,
    /// `DirName`, `RID`, `othername`, `X400Name`, `EdiPartyName`.
    package var label: String {
        switch kind {
        case .dnsName: return "DNS"
        case .rfc822Name: return "email"
        case .uniformResourceIdentifier: return "URI"
        case .ipAddress: return "IP"
        case .directoryName: return "DirName"
        case .registeredID: return "RID"
        case .otherName: return "othername"
        case .x400Address: return "X400Name"
        case .ediPartyName: return "EdiPartyName"
        }
    }

    /// Whether the value is IA5 text (dNSName, rfc822Name, URI), which parsing checked is ASCII.
    package var isText: Bool { kind == .dnsName || kind == .rfc822Name || kind == .uniformResourceIdentifier }

    /// The value for display, safe to print and to list: IA5 text with `\`
    /// and `,` escaped and control characters as `\xNN`; an address, with
    /// its mask after `/` in a name constraint (RFC 5280 §4.2.1.10); a
    /// directoryName within the display budget; a registeredID's dotted OID;
    /// the other forms in hex. Matching reads `value`, never this.
    public var text: String {
        switch kind {
        case .dnsName, .rfc822Name, .uniformResourceIdentifier:
            return DisplayText.escaped(utf8: value, escapingCommas: true)
        case .ipAddress: return IPAddressText.format(value)
        case .directoryName: return Name(encoded: value).forDisplay.description
        case .registeredID: return OID(der: Array(value)).description
        case .otherName, .x400Address, .ediPartyName: return Hex.encode(value)
        }
    }

    /// The value unescaped, for formats that escape on their own (JSON):
    /// IA5 text as it is, the other forms as `text` renders them.
    package var rawText: String { isText ? String(decoding: value, as: UTF8.self) : text }

    /// `label:text`, as a certificate viewer lists names.
    public var description: String { label + ":" + text }
}

extension GeneralName: CustomStringConvertible {}
