import Foundation
import PKIX
import Testing
import Trust

// Names that escaped a CA's name constraints by their
// shape — a wildcard dNSName over an excluded host, a directoryName in
// another string type, case or spacing, an IPv4-mapped IPv6 address — and
// the legitimate shapes beside them. Fixtures: Vectors/bypass-and-keys (generate.py):
// each `nc-<case>.pem` is a leaf and an intermediate carrying the case's
// constraints under `root.pem`.

private func fixture(_ file: String) throws -> [Certificate] {
    try certificates(vectors.appendingPathComponent("bypass-and-keys/" + file))
}

/// The verdict on `nc-<case>.pem` for `host` (a DNS name or an address).
private func constrained(_ name: String, host: String, commonNameFallback: Bool = false) throws -> Result<VerifiedChain, TrustFailure> {
    let chain = try fixture("nc-\(name).pem")
    // 2030-01-01T00:00:00Z, inside every fixture's validity.
    var policy = VerificationPolicy(time: 1_893_456_000, identity: try #require(ServerIdentity(host: host)))
    policy.allowCommonNameFallback = commonNameFallback
    var verifier = Verifier(store: TrustStore(try fixture("root.pem")), policy: policy)
    return verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
}

/// One row: a fixture, the host asked for, and whether the chain must be trusted.
struct ConstraintRow: CustomTestStringConvertible, Sendable {
    let name: String
    let host: String
    let trusted: Bool
    var commonNameFallback = false
    var testDescription: String { name + " for " + host }
}

/// Item 8: a wildcard presented name stands for every name it can match
/// (one label over its base, RFC 9525 §6.3): excluded when any of them is,
/// permitted only when all of them are (RFC 5280 §4.2.1.10 leaves wildcards
/// undefined; Go's CVE-2025-61727 fix, BoringSSL and webpki decide so).
let wildcardConstraintRows: [ConstraintRow] = [
    // The attack: excluded bad.example.com, leaf *.example.com, host bad.example.com.
    .init(name: "wildcard-excluded-label", host: "bad.example.com", trusted: false),
    .init(name: "wildcard-excluded-label", host: "www.example.com", trusted: false),
    .init(name: "wildcard-excluded-dot", host: "www.example.com", trusted: false),
    .init(name: "wildcard-excluded-apex", host: "www.example.com", trusted: false),
    // A wildcard matches one label only: a.b.example.com is not among its names.
    .init(name: "wildcard-excluded-deeper", host: "www.example.com", trusted: true),
    .init(name: "wildcard-excluded-other", host: "www.example.com", trusted: true),
    // A single-label exclusion must not exclude every wildcard (a regression
    // Go's first fix for wildcards under exclusions shipped).
    .init(name: "wildcard-excluded-tld", host: "www.example.com", trusted: true),
    // Permitted bad.example.com only: *.example.com also names hosts outside it.
    .init(name: "wildcard-permitted-label", host: "bad.example.com", trusted: false),
    .init(name: "wildcard-permitted-apex", host: "www.example.com", trusted: true),
    // The Common Name as a DNS name (fallback on) is judged the same way.
    .init(name: "wildcard-cn-excluded-label", host: "bad.example.com", trusted: false, commonNameFallback: true),
    .init(name: "wildcard-cn-permitted-apex", host: "www.example.com", trusted: true, commonNameFallback: true),
]

/// Item 9: directoryName subtrees compare each RDN under RFC 5280 §7.1
/// (string type, ASCII case and spacing folded), as NameEquivalence does.
let directoryNameConstraintRows: [ConstraintRow] = [
    // Excluded C=US, O=Bad Org (UTF8String); the subject's is PrintableString.
    .init(name: "dirname-excluded-printable", host: "www.example.com", trusted: false),
    .init(name: "dirname-excluded-case", host: "www.example.com", trusted: false),
    .init(name: "dirname-excluded-spaces", host: "www.example.com", trusted: false),
    .init(name: "dirname-excluded-other", host: "www.example.com", trusted: true),
    // Permitted C=US, O=Good Org (UTF8String); the subject's O is " good  ORG" (PrintableString).
    .init(name: "dirname-permitted-folded", host: "www.example.com", trusted: true),
    .init(name: "dirname-permitted-other", host: "www.example.com", trusted: false),
]

/// Item 10: an IPv4-mapped IPv6 address (::ffff:a.b.c.d) falls under the
/// IPv4 ranges of its IPv4 address as well. The host asked for is the SAN's
/// own form: the identity compares octets (NameSyntaxTests).
let mappedAddressConstraintRows: [ConstraintRow] = [
    // Excluded 10.0.0.0/8; the leaf presents ::ffff:10.1.2.3.
    .init(name: "ip-excluded-v4-mapped", host: "::ffff:10.1.2.3", trusted: false),
    .init(name: "ip-excluded-v4-mapped-outside", host: "::ffff:192.0.2.7", trusted: true),
    // Permitted 192.0.2.0/24 admits ::ffff:192.0.2.7, not ::ffff:10.1.2.3.
    .init(name: "ip-permitted-v4-mapped", host: "::ffff:192.0.2.7", trusted: true),
    .init(name: "ip-permitted-v4-mapped-outside", host: "::ffff:10.1.2.3", trusted: false),
    // An IPv6 permitted range never admits a mapped address (it is used as IPv4).
    .init(name: "ip-permitted-v6-only-mapped", host: "::ffff:192.0.2.7", trusted: false),
    // An IPv6 excluded range over ::ffff:10.0.0.0/104 excludes a plain 10.1.2.3.
    .init(name: "ip-excluded-v6-mapped-range", host: "10.1.2.3", trusted: false),
    .init(name: "ip-excluded-v4-plain", host: "192.0.2.1", trusted: true),
]

@Test(arguments: wildcardConstraintRows + directoryNameConstraintRows + mappedAddressConstraintRows)
func nameConstraintShape(_ row: ConstraintRow) throws {
    switch try constrained(row.name, host: row.host, commonNameFallback: row.commonNameFallback) {
    case .success:
        #expect(row.trusted, "\(row.name) was trusted for \(row.host)")
    case .failure(let failure):
        #expect(!row.trusted, "\(row.name) for \(row.host): \(failure)")
        if !row.trusted { #expect(failure == .nameConstraintViolation(index: 0), "\(row.name) for \(row.host): \(failure)") }
    }
}

/// Item 10, identity alone: a reference address matches an iPAddress SAN of
/// the same octets only; an IPv4 address and its IPv4-mapped form do not
/// match each other (as OpenSSL, Chromium and Apple compare; NameSyntaxTests
/// runs every profile).
@Test func mappedAddressIdentityComparesOctets() throws {
    let mapped = try fixture("nc-ip-excluded-v4-mapped-outside.pem")[0]  // SAN IP ::ffff:192.0.2.7
    let plain = try fixture("nc-ip-excluded-v4-plain.pem")[0]            // SAN IP 192.0.2.1
    func presented(_ host: String, by leaf: Certificate) throws -> Bool {
        try #require(ServerIdentity(ipAddress: host)).isPresented(by: leaf)
    }
    #expect(try presented("::ffff:192.0.2.7", by: mapped))
    #expect(try presented("::FFFF:c000:0207", by: mapped))
    #expect(try presented("192.0.2.1", by: plain))
    #expect(try !presented("192.0.2.7", by: mapped))
    #expect(try !presented("::ffff:192.0.2.1", by: plain))
    #expect(try !presented("192.0.2.8", by: mapped))
    #expect(try !presented("::192.0.2.1", by: plain))
    #expect(try !presented("::fffe:192.0.2.1", by: plain))
    #expect(try !presented("64:ff9b::192.0.2.1", by: plain))
}

/// Item 9's comparison stays bounded: one comparison per (name, subtree)
/// pair plus one per RDN compared. `dirname-excluded-other` compares the
/// leaf's subject with one two-RDN subtree: 3 in all, so 3 is enough and 2
/// ends the evaluation.
@Test func directoryNameComparisonsCountAgainstTheBudget() throws {
    let chain = try fixture("nc-dirname-excluded-other.pem")
    func verify(budget: Int) throws -> Result<VerifiedChain, TrustFailure> {
        var policy = VerificationPolicy(time: 1_893_456_000, identity: ServerIdentity(host: "www.example.com"))
        policy.budgets.nameConstraintComparisons = budget
        var verifier = Verifier(store: TrustStore(try fixture("root.pem")), policy: policy)
        return verifier.verify(leaf: chain[0], intermediates: Array(chain.dropFirst()))
    }
    #expect(throws: Never.self) { try verify(budget: 3).get() }
    #expect(throws: TrustFailure.budgetExceeded(.nameConstraintComparisons)) { try verify(budget: 2).get() }
}
