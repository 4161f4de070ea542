// JSON output for `inspect --json` and `verify --json`, and JSON-quoted
// text for messages. Written here rather than with JSONSerialization so the
// escaping is known exactly: every C0 control character, DEL, the C1
// controls and U+2028/U+2029 leave as \u00XX-style escapes, so a name
// holding an ANSI escape or a newline reaches neither a terminal that
// shows the JSON nor a JavaScript consumer raw. Keys are written sorted,
// as the output always was (JSONSerialization's .sortedKeys).

import PureX509Config

/// A JSON document to write.
indirect enum JSONOutput {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])
    /// JSON text written as it is: a value read from the input and echoed
    /// (`scan`'s `id`), already compact and escaped by `JSONText`.
    case raw(String)

    static func optional(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// One line with no spaces (`verify --json`), or two-space indentation (`inspect --json`).
    /// `indent` is the nesting level the value starts at (an element of an
    /// array written piece by piece, as `inspect --json` streams).
    func serialized(pretty: Bool, indent: Int = 0) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: indent)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" : ""
        func pad(_ level: Int) -> String { pretty ? String(repeating: "  ", count: level) : "" }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let text): out += JSONText.quoted(text)
        case .raw(let text): out += text
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[" + newline
            for (i, element) in elements.enumerated() {
                out += pad(indent + 1)
                element.write(to: &out, pretty: pretty, indent: indent + 1)
                out += (i + 1 < elements.count ? "," : "") + newline
            }
            out += pad(indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{" + newline
            let sorted = members.sorted { $0.0 < $1.0 }
            for (i, member) in sorted.enumerated() {
                out += pad(indent + 1) + JSONText.quoted(member.0) + (pretty ? ": " : ":")
                member.1.write(to: &out, pretty: pretty, indent: indent + 1)
                out += (i + 1 < sorted.count ? "," : "") + newline
            }
            out += pad(indent) + "}"
        }
    }
}
