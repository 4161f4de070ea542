import PureX509

/// `inspect --lenient`: what can be read of a certificate the strict
/// parser refused, and the rule that refused it. The walk accepts what DER
/// forbids but BER allows in lengths (long forms, leading zeros) and reads
/// the fields by position; an element whose length runs past its parent
/// (a truncated file) or is indefinite is read to the parent's end, and
/// that is said. It never decides anything, so nothing it shows is a
/// verdict. Bounded: 4,096 elements, one pass.
struct LenientCertificate {
    /// One TLV as a permissive reader sees it.
    struct Element {
        let tag: UInt8
        let start: Int
        let content: Range<Int>
        var constructed: Bool { tag & 0x20 != 0 }
    }

    let bytes: [UInt8]
    let refusal: String
    private(set) var fields: [(label: String, key: String, value: String)] = []
    /// Where the fields stopped making sense, if they did.
    private(set) var stopped: String?
    /// Elements whose length was cut to what the input holds.
    private(set) var cutShort = 0
    private var budget = 4_096

    init(_ bytes: [UInt8], refusal: String) {
        self.bytes = bytes
        self.refusal = refusal
        read()
    }

    /// The TLV at `offset`, within `end`; nil for a multi-octet tag, a
    /// malformed length, or an exhausted budget. A length beyond `end`, or
    /// an indefinite one, is cut to `end` (counted in `cutShort`).
    mutating func element(at offset: Int, end: Int) -> Element? {
        guard budget > 0, offset + 2 <= end else { return nil }
        budget -= 1
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { return nil }
        var position = offset + 1
        let first = bytes[position]
        position += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else if first == 0x80 {
            length = Int.max
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4, position + count <= end else { return nil }
            for byte in bytes[position..<(position + count)] { length = length << 8 | Int(byte) }
            position += count
        }
        if length > end - position {
            cutShort += 1
            length = end - position
        }
        return Element(tag: tag, start: offset, content: position..<(position + length))
    }

    mutating func children(of parent: Element) -> [Element] {
        var result: [Element] = []
        var offset = parent.content.lowerBound
        while offset < parent.content.upperBound, let child = element(at: offset, end: parent.content.upperBound) {
            result.append(child)
            offset = child.content.upperBound
        }
        return result
    }

    private mutating func add(_ label: String, _ key: String, _ value: String) { fields.append((label, key, value)) }

    private mutating func stop(_ reason: String) { stopped = reason }

    private mutating func read() {
        guard let certificate = element(at: 0, end: bytes.count), certificate.tag == 0x30 else {
            return stop("the outer element is not a SEQUENCE")
        }
        let parts = children(of: certificate)
        guard let tbs = parts.first, tbs.tag == 0x30 else { return stop("no TBSCertificate SEQUENCE") }
        var fields = children(of: tbs)[...]
        if let first = fields.first, first.tag == 0xA0 {
            fields = fields.dropFirst()
            let inner = children(of: first)
            if let number = inner.first, number.tag == 0x02, number.content.count == 1 {
                add("Version", "version", String(Int(bytes[number.content.lowerBound]) + 1))
            } else {
                add("Version", "version", "unreadable")
            }
        } else {
            add("Version", "version", "1 (no version field)")
        }
        let names = ["serial", "signature", "issuer", "validity", "subject", "subjectPublicKeyInfo"]
        let slots = Array(fields.prefix(6))
        for (index, slot) in slots.enumerated() {
            switch names[index] {
            case "serial":
                add("Serial", "serial", slot.tag == 0x02 ? CertificateSummary.serialText(Array(bytes[slot.content])) : "not an INTEGER (tag \(hexTag(slot.tag)))")
            case "signature": add("Signature algorithm", "signatureAlgorithm", algorithm(slot))
            case "issuer": add("Issuer", "issuer", name(slot))
            case "validity":
                let times = children(of: slot)
                add("Not before", "notBefore", times.count > 0 ? text(times[0]) : "missing")
                add("Not after", "notAfter", times.count > 1 ? text(times[1]) : "missing")
            case "subject": add("Subject", "subject", name(slot))
            default:
                let inner = children(of: slot)
                let key = inner.first.map { algorithm($0) } ?? "unreadable"
                add("Public key", "publicKeyAlgorithm", key)
            }
        }
        if slots.count < 6 { return stop("the TBSCertificate ends after \(slots.count) of its 6 required fields") }
        for extra in fields.dropFirst(6) {
            guard extra.tag == 0xA3 else {
                add("Field", "field", "[\(extra.tag & 0x1F)] \(Hex.encode(bytes[extra.content], separator: ":"))")
                continue
            }
            guard let list = children(of: extra).first else { continue }
            for ext in children(of: list) {
                let parts = children(of: ext)
                guard let id = parts.first, id.tag == 0x06 else { add("Extension", "extension", "unreadable"); continue }
                let critical = parts.count == 3 && parts[1].tag == 0x01 && bytes[parts[1].content].first.map { $0 != 0 } == true
                let value = parts.last.map { Hex.encode(bytes[$0.content], separator: ":") } ?? ""
                add("Extension", "extension", CertificateSummary.extensionName(OID(der: Array(bytes[id.content]))) + (critical ? " (critical)" : "") + ": " + value)
            }
        }
        if parts.count < 3 { stop("the certificate has \(parts.count) of its 3 parts (TBSCertificate, algorithm, signature)") }
    }

    private func hexTag(_ tag: UInt8) -> String { "0x" + Hex.encode([tag]) }

    private mutating func algorithm(_ element: Element) -> String {
        guard element.tag == 0x30, let id = children(of: element).first, id.tag == 0x06 else { return "unreadable (tag \(hexTag(element.tag)))" }
        let oid = OID(der: Array(bytes[id.content]))
        return oid.shortName ?? oid.description
    }

    /// A Name attribute by attribute: TYPE=text for string values, TYPE=#hex otherwise.
    private mutating func name(_ element: Element) -> String {
        guard element.tag == 0x30 else { return "unreadable (tag \(hexTag(element.tag)))" }
        var parts: [String] = []
        for rdn in children(of: element) {
            for attribute in children(of: rdn) {
                let pair = children(of: attribute)
                guard pair.count == 2, pair[0].tag == 0x06 else { parts.append("?"); continue }
                let oid = OID(der: Array(bytes[pair[0].content]))
                parts.append((oid.shortName ?? oid.description) + "=" + text(pair[1]))
            }
        }
        return parts.joined(separator: ", ")
    }

    /// String and time types as escaped text; anything else as #hex.
    private func text(_ element: Element) -> String {
        switch element.tag {
        case 0x0C, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1A: return DisplayText.escaped(utf8: bytes[element.content])
        default: return "#" + Hex.encode(bytes[element.start..<element.content.upperBound])
        }
    }

    var text: String {
        var lines = ["  Refused:               \(refusal)", "  Lenient reading (not a verdict; fields as far as they could be read):"]
        for field in fields {
            lines.append("  " + field.label + ":" + String(repeating: " ", count: max(1, 22 - field.label.count)) + field.value)
        }
        if cutShort > 0 { lines.append("  Cut short:             \(cutShort) element(s) longer than the input (truncated, or an indefinite length); read to its end") }
        if let stopped { lines.append("  Stopped:               \(stopped)") }
        return lines.joined(separator: "\n")
    }

    var json: [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = [("lenient", .bool(true)), ("refused", .string(refusal))]
        var extensions: [JSONOutput] = [], others: [JSONOutput] = []
        for field in fields {
            switch field.key {
            case "extension": extensions.append(.string(field.value))
            case "field": others.append(.string(field.value))
            default: members.append((field.key, .string(field.value)))
            }
        }
        members.append(("extensions", .array(extensions)))
        if !others.isEmpty { members.append(("otherFields", .array(others))) }
        members.append(("cutShort", .int(cutShort)))
        members.append(("stopped", JSONOutput.optional(stopped)))
        return members
    }
}
