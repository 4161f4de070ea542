import PureX509

// What a handshake is allowed to negotiate, and what it did negotiate: the
// TLS half of App Transport Security (docs/ats.md, "connect --ats") asks
// the TLS stack for a protocol version and for forward-secret cipher
// suites, and judges what the server chose. The core has no TLS stack; the
// NIO integration's hook (`ConnectCommand.handshake`) applies `ConnectTLS`
// and reports `NegotiatedTLS`, which it reads from the ServerHello.

/// What the client offers: the lowest protocol version, and whether only
/// forward-secret cipher suites are offered (ECDHE; TLS 1.3's suites are
/// all forward secret).
public struct ConnectTLS: Sendable, Equatable, Hashable {
    /// The lowest version offered (`TLSv1.0` … `TLSv1.3`).
    public let minimumVersion: ATSTLSVersion
    /// Offer only the cipher suites ATS calls forward secret (ECDHE).
    public let forwardSecretOnly: Bool

    public init(minimumVersion: ATSTLSVersion, forwardSecretOnly: Bool) {
        self.minimumVersion = minimumVersion
        self.forwardSecretOnly = forwardSecretOnly
    }

    /// What `connect` offers without `--ats`: every version and suite the
    /// TLS stack enables by default.
    public static let unconstrained = ConnectTLS(minimumVersion: .tls10, forwardSecretOnly: false)

    public func hash(into hasher: inout Hasher) {
        hasher.combine(minimumVersion.rank)
        hasher.combine(forwardSecretOnly)
    }
}

/// What the server chose in its ServerHello.
public struct NegotiatedTLS: Sendable, Equatable {
    /// The protocol version (TLS 1.3 from its supported_versions extension);
    /// nil when the TLS stack could not tell.
    public let version: ATSTLSVersion?
    /// The cipher suite's IANA code point; nil when not seen.
    public let cipherSuite: UInt16?

    public init(version: ATSTLSVersion?, cipherSuite: UInt16?) {
        self.version = version
        self.cipherSuite = cipherSuite
    }

    /// `TLSv1.2, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256`.
    var text: String {
        [version.map { $0.description }, cipherSuite.map(TLSCipherSuite.name)].compactMap { $0 }.joined(separator: ", ")
    }

    var json: JSONOutput {
        .object([("version", JSONOutput.optional(version?.description)),
                 ("cipherSuite", JSONOutput.optional(cipherSuite.map(TLSCipherSuite.name))),
                 ("forwardSecret", cipherSuite.map { .bool(TLSCipherSuite.isForwardSecret($0)) } ?? .null)])
    }
}

extension ATSTLSVersion {
    /// Orders the versions: TLS 1.0 is 0, TLS 1.3 is 3.
    var rank: Int {
        switch self {
        case .tls10: return 0
        case .tls11: return 1
        case .tls12: return 2
        case .tls13: return 3
        }
    }

    /// `TLS 1.2`, as Apple's error texts and people write it.
    var spoken: String {
        switch self {
        case .tls10: return "TLS 1.0"
        case .tls11: return "TLS 1.1"
        case .tls12: return "TLS 1.2"
        case .tls13: return "TLS 1.3"
        }
    }

    /// From the wire: 0x0301 … 0x0304.
    public init?(wire: UInt16) {
        switch wire {
        case 0x0301: self = .tls10
        case 0x0302: self = .tls11
        case 0x0303: self = .tls12
        case 0x0304: self = .tls13
        default: return nil
        }
    }
}

/// Names of the cipher suites a TLS stack here negotiates (IANA TLS Cipher
/// Suites registry), and which of them ATS accepts as forward secret: the
/// ECDHE suites ("Preventing Insecure Network Connections", "Ensure the
/// Network Server Meets Minimum Requirements", lists ECDHE_ECDSA and
/// ECDHE_RSA suites only) and every TLS 1.3 suite (RFC 8446 §2: its key
/// exchanges are (EC)DHE or PSK with (EC)DHE for forward secrecy).
enum TLSCipherSuite {
    static let names: [UInt16: String] = [
        0x1301: "TLS_AES_128_GCM_SHA256", 0x1302: "TLS_AES_256_GCM_SHA384", 0x1303: "TLS_CHACHA20_POLY1305_SHA256",
        0xC02B: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", 0xC02C: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        0xC02F: "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", 0xC030: "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        0xCCA8: "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", 0xCCA9: "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        0xC009: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", 0xC00A: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
        0xC013: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", 0xC014: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
        0xC023: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", 0xC024: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384",
        0xC027: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", 0xC028: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384",
        0x009C: "TLS_RSA_WITH_AES_128_GCM_SHA256", 0x009D: "TLS_RSA_WITH_AES_256_GCM_SHA384",
        0x002F: "TLS_RSA_WITH_AES_128_CBC_SHA", 0x0035: "TLS_RSA_WITH_AES_256_CBC_SHA",
        0x003C: "TLS_RSA_WITH_AES_128_CBC_SHA256", 0x003D: "TLS_RSA_WITH_AES_256_CBC_SHA256",
        0x000A: "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
        0x009E: "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256", 0x009F: "TLS_DHE_RSA_WITH_AES_256_GCM_SHA384",
        0x0033: "TLS_DHE_RSA_WITH_AES_128_CBC_SHA", 0x0039: "TLS_DHE_RSA_WITH_AES_256_CBC_SHA",
    ]

    /// The IANA name, or `0xC0FF` for a code point not in the table.
    static func name(_ code: UInt16) -> String {
        names[code] ?? "0x" + String(code, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// Whether ATS counts the suite as forward secret: TLS 1.3's, or ECDHE.
    static func isForwardSecret(_ code: UInt16) -> Bool {
        code >> 8 == 0x13 || (names[code]?.hasPrefix("TLS_ECDHE_") ?? false)
    }

    /// What the suite lacks, for a refusal: `RSA key exchange` for the suites that have it.
    static func keyExchange(_ code: UInt16) -> String {
        guard let name = names[code] else { return "not one of ATS's forward-secret (ECDHE) suites" }
        if name.hasPrefix("TLS_RSA_") { return "RSA key exchange, no forward secrecy" }
        if name.hasPrefix("TLS_DHE_") { return "finite-field DHE, which ATS does not accept" }
        return "not one of ATS's forward-secret (ECDHE) suites"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
