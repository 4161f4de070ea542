// A strict RFC 8259 reader for configuration files.
//
// Foundation's JSONSerialization kept the last of two duplicate keys, let
// trailing commas through on some platforms, and reported a syntax error as
// an NSError dump with a byte offset. A pinning configuration is security
// policy: a value the reader bends or drops can turn a pin set off. So this
// reader accepts exactly RFC 8259 (no comments, no trailing commas, no NaN,
// no leading zeros, no control characters or invalid UTF-8 in strings, no
// lone surrogates), keeps every object member in order with duplicates
// intact for the decoder to refuse, and gives every value its line and
// column. Columns count Unicode scalars from 1. A UTF-8 byte-order mark at
// the very start is skipped (RFC 8259 §8.1 lets a parser ignore it).

/// One JSON value and where it starts.
struct JSONValue {
    enum Kind {
        case null
        case bool(Bool)
        /// The number as written; `integer` when it has no fraction or
        /// exponent and fits in Int64.
        case number(text: String, integer: Int64?)
        case string(String)
        case array([JSONValue])
        /// Members in file order, duplicates kept.
        case object([Member])
    }

    struct Member {
        let key: String
        let position: JSONPosition
        let value: JSONValue
    }

    let kind: Kind
    let position: JSONPosition

    /// The value as compact JSON: members in file order (duplicates kept),
    /// numbers as written, strings escaped as `JSONText.quoted` does.
    var compactText: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch kind {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text, _): out += text
        case .string(let text): out += JSONText.quoted(text)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONText.quoted(member.key) + ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// "a string", "a number", … for "expected X, found Y" messages.
    var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text, _): return "the number " + text
        case .string(let text): return "the string " + JSONText.quoted(String(text.prefix(40)) + (text.count > 40 ? "…" : ""))
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONPosition: Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public var description: String { "line \(line), column \(column)" }
}

struct JSONSyntaxError: Error {
    let position: JSONPosition
    /// Where in the document the reader was, e.g. `pinSets[0]`; empty at the top.
    let path: String
    let message: String
}

struct StrictJSONReader {
    /// Deeper nesting than this is refused; a configuration needs three levels.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    /// Where the reader is, kept as keys and indices and spelt out only
    /// for an error: most documents have none, and a log list's thousands
    /// of members would otherwise cost a path string each.
    private var path: [PathStep] = []

    private enum PathStep {
        case member(String)
        case index(Int)

        var text: String {
            switch self {
            case .member(let key): return JSONText.member(key)
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// Parses one JSON value filling the whole input.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = StrictJSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        reader.skipWhitespace()
        guard reader.offset < bytes.count else { throw reader.error("the file holds no JSON value") }
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.error("unexpected \(reader.describeNext()) after the end of the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var here: JSONPosition { JSONPosition(line: line, column: column) }

    private func error(_ message: String, at position: JSONPosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position ?? here, path: JSONText.path(path.map(\.text)), message: message)
    }

    private func describeNext() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// Consumes one byte, keeping line and column.
    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == 0x0A { line += 1; column = 1 }
        else if byte & 0xC0 != 0x80 { column += 1 }  // continuation bytes share their scalar's column
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
            advance()
        }
    }

    private mutating func expect(_ literal: String, _ kind: JSONValue.Kind, at start: JSONPosition) throws(JSONSyntaxError) -> JSONValue {
        let first = offset
        for byte in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else {
                // The word as written (letters and digits, at most 20), so the
                // message names what is there: "'hello' is not a JSON value".
                var end = first
                while end < bytes.count, end - first < 20, Self.isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[first..<end], as: UTF8.self)
                throw error("'\(word)' is not a JSON value (the only bare words are true, false and null; text needs double quotes)", at: start)
            }
            advance()
        }
        return JSONValue(kind: kind, position: start)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = here
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try readString()), position: start)
        case UInt8(ascii: "t"): return try expect("true", .bool(true), at: start)
        case UInt8(ascii: "f"): return try expect("false", .bool(false), at: start)
        case UInt8(ascii: "n"): return try expect("null", .null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected \(describeNext()); expected a value")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = here
        advance()  // {
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { advance(); return JSONValue(kind: .object([]), position: start) }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}"), !members.isEmpty { throw error("trailing comma before '}'") }
                throw error("unexpected \(describeNext()); expected a key in double quotes")
            }
            let keyPosition = here
            let key = try readString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("unexpected \(describeNext()); expected ':' after the key") }
            advance()
            skipWhitespace()
            path.append(.member(key))
            let value = try readValue(depth: depth + 1)
            path.removeLast()
            members.append(JSONValue.Member(key: key, position: keyPosition, value: value))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[offset] == UInt8(ascii: "}") { advance(); return JSONValue(kind: .object(members), position: start) }
            guard bytes[offset] == UInt8(ascii: ",") else { throw error("unexpected \(describeNext()); expected ',' or '}'") }
            advance()
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = here
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { advance(); return JSONValue(kind: .array([]), position: start) }
        while true {
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            path.append(.index(elements.count))
            elements.append(try readValue(depth: depth + 1))
            path.removeLast()
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[offset] == UInt8(ascii: "]") { advance(); return JSONValue(kind: .array(elements), position: start) }
            guard bytes[offset] == UInt8(ascii: ",") else { throw error("unexpected \(describeNext()); expected ',' or ']'") }
            advance()
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = here
        let first = offset
        func digits(_ reader: inout StrictJSONReader) -> Int {
            var count = 0
            while reader.offset < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.offset]) { reader.advance(); count += 1 }
            return count
        }
        if bytes[offset] == UInt8(ascii: "-") { advance() }
        guard offset < bytes.count, (0x30...0x39).contains(bytes[offset]) else { throw error("a number needs a digit after '-'", at: start) }
        if bytes[offset] == UInt8(ascii: "0") {
            advance()
            if offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { throw error("a number may not have a leading zero", at: start) }
        } else {
            _ = digits(&self)
        }
        var integral = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            integral = false
            advance()
            guard digits(&self) > 0 else { throw error("a number needs digits after '.'", at: start) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            integral = false
            advance()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent", at: start) }
        }
        let text = String(decoding: bytes[first..<offset], as: UTF8.self)
        return JSONValue(kind: .number(text: text, integer: integral ? Int64(text) : nil), position: start)
    }

    /// RFC 8259 §7, with the raw bytes required to be UTF-8 (§8.1).
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let start = here
        advance()  // "
        // Printable ASCII without escapes is the whole of almost every string
        // in a configuration or a log list: one String straight from the
        // bytes, with nothing to validate and one column per byte.
        var end = offset
        while end < bytes.count {
            let byte = bytes[end]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[offset..<end], as: UTF8.self)
            column += end + 1 - offset
            offset = end + 1
            return text
        }
        var utf8 = Array(bytes[offset..<end])
        column += end - offset
        offset = end
        while true {
            guard offset < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("a string that is not valid UTF-8", at: start) }
                return text
            case 0x00..<0x20:
                throw error("control character 0x\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) inside a string; write it as \\u00XX")
            case UInt8(ascii: "\\"):
                let escapePosition = here
                advance()
                guard offset < bytes.count else { throw error("unterminated string", at: start) }
                let code = bytes[offset]
                advance()
                switch code {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(code)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4(escapePosition)
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapePosition)
                        }
                        advance(); advance()
                        let low = try readHex4(escapePosition)
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate", at: escapePosition) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapePosition)
                    }
                    utf8.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
                default:
                    throw error("invalid escape '\\\(String(UnicodeScalar(code)))' in a string", at: escapePosition)
                }
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func readHex4(_ escape: JSONPosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else { throw error("\\u needs four hexadecimal digits", at: escape) }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}
