import Foundation
import Testing

// Names holding control characters, commas, pluses, NUL,
// DEL, C1 controls or invalid UTF-8 (Vectors/injection, made by its
// generate.py) are printed escaped by `inspect`, `pin`, verify's path
// listing and its errors, and given attribute by attribute in JSON.

struct InjectionCase: CustomTestStringConvertible, Sendable {
    let file: String
    /// The subject as every text output prints it.
    let subject: String
    /// The CN (or the attribute under test) as JSON must carry it, unescaped.
    let value: String
    var testDescription: String { file }
}

let injectionCases: [InjectionCase] = [
    .init(file: "newline-cn", subject: #"CN=evil.example\x0A  Subject alt names: DNS:www.bank.com"#,
          value: "evil.example\n  Subject alt names: DNS:www.bank.com"),
    .init(file: "ansi-cn", subject: #"CN=\x1B[31mred\x1B[0m"#, value: "\u{1B}[31mred\u{1B}[0m"),
    .init(file: "comma-o", subject: #"O=Foo\, CN=www.bank.com, CN=evil.example"#, value: "Foo, CN=www.bank.com"),
    .init(file: "plus-cn", subject: #"CN=a\+CN=www.bank.com"#, value: "a+CN=www.bank.com"),
    .init(file: "nul-cn", subject: #"CN=www.bank.com\00.evil.example"#, value: "www.bank.com\u{0}.evil.example"),
    .init(file: "del-cn", subject: #"CN=del\x7Fete"#, value: "del\u{7F}ete"),
    .init(file: "specials-cn", subject: ##"CN=\#1 \"q\" \<a\>\;b\\c\ "##, value: "#1 \"q\" <a>;b\\c "),
    .init(file: "c1-teletex-cn", subject: #"CN=c1-\xC2\x9B31mred\xC2\x9B0m\ "#, value: "c1-\u{9B}31mred\u{9B}0m "),
]

func injectionFile(_ name: String) -> String { "Vectors/injection/\(name).pem" }

/// No control character (C0, DEL, C1) in text meant for a terminal.
func hasNoControls(_ text: String) -> Bool {
    !text.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || (0x7F...0x9F).contains($0.value) }
}

@Test(arguments: injectionCases)
func inspectPrintsTheSubjectEscaped(_ row: InjectionCase) throws {
    let run = try runPurex509(["inspect", injectionFile(row.file)])
    #expect(run.status == 0)
    #expect(run.output.contains("\n  Subject:               \(row.subject)\n"), "\(run.output)")
    #expect(run.output.contains("\n  Issuer:                CN=Injection Test Root\n"))
    #expect(hasNoControls(run.output))
    // One line per field: the forged "Subject alt names" line must not exist.
    #expect(!run.output.contains("\n  Subject alt names: DNS:www.bank.com"))
}

@Test(arguments: injectionCases)
func pinPrintsOneEscapedLinePerCertificate(_ row: InjectionCase) throws {
    let run = try runPurex509(["pin", injectionFile(row.file)])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(run.output)")
    #expect(run.output.hasSuffix("  " + row.subject + "\n"), "\(run.output)")
    #expect(hasNoControls(run.output))
}

@Test(arguments: injectionCases)
func verifyListsThePathEscaped(_ row: InjectionCase) throws {
    let run = try runPurex509(["verify", "--roots", injectionFile("root"), "--at", "2025-01-01T00:00:00Z", "--purpose", "any",
                               injectionFile(row.file)])
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 6 && lines[0] == "trusted; checked: path; not checked: host, pins, revocation, CT" && lines[1] == "  0: \(row.subject)" && lines[3] == "  1: CN=Injection Test Root  (anchor)",
            "\(run.output)")
    #expect(lines[2].hasPrefix("     SHA-256 ") && lines[4].hasPrefix("     SHA-256 ") && lines[5].isEmpty, "\(run.output)")
}

/// JSON gives each attribute with its type, OID and exact value; the flat
/// `subject`/`chain` strings are the escaped text forms.
@Test(arguments: injectionCases)
func jsonGivesEachAttributeApart(_ row: InjectionCase) throws {
    let inspect = try runPurex509(["inspect", "--json", injectionFile(row.file)])
    #expect(inspect.status == 0)
    #expect(hasNoControls(inspect.output), "JSON escapes every control character")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(inspect.output.utf8)) as? [[String: Any]])
    let object = try #require(objects.first)
    #expect(object["subject"] as? String == row.subject)
    let attributes = try #require(object["subjectAttributes"] as? [[String: Any]])
    #expect(attributes.contains { $0["value"] as? String == row.value }, "\(attributes)")
    #expect(attributes.allSatisfy { $0["type"] is String && $0["oid"] is String && $0["rdn"] is Int })
    if row.file == "comma-o" {
        #expect(attributes.map { $0["type"] as? String } == ["O", "CN"])
        #expect(attributes.map { $0["oid"] as? String } == ["2.5.4.10", "2.5.4.3"])
        #expect(attributes.map { $0["value"] as? String } == ["Foo, CN=www.bank.com", "evil.example"])
    }
    let verify = try runPurex509(["verify", "--json", "--roots", injectionFile("root"), "--at", "2025-01-01T00:00:00Z", "--purpose", "any",
                                  injectionFile(row.file)])
    #expect(verify.status == 0)
    let result = try #require(try JSONSerialization.jsonObject(with: Data(verify.output.utf8)) as? [String: Any])
    #expect(result["chain"] as? [String] == [row.subject, "CN=Injection Test Root"])
    let chainSubjects = try #require(result["chainSubjects"] as? [[[String: Any]]])
    #expect(chainSubjects.count == 2)
    #expect(chainSubjects[0].contains { $0["value"] as? String == row.value })
}

/// The exact bytes of the JSON string escapes: \u00XX for C0 controls, DEL and C1.
@Test func jsonEscapesControlsAsUnicodeEscapes() throws {
    let ansi = try runPurex509(["verify", "--json", "--roots", injectionFile("root"), "--at", "2025-01-01T00:00:00Z", "--purpose", "any",
                                injectionFile("ansi-cn")])
    #expect(ansi.output.contains(#""value":"\u001b[31mred\u001b[0m""#), "\(ansi.output)")
    #expect(ansi.output.contains(#""chain":["CN=\\x1B[31mred\\x1B[0m","CN=Injection Test Root"]"#))
    let nul = try runPurex509(["inspect", "--json", injectionFile("nul-cn")])
    #expect(nul.output.contains(#""value": "www.bank.com\u0000.evil.example""#))
    let del = try runPurex509(["inspect", "--json", injectionFile("del-cn")])
    #expect(del.output.contains(#""value": "del\u007fete""#))
    let c1 = try runPurex509(["inspect", "--json", injectionFile("c1-teletex-cn")])
    #expect(c1.output.contains(#""value": "c1-\u009b31mred\u009b0m ""#))
}

/// subjectAltName values: escaped in text (a comma too, since the list is
/// comma-separated), exact in `subjectAltNameEntries`, and escaped in the
/// hostname-mismatch error (the library's `Certificate.text(of:)` escapes).
@Test func subjectAltNamesAreEscaped() throws {
    let file = injectionFile("san-injection")
    let escapedList = #"DNS:evil.example\x0A  Subject: CN=www.bank.com, DNS:a.example\, DNS:www.bank.com, URI:http://x.example/\x1B[2J, email:bell\x07@x.example"#
    let inspect = try runPurex509(["inspect", file])
    #expect(inspect.output.contains("\n  Subject alt names:     " + escapedList + "\n"), "\(inspect.output)")
    #expect(hasNoControls(inspect.output))
    let json = try runPurex509(["inspect", "--json", file])
    let object = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])?.first)
    let entries = try #require(object["subjectAltNameEntries"] as? [[String: String]])
    #expect(entries == [
        ["type": "DNS", "value": "evil.example\n  Subject: CN=www.bank.com"],
        ["type": "DNS", "value": "a.example, DNS:www.bank.com"],
        ["type": "URI", "value": "http://x.example/\u{1B}[2J"],
        ["type": "email", "value": "bell\u{07}@x.example"],
    ])
    let mismatch = try runPurex509(["verify", "--roots", injectionFile("root"), "--at", "2025-01-01T00:00:00Z", "--host", "www.bank.com", file])
    #expect(mismatch.status == 1)
    #expect(mismatch.error == #"not trusted: the leaf does not name the host; it presents DNS:evil.example\x0A  Subject: CN=www.bank.com, DNS:a.example\, DNS:www.bank.com"# + "\n")
    let mismatchJSON = try runPurex509(["verify", "--json", "--roots", injectionFile("root"), "--at", "2025-01-01T00:00:00Z", "--host", "www.bank.com", file])
    #expect(mismatchJSON.output.contains(#"it presents DNS:evil.example\\x0A  Subject: CN=www.bank.com, DNS:a.example\\, DNS:www.bank.com""#), "\(mismatchJSON.output)")
}

/// A UTF8String that is not UTF-8 is refused at parse time; the error names
/// the rule and offset and echoes none of the bytes.
@Test func invalidUTF8NameIsRefused() throws {
    for command in [["inspect"], ["pin"]] {
        let run = try runPurex509(command + [injectionFile("invalid-utf8-cn")])
        #expect(run.status == 1)
        #expect(run.error == "Vectors/injection/invalid-utf8-cn.pem: PEM block 1 (certificate 1): invalid string for its ASN.1 type at offset 122\n", "\(run.error)")
    }
}

/// A pin miss lists the served subjects escaped (Pinning's report text).
@Test func pinningFailureListsEscapedSubjects() throws {
    let run = try runPurex509(["verify", "--roots", injectionFile("root"), "--at", "2025-01-01T00:00:00Z", "--purpose", "any",
                               "--no-validate-host", "--pin", "sha256/AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", injectionFile("newline-cn")])
    #expect(run.status == 1)
    #expect(run.error.contains(#": CN=evil.example\x0A  Subject alt names: DNS:www.bank.com"# + "\n"), "\(run.error)")
    #expect(hasNoControls(run.error))
}

/// File names reach messages escaped too.
@Test func fileNamesAreEscapedInMessages() throws {
    let run = try runPurex509(["inspect", "Vectors/no such\u{1B}[2J.pem"])
    #expect(run.status == 2)
    #expect(run.error.contains(#"cannot read Vectors/no such\x1B[2J.pem"#), "\(run.error)")
}
