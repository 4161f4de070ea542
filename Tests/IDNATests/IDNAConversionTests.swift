import Foundation
import IDNA
import Testing
import TestSupport

// The IDNA module's conversion (UTS #46 mapping, IDNA2008 checks), replayed
// against known rows and the 6,327 conformance vectors of Vectors/idna. The
// same conversion serves the tool's --host, the NIO adapter and the pinning
// entry points (HostNameConversionTests).

struct IDNARow: CustomTestStringConvertible, Sendable {
    let name: String
    let input: String
    /// The A-label form, or nil when the name must be refused.
    let output: String?
    /// For a refusal, the `idna` package's rule code.
    let code: String?
    var testDescription: String { name }
}

/// Known conversions (expected values from PyPI `idna` 3.20,
/// `idna.encode(name, uts46=True)`) and names that must be refused.
let idnaRows: [IDNARow] = [
    .init(name: "a Latin U-label", input: "bücher.example", output: "xn--bcher-kva.example", code: nil),
    .init(name: "capitals fold (UTS #46 mapping)", input: "ÉXAMPLE.com", output: "xn--xample-9ua.com", code: nil),
    .init(name: "ß kept (nontransitional, as browsers)", input: "faß.de", output: "xn--fa-hia.de", code: nil),
    .init(name: "Cyrillic labels", input: "пример.испытание", output: "xn--e1afmkfd.xn--80akhbyknj4f", code: nil),
    .init(name: "Japanese labels", input: "例え.テスト", output: "xn--r8jz45g.xn--zckzah", code: nil),
    .init(name: "compatibility mapping: Roman numeral twelve", input: "Ⅻ.example", output: "xii.example", code: nil),
    .init(name: "fullwidth letters and dots", input: "ａｂｃ．ｃｏｍ", output: "abc.com", code: nil),
    .init(name: "ideographic full stop", input: "münchen。de", output: "xn--mnchen-3ya.de", code: nil),
    .init(name: "soft hyphen ignored", input: "ex\u{AD}ample.com", output: "example.com", code: nil),
    .init(name: "an A-label beside a U-label", input: "bücher.xn--mnchen-3ya.de", output: "xn--bcher-kva.xn--mnchen-3ya.de", code: nil),
    .init(name: "a trailing dot kept", input: "bücher.example.", output: "xn--bcher-kva.example.", code: nil),
    .init(name: "Arabic, right to left", input: "مثال.إختبار", output: "xn--mgbh0fb.xn--kgbechtv", code: nil),
    .init(name: "middle dot between l's (CONTEXTO)", input: "l·l.example", output: "xn--ll-0ea.example", code: nil),
    .init(name: "an underscore", input: "bücher_.example", output: nil, code: "disallowed_codepoint"),
    .init(name: "a space", input: "bü cher.example", output: nil, code: "disallowed_codepoint"),
    .init(name: "a symbol (UTS #46 disallowed)", input: "☃.example", output: nil, code: "disallowed_codepoint"),
    .init(name: "a control character", input: "bü\u{7}cher.example", output: nil, code: "disallowed_codepoint"),
    .init(name: "an empty label", input: "bücher..example", output: nil, code: "empty_label"),
    .init(name: "a leading hyphen", input: "-bücher.example", output: nil, code: "hyphen_start_end"),
    .init(name: "hyphens in 3rd and 4th position", input: "bü--cher.example", output: nil, code: "hyphen_3_4"),
    .init(name: "a leading combining mark", input: "\u{301}bücher.example", output: nil, code: "leading_combiner"),
    .init(name: "a joiner out of context (CONTEXTJ)", input: "bü\u{200D}cher.example", output: nil, code: "contextj"),
    .init(name: "a middle dot out of context (CONTEXTO)", input: "a·b.example", output: nil, code: "contexto"),
    .init(name: "mixed directions (Bidi Rule)", input: "aא.example", output: nil, code: "bidi_rule_5"),
    .init(name: "a label over 63 octets as an A-label", input: String(repeating: "ü", count: 60) + ".example", output: nil, code: "label_too_long"),
    .init(name: "a fake A-label (non-canonical Punycode)", input: "bücher.xn---bbk.example", output: nil, code: "non_canonical_alabel"),
    .init(name: "an A-label ending in a hyphen", input: "bücher.xn--ab-.example", output: nil, code: "invalid_alabel"),
    .init(name: "an unassigned code point", input: "bü\u{E0080}.example", output: nil, code: "uts46_disallowed"),
]

@Test(arguments: idnaRows)
func idnaConvertsOrRefuses(_ row: IDNARow) {
    switch IDNA.toASCII(row.input) {
    case .success(let ascii):
        #expect(ascii == row.output, "\(row.input) → \(ascii)")
    case .failure(let failure):
        #expect(row.output == nil, "\(row.input) refused: \(failure)")
        #expect(failure.code == row.code, "\(row.input): \(failure.code): \(failure)")
    }
}

/// Unicode's IdnaTestV2.txt inputs as the `idna` package's tests carry them,
/// with `idna.encode(input, uts46=True)`'s answer under the same Unicode
/// 18.0.0 data (Vectors/idna/README.md). Every row must agree on the A-label
/// or on refusing; the refusing rule may differ only where
/// Vectors/idna/exceptions.txt says why.
@Test func idnaAgreesWithTheConformanceVectors() throws {
    let text = try String(contentsOf: Vectors.url("idna/uts46-encode.jsonl"), encoding: .utf8)
    let exceptions = Set(try String(contentsOf: Vectors.url("idna/exceptions.txt"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) })
    var rows = 0, disagreements: [String] = []
    for (number, line) in text.split(separator: "\n").enumerated() {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        let input = try #require(object["input"])
        rows += 1
        let got = IDNA.toASCII(input)
        switch (got, object["output"], object["error"]) {
        case (.success(let ascii), let expected?, _) where ascii == expected: continue
        case (.failure(let failure), nil, let code?) where failure.code == code || exceptions.contains("\(number + 1)"): continue
        default:
            disagreements.append("line \(number + 1) \(line): got \(got)")
        }
    }
    #expect(rows == 6327)
    #expect(disagreements.isEmpty, "\(disagreements.count) of \(rows):\n\(disagreements.prefix(20).joined(separator: "\n"))")
}


/// Hostile names: each is refused (or converted) within the input bound,
/// and a refusal's words never carry an invisible or reordering character.
@Test func hostileNamesAreRefusedInWordsThatShowAsWritten() {
    // A bidi override would reorder the message on a terminal: named by code point only.
    guard case .failure(let override) = IDNA.toASCII("\u{202E}elpmaxe.com") else { Issue.record("accepted"); return }
    #expect(override.description.hasPrefix("U+202E at position 1"), "\(override)")
    #expect(!override.description.unicodeScalars.contains("\u{202E}"))
    // A zero-width joiner out of context: its code point, not an invisible quote.
    guard case .failure(let joiner) = IDNA.toASCII("a\u{200D}b.example") else { Issue.record("accepted"); return }
    #expect(joiner.code == "contextj")
    #expect(joiner.description.contains("U+200D at position 2"), "\(joiner)")
    // A megabyte of one letter, and 130 labels: bounded, refused.
    guard case .failure(let huge) = IDNA.toASCII(String(repeating: "ü", count: 1_000_000)) else { Issue.record("accepted"); return }
    #expect(huge.code == "input_too_long")
    guard case .failure(let many) = IDNA.toASCII(String(repeating: "ü.", count: 130) + "com") else { Issue.record("accepted"); return }
    #expect(many.code == "domain_too_long")
    // Punycode that decodes past U+10FFFF or overflows.
    guard case .failure(let overflow) = IDNA.toASCII("ü.xn--99999999999999999999.example") else { Issue.record("accepted"); return }
    #expect(overflow.code == "invalid_alabel")
    // Mixed scripts are IDNA2008-valid: converted, and so matched only by that A-label.
    // (PyPI idna: `idna.encode("раураl.com", uts46=True)`.)
    #expect(IDNA.toASCII("раураl.com") == .success("xn--l-7sba6dbr.com"))
}
