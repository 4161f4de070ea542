import Foundation
import Testing
import PKIX
@testable import Trust

/// RFC 9525 / RFC 6125 matching, one named row each. `presented` is a
/// dNSName from a certificate, `reference` the name the client asked for.
struct HostRow: CustomTestStringConvertible, Sendable {
    let name: String
    let presented: String
    let reference: String
    let matches: Bool
    var testDescription: String { name }
}

let hostRows: [HostRow] = [
    .init(name: "exact", presented: "www.example.com", reference: "www.example.com", matches: true),
    .init(name: "different label", presented: "www.example.com", reference: "mail.example.com", matches: false),
    .init(name: "different suffix", presented: "www.example.com", reference: "www.example.org", matches: false),
    .init(name: "reference upper case", presented: "www.example.com", reference: "WWW.EXAMPLE.COM", matches: true),
    .init(name: "presented upper case", presented: "WWW.Example.COM", reference: "www.example.com", matches: true),
    .init(name: "mixed case both", presented: "Www.ExAmple.cOm", reference: "wWW.eXAMPLE.Com", matches: true),
    .init(name: "reference trailing dot", presented: "www.example.com", reference: "www.example.com.", matches: true),
    .init(name: "presented trailing dot", presented: "www.example.com.", reference: "www.example.com", matches: true),
    .init(name: "both trailing dots", presented: "www.example.com.", reference: "www.example.com.", matches: true),
    .init(name: "prefix is not a match", presented: "example.com", reference: "www.example.com", matches: false),
    .init(name: "suffix is not a match", presented: "www.example.com", reference: "example.com", matches: false),
    .init(name: "substring label", presented: "ww.example.com", reference: "www.example.com", matches: false),
    .init(name: "wildcard one label", presented: "*.example.com", reference: "www.example.com", matches: true),
    .init(name: "wildcard other label", presented: "*.example.com", reference: "mail.example.com", matches: true),
    .init(name: "wildcard two labels", presented: "*.example.com", reference: "a.b.example.com", matches: false),
    .init(name: "wildcard apex", presented: "*.example.com", reference: "example.com", matches: false),
    .init(name: "wildcard empty label", presented: "*.example.com", reference: ".example.com", matches: false),
    .init(name: "wildcard case", presented: "*.EXAMPLE.com", reference: "Mail.example.COM", matches: true),
    .init(name: "wildcard trailing dot", presented: "*.example.com.", reference: "www.example.com", matches: true),
    .init(name: "wildcard on one-label suffix", presented: "*.com", reference: "example.com", matches: false),
    .init(name: "wildcard alone", presented: "*", reference: "localhost", matches: false),
    .init(name: "wildcard alone with dot", presented: "*.", reference: "com", matches: false),
    .init(name: "partial wildcard prefix", presented: "w*.example.com", reference: "www.example.com", matches: false),
    .init(name: "partial wildcard suffix", presented: "*w.example.com", reference: "www.example.com", matches: false),
    .init(name: "partial wildcard middle", presented: "w*w.example.com", reference: "www.example.com", matches: false),
    .init(name: "wildcard not left-most", presented: "www.*.com", reference: "www.example.com", matches: false),
    .init(name: "two wildcards", presented: "*.*.example.com", reference: "a.b.example.com", matches: false),
    .init(name: "wildcard in A-label", presented: "xn--*.example.com", reference: "xn--caf-dma.example.com", matches: false),
    .init(name: "IDN A-label exact", presented: "xn--caf-dma.example.com", reference: "xn--caf-dma.example.com", matches: true),
    .init(name: "IDN A-label case", presented: "XN--CAF-DMA.example.com", reference: "xn--caf-dma.example.com", matches: true),
    .init(name: "IDN A-label differs", presented: "xn--caf-dma.example.com", reference: "xn--caf-ema.example.com", matches: false),
    .init(name: "wildcard over an A-label reference", presented: "*.example.com", reference: "xn--caf-dma.example.com", matches: true),
    .init(name: "wildcard with IDN suffix", presented: "*.xn--caf-dma.com", reference: "www.xn--caf-dma.com", matches: true),
    .init(name: "single-label exact", presented: "localhost", reference: "localhost", matches: true),
    .init(name: "hyphen inside label", presented: "my-host.example.com", reference: "my-host.example.com", matches: true),
    .init(name: "underscore label", presented: "_srv.example.com", reference: "_srv.example.com", matches: true),
    .init(name: "digits", presented: "123.example.com", reference: "123.example.com", matches: true),
    .init(name: "presented with space", presented: "www example.com", reference: "www.example.com", matches: false),
    .init(name: "presented with NUL", presented: "www.example.com\u{0}.evil.com", reference: "www.example.com", matches: false),
    .init(name: "presented with empty label", presented: "www..example.com", reference: "www.example.com", matches: false),
    .init(name: "presented leading dot", presented: ".example.com", reference: "www.example.com", matches: false),
    .init(name: "presented leading hyphen", presented: "-www.example.com", reference: "-www.example.com", matches: false),
    .init(name: "presented trailing hyphen", presented: "www-.example.com", reference: "www-.example.com", matches: false),
    .init(name: "presented URL", presented: "https://www.example.com", reference: "www.example.com", matches: false),
    .init(name: "presented with port", presented: "www.example.com:443", reference: "www.example.com", matches: false),
]

@Test(arguments: hostRows)
func dnsNameMatching(_ row: HostRow) throws {
    // References ServerIdentity refuses (".example.com", "-www…") are still
    // fed to the matcher normalised, to show it cannot be tricked by them.
    let reference: [UInt8]
    switch ServerIdentity(host: row.reference) {
    case .dnsName(let name): reference = name
    case .ipAddress: reference = Array(row.reference.utf8)  // an IP literal, as DNS text
    case nil: reference = try #require(HostName.normalize(Array(row.reference.utf8)))
    }
    #expect(HostName.matches(presented: Array(row.presented.utf8)[...], reference: reference) == row.matches)
}

/// Reference identities that are not host names or addresses are refused
/// before any matching (the CLI turns that into a usage error).
struct InvalidReferenceRow: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    var testDescription: String { name }
}

let invalidReferences: [InvalidReferenceRow] = [
    .init(name: "empty", text: ""),
    .init(name: "only a dot", text: "."),
    .init(name: "wildcard reference", text: "*.example.com"),
    .init(name: "space", text: "www example.com"),
    .init(name: "empty label", text: "www..example.com"),
    .init(name: "leading hyphen label", text: "-bad.example.com"),
    .init(name: "trailing hyphen label", text: "bad-.example.com"),
    .init(name: "label over 63", text: String(repeating: "a", count: 64) + ".example.com"),
    .init(name: "name over 253", text: Array(repeating: String(repeating: "a", count: 60), count: 5).joined(separator: ".")),
    .init(name: "U-label", text: "café.example.com"),
    .init(name: "slash", text: "www.example.com/path"),
    .init(name: "colon port", text: "www.example.com:443"),
    .init(name: "NUL", text: "www.example.com\u{0}"),
]

@Test(arguments: invalidReferences)
func invalidReferenceIdentitiesAreRefused(_ row: InvalidReferenceRow) {
    #expect(ServerIdentity(host: row.text) == nil)
}

/// Address text, parsed in pure Swift: IPv4 dotted quads without leading
/// zeros, IPv6 with one `::` and an optional IPv4 tail, no zone.
struct AddressRow: CustomTestStringConvertible, Sendable {
    let text: String
    let octets: [UInt8]?
    var testDescription: String { text }
}

let addressRows: [AddressRow] = [
    .init(text: "192.0.2.1", octets: [192, 0, 2, 1]),
    .init(text: "0.0.0.0", octets: [0, 0, 0, 0]),
    .init(text: "255.255.255.255", octets: [255, 255, 255, 255]),
    .init(text: "256.0.0.1", octets: nil),
    .init(text: "192.0.2", octets: nil),
    .init(text: "192.0.2.1.5", octets: nil),
    .init(text: "192.0.02.1", octets: nil),
    .init(text: "192.0.2.", octets: nil),
    .init(text: "::1", octets: [UInt8](repeating: 0, count: 15) + [1]),
    .init(text: "::", octets: [UInt8](repeating: 0, count: 16)),
    .init(text: "2001:db8::7", octets: [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [7]),
    .init(text: "2001:DB8:0:0:0:0:0:7", octets: [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [7]),
    .init(text: "::ffff:192.0.2.1", octets: [UInt8](repeating: 0, count: 10) + [0xff, 0xff, 192, 0, 2, 1]),
    .init(text: "fe80::", octets: [0xfe, 0x80] + [UInt8](repeating: 0, count: 14)),
    .init(text: "1:2:3:4:5:6:7:8", octets: [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]),
    .init(text: "1:2:3:4:5:6:7:8:9", octets: nil),
    .init(text: "1::2::3", octets: nil),
    .init(text: "12345::", octets: nil),
    .init(text: ":1:2:3:4:5:6:7", octets: nil),
    .init(text: "1:2:3:4:5:6:7:", octets: nil),
    .init(text: "fe80::1%eth0", octets: nil),
    .init(text: "g::1", octets: nil),
]

@Test(arguments: addressRows)
func addressTextParsing(_ row: AddressRow) {
    #expect(IPAddressParser.parse(Array(row.text.utf8)) == row.octets)
}

/// With the Common Name fallback on, a CN the leaf is matched by is a DNS
/// name under the issuers' name constraints: a CA
/// permitted only example.com cannot name www.example.org through a CN.
@Test func commonNameFallbackIsBoundByNameConstraints() throws {
    let folder = vectors.appendingPathComponent("cn-fallback")
    let store = TrustStore(try certificates(folder.appendingPathComponent("root.pem")))
    let intermediate = try certificates(folder.appendingPathComponent("intermediate.pem"))
    let now = Int64(Date().timeIntervalSince1970)
    for (host, fallback, expected) in [("www.example.com", true, "trusted"), ("www.example.org", true, "nameConstraintViolation"),
                                       ("www.example.org", false, "hostnameMismatch")] {
        let leaf = try certificates(folder.appendingPathComponent("leaf-cn-\(host).pem"))[0]
        var policy = VerificationPolicy(time: now)
        policy.identity = ServerIdentity(host: host)
        policy.allowCommonNameFallback = fallback
        var verifier = Verifier(store: store, policy: policy)
        switch verifier.verify(leaf: leaf, intermediates: intermediate) {
        case .success: #expect(expected == "trusted", "\(host)")
        case .failure(let failure): #expect(failure.code == expected, "\(host), fallback \(fallback): \(failure)")
        }
    }
}

/// A mismatch carries the leaf's DNS and IP entries and renders them only
/// when read: the names in the order of the subjectAltName, addresses in
/// their text forms, the message built from them.
@Test func hostnameMismatchCarriesThePresentedNames() throws {
    let folder = vectors.appendingPathComponent("chains/valid.p256")
    let chain = try certificates(folder.appendingPathComponent("chain.pem"))
    let store = TrustStore(try certificates(folder.appendingPathComponent("roots.pem")))
    var policy = VerificationPolicy(time: 1_748_736_000)
    policy.identity = ServerIdentity(host: "www.example.org")
    var verifier = Verifier(store: store, policy: policy)
    guard case .failure(let failure) = verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())),
          case .hostnameMismatch(let presented) = failure.reason else {
        Issue.record("a wrong host was not a host-name mismatch")
        return
    }
    #expect(presented.names == ["DNS:www.example.com", "DNS:*.wild.example.com", "IP:192.0.2.7", "IP:2001:db8::7"])
    #expect(presented.entries.map(\.kind) == [.dnsName, .dnsName, .ipAddress, .ipAddress])
    #expect(failure.description == "the leaf does not name the host; it presents DNS:www.example.com, DNS:*.wild.example.com, IP:192.0.2.7, IP:2001:db8::7")

    policy.identity = ServerIdentity(host: "www.example.com")
    verifier = Verifier(store: store, policy: policy)
    if case .failure(let failure) = verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst())) {
        Issue.record("the named host was refused: \(failure)")
    }
}

/// Only dNSName and iPAddress entries name a host; the other forms are left out of the message.
@Test func presentedNamesKeepOnlyHostForms() {
    let names: [GeneralName] = [GeneralName(kind: .rfc822Name, value: Array("a@example.com".utf8)[...]),
                 GeneralName(kind: .dnsName, value: Array("a.example".utf8)[...]),
                 GeneralName(kind: .uniformResourceIdentifier, value: Array("https://b.example/".utf8)[...]),
                 GeneralName(kind: .ipAddress, value: [10, 0, 0, 1])]
    let presented = PresentedNames(names)
    #expect(presented.names == ["DNS:a.example", "IP:10.0.0.1"])
    #expect(presented.description == "DNS:a.example, IP:10.0.0.1")
    #expect(PresentedNames(Array(names.prefix(1))).description == "no DNS or IP names")
    #expect(PresentedNames([]) == PresentedNames(Array(names.prefix(1))))
}
