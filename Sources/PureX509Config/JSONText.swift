// JSON string literals and key paths, shared by the strict reader's error
// messages and the CLI's JSON output, so that both escape the same way.

public enum JSONText {
    /// `text` as a JSON string literal (RFC 8259 §7).
    public static func quoted(_ text: String) -> String {
        let hex: [Character] = Array("0123456789abcdef")
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                let v = Int(scalar.value)
                out += "\\u" + String([hex[v >> 12 & 0xF], hex[v >> 8 & 0xF], hex[v >> 4 & 0xF], hex[v & 0xF]])
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A key as a path component: `.name` for plain names, `["…"]` quoted
    /// for anything else, so a key cannot forge path syntax or controls.
    public static func member(_ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F }
        return plain ? "." + key : "[" + quoted(key) + "]"
    }

    /// `pinSets[0].failClosed` from [".pinSets", "[0]", ".failClosed"].
    public static func path(_ components: [String]) -> String {
        var text = components.joined()
        if text.hasPrefix(".") { text.removeFirst() }
        return text
    }
}
