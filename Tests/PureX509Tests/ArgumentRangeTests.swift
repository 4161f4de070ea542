import Foundation
import PureX509
import PureX509Config
import Testing

// Times and bench flags that trapped the tool or were
// silently rolled over now end in exit 2 with the reason on stderr.

struct BadArgument: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    /// A fragment of the message the user must see.
    let message: String
    var testDescription: String { name }
}

// The Netflix chain needs the compatible profile (its intermediate has no authorityKeyIdentifier).
let verifyChain = ["--profile", "compatible", "--roots", "Vectors/samples/netflix-root.pem", "Vectors/samples/netflix-chain.pem"]

let badTimes: [BadArgument] = [
    .init(name: "Int64.min", arguments: ["--at=-9223372036854775808"], message: "is outside 0000-01-01T00:00:00Z"),
    .init(name: "Int64.min + 86_399", arguments: ["--at=-9223372036854689409"], message: "is outside"),
    .init(name: "Int64.max", arguments: ["--at=9223372036854775807"], message: "is outside"),
    .init(name: "one second before year 0000", arguments: ["--at=-62167219201"], message: "is outside"),
    .init(name: "one second after 9999", arguments: ["--at=253402300800"], message: "is outside"),
    .init(name: "past Int64", arguments: ["--at=9223372036854775808"], message: "not a number of seconds in 64 bits"),
    .init(name: "a sign alone", arguments: ["--at=-"], message: "not a number of seconds"),
    .init(name: "February 30", arguments: ["--at", "2025-02-30T00:00:00Z"], message: "has day 30, but February 2025 has 28 days"),
    .init(name: "February 29 in a common year", arguments: ["--at", "2025-02-29T00:00:00Z"], message: "February 2025 has 28 days"),
    .init(name: "April 31", arguments: ["--at", "2025-04-31T00:00:00Z"], message: "April 2025 has 30 days"),
    .init(name: "month 13", arguments: ["--at", "2025-13-01T00:00:00Z"], message: "has month 13, not 01–12"),
    .init(name: "month 00", arguments: ["--at", "2025-00-01T00:00:00Z"], message: "has month 0, not 01–12"),
    .init(name: "day 00", arguments: ["--at", "2025-01-00T00:00:00Z"], message: "has day 0"),
    .init(name: "hour 24", arguments: ["--at", "2025-01-01T24:00:00Z"], message: "has hour 24, not 00–23"),
    .init(name: "minute 60", arguments: ["--at", "2025-01-01T00:60:00Z"], message: "has minute 60, not 00–59"),
    .init(name: "leap second", arguments: ["--at", "2016-12-31T23:59:60Z"], message: "has second 60"),
    .init(name: "offset hour 24", arguments: ["--at", "2025-01-01T00:00:00+24:00"], message: "has offset hour 24"),
    .init(name: "offset past year 0000", arguments: ["--at", "0000-01-01T00:00:00+00:01"], message: "is outside"),
    .init(name: "no zone", arguments: ["--at", "2025-01-01T00:00:00"], message: "is not a time"),
    .init(name: "a decimal point alone", arguments: ["--at", "2025-01-01T00:00:00.Z"], message: "has a decimal point without digits"),
    .init(name: "a fraction without a zone", arguments: ["--at", "2025-01-01T00:00:00.5"], message: "is not a time"),
    .init(name: "a date alone, February 30", arguments: ["--at", "2025-02-30"], message: "has day 30, but February 2025 has 28 days"),
    .init(name: "a date without its day", arguments: ["--at", "2025-02"], message: "is not a time"),
    .init(name: "a word", arguments: ["--at", "yesterday"], message: "give UNIX seconds, a date such as 2024-01-02 (midnight UTC) or ISO 8601"),
]

@Test(arguments: badTimes)
func verifyRefusesTimesOutsideTheCalendar(_ row: BadArgument) throws {
    let run = try runPurex509(["verify"] + row.arguments + verifyChain)
    #expect(run.status == 2)
    #expect(run.error.contains("--at: "), "\(run.error)")
    #expect(run.error.contains(row.message), "\(run.error)")
}

/// `policy check --at` shares the parser.
@Test func policyCheckRefusesAnImpossibleDate() throws {
    let run = try runPurex509(["policy", "check", "docs/pinning-example.json", "Vectors/chains/valid/chain.pem",
                               "--host", "a.wild.example.com", "--at", "2025-02-30T00:00:00Z"])
    #expect(run.status == 2)
    #expect(run.error.contains("February 2025 has 28 days"))
}

/// The edges of the accepted range, and an offset, are accepted.
@Test func verifyAcceptsTheEdgesOfTheRange() throws {
    for at in ["--at=-62167219200", "--at=253402300799", "--at=0000-01-01T00:00:00Z", "--at=9999-12-31T23:59:59Z"] {
        let run = try runPurex509(["verify", at] + verifyChain)
        #expect(run.status == 1, "\(at): \(run.error)")
        #expect(run.error.contains("not trusted: input certificate 0 ("), "\(at): \(run.error)")
    }
    // 2017-06-01T02:00:00+02:00 is 1496275200, the README's evaluation time.
    let offset = try runPurex509(["verify", "--host", "www.netflix.com", "--at", "2017-06-01T02:00:00+02:00", "--json"] + verifyChain)
    #expect(offset.status == 0, "\(offset.error)")
    let leapDay = try runPurex509(["verify", "--at", "2024-02-29T12:00:00Z"] + verifyChain)
    #expect(leapDay.status == 1)
}

/// A date alone is midnight UTC; fractional seconds name the second that holds them.
@Test func verifyAcceptsADateAloneAndFractionalSeconds() throws {
    for at in ["2017-06-01", "2017-06-01T00:00:00.999Z", "2017-06-01T02:00:00.5+02:00", "1496275200"] {
        let run = try runPurex509(["verify", "--host", "www.netflix.com", "--at", at, "--json"] + verifyChain)
        #expect(run.status == 0, "\(at): \(run.error)")
    }
    #expect((try? TimeArgument.parse("2017-06-01").get()) == 1_496_275_200)
    #expect((try? TimeArgument.parse("2017-06-01T00:00:00.999999999Z").get()) == 1_496_275_200)
    #expect((try? TimeArgument.parse("1969-12-31T23:59:59.5Z").get()) == -1)
}

let badBenchFlags: [BadArgument] = [
    // ArgumentParser reads "-1" after a space as a flag; "=" passes the number.
    .init(name: "parse --seconds -1", arguments: ["parse", "--seconds", "-1", "Vectors/generated/v1.pem"], message: "Missing value for '--seconds"),
    .init(name: "parse --seconds=-1", arguments: ["parse", "--seconds=-1", "Vectors/generated/v1.pem"], message: "--seconds: -1.0 is outside"),
    .init(name: "parse --seconds 0", arguments: ["parse", "--seconds", "0", "Vectors/generated/v1.pem"], message: "--seconds"),
    .init(name: "parse --seconds nan", arguments: ["parse", "--seconds", "nan", "Vectors/generated/v1.pem"], message: "--seconds"),
    .init(name: "parse --seconds inf", arguments: ["parse", "--seconds", "inf", "Vectors/generated/v1.pem"], message: "--seconds"),
    .init(name: "parse --seconds 1e300", arguments: ["parse", "--seconds", "1e300", "Vectors/generated/v1.pem"], message: "--seconds"),
    .init(name: "parse --passes 0", arguments: ["parse", "--passes", "0", "Vectors/generated/v1.pem"], message: "--passes: 0 is outside 1–1000000"),
    .init(name: "parse --passes -3", arguments: ["parse", "--passes=-3", "Vectors/generated/v1.pem"], message: "--passes: -3 is outside"),
    .init(name: "sha256 --size 1000000000000", arguments: ["sha256", "--size", "1000000000000"], message: "--size: 1000000000000 is outside 1–67108864 bytes"),
    .init(name: "sha256 --size 0", arguments: ["sha256", "--size", "0"], message: "--size: 0 is outside"),
    .init(name: "sha256 --size -1", arguments: ["sha256", "--size=-1"], message: "--size: -1 is outside"),
    .init(name: "sha256 --seconds -1", arguments: ["sha256", "--seconds=-1"], message: "--seconds"),
]

@Test(arguments: badBenchFlags)
func benchRefusesFlagsOutsideTheirRange(_ row: BadArgument) throws {
    let run = try runPurex509(["bench"] + row.arguments)
    #expect(run.status == 2)
    #expect(run.error.contains(row.message), "\(run.error)")
}

/// The smallest valid run: one pass, and the shortest duration.
@Test func benchAcceptsTheLowerEdges() throws {
    let one = try runPurex509(["bench", "parse", "--passes", "1", "Vectors/generated/v1.pem"])
    #expect(one.status == 0, "\(one.error)")
    #expect(one.output.contains("parsed 1 certificates"))
    let short = try runPurex509(["bench", "sha256", "--size", "1", "--seconds", "0.001"])
    #expect(short.status == 0, "\(short.error)")
}

/// The library takes any Int64 as the evaluation time: at both extremes the
/// verifier answers with a typed failure whose message formats the time.
@Test func verifierIsTotalAtTheExtremesOfTime() throws {
    let root = try String(contentsOf: repository.appendingPathComponent("Vectors/samples/netflix-root.pem"), encoding: .utf8)
    let chain = try String(contentsOf: repository.appendingPathComponent("Vectors/samples/netflix-chain.pem"), encoding: .utf8)
    var store = TrustStore()
    try store.add(bundle: Array(root.utf8))
    let presented = try PEM.certificates(in: Array(chain.utf8)).map { $0.der }
    for (time, code, text) in [(Int64.min, "notYetValid", "-292277022657-01-27T08:29:52Z"),
                               (Int64.max, "expired", "+292277026596-12-04T15:30:07Z")] {
        var verifier = Verifier(store: store, policy: VerificationPolicy(time: time))
        guard case .failure(let failure) = verifier.verify(presented: presented) else {
            Issue.record("trusted at \(time)")
            continue
        }
        #expect(failure.code == code)
        #expect(failure.description.contains(text), "\(failure)")
    }
}
