import DER
import PKIX

/// The name a client expects the server to prove (RFC 9525's reference
/// identity): a DNS name or an IP address, checked against the leaf's
/// subjectAltName entries of the same type only. The subject's Common Name
/// is never consulted (RFC 9525 §6.3).
public enum ServerIdentity: Sendable, Equatable, CustomStringConvertible {
    /// Lower-case ASCII, no trailing dot.
    case dnsName([UInt8])
    /// 4 or 16 octets, compared with an iPAddress SAN octet for octet: an
    /// IPv4 address and its IPv4-mapped IPv6 form (::ffff:a.b.c.d) are
    /// different identities (see `isPresented(by:)`).
    case ipAddress([UInt8])

    /// An IPv4 or IPv6 literal becomes an address; anything else must be a
    /// valid host name. Nil for text that is neither.
    public init?(host: String) {
        let bytes = Array(host.utf8)
        if let address = IPAddressParser.parse(bytes) {
            self = .ipAddress(address)
        } else if let name = HostName.normalizeReference(bytes) {
            self = .dnsName(name)
        } else {
            return nil
        }
    }

    /// An address literal only.
    public init?(ipAddress text: String) {
        guard let address = IPAddressParser.parse(Array(text.utf8)) else { return nil }
        self = .ipAddress(address)
    }

    /// The normalised DNS name, or the address in its text form.
    public var description: String {
        switch self {
        case .dnsName(let name): return String(decoding: name, as: UTF8.self)
        case .ipAddress(let octets): return IPAddressText.format(octets)
        }
    }

    /// Whether the leaf presents this identity; with `commonNameFallback`, a
    /// DNS reference may also match a subject Common Name when the leaf has
    /// no dNSName at all (the legacy rule, off unless asked for).
    /// With `publicSuffixes`, a wildcard over one of them never matches.
    package func isPresented(by leaf: Certificate, commonNameFallback: Bool, publicSuffixes: PublicSuffixList? = nil) -> Bool {
        if isPresented(by: leaf, publicSuffixes: publicSuffixes) { return true }
        guard commonNameFallback, case .dnsName(let reference) = self,
              !leaf.subjectAlternativeNames.contains(where: { $0.kind == .dnsName }) else { return false }
        return leaf.subjectName.values(of: .commonName).contains {
            HostName.matches(presented: Array($0.utf8)[...], reference: reference, publicSuffixes: publicSuffixes)
        }
    }

    /// Whether the leaf's subjectAltName presents this identity.
    ///
    /// An address matches an iPAddress entry of the same octets only (RFC
    /// 5280 §4.2.1.6: four octets for IPv4, sixteen for IPv6), under every
    /// profile: `--ip ::ffff:192.0.2.10` does not match a SAN of 192.0.2.10,
    /// nor the reverse. Every verifier a profile models compares so:
    /// OpenSSL (`X509_check_ip`) and pyca/cryptography compare the octets;
    /// Chromium (net/cert/x509_certificate.cc,
    /// `X509Certificate::VerifyHostname`) looks the canonicalised address's
    /// bytes up among the SAN's, and an IPv6 literal stays sixteen bytes;
    /// Apple (OSX/sec/Security/SecPolicyLeafCallbacks.c,
    /// `SecPolicyCheckCertSSLHostname`) compares the data of
    /// `SecFrameworkCopyIPAddressData` with `SecCertificateCopyIPAddressDatas`
    /// by `CFEqualSafe`, and its IPv6 parser (SecCertificate.c,
    /// `convertIPv6Address`) does not read a dotted IPv4 tail at all. Name
    /// constraints still judge a mapped address by its IPv4 form too
    /// (`NameMatching.ipAddress(_:excludedBy:)`): there, reading more names
    /// into an excluded range only refuses more.
    package func isPresented(by leaf: Certificate, publicSuffixes: PublicSuffixList? = nil) -> Bool {
        leaf.containsAlternativeName { name in
            switch (self, name.kind) {
            case (.dnsName(let reference), .dnsName):
                return HostName.matches(presented: name.value, reference: reference, publicSuffixes: publicSuffixes)
            case (.ipAddress(let reference), .ipAddress): return name.value.elementsEqual(reference)
            default: return false
            }
        }
    }
}

extension ServerIdentity {
    /// The one host-name normaliser and validator (pins, patterns and
    /// certificates compare names in the one form it gives): ASCII letters
    /// lower-cased, one trailing dot dropped, then labels of 1–63 letters,
    /// digits, hyphens or underscores with no hyphen at either end, at most
    /// 253 octets. Nil for anything else. Reference identities and pinning's
    /// host patterns both go through it.
    package static func normalizedHostName(_ bytes: [UInt8]) -> [UInt8]? { HostName.normalizeReference(bytes) }
}

/// RFC 9525 §6.3 matching of DNS names, on ASCII bytes.
enum HostName {
    /// Lower-cases, drops one trailing dot, and checks the reference name:
    /// labels of 1–63 letters, digits, hyphens or underscores (deployed
    /// names use them), no hyphen at either end of a label, at most 253
    /// octets, no wildcard. Nil when invalid.
    static func normalizeReference(_ bytes: [UInt8]) -> [UInt8]? {
        guard let name = normalize(bytes), isValid(name[...], allowWildcard: false) else { return nil }
        return name
    }

    static func normalize(_ bytes: [UInt8]) -> [UInt8]? {
        trimmed(bytes[...]).map(ASCII.lowercased)
    }

    /// The name without one trailing dot; nil when empty or over 253 octets.
    static func trimmed(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var name = name
        if name.last == UInt8(ascii: ".") { name.removeLast() }
        guard !name.isEmpty, name.count <= 253 else { return nil }
        return name
    }

    /// Letters of either case are accepted: presented names are compared
    /// case-insensitively in place rather than lower-cased into a copy (one
    /// allocation per subjectAltName entry on every evaluation otherwise).
    static func isValid(_ name: ArraySlice<UInt8>, allowWildcard: Bool) -> Bool {
        // One pass over the bytes (every dNSName of every leaf comes here).
        name.withUnsafeBufferPointer { bytes in
            var index = 0
            if allowWildcard, let first = bytes.first, first == UInt8(ascii: "*") {
                if bytes.count == 1 { return true }
                guard bytes[1] == UInt8(ascii: ".") else { return false }
                index = 2
            }
            var labelLength = 0
            var previous = UInt8(ascii: ".")
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: ".") {
                    guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                    labelLength = 0
                    previous = byte
                    continue
                }
                let letter = byte | 0x20
                let ok = (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "_") || (byte == UInt8(ascii: "-") && labelLength > 0)
                labelLength += 1
                guard ok, labelLength <= 63 else { return false }
                previous = byte
            }
            return labelLength > 0 && previous != UInt8(ascii: "-")
        }
    }

    /// A presented dNSName as RFC 5280 §4.2.1.6 asks: not empty, no empty
    /// label, no trailing dot, at most 253 octets, a wildcard only as the
    /// whole left-most label and never alone. Underscores pass, as for
    /// reference names.
    static func isValidPresented(_ name: ArraySlice<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= 253, name.last != UInt8(ascii: ".") else { return false }
        guard !name.elementsEqual([UInt8(ascii: "*")]) else { return false }
        return isValid(name, allowWildcard: true)
    }

    /// A presented dNSName against a normalised reference: exact (ASCII
    /// case-insensitive, trailing dot ignored), or a wildcard that is the
    /// whole left-most label, stands over at least two labels (never `*`
    /// alone, never `*.com`), and matches exactly one non-empty label.
    /// Partial-label wildcards (`f*.example.com`, `xn--*`) never match; with
    /// `publicSuffixes`, neither does a wildcard over one of them.
    static func matches(presented raw: ArraySlice<UInt8>, reference: [UInt8], publicSuffixes: PublicSuffixList? = nil) -> Bool {
        guard let presented = trimmed(raw), isValid(presented, allowWildcard: true) else { return false }
        guard presented.first == UInt8(ascii: "*") else { return ASCII.equalIgnoringCase(presented, reference) }
        let suffix = presented.dropFirst()  // ".example.com"
        guard suffix.dropFirst().contains(UInt8(ascii: ".")) else { return false }
        if let publicSuffixes, publicSuffixes.isPublicSuffix(ASCII.lowercased(Array(suffix.dropFirst()))) { return false }
        guard let firstDot = reference.firstIndex(of: UInt8(ascii: ".")), firstDot > 0 else { return false }
        return ASCII.equalIgnoringCase(reference[firstDot...], suffix)
    }
}

/// An address as the host it names: an IPv4-mapped IPv6 address
/// (::ffff:a.b.c.d, RFC 4291 §2.5.5.2) reaches the IPv4 host a.b.c.d. Name
/// constraints judge it as that IPv4 address as well as by its sixteen
/// octets, and pin-set host patterns key it by that address; the host
/// identity does not (it compares octets, `ServerIdentity.isPresented(by:)`).
/// Only ::ffff:0:0/96 maps: the deprecated IPv4-compatible ::a.b.c.d and
/// NAT64 prefixes stay IPv6 addresses.
package enum IPAddressForm {
    static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]

    /// The four octets of an IPv4 address or of the one an IPv4-mapped IPv6 address maps; nil otherwise.
    package static func ipv4(_ address: [UInt8]) -> [UInt8]? {
        if address.count == 4 { return address }
        guard address.count == 16, address[0..<12].elementsEqual(mappedPrefix) else { return nil }
        return Array(address[12..<16])
    }

    /// ::ffff:a.b.c.d for a.b.c.d.
    static func mapped(_ ipv4: [UInt8]) -> [UInt8] { mappedPrefix + ipv4 }
}

/// IPv4 and IPv6 text (RFC 4291 §2.2, RFC 6943 §3.1.1) in pure Swift.
enum IPAddressParser {
    static func parse(_ text: [UInt8]) -> [UInt8]? {
        if let v4 = ipv4(text[...]) { return v4 }
        return ipv6(text)
    }

    /// Four decimal octets 0–255 without leading zeros (which some parsers
    /// read as octal: ambiguous text is refused rather than guessed).
    static func ipv4(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var octets: [UInt8] = []
        var value = 0, digits = 0, leadingZero = false
        for byte in text {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, octets.count < 3 else { return nil }
                octets.append(UInt8(value))
                value = 0; digits = 0; leadingZero = false
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard !leadingZero else { return nil }
                if digits == 0 && byte == UInt8(ascii: "0") { leadingZero = true }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard value <= 255 else { return nil }
            } else {
                return nil
            }
        }
        guard digits > 0, octets.count == 3 else { return nil }
        octets.append(UInt8(value))
        return octets
    }

    /// Hex groups of 1–4 digits, at most one `::`, an optional dotted IPv4
    /// tail; no zone identifier.
    static func ipv6(_ text: [UInt8]) -> [UInt8]? {
        guard text.contains(UInt8(ascii: ":")) else { return nil }
        var head: [UInt16] = [], tail: [UInt16] = []
        var sawDoubleColon = false
        var i = 0
        if text.starts(with: [UInt8(ascii: ":"), UInt8(ascii: ":")]) { sawDoubleColon = true; i = 2 }
        else if text.first == UInt8(ascii: ":") { return nil }
        while i < text.count {
            // An IPv4 tail takes the last 32 bits.
            if let dot = text[i...].firstIndex(of: UInt8(ascii: ".")), !text[i..<dot].contains(UInt8(ascii: ":")) {
                guard let v4 = ipv4(text[i...]) else { return nil }
                let groups = [UInt16(v4[0]) << 8 | UInt16(v4[1]), UInt16(v4[2]) << 8 | UInt16(v4[3])]
                if sawDoubleColon { tail += groups } else { head += groups }
                i = text.count
                break
            }
            var value: UInt16 = 0, digits = 0
            while i < text.count, let digit = hexValue(text[i]) {
                guard digits < 4 else { return nil }
                value = value << 4 | UInt16(digit)
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            if sawDoubleColon { tail.append(value) } else { head.append(value) }
            guard i < text.count else { break }
            guard text[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            if i < text.count && text[i] == UInt8(ascii: ":") {
                guard !sawDoubleColon else { return nil }
                sawDoubleColon = true
                i += 1
            } else if i == text.count {
                return nil  // a single trailing colon
            }
        }
        let total = head.count + tail.count
        guard sawDoubleColon ? total <= 7 : total == 8 else { return nil }
        let groups = head + [UInt16](repeating: 0, count: 8 - total) + tail
        var octets: [UInt8] = []
        for group in groups { octets.append(UInt8(group >> 8)); octets.append(UInt8(group & 0xFF)) }
        return octets
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
