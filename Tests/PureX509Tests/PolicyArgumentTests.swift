import Foundation
import PureX509
@testable import PureX509Tool
import Testing

// `--purpose` and `--profile` are parsed once, by
// PurposeArgument and ProfileArgument, for every command that takes them.
// The spellings are the ones the commands accepted as strings; anything
// else is refused at parse time, exit 2, naming the values.

@Test func purposeSpellingsMapToThePolicysPurpose() {
    #expect(PurposeArgument(argument: "server")?.purpose == .serverAuth)
    #expect(PurposeArgument(argument: "client")?.purpose == .clientAuth)
    #expect(PurposeArgument(argument: "any")?.purpose == VerificationPolicy.Purpose.any)
    // Spellings are exact, as the string comparisons were.
    for refused in ["email", "Server", "serverAuth", ""] { #expect(PurposeArgument(argument: refused) == nil, "\(refused)") }
    #expect(throws: (any Error).self) { try PurposeArgument.parse("email") }
}

@Test func profileSpellingsNameTheProfiles() throws {
    for name in ["strict", "chromium", "rfc5280", "apple", "cabf"] {
        let parsed = try #require(ProfileArgument(argument: name))
        #expect(parsed.profile.name == name && parsed.description == name && parsed.compared.isEmpty)
    }
    // `compatible` is Chromium's profile, and traces name it so.
    #expect(ProfileArgument(argument: "compatible")?.description == "chromium")
    let all = try #require(ProfileArgument(argument: "all"))
    #expect(all.description == "all" && all.profile.name == "strict")
    #expect(all.compared.map(\.name) == ValidationProfile.named.map(\.name))
    for refused in ["lenient", "Strict", "custom", ""] { #expect(ProfileArgument(argument: refused) == nil, "\(refused)") }
}

/// Every command that takes the options refuses an unknown value before
/// doing anything (connect before any traffic), with exit 2 and the values.
@Test func everyCommandRefusesAnUnknownPurposeOrProfile() throws {
    let chain = "Vectors/chains/valid/chain.pem"
    let purposes: [[String]] = [
        ["verify", chain], ["connect", "localhost:1"], ["scan", chain],
        ["policy", "check", "docs/pinning-example.json", chain, "--host", "a.example"], ["identity", "--no-password", "x.p12"],
    ]
    for command in purposes {
        let run = try runPurex509(command + ["--purpose", "email"])
        #expect(run.status == 2 && run.error.contains("server, client or any"), "\(command): \(run.error)")
        #expect(run.output.isEmpty)
    }
    for command in [["verify", chain], ["connect", "localhost:1"], ["scan", chain]] {
        let run = try runPurex509(command + ["--profile", "lenient"])
        #expect(run.status == 2 && run.error.contains("strict, chromium (or compatible), rfc5280, apple, cabf or all"), "\(command): \(run.error)")
        #expect(run.output.isEmpty)
    }
}
