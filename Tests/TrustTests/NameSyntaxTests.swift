import Foundation
import PKIX
import Testing
@testable import Trust

// An address identity compared octet for
// octet under every profile; URIs without a host name, and trailing dots in
// any name form, refused under name constraints of that form whether the
// subtree is permitted or excluded. Fixtures: Vectors/name-syntax
// (generate.py): `ip-<case>.pem` is a leaf under `root.pem`; each
// `nc-<case>.pem` a leaf and an intermediate carrying the case's constraints.

private func names(_ file: String) throws -> [Certificate] {
    try certificates(vectors.appendingPathComponent("name-syntax/" + file))
}

/// 2026-07-01T00:00:00Z, inside every fixture's validity.
private let now: Int64 = 1_782_864_000

/// The verdict on a fixture's chain for `host` under `profile`.
private func verdict(_ file: String, host: String, profile: ValidationProfile) throws -> Result<VerifiedChain, TrustFailure> {
    let chain = try names(file)
    var policy = VerificationPolicy(time: now, identity: try #require(ServerIdentity(host: host)))
    policy.profile = profile
    var verifier = Verifier(store: TrustStore(try names("root.pem")), policy: policy)
    return verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
}

// MARK: Item 10: addresses compare octet for octet

/// One address row: the leaf's SAN, the reference address, and whether it matches.
struct AddressIdentityRow: CustomTestStringConvertible, Sendable {
    let file: String
    let host: String
    let matches: Bool
    var testDescription: String { file + " for " + host }
}

let addressIdentityRows: [AddressIdentityRow] = [
    // The same octets match, however the reference is written.
    .init(file: "ip-v4.pem", host: "192.0.2.10", matches: true),
    .init(file: "ip-v4-mapped.pem", host: "::ffff:192.0.2.10", matches: true),
    .init(file: "ip-v4-mapped.pem", host: "::FFFF:c000:20a", matches: true),
    // An IPv4 SAN is not an IPv4-mapped reference, nor the reverse: OpenSSL,
    // pyca/cryptography, Chromium (X509Certificate::VerifyHostname) and
    // Apple (SecPolicyCheckCertSSLHostname) all compare the octets.
    .init(file: "ip-v4.pem", host: "::ffff:192.0.2.10", matches: false),
    .init(file: "ip-v4.pem", host: "::ffff:c000:20a", matches: false),
    .init(file: "ip-v4-mapped.pem", host: "192.0.2.10", matches: false),
    .init(file: "ip-v4.pem", host: "192.0.2.11", matches: false),
]

/// Every named profile: strict, rfc5280 and cabf by RFC 5280 §4.2.1.6, chromium
/// and apple by their sources, which compare the same way.
@Test(arguments: addressIdentityRows, ValidationProfile.named.map(\.name))
func addressIdentityComparesOctets(_ row: AddressIdentityRow, _ profileName: String) throws {
    let profile = try #require(ValidationProfile.named.first { $0.name == profileName })
    switch try verdict(row.file, host: row.host, profile: profile) {
    case .success:
        #expect(row.matches, "\(row.file) was trusted for \(row.host) under \(profileName)")
    case .failure(let failure):
        #expect(!row.matches, "\(row.file) for \(row.host) under \(profileName): \(failure)")
        if !row.matches {
            #expect(failure.code == "hostnameMismatch", "\(row.file) for \(row.host) under \(profileName): \(failure)")
        }
    }
}

@Test func addressIdentityAloneComparesOctets() throws {
    let v4 = try names("ip-v4.pem")[0], mapped = try names("ip-v4-mapped.pem")[0]
    func presented(_ host: String, by leaf: Certificate) throws -> Bool {
        try #require(ServerIdentity(ipAddress: host)).isPresented(by: leaf)
    }
    #expect(try presented("192.0.2.10", by: v4))
    #expect(try !presented("::ffff:192.0.2.10", by: v4))
    #expect(try presented("::ffff:192.0.2.10", by: mapped))
    #expect(try !presented("192.0.2.10", by: mapped))
}

// MARK: Items 12 and 13: names that cannot be compared

/// One constraint row: the fixture, and whether the chain is trusted.
struct SyntaxRow: CustomTestStringConvertible, Sendable {
    let name: String
    let trusted: Bool
    var testDescription: String { name }
}

/// Item 12 (RFC 5280 §4.2.1.10): a URI whose host is not a fully qualified
/// domain name is refused by any URI subtree. The leaves also present
/// www.example.com, the host asked for.
let uriWithoutHostRows: [SyntaxRow] = [
    // Refused by a permitted subtree before as now (no subtree matched it).
    .init(name: "uri-permitted-urn", trusted: false),
    .init(name: "uri-permitted-ipv6", trusted: false),
    .init(name: "uri-permitted-ipv4", trusted: false),
    // Trusted before: a URI without a host matched no excluded subtree.
    .init(name: "uri-excluded-urn", trusted: false),
    .init(name: "uri-excluded-ipv6", trusted: false),
    .init(name: "uri-excluded-ipv4", trusted: false),
    // A host name, with user information, port and path, is compared as before.
    .init(name: "uri-permitted-host", trusted: true),
    .init(name: "uri-excluded-other-host", trusted: true),
]

/// Item 13: a trailing dot is outside preferred name syntax in a
/// constraint and in a presented name, for every form.
let trailingDotRows: [SyntaxRow] = [
    // dNSName: a permitted `example.com.` read as `example.com`, and `.`
    // as the empty constraint that permits every name; both were trusted.
    .init(name: "dns-permitted-constraint-dot", trusted: false),
    .init(name: "dns-permitted-root", trusted: false),
    // An excluded `example.org.` no longer passes for a malformed no-op.
    .init(name: "dns-excluded-constraint-dot", trusted: false),
    .init(name: "dns-permitted", trusted: true),
    .init(name: "dns-excluded-other", trusted: true),
    // rfc822Name: an excluded `example.com` missed admin@example.com. (trusted before).
    .init(name: "mail-excluded-presented-dot", trusted: false),
    .init(name: "mail-permitted-presented-dot", trusted: false),
    .init(name: "mail-excluded-constraint-dot", trusted: false),
    .init(name: "mail-permitted-constraint-dot", trusted: false),
    .init(name: "mail-permitted", trusted: true),
    .init(name: "mail-excluded-other", trusted: true),
    // URI: an excluded `.example.net` missed https://x.example.net./ (trusted before).
    .init(name: "uri-excluded-presented-dot", trusted: false),
    .init(name: "uri-permitted-presented-dot", trusted: false),
    .init(name: "uri-excluded-constraint-dot", trusted: false),
    .init(name: "uri-permitted-constraint-dot", trusted: false),
    .init(name: "uri-permitted", trusted: true),
]

/// The name-constraint rules are the same under every profile.
@Test(arguments: uriWithoutHostRows + trailingDotRows, ValidationProfile.named.map(\.name))
func namesOutsidePreferredSyntax(_ row: SyntaxRow, _ profileName: String) throws {
    let profile = try #require(ValidationProfile.named.first { $0.name == profileName })
    switch try verdict("nc-\(row.name).pem", host: "www.example.com", profile: profile) {
    case .success:
        #expect(row.trusted, "\(row.name) was trusted under \(profileName)")
    case .failure(let failure):
        #expect(!row.trusted, "\(row.name) under \(profileName): \(failure)")
        if !row.trusted { #expect(failure == .nameConstraintViolation(index: 0), "\(row.name) under \(profileName): \(failure)") }
    }
}

/// A presented dNSName with a trailing dot: the construction rule refuses
/// it where it applies; `rfc5280`, which checks no construction rule,
/// refuses it under dNSName constraints of either kind (an excluded
/// `.example.org` let `www.example.com.` through as no match before).
@Test(arguments: ["dns-excluded-presented-dot", "dns-permitted-presented-dot"])
func presentedDNSNameWithTrailingDot(_ name: String) throws {
    let failure = try #require(verdict("nc-\(name).pem", host: "www.example.com", profile: .rfc5280).failure)
    #expect(failure == .nameConstraintViolation(index: 0))
    for profile in ValidationProfile.named where profile.leafRules.contains(.malformedDNSName) {
        let strict = try #require(verdict("nc-\(name).pem", host: "www.example.com", profile: profile).failure)
        #expect(strict.code == "nonConforming", "\(name) under \(profile.name): \(strict)")
    }
}

/// The syntax the comparisons accept, form by form, for names and subtrees.
@Test func preferredSyntaxByForm() {
    func uri(_ text: String) -> String? { NameSyntax.uriHost(Array(text.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } }
    #expect(uri("https://api.example.com/v1") == "api.example.com")
    #expect(uri("https://user@api.example.com:8443/v1?q#f") == "api.example.com")
    #expect(uri("ldap://ldap.example.com") == "ldap.example.com")
    #expect(uri("urn:example:x") == nil)
    #expect(uri("https://[2001:db8::1]/") == nil)
    #expect(uri("https://192.0.2.1/") == nil)
    #expect(uri("https://x.example.net./") == nil)
    #expect(uri("file:///etc/passwd") == nil)
    #expect(uri("https://example.com:443x/") == nil)
    #expect(uri("1http://example.com/") == nil)
    #expect(uri("mailto:admin@example.com") == nil)

    func constraint(_ kind: GeneralName.Kind, _ text: String) -> Bool { NameSyntax.isConstraint(kind, Array(text.utf8)[...]) }
    #expect(constraint(.dnsName, ""))  // every name, as Chromium, Go and webpki read it
    #expect(constraint(.dnsName, "example.com") && constraint(.dnsName, ".example.com") && constraint(.dnsName, "EXAMPLE.com"))
    #expect(!constraint(.dnsName, "example.com.") && !constraint(.dnsName, ".") && !constraint(.dnsName, "..example.com"))
    #expect(!constraint(.dnsName, "*.example.com") && !constraint(.dnsName, "exa mple.com"))
    #expect(constraint(.rfc822Name, "admin@example.com") && constraint(.rfc822Name, "example.com") && constraint(.rfc822Name, ".example.com"))
    #expect(!constraint(.rfc822Name, "example.com.") && !constraint(.rfc822Name, "admin@example.com.") && !constraint(.rfc822Name, ""))
    #expect(!constraint(.rfc822Name, "@example.com") && !constraint(.rfc822Name, ".admin@example.com."))
    #expect(constraint(.uniformResourceIdentifier, "host.example.com") && constraint(.uniformResourceIdentifier, ".example.com"))
    #expect(!constraint(.uniformResourceIdentifier, ".example.com.") && !constraint(.uniformResourceIdentifier, ""))
    #expect(!constraint(.uniformResourceIdentifier, "192.0.2.1") && !constraint(.uniformResourceIdentifier, "https://example.com/"))

    func presented(_ kind: GeneralName.Kind, _ text: String) -> Bool { NameSyntax.isPresented(kind, Array(text.utf8)[...]) }
    #expect(presented(.dnsName, "www.example.com") && presented(.dnsName, "*.example.com"))
    #expect(!presented(.dnsName, "www.example.com.") && !presented(.dnsName, "") && !presented(.dnsName, "www..example.com"))
    #expect(presented(.rfc822Name, "admin@example.com") && presented(.rfc822Name, "\"a@b\"@example.com"))
    #expect(!presented(.rfc822Name, "admin@example.com.") && !presented(.rfc822Name, "example.com") && !presented(.rfc822Name, "@example.com"))
    #expect(!presented(.rfc822Name, "admin@[192.0.2.1]"))
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
