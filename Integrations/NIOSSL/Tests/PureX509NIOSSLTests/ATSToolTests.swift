import Foundation
import Testing

// `purex509-nio connect --ats` and `ats-diagnostics` against `openssl
// s_server` configured to break one App Transport Security rule at a time
// (docs/ats.md): TLS 1.1 only, RSA key exchange only, a SHA-1 leaf, an
// RSA-1024 leaf, a leaf without SCTs where NSRequiresCertificateTransparency
// asks for them, a wrong NSPinnedDomains pin; and a server that meets them
// all. Each refusal is checked for its rule and the key that decided; each
// diagnostics row for its result and code; each suggested exception
// dictionary is parsed back and given to `connect --ats`, which must then trust.
@Suite(.serialized) struct ATSToolTests {
    typealias Run = ConnectToolTests.Run

    func tool(_ arguments: [String]) throws -> Run { try ConnectToolTests.run(arguments) }

    func json(_ run: Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)\n\(run.error)")
    }

    /// An Info.plist with ATS's defaults written out (a key that changes nothing).
    func defaults() throws -> String { try ATSFixtures.infoPlist("defaults.plist", ats: "<key>NSAllowsArbitraryLoads</key><false/>") }

    /// connect --ats --json: the error object (code, message, decidedBy) of a refusal.
    func refusal(_ port: Int, plist: String) throws -> (status: Int32, error: [String: Any]) {
        let run = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", plist, "--json", "localhost:\(port)"])
        let object = try json(run)
        #expect(object["trusted"] as? Bool == false)
        return (run.status, try #require(object["error"] as? [String: Any]))
    }

    /// ats-diagnostics --json: the whole object, and the rows by id as (result, code).
    func diagnose(_ port: Int, _ extra: [String] = []) throws -> (status: Int32, object: [String: Any], rows: [String: (String, String?)]) {
        let run = try tool(["ats-diagnostics", "--roots", try ATSFixtures.path("root.pem"), "--json"] + extra + ["https://localhost:\(port)"])
        let object = try json(run)
        var rows: [String: (String, String?)] = [:]
        for row in try #require(object["rows"] as? [[String: Any]]) {
            rows[try #require(row["id"] as? String)] = (try #require(row["result"] as? String), row["code"] as? String)
        }
        return (run.status, object, rows)
    }

    /// The suggestion's plist, parsed back: the host's entry under
    /// NSAppTransportSecurity → NSExceptionDomains; then written to a file
    /// that `connect --ats` must trust the server with.
    func checkSuggestion(_ object: [String: Any], port: Int, expected: [String: Any]) throws {
        let suggestion = try #require(object["suggestion"] as? [String: Any], "no suggestion: \(object["note"] ?? "")")
        let xml = try #require(suggestion["plist"] as? String)
        let parsed = try #require(try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil) as? [String: Any])
        let ats = try #require(parsed["NSAppTransportSecurity"] as? [String: Any])
        let domains = try #require(ats["NSExceptionDomains"] as? [String: Any])
        #expect(Array(domains.keys) == ["localhost"])
        let entry = try #require(domains["localhost"] as? [String: Any])
        #expect(Set(entry.keys) == Set(expected.keys), "\(entry)")
        for (key, value) in expected {
            if let flag = value as? Bool { #expect(entry[key] as? Bool == flag, "\(key): \(entry[key] ?? "nil")") }
            else { #expect(entry[key] as? String == value as? String, "\(key): \(entry[key] ?? "nil")") }
        }
        let file = try ATSFixtures.path("suggested-\(port).plist")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: file))
        let run = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", file, "localhost:\(port)"])
        #expect(run.status == 0, "the suggested dictionary does not let connect --ats trust the server: \(run.error)")
    }

    @Test func aServerThatMeetsATSPassesEveryRowButCT() throws {
        let server = try ATSFixtures.server("good")
        defer { server.stop() }
        let run = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", try defaults(), "localhost:\(server.port)"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("  handshake TLSv1.3, TLS_"), "\(run.output)")
        #expect(run.output.contains(" meets: TLS minimum TLSv1.2 — ATS default; forward secrecy required — ATS default"), "\(run.output)")
        let (status, object, rows) = try diagnose(server.port)
        #expect(status == 0)
        #expect(object["passes"] as? Bool == true)
        for id in ["default", "tls13", "tls12", "tls11", "tls10", "forwardSecrecy", "arbitraryLoads"] { #expect(rows[id]?.0 == "PASS", "\(id)") }
        // ATS's defaults do not ask for CT; the row that does fails, for no SCTs, and changes nothing.
        #expect(rows["certificateTransparency"]?.0 == "FAIL")
        #expect(rows["certificateTransparency"]?.1 == "atsCertificateTransparency")
        #expect(object["suggestion"] is NSNull)
        // The text form: a PASS line per row and no plist.
        let text = try tool(["ats-diagnostics", "--roots", try ATSFixtures.path("root.pem"), "https://localhost:\(server.port)/some/path"])
        #expect(text.status == 0)
        #expect(text.output.contains("PASS  Default ATS configuration (TLSv1.3"), "\(text.output)")
        #expect(text.output.contains("no exception is needed"))
        #expect(!text.output.contains("<plist"))
    }

    @Test(.enabled(if: ATSFixtures.tls11Available, "this OpenSSL does not complete a TLS 1.1 handshake as a server"))
    func tls11OnlyIsBelowTheMinimum() throws {
        let server = try ATSFixtures.server("good", ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"])
        defer { server.stop() }
        let text = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", try defaults(), "localhost:\(server.port)"])
        #expect(text.status == 1)
        #expect(text.error.contains("not trusted: App Transport Security: TLS 1.1 is below the minimum ATS allows for localhost (NSExceptionMinimumTLSVersion not set: TLSv1.2)"), "\(text.error)")
        // The certificates came from the second handshake and are still shown.
        #expect(text.output.contains("served by localhost:\(server.port) (1 certificate):"))
        let (status, error) = try refusal(server.port, plist: try defaults())
        #expect(status == 1)
        #expect(error["code"] as? String == "atsTLSVersion")
        #expect((error["decidedBy"] as? [String: Any])?["key"] is NSNull, "ATS's default decided, no key")
        // An entry that sets the minimum is named with its path.
        let strict = try ATSFixtures.infoPlist("tls13.plist", ats: """
            <key>NSExceptionDomains</key><dict><key>localhost</key><dict>
            <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict></dict>
            """)
        let named = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", strict, "localhost:\(server.port)"])
        #expect(named.error.contains("TLS 1.1 is below the minimum ATS allows for localhost (NSExceptionDomains.localhost.NSExceptionMinimumTLSVersion: TLSv1.3)"), "\(named.error)")

        let (exit, object, rows) = try diagnose(server.port)
        #expect(exit == 1)
        #expect(rows["default"]! == ("FAIL", "atsTLSVersion"))
        #expect(rows["tls13"]! == ("FAIL", "atsTLSVersion"))
        #expect(rows["tls12"]! == ("FAIL", "atsTLSVersion"))
        #expect(rows["tls11"]! == ("PASS", nil))
        #expect(rows["tls10"]! == ("PASS", nil))
        #expect(rows["forwardSecrecy"]! == ("FAIL", "atsTLSVersion"))
        #expect(rows["arbitraryLoads"]! == ("PASS", nil))
        try checkSuggestion(object, port: server.port, expected: ["NSExceptionMinimumTLSVersion": "TLSv1.1"])
    }

    @Test func rsaKeyExchangeHasNoForwardSecrecy() throws {
        let server = try ATSFixtures.server("good", ["-no_tls1_3", "-cipher", "AES128-GCM-SHA256"])
        defer { server.stop() }
        let text = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", try defaults(), "localhost:\(server.port)"])
        #expect(text.status == 1)
        #expect(text.error.contains("the server negotiated TLS_RSA_WITH_AES_128_GCM_SHA256 (RSA key exchange, no forward secrecy); ATS requires a forward-secret cipher suite for localhost (NSExceptionRequiresForwardSecrecy not set: YES)"), "\(text.error)")
        let (status, error) = try refusal(server.port, plist: try defaults())
        #expect(status == 1)
        #expect(error["code"] as? String == "atsForwardSecrecy")
        // Without ATS, connect still takes the server (no flag's meaning changed).
        #expect(try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "localhost:\(server.port)"]).status == 0)

        let (exit, object, rows) = try diagnose(server.port)
        #expect(exit == 1)
        #expect(rows["default"]! == ("FAIL", "atsForwardSecrecy"))
        #expect(rows["tls13"]! == ("FAIL", "atsTLSVersion"), "TLS 1.2 is below TLSv1.3")
        for id in ["tls12", "tls11", "tls10", "certificateTransparency"] { #expect(rows[id]! == ("FAIL", "atsForwardSecrecy"), "\(id)") }
        #expect(rows["forwardSecrecy"]! == ("PASS", nil))
        #expect(rows["arbitraryLoads"]! == ("PASS", nil))
        try checkSuggestion(object, port: server.port, expected: ["NSExceptionRequiresForwardSecrecy": false])
    }

    /// SHA-1 and RSA-1024 leaves: ATS's certificate requirements, which no exception lifts.
    @Test(arguments: [("sha1", "atsSignatureHash", "App Transport Security requires signatures with SHA-256 or stronger; "),
                      ("small", "atsKeySize", "App Transport Security requires RSA keys of at least 2048 bits and EC keys of at least 256 bits; ")])
    func weakCertificatesAreRefusedWithNoExceptionToSuggest(leaf: String, code: String, message: String) throws {
        let server = try ATSFixtures.server(leaf, ["-cipher", "DEFAULT@SECLEVEL=0"])
        defer { server.stop() }
        let text = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", try defaults(), "localhost:\(server.port)"])
        #expect(text.status == 1)
        let (status, error) = try refusal(server.port, plist: try defaults())
        #expect(status == 1)
        #expect(error["code"] as? String == code)
        #expect(text.error.contains(message), "\(text.error)")
        #expect(text.error.contains(leaf == "sha1" ? "is signed with sha1WithRSAEncryption (decided by NSAllowsArbitraryLoads)" : "is RSA-1024 (decided by NSAllowsArbitraryLoads)"),
                "\(text.error)")

        let (exit, object, rows) = try diagnose(server.port)
        #expect(exit == 1)
        for id in ["default", "tls13", "tls12", "tls11", "tls10", "forwardSecrecy"] { #expect(rows[id]! == ("FAIL", code), "\(id)") }
        // NSAllowsArbitraryLoads lifts ATS's sizes, but the default trust evaluation refuses the chain all the same.
        #expect(rows["arbitraryLoads"]?.0 == "FAIL")
        #expect(rows["arbitraryLoads"]?.1 != code)
        #expect(object["suggestion"] is NSNull)
        #expect((object["note"] as? String)?.contains("no exception lowers") == true, "\(object["note"] ?? "")")
    }

    @Test func noSCTsWhereNSRequiresCertificateTransparencyAsks() throws {
        let server = try ATSFixtures.server("good")
        defer { server.stop() }
        let plist = try ATSFixtures.infoPlist("ct.plist", ats: """
            <key>NSExceptionDomains</key><dict><key>localhost</key><dict>
            <key>NSRequiresCertificateTransparency</key><true/></dict></dict>
            """)
        let text = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", plist, "localhost:\(server.port)"])
        #expect(text.status == 1)
        #expect(text.error.contains("App Transport Security requires Certificate Transparency"), "\(text.error)")
        #expect(text.error.contains("(decided by NSExceptionDomains.localhost.NSRequiresCertificateTransparency)"), "\(text.error)")
        let (status, error) = try refusal(server.port, plist: plist)
        #expect(status == 1)
        #expect(error["code"] as? String == "atsCertificateTransparency")

        // The app's own configuration is the base: the CT row turns the requirement off.
        let (exit, object, rows) = try diagnose(server.port, ["--ats", plist])
        #expect(exit == 1)
        #expect((object["ats"] as? String)?.hasSuffix("/ct.plist") == true)
        for id in ["default", "tls13", "tls12", "tls11", "tls10", "forwardSecrecy"] {
            #expect(rows[id]! == ("FAIL", "atsCertificateTransparency"), "\(id)")
        }
        #expect(rows["certificateTransparency"]! == ("PASS", nil))
        #expect(rows["arbitraryLoads"]! == ("PASS", nil), "NSAllowsArbitraryLoads once the host's entry is gone")
        try checkSuggestion(object, port: server.port, expected: ["NSRequiresCertificateTransparency": false])
    }

    @Test func aWrongPinInNSPinnedDomains() throws {
        let server = try ATSFixtures.server("good")
        defer { server.stop() }
        // The root's key pinned as the leaf's: the served leaf's key is not it.
        let plist = try ATSFixtures.infoPlist("pins.plist", ats: """
            <key>NSPinnedDomains</key><dict><key>localhost</key><dict>
            <key>NSPinnedLeafIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(try ATSFixtures.pin("root.pem"))</string></dict></array>
            </dict></dict>
            """)
        let text = try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", plist, "localhost:\(server.port)"])
        #expect(text.status == 1)
        #expect(text.error.contains("the leaf's key is not one of the pinned leaf identities"), "\(text.error)")
        #expect(text.error.contains("(decided by NSPinnedDomains.localhost.NSPinnedLeafIdentities)"), "\(text.error)")
        let (status, error) = try refusal(server.port, plist: plist)
        #expect(status == 1)
        #expect(error["code"] as? String == "atsPinMismatch")

        let (exit, object, rows) = try diagnose(server.port, ["--ats", plist])
        #expect(exit == 1)
        // Pins hold whatever the exceptions say, NSAllowsArbitraryLoads included.
        for id in ["default", "tls13", "tls12", "tls11", "tls10", "forwardSecrecy", "arbitraryLoads"] {
            #expect(rows[id]! == ("FAIL", "atsPinMismatch"), "\(id)")
        }
        // Asking for CT as well breaks two rules; either may be the one reported.
        #expect(rows["certificateTransparency"]?.0 == "FAIL")
        #expect(object["suggestion"] is NSNull)
        #expect((object["note"] as? String)?.contains("NSPinnedDomains") == true)
        // The right pin passes.
        let right = try ATSFixtures.infoPlist("right-pins.plist", ats: """
            <key>NSPinnedDomains</key><dict><key>localhost</key><dict>
            <key>NSPinnedLeafIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(try ATSFixtures.pin("good.pem"))</string></dict></array>
            </dict></dict>
            """)
        #expect(try tool(["connect", "--roots", try ATSFixtures.path("root.pem"), "--ats", right, "localhost:\(server.port)"]).status == 0)
    }

    @Test func usageErrorsAndUnreachableServersExitTwo() throws {
        let roots = try ATSFixtures.path("root.pem")
        for (url, says) in [("localhost:443", "https://HOST[:PORT], such as https://localhost:443"),
                            ("http://localhost", "ATS's checks are for HTTPS"), ("ftp://localhost", "the scheme must be https"),
                            ("https://", "is not HOST[:PORT]"), ("https://user@localhost", "no user name or password"),
                            ("https://localhost:99999", "is not HOST[:PORT]")] {
            let run = try tool(["ats-diagnostics", "--roots", roots, url])
            #expect(run.status == 2, "\(url)")
            #expect(run.error.contains(says), "\(url): \(run.error)")
        }
        // A port nothing listens on.
        let server = try ATSFixtures.server("good")
        let port = server.port
        server.stop()
        let closed = try tool(["ats-diagnostics", "--roots", roots, "--timeout", "5", "https://localhost:\(port)"])
        #expect(closed.status == 2)
        #expect(closed.error.contains("no TLS handshake with localhost:\(port)"), "\(closed.error)")
        let connect = try tool(["connect", "--roots", roots, "--ats", try defaults(), "--timeout", "5", "localhost:\(port)"])
        #expect(connect.status == 2)
        #expect(connect.error.contains("cannot get a certificate chain"))
        // An Info.plist that cannot be read, or is not one, stops both before any traffic.
        #expect(try tool(["connect", "--roots", roots, "--ats", "/nonexistent.plist", "localhost:\(port)"]).status == 2)
        #expect(try tool(["ats-diagnostics", "--roots", roots, "--ats", roots, "https://localhost:\(port)"]).status == 2)
        // --host is not needed with connect: the target is the host.
        let noHost = try tool(["connect", "--ats", try defaults(), "--roots", roots, "--timeout", "5", "localhost:\(port)"])
        #expect(!noHost.error.contains("--ats needs --host"))
    }
}
