import Foundation
import PureX509

// `verify --profile all`: the same chain, anchors, time, purpose, identity
// and revocation information under every named profile, one verdict each
// ("Will this chain work in Chrome, under RFC 5280 alone, under the strict
// default?"), decided by the same Verifier the single-profile run uses.

extension VerifyOptions {
    /// Prints `PROFILE: trusted` or `PROFILE: not trusted: REASON` per
    /// profile (with `--json`, `{"trusted", "profiles": [{"profile",
    /// "trusted", "error"}]}`), and throws `ToolExit.refused` unless every
    /// profile trusts the chain.
    func compareProfiles(store: TrustStore, policy: VerificationPolicy, sources: RevocationSources, certificates: [Certificate],
                         extra: [Certificate], extraJSON: [(String, JSONOutput)]) throws {
        var rows: [JSONOutput] = []
        var lines: [String] = []
        var everyProfileTrusts = true
        for profile in ValidationProfile.named {
            var each = policy
            each.profile = profile
            var verifier = Verifier(store: store, policy: each, revocationSources: sources)
            let explanation = verifier.explain(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + extra)
            let report = VerifyReport(explanation: explanation, chainCount: certificates.count)
            switch explanation.result {
            case .success(let chain):
                let notes = report.revocationNotes(chain)
                lines.append("\(profile.name): trusted" + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"))
                rows.append(.object([("profile", .string(profile.name)), ("trusted", .bool(true)), ("error", .null),
                                     ("path", report.pathJSON), ("revocation", report.revocationJSON(chain))]))
            case .failure(let failure):
                everyProfileTrusts = false
                lines.append("\(profile.name): not trusted: \(report.message(failure))")
                rows.append(.object([("profile", .string(profile.name)), ("trusted", .bool(false)), ("error", report.errorJSON(failure)),
                                     ("path", report.pathJSON), ("revocation", .null)]))
            }
        }
        if json {
            print(JSONOutput.object([("trusted", .bool(everyProfileTrusts)), ("profiles", .array(rows))] + extraJSON).serialized(pretty: false))
        } else {
            for line in lines { print(line) }
        }
        if !everyProfileTrusts { throw ToolExit.refused }
    }
}
