import Foundation
import Testing

// `--host` takes an internationalised name and matches its
// A-label form (UTS #46 mapping, IDNA2008 checks; the conversion itself is
// the IDNA module's, tested in Tests/IDNATests). Before, any name with a
// non-ASCII character was `--host: not a valid host name` (exit 2), even
// one a browser opens.

/// A name from a real certificate (zlint's idnCorrectUnicode.pem names
/// xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks), given in mixed case
/// U-labels, matches; the leaf is its own anchor here.
@Test func verifyMatchesAnInternationalisedHost() throws {
    let leaf = "Vectors/certs/zlint-testdata/idnCorrectUnicode.pem"
    let run = try runPurex509(["verify", "--host", "WWW.Адвокатская-Контора.Москва", "--at", "2017-01-01", "--roots", leaf, leaf])
    #expect(run.status == 0, "\(run.error)")
    let policy = try runPurex509(["policy", "check", "-", leaf, "--host", "адвокатская-контора.москва", "--at", "2017-01-01", "--roots", leaf],
                                 input: Data(#"{"pinSets": [{"pattern": "other.example.org", "pins": ["sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "sha256/yb9udu+Q+Bg50u2u1OVSmG1KDO+/K+mmHqu5vw+UbJc="]}]}"#.utf8))
    #expect(policy.status == 0, "\(policy.error)")
    #expect(policy.output.contains("pin set: none for xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks"), "\(policy.output)")
    // scan: --host, and a line's own host.
    let scan = try runPurex509(["scan", "--host", "адвокатская-контора.москва", "--at", "2017-01-01", "--roots", leaf, leaf])
    #expect(scan.status == 0, "\(scan.error)")
    #expect(scan.output.contains(#""host":"xn----7sbaabin3cbc7afgb4aiqh6v.xn--80adxhks""#), "\(scan.output)")
}

/// A name with no A-label form is a usage error that says why.
@Test func anUnconvertibleHostIsAUsageError() throws {
    let run = try runPurex509(["verify", "--host", "bücher_.example", "--roots", "Vectors/chains/valid/roots.pem", "Vectors/chains/valid/chain.pem"])
    #expect(run.status == 2)
    #expect(run.error.contains("bücher_.example has no A-label form (UTS #46 and IDNA2008): U+005F '_' at position 7 of label 'bücher_' is not allowed in a host name (IDNA2008, RFC 5892)"), "\(run.error)")
    let policy = try runPurex509(["policy", "check", "-", "Vectors/chains/valid/chain.pem", "--host", "☃.example"], input: Data("{}".utf8))
    #expect(policy.status == 2)
    #expect(policy.error.contains("☃.example has no A-label form"), "\(policy.error)")
}
