import Foundation
@testable import Pinning
import PKIX
@testable import Trust
import SHA2
import Testing
import TestSupport

let vectors = Vectors.root

let publicSuffixes = PublicSuffixList(text: [UInt8]((try? Data(contentsOf: vectors.deletingLastPathComponent().appendingPathComponent("Sources/PureX509Tool/Resources/public_suffix_list.dat"))) ?? Data()))

struct PinRow: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let error: SPKIPin.ParseError?
    var testDescription: String { name }
}

// 32 bytes 00 01 … 1f in base64.
let digestBase64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="

let pinRows: [PinRow] = [
    .init(name: "OkHttp form", text: "sha256/" + digestBase64, error: nil),
    .init(name: "prefix in capitals", text: "SHA256/" + digestBase64, error: nil),
    .init(name: "TrustKit bare base64", text: digestBase64, error: nil),
    .init(name: "bare base64 with a slash", text: "AAEC/wQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", error: nil),
    .init(name: "sha1 prefix", text: "sha1/AAECAwQFBgcICQoLDA0ODxAREhM=", error: .unsupportedPrefix("sha1")),
    .init(name: "md5 prefix", text: "md5/" + digestBase64, error: .unsupportedPrefix("md5")),
    .init(name: "bad character", text: "sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8*", error: .invalidBase64),
    .init(name: "bad padding", text: "sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8", error: .invalidBase64),
    .init(name: "20-byte digest", text: "sha256/AAECAwQFBgcICQoLDA0ODxAREhM=", error: .wrongLength(20)),
    .init(name: "48-byte digest", text: "sha256/" + Base64.encode([UInt8](repeating: 7, count: 48)), error: .wrongLength(48)),
    .init(name: "empty", text: "", error: .wrongLength(0)),
    .init(name: "prefix only", text: "sha256/", error: .wrongLength(0)),
]

@Test(arguments: pinRows)
func pinStrings(_ row: PinRow) throws {
    if let error = row.error {
        #expect(throws: error) { try SPKIPin(row.text) }
    } else {
        let pin = try SPKIPin(row.text)
        #expect(pin.description.hasPrefix("sha256/"))
        #expect(try SPKIPin(pin.description) == pin)
    }
}

@Test func pinOfACertificateIsSHA256OfItsSPKI() throws {
    let der = try PEM.certificates(in: [UInt8](Data(contentsOf: vectors.appendingPathComponent("generated/ed25519.pem"))))[0].der
    let certificate = try Certificate(derEncoded: der)
    // The same value `openssl … | openssl dgst -sha256 -binary | base64` gives (CLITests checks the pipeline).
    #expect(SPKIPin(certificate: certificate) == SPKIPin(subjectPublicKeyInfo: Array(certificate.subjectPublicKeyInfo.encoded)))
    #expect(SPKIPin(certificate: certificate).digest == SHA256.hash(certificate.subjectPublicKeyInfo.encoded))
}

struct PatternRow: CustomTestStringConvertible, Sendable {
    let pattern: String
    let includeSubdomains: Bool
    let host: String
    let matches: Bool
    var testDescription: String { "\(pattern)\(includeSubdomains ? " +sub" : "") ~ \(host)" }
}

let patternRows: [PatternRow] = [
    .init(pattern: "example.com", includeSubdomains: false, host: "example.com", matches: true),
    .init(pattern: "example.com", includeSubdomains: false, host: "www.example.com", matches: false),
    .init(pattern: "example.com", includeSubdomains: true, host: "www.example.com", matches: true),
    .init(pattern: "example.com", includeSubdomains: true, host: "a.b.example.com", matches: true),
    .init(pattern: "example.com", includeSubdomains: true, host: "example.com", matches: true),
    .init(pattern: "example.com", includeSubdomains: true, host: "badexample.com", matches: false),
    .init(pattern: "*.example.com", includeSubdomains: false, host: "www.example.com", matches: true),
    .init(pattern: "*.example.com", includeSubdomains: false, host: "example.com", matches: false),
    .init(pattern: "*.example.com", includeSubdomains: false, host: "a.b.example.com", matches: false),
    .init(pattern: "**.example.com", includeSubdomains: false, host: "example.com", matches: true),
    .init(pattern: "**.example.com", includeSubdomains: false, host: "www.example.com", matches: true),
    .init(pattern: "**.example.com", includeSubdomains: false, host: "a.b.c.example.com", matches: true),
    .init(pattern: "**.example.com", includeSubdomains: false, host: "example.org", matches: false),
    .init(pattern: "EXAMPLE.com", includeSubdomains: false, host: "example.COM", matches: true),
    .init(pattern: "example.com.", includeSubdomains: false, host: "example.com", matches: true),
    .init(pattern: "example.com", includeSubdomains: false, host: "example.com.", matches: true),
    .init(pattern: "*.example.com", includeSubdomains: false, host: "WWW.EXAMPLE.COM.", matches: true),
]

@Test(arguments: patternRows)
func hostPatterns(_ row: PatternRow) throws {
    let pattern = try HostPattern(row.pattern, includeSubdomains: row.includeSubdomains, publicSuffixes: publicSuffixes)
    #expect(pattern.matches(row.host) == row.matches)
}

/// RFC 3492 §7.1's sample strings and the list's own comments (`// xn--55qx5d : …`).
@Test func punycodeEncodesAsTheRFCSays() {
    func encode(_ text: String) -> String? { Punycode.aLabel(Array(text.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } }
    #expect(encode("公司") == "xn--55qx5d")
    #expect(encode("网络") == "xn--io0a7i")
    #expect(encode("香港") == "xn--j6w193g")
    #expect(encode("bücher") == "xn--bcher-kva")
    #expect(encode("他们为什么不说中文") == "xn--ihqwcrb4cv8a8dqg056pqjye")  // RFC 3492 §7.1 (B)
    #expect(encode("example") == "example")
    #expect(Punycode.aLabel([0xFF, 0x41][...]) == nil, "not UTF-8")
}

@Test func patternsOnPublicSuffixesAreRefused() throws {
    #expect(publicSuffixes.ruleCount > 5_000)
    for text in ["*.com", "**.com", "*.co.uk", "**.co.uk", "*.github.io", "**.foo.kawasaki.jp"] {  // the last by the *.kawasaki.jp wildcard rule
        #expect(throws: HostPattern.ParseError.publicSuffix(text)) { try HostPattern(text, publicSuffixes: publicSuffixes) }
    }
    #expect(throws: HostPattern.ParseError.publicSuffix("com")) { try HostPattern("com", includeSubdomains: true, publicSuffixes: publicSuffixes) }
    // The list's U-label rules meet A-label patterns (公司.cn, 网络.cn, 公司.香港; *.城市.kawasaki.jp is no rule).
    for text in ["*.xn--55qx5d.cn", "**.xn--io0a7i.cn", "*.xn--55qx5d.xn--j6w193g", "*.XN--55QX5D.cn"] {
        #expect(throws: HostPattern.ParseError.publicSuffix(text)) { try HostPattern(text, publicSuffixes: publicSuffixes) }
    }
    _ = try HostPattern("*.shop.xn--55qx5d.cn", publicSuffixes: publicSuffixes)
    // Without a list, the default rule still refuses a bare top-level domain.
    #expect(throws: HostPattern.ParseError.publicSuffix("*.org")) { try HostPattern("*.org") }
    // Registrable names below a suffix are fine, and so is an exact pattern on a suffix.
    _ = try HostPattern("*.example.co.uk", publicSuffixes: publicSuffixes)
    _ = try HostPattern("**.city.kawasaki.jp", publicSuffixes: publicSuffixes)  // an exception rule
    _ = try HostPattern("co.uk", publicSuffixes: publicSuffixes)
    for bad in ["", "*", "exa mple.com", "*.*.example.com", "-bad.example.com", "a..b"] {
        #expect(throws: HostPattern.ParseError.invalidPattern(bad)) { try HostPattern(bad, publicSuffixes: publicSuffixes) }
    }
}

/// Every name one label below the base of a wildcard rule is a public
/// suffix (the list's `*.compute.amazonaws.com`, `*.kawasaki.jp`), so a
/// pattern reaching below that base covers suffixes and the registrable
/// domains of many owners under them. `**.compute.amazonaws.com` and
/// `**.kawasaki.jp` used to load while the narrower
/// `**.x.compute.amazonaws.com` was refused.
@Test func patternsBelowTheBaseOfAWildcardRuleAreRefused() throws {
    #expect(publicSuffixes.isWildcardRuleBase(Array("kawasaki.jp".utf8)))
    #expect(!publicSuffixes.isPublicSuffix(Array("kawasaki.jp".utf8)), "the base itself is registrable under the rule jp")
    for text in ["**.compute.amazonaws.com", "**.kawasaki.jp", "*.compute.amazonaws.com", "*.kawasaki.jp",
                 "**.KAWASAKI.jp.", "**.x.compute.amazonaws.com", "**.foo.kawasaki.jp"] {
        #expect(throws: HostPattern.ParseError.publicSuffix(text)) { try HostPattern(text, publicSuffixes: publicSuffixes) }
    }
    for text in ["compute.amazonaws.com", "kawasaki.jp"] {
        #expect(throws: HostPattern.ParseError.publicSuffix(text)) {
            try HostPattern(text, includeSubdomains: true, publicSuffixes: publicSuffixes)
        }
    }
}

/// What stays accepted: an exact pattern on the base (it pins that one
/// name), names an exception rule makes registrable (`!city.kawasaki.jp`)
/// with any wildcard or subdomains, and registrable domains below the
/// suffixes. Only the base of a wildcard rule is judged: a domain with
/// some suffix rules further below it and names of its own beside them
/// (`amazonaws.com`, whose `s3.amazonaws.com` is a rule) is not refused
/// (docs/pinning.md).
@Test func patternsBesideTheWildcardRulesStayAccepted() throws {
    for text in ["kawasaki.jp", "compute.amazonaws.com", "**.city.kawasaki.jp", "*.city.kawasaki.jp",
                 "**.shop.foo.kawasaki.jp", "*.ec2.x.compute.amazonaws.com", "**.amazonaws.com", "www.city.kawasaki.jp"] {
        #expect(throws: Never.self) { try HostPattern(text, publicSuffixes: publicSuffixes) }
    }
    let city = try HostPattern("city.kawasaki.jp", includeSubdomains: true, publicSuffixes: publicSuffixes)
    #expect(city.matches("www.city.kawasaki.jp") && !city.matches("foo.kawasaki.jp"))
    // Without a list nothing is known to be a wildcard base.
    #expect(throws: Never.self) { try HostPattern("**.kawasaki.jp") }
}

@Test func mostSpecificPatternWins() throws {
    let patterns = [try HostPattern("**.example.com"), try HostPattern("*.example.com"), try HostPattern("www.example.com"),
                    try HostPattern("example.com", includeSubdomains: true)]
    let best = patterns.filter { $0.matches("www.example.com") }.max { $0.specificity < $1.specificity }
    #expect(best?.description == "www.example.com")
    let forOther = patterns.filter { $0.matches("mail.example.com") }.max { $0.specificity < $1.specificity }
    #expect(forOther?.description == "*.example.com")
    let forApex = patterns.filter { $0.matches("example.com") }.max { $0.specificity < $1.specificity }
    #expect(forApex?.kind == .anyDepth || forApex?.includeSubdomains == true)
}

/// An address is a pattern only as itself, compared by value; wildcards and
/// name patterns never cover an address (`**.0.2.7` is a name pattern).
@Test func addressPatternsMatchOnlyTheirAddress() throws {
    let v6 = try HostPattern("2001:DB8::7")
    #expect(v6.matches("2001:db8:0::7"))
    #expect(!v6.matches("2001:db8::8"))
    let v4 = try HostPattern("192.0.2.7")
    #expect(v4.matches("192.0.2.7") && !v4.matches("192.0.2.70"))
    for text in ["*.0.2.7", "**.0.2.7", "**.2.7"] {
        #expect(!(try HostPattern(text)).matches("192.0.2.7"), "\(text)")
    }
    #expect(!(try HostPattern("**.example.com")).matches("192.0.2.7"))
    #expect(throws: HostPattern.ParseError.invalidPattern("192.0.2.7")) { try HostPattern("192.0.2.7", includeSubdomains: true) }
}

/// An IPv4-mapped IPv6 address is the IPv4 host it maps,
/// for pin-set patterns as for the host identity; other IPv6 forms of the
/// same octets (IPv4-compatible, NAT64) are not.
@Test func mappedAddressPatternsMatchTheirIPv4Host() throws {
    #expect(try HostPattern("10.1.2.3").matches("::ffff:10.1.2.3"))
    #expect(try HostPattern("::ffff:10.1.2.3").matches("10.1.2.3"))
    #expect(try HostPattern("::FFFF:a01:203").matches("10.1.2.3"))
    #expect(!(try HostPattern("10.1.2.3")).matches("::ffff:10.1.2.4"))
    #expect(!(try HostPattern("10.1.2.3")).matches("::10.1.2.3"))
    #expect(!(try HostPattern("10.1.2.3")).matches("64:ff9b::10.1.2.3"))
}
