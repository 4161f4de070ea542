import Foundation
import PureX509

// How `ats-diagnostics` prints (docs/ats.md): one block per configuration
// tried, `PASS` or `FAIL` with what the server negotiated and the reason,
// then the smallest NSExceptionDomains entry as an Info.plist fragment
// written by PropertyListSerialization (XML), or why no exception helps.
// With --json, one object holding the same.

struct ATSDiagnosticsOutput {
    let url: String
    let host: String
    let port: Int
    let endpoint: String
    let file: ATSInput?
    let rows: [ATSDiagnosticRow]
    let suggestion: ATSSuggestion?
    let defaultReason: ATSAttemptOutcome

    var passes: Bool { rows.first?.outcome.passed ?? false }

    /// The suggested entry as an Info.plist fragment:
    /// NSAppTransportSecurity → NSExceptionDomains → host → keys.
    static func plist(_ suggestion: ATSSuggestion) -> String {
        var entry: [String: Any] = [:]
        for key in suggestion.keys { entry[key.key] = key.value.plist }
        let dictionary: [String: Any] = ["NSAppTransportSecurity": ["NSExceptionDomains": [suggestion.domain: entry]]]
        guard let data = try? PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Why the app's configuration fails and no exception lifts it, or that none is needed.
    var note: String {
        if passes { return "The app's ATS configuration connects to \(host): no exception is needed." }
        if let suggestion {
            return "The smallest exception that lets the app connect to \(host): "
                + suggestion.change.map(\.text).joined(separator: ", ") + " in NSExceptionDomains.\(suggestion.domain)."
        }
        guard case .fail(let code, let reason, _, _) = defaultReason else { return "No ATS exception lets the app connect to \(host)." }
        let why: String
        switch code {
        case "atsPinMismatch": why = "NSPinnedDomains holds whatever the exceptions say: the pins must match the server's keys"
        case "atsKeySize", "atsSignatureHash":
            why = "the certificates must meet ATS's key and hash sizes, which no exception lowers (Apple's SSL policy asks the same)"
        default: why = "the default server trust evaluation refuses the chain, and ATS's exceptions do not change it"
        }
        return "No ATS exception lets the app connect to \(host): \(why) — \(reason)"
    }

    var lines: [String] {
        let configuration = file.map { "the NSAppTransportSecurity dictionary of \($0.name)" } ?? "ATS's defaults"
        var lines = [
            "ATS diagnostics for \(DisplayText.escaped(url)) (\(DisplayText.escaped(endpoint)))",
            "Each try is \(configuration) with the change shown for \(DisplayText.escaped(host)); PASS means the app would connect (connect --ats agrees).",
            "",
        ]
        for row in rows {
            let title = row.change.isEmpty ? (file == nil ? "Default ATS configuration" : "The app's ATS configuration")
                : row.change.map(\.text).joined(separator: ", ")
            switch row.outcome {
            case .pass(let negotiated):
                lines.append("PASS  \(title)" + (negotiated.map { $0.text.isEmpty ? "" : " (\($0.text))" } ?? ""))
            case .fail(_, let reason, _, let negotiated):
                lines.append("FAIL  \(title)" + (negotiated.map { $0.text.isEmpty ? "" : " (\($0.text))" } ?? ""))
                lines.append("      \(DisplayText.escaped(reason))")
            case .unreachable(let error):
                lines.append("FAIL  \(title)")
                lines.append("      no handshake: \(DisplayText.escaped("\(error)"))")
            }
        }
        lines.append("")
        lines.append(DisplayText.escaped(note))
        if let suggestion {
            lines.append("")
            lines.append(contentsOf: Self.plist(suggestion).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    var json: JSONOutput {
        func keys(_ keys: [ATSExceptionKey]) -> JSONOutput { .object(keys.map { ($0.key, $0.value.json) }) }
        let rowObjects: [JSONOutput] = rows.map { row in
            var fields: [(String, JSONOutput)] = [("id", .string(row.id)), ("change", keys(row.change))]
            switch row.outcome {
            case .pass(let negotiated):
                fields += [("result", .string("PASS")), ("code", .null), ("reason", .null), ("decidedBy", .null),
                           ("handshake", negotiated?.json ?? .null)]
            case .fail(let code, let reason, let decidedBy, let negotiated):
                fields += [("result", .string("FAIL")), ("code", .string(code)), ("reason", .string(reason)),
                           ("decidedBy", decidedBy.map(VerifyOptions.sourceJSON) ?? .null), ("handshake", negotiated?.json ?? .null)]
            case .unreachable(let error):
                fields += [("result", .string("FAIL")), ("code", .string("unreachable")), ("reason", .string("\(error)")),
                           ("decidedBy", .null), ("handshake", .null)]
            }
            return .object(fields)
        }
        let suggested: JSONOutput = suggestion.map {
            .object([("domain", .string($0.domain)), ("keys", keys($0.keys)), ("change", keys($0.change)), ("plist", .string(Self.plist($0)))])
        } ?? .null
        return .object([
            ("url", .string(url)), ("host", .string(host)), ("port", .int(port)), ("endpoint", .string(endpoint)),
            ("ats", file.map { .string($0.name) } ?? .null), ("passes", .bool(passes)), ("rows", .array(rowObjects)),
            ("suggestion", suggested), ("note", .string(note)),
        ])
    }
}
