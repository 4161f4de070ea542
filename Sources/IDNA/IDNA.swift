// IDNA: an internationalised host name (U-labels) to the A-labels a
// certificate, SNI and pin patterns carry.
//
// UTS #46 processing as browsers apply it (nontransitional: ß, ς, ZWJ and
// ZWNJ kept; UseSTD3ASCIIRules off, the host-name check that follows is the
// caller's own), then the IDNA2008 label rules (RFC 5891 §4.2, RFC 5892,
// RFC 5893), step for step as PyPI's `idna` package does for
// `idna.encode(name, uts46=True)`, whose data IDNATables.swift carries:
//
// 1. map each code point by the UTS #46 table (case folding, compatibility
//    mappings such as fullwidth letters and ideographic full stops; ignored
//    ones dropped; a disallowed one refuses the name), then NFC;
// 2. split at "."; an empty label refuses the name, a trailing dot is kept;
// 3. each label: an ASCII label is checked (an `xn--` one must be the
//    canonical Punycode of a valid U-label), any other is checked and
//    encoded as `xn--` + Punycode (RFC 3492);
//    the checks: NFC, no "--" in positions 3–4, no leading or trailing
//    hyphen, no leading combining mark, each code point PVALID or allowed
//    by its CONTEXTJ/CONTEXTO rule, and the Bidi Rule for labels holding
//    right-to-left characters;
// 4. labels of at most 63 octets, names of at most 253 (254 with the dot).
//
// A module of its own, outside the core: the tables are too large for the
// Embedded build, and the core takes the conversion as a value
// (`HostNameConversion.uts46`, below). It imports no Foundation, so that
// `import PureX509` adds none: NFC comes from the standard library's own
// Unicode data (`_nfcCodeUnits`, the normaliser String comparison uses).
// Vectors/idna holds the conformance vectors (IdnaTestV2.txt's inputs as
// the `idna` package's tests carry them) that Tests/IDNATests replays.

import Pinning
import Trust

/// UTS #46 / IDNA2008 conversion of host names to their A-label form.
public enum IDNA {
    /// Why a name has no A-label form.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The rule as the `idna` package names it (`disallowed_codepoint`,
        /// `bidi_rule_2`, `label_too_long`, …).
        public let code: String
        /// The rule and the offending character or label, in words.
        public let description: String
    }

    /// Whether `name` holds anything but ASCII, i.e. needs `toASCII` before
    /// it can be matched (ASCII names are taken as they are).
    public static func isInternationalised(_ name: String) -> Bool {
        name.utf8.contains { $0 >= 0x80 }
    }

    /// The A-label form of `name` (UTS #46 ToASCII with the IDNA2008 checks).
    public static func toASCII(_ name: String) -> Result<String, Failure> {
        do throws(Failure) { return .success(try convert(Array(name.unicodeScalars).map(\.value))) } catch { return .failure(error) }
    }

    /// `idna`'s bound on any input, so no rule below runs on megabytes.
    static let maximumInput = 1024

    private static func fail(_ code: String, _ text: String) -> Failure { Failure(code: code, description: text) }

    static func show(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        // Visible ones as themselves too. Controls, marks, spaces and format
        // characters alone would mislead, and a bidi override (U+202E) would
        // reorder the rest of the message on the user's terminal.
        guard let value = Unicode.Scalar(scalar), !Tables.shared.isMark(scalar) else { return code }
        switch value.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
             .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return code
        default:
            return code + " '" + String(Character(value)) + "'"
        }
    }

    private static func convert(_ input: [UInt32]) throws(Failure) -> String {
        guard input.count <= maximumInput else { throw fail("input_too_long", "longer than \(maximumInput) characters") }
        let tables = Tables.shared
        if let line = tables.damagedLine {
            throw fail("tables_damaged", "the compiled-in IDNA tables do not read (line \(line)); no name can be converted")
        }
        var mapped: [UInt32] = []
        for (position, scalar) in input.enumerated() {
            switch tables.mapping(scalar) {
            case .keep: mapped.append(scalar)
            case .replace(let replacement): mapped += replacement
            case .ignore: break
            case .disallowed:
                throw fail("uts46_disallowed", "\(show(scalar)) at position \(position + 1) is not allowed in a host name (UTS #46)")
            }
        }
        let text = nfc(mapped)
        guard text.count <= 254 else { throw fail("domain_too_long", "longer than 253 characters") }
        var labels = text.split(separator: 0x2E, omittingEmptySubsequences: false).map(Array.init)
        if labels == [[]] { throw fail("empty_domain", "an empty name") }
        var trailingDot = false
        if labels.last?.isEmpty == true {
            labels.removeLast()
            trailingDot = true
        }
        var encoded: [String] = []
        for label in labels {
            guard !label.isEmpty else { throw fail("empty_label", "has an empty label (two dots in a row, or a leading dot)") }
            encoded.append(try aLabel(label))
        }
        let result = encoded.joined(separator: ".") + (trailingDot ? "." : "")
        guard result.utf8.count <= 253 + (trailingDot ? 1 : 0) else {
            throw fail("domain_too_long", "its A-label form is \(result.utf8.count) octets, more than 253 (RFC 1035)")
        }
        return result
    }

    /// RFC 5891 §4.4: the label itself when ASCII (checked), else `xn--` + Punycode.
    private static func aLabel(_ label: [UInt32]) throws(Failure) -> String {
        if label.allSatisfy({ $0 < 0x80 }) {
            try checkASCII(label)
            let text = String(decoding: label.map { UInt8($0) }, as: UTF8.self)
            guard label.count <= 63 else { throw fail("label_too_long", "label '\(text.prefix(20))…' is longer than 63 octets") }
            return text
        }
        try checkLabel(label)
        guard let punycode = Punycode.encode(label) else { throw fail("label_too_long", "a label too long to encode") }
        let text = "xn--" + String(decoding: punycode, as: UTF8.self)
        guard text.utf8.count <= 63 else {
            throw fail("label_too_long", "label '\(String(String.UnicodeScalarView(label.compactMap(Unicode.Scalar.init))).prefix(20))…' is \(text.utf8.count) octets as an A-label, more than 63")
        }
        return text
    }

    /// An ASCII label: an A-label must decode to a valid U-label and be its
    /// canonical encoding (RFC 5891 §5.3); any other is checked as it is.
    private static func checkASCII(_ label: [UInt32]) throws(Failure) {
        let lower = label.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        guard lower.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) else { return try checkLabel(lower) }
        let rest = lower.dropFirst(4).map { UInt8($0) }
        let text = String(decoding: lower.map { UInt8($0) }, as: UTF8.self)
        guard !rest.isEmpty else { throw fail("invalid_alabel", "'\(text)' is an A-label prefix with nothing after it") }
        guard rest.last != UInt8(ascii: "-") else { throw fail("invalid_alabel", "A-label '\(text)' ends with a hyphen") }
        guard let decoded = Punycode.decode(rest) else { throw fail("invalid_alabel", "'\(text)' is not valid Punycode (RFC 3492)") }
        guard Punycode.encode(decoded) == rest else {
            throw fail("non_canonical_alabel", "'\(text)' is not the canonical Punycode of its U-label (RFC 5891 §5.3)")
        }
        try checkLabel(decoded)
    }

    /// RFC 5891 §4.2.2–4.2.4 with RFC 5892's contextual rules and RFC 5893's Bidi Rule.
    private static func checkLabel(_ label: [UInt32]) throws(Failure) {
        let tables = Tables.shared
        guard !label.isEmpty else { throw fail("empty_label", "has an empty label") }
        guard label.count <= 254 else { throw fail("label_too_long", "a label longer than 253 characters") }
        guard nfc(label) == label else { throw fail("not_nfc", "a label is not in Unicode Normalization Form C") }
        let name = String(String.UnicodeScalarView(label.compactMap(Unicode.Scalar.init)))
        if label.count >= 4, label[2] == 0x2D, label[3] == 0x2D {
            throw fail("hyphen_3_4", "label '\(name)' has hyphens in its 3rd and 4th positions (reserved for A-labels, RFC 5891 §4.2.3.1)")
        }
        if label.first == 0x2D || label.last == 0x2D {
            throw fail("hyphen_start_end", "label '\(name)' starts or ends with a hyphen (RFC 5891 §4.2.3.1)")
        }
        if tables.isMark(label[0]) {
            throw fail("leading_combiner", "label '\(name)' starts with a combining mark \(show(label[0])) (RFC 5891 §4.2.3.2)")
        }
        for (position, scalar) in label.enumerated() {
            switch tables.idnaClass(scalar) {
            case .pvalid: continue
            case .contextJ:
                guard validContextJ(label, position) else {
                    throw fail("contextj", "joiner \(show(scalar)) at position \(position + 1) of label '\(name)' is not in a context RFC 5892 allows")
                }
            case .contextO:
                guard validContextO(label, position) else {
                    throw fail("contexto", "\(show(scalar)) at position \(position + 1) of label '\(name)' is not in a context RFC 5892 allows")
                }
            case .disallowed:
                throw fail("disallowed_codepoint", "\(show(scalar)) at position \(position + 1) of label '\(name)' is not allowed in a host name (IDNA2008, RFC 5892)")
            }
        }
        try checkBidi(label, name)
    }

    /// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER).
    private static func validContextJ(_ label: [UInt32], _ position: Int) -> Bool {
        let tables = Tables.shared
        if position > 0 && tables.isVirama(label[position - 1]) { return true }
        guard label[position] == 0x200C else { return false }
        func joins(_ indices: some Sequence<Int>, _ accepted: [UInt8]) -> Bool {
            for index in indices {
                let type = tables.joiningType(label[index])
                if type == UInt8(ascii: "T") { continue }
                return type.map(accepted.contains) ?? false
            }
            return false
        }
        return joins(stride(from: position - 1, through: 0, by: -1), [UInt8(ascii: "L"), UInt8(ascii: "D")])
            && joins((position + 1)..<label.count, [UInt8(ascii: "R"), UInt8(ascii: "D")])
    }

    /// RFC 5892 Appendix A.3–A.9.
    private static func validContextO(_ label: [UInt32], _ position: Int) -> Bool {
        let tables = Tables.shared
        let scalar = label[position]
        switch scalar {
        case 0x00B7:  // MIDDLE DOT: between two l (Catalan l·l)
            return position > 0 && position < label.count - 1 && label[position - 1] == 0x6C && label[position + 1] == 0x6C
        case 0x0375:  // GREEK LOWER NUMERAL SIGN: before a Greek character
            return position < label.count - 1 && tables.script(label[position + 1]) == UInt8(ascii: "G")
        case 0x05F3, 0x05F4:  // HEBREW GERESH, GERSHAYIM: after a Hebrew character
            return position > 0 && tables.script(label[position - 1]) == UInt8(ascii: "E")
        case 0x30FB:  // KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han
            return label.contains { $0 != 0x30FB && [UInt8(ascii: "I"), UInt8(ascii: "K"), UInt8(ascii: "H")].contains(tables.script($0) ?? 0) }
        case 0x0660...0x0669:  // ARABIC-INDIC DIGITS: not with extended ones
            return !label.contains { (0x06F0...0x06F9).contains($0) }
        case 0x06F0...0x06F9:  // EXTENDED ARABIC-INDIC DIGITS: not with Arabic-Indic ones
            return !label.contains { (0x0660...0x0669).contains($0) }
        default:
            return false
        }
    }

    /// RFC 5893 §2, for a label holding an R, AL or AN character (as `idna` applies it).
    private static func checkBidi(_ label: [UInt32], _ name: String) throws(Failure) {
        let tables = Tables.shared
        let classes = label.map(tables.bidiClass)
        guard classes.contains(where: { ["R", "AL", "AN"].contains($0) }) else { return }
        let rtl: Bool
        switch classes[0] {
        case "R", "AL": rtl = true
        case "L": rtl = false
        default: throw fail("bidi_rule_1", "label '\(name)' mixes directions: it must begin with a left-to-right or right-to-left letter (RFC 5893 §2, rule 1)")
        }
        var validEnding = false
        var numberType: String? = nil
        for (position, direction) in classes.enumerated() {
            if rtl {
                guard ["R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"].contains(direction) else {
                    throw fail("bidi_rule_2", "\(show(label[position])) at position \(position + 1) cannot stand in the right-to-left label '\(name)' (RFC 5893 §2, rule 2)")
                }
                if ["R", "AL", "EN", "AN"].contains(direction) { validEnding = true } else if direction != "NSM" { validEnding = false }
                if direction == "AN" || direction == "EN" {
                    if numberType == nil { numberType = direction } else if numberType != direction {
                        throw fail("bidi_rule_4", "the right-to-left label '\(name)' mixes Arabic-Indic and European digits (RFC 5893 §2, rule 4)")
                    }
                }
            } else {
                guard ["L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"].contains(direction) else {
                    throw fail("bidi_rule_5", "\(show(label[position])) at position \(position + 1) cannot stand in the left-to-right label '\(name)' (RFC 5893 §2, rule 5)")
                }
                if direction == "L" || direction == "EN" { validEnding = true } else if direction != "NSM" { validEnding = false }
            }
        }
        guard validEnding else {
            throw fail(rtl ? "bidi_rule_3" : "bidi_rule_6", "label '\(name)' ends with a character its direction does not allow last (RFC 5893 §2, rule \(rtl ? 3 : 6))")
        }
    }

    /// Unicode Normalization Form C, by the standard library's normaliser.
    static func nfc(_ scalars: [UInt32]) -> [UInt32] {
        let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        return String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars.map(\.value)
    }
}


extension HostNameConversion {
    /// UTS #46 with the IDNA2008 checks (`IDNA.toASCII`): `bücher.example`
    /// becomes `xn--bcher-kva.example`; a name without an A-label form
    /// (`bücher_.example`) is refused.
    public static let uts46 = HostNameConversion { name in
        if case .success(let ascii) = IDNA.toASCII(name) { return ascii }
        return nil
    }
}
