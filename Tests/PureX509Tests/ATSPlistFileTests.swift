import Foundation
import PureX509
import PureX509Config
import Testing

// The Info.plist reader of `verify --ats` (docs/ats.md): XML and binary
// property lists (binary ones written here with Foundation's
// PropertyListSerialization, the reader's own counterpart), every key, each
// wrong type refused with its path, malformed pins, unknown keys as
// warnings, and what a hostile file can make it do.

private let leafPin = Data(repeating: 1, count: 32).base64EncodedString()
private let caPin = Data(repeating: 2, count: 32).base64EncodedString()

/// Every key the reader applies, once.
private func fullATS() -> [String: Any] {
    [
        "NSAllowsArbitraryLoads": true,
        "NSAllowsArbitraryLoadsForMedia": false,
        "NSAllowsArbitraryLoadsInWebContent": false,
        "NSAllowsLocalNetworking": true,
        "NSExceptionDomains": [
            "example.com": [
                "NSIncludesSubdomains": true, "NSExceptionAllowsInsecureHTTPLoads": true, "NSExceptionMinimumTLSVersion": "TLSv1.1",
                "NSExceptionRequiresForwardSecrecy": false, "NSRequiresCertificateTransparency": true,
            ] as [String: Any],
        ],
        "NSPinnedDomains": [
            "pinned.example": [
                "NSIncludesSubdomains": false,
                "NSPinnedLeafIdentities": [["SPKI-SHA256-BASE64": leafPin]],
                "NSPinnedCAIdentities": [["SPKI-SHA256-BASE64": caPin]],
            ] as [String: Any],
        ],
    ]
}

private func binary(_ plist: Any) throws -> [UInt8] {
    [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
}

private func xml(_ plist: Any) throws -> [UInt8] {
    [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0))
}

/// The error `bytes` is refused with.
private func refusal(_ bytes: [UInt8]) -> ATSPlistError? {
    do { _ = try ATSPlistFile.parse(bytes); return nil } catch { return error }
}

/// `fullATS()` with `path` (keys from the ATS dictionary down) set to `value`.
private func replacing(_ path: [String], with value: Any) -> [String: Any] {
    func set(_ dictionary: [String: Any], _ path: ArraySlice<String>) -> [String: Any] {
        var copy = dictionary
        if path.count == 1 { copy[path.first!] = value } else {
            copy[path.first!] = set(dictionary[path.first!] as? [String: Any] ?? [:], path.dropFirst())
        }
        return copy
    }
    return ["NSAppTransportSecurity": set(fullATS(), path[...])]
}

@Suite struct ATSPlistFileTests {
    @Test func everyKeyFromXMLAndFromBinary() throws {
        let plist: [String: Any] = ["CFBundleIdentifier": "com.example.app", "NSAppTransportSecurity": fullATS()]
        let fromXML = try ATSPlistFile.parse(try xml(plist))
        let fromBinary = try ATSPlistFile.parse(try binary(plist))
        #expect(fromXML.format == "xml" && fromBinary.format == "binary")
        #expect(fromXML.policy == fromBinary.policy)
        let policy = fromBinary.policy
        #expect(policy.allowsArbitraryLoads == true && policy.allowsArbitraryLoadsForMedia == false)
        #expect(policy.allowsArbitraryLoadsInWebContent == false && policy.allowsLocalNetworking == true)
        #expect(policy.exceptionDomains == [ATSExceptionDomain(domain: "example.com", includesSubdomains: true, allowsInsecureHTTPLoads: true,
                                                               minimumTLSVersion: .tls11, requiresForwardSecrecy: false,
                                                               requiresCertificateTransparency: true)])
        #expect(policy.pinnedDomains == [ATSPinnedDomain(domain: "pinned.example", includesSubdomains: false,
                                                         leafIdentities: [try SPKIPin(leafPin)], caIdentities: [try SPKIPin(caPin)])])
        // NSAllowsArbitraryLoads beside the newer global keys is ignored: said once.
        #expect(fromBinary.warnings.map(\.description) == [
            "NSAppTransportSecurity.NSAllowsArbitraryLoads: ignored on iOS 10 and macOS 10.12 and later, because NSAllowsArbitraryLoadsForMedia is present",
        ])
        #expect(fromBinary.hasATSDictionary && !fromBinary.isBareDictionary)
    }

    @Test func aHandWrittenInfoPlist() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>NSAppTransportSecurity</key><dict>
                <key>NSExceptionDomains</key><dict>
                  <key>example.com</key><dict><key>NSIncludesSubdomains</key><integer>1</integer></dict>
                </dict>
              </dict>
            </dict></plist>
            """
        // The path of the brief's example, and a Boolean told apart from the number 1.
        #expect(refusal(Array(text.utf8))?.description
                == "NSAppTransportSecurity.NSExceptionDomains.example.com.NSIncludesSubdomains: expected a Boolean (<true/> or <false/>), found the number 1")
    }

    @Test func aBareATSDictionaryAndAFileWithoutOne() throws {
        let bare = try ATSPlistFile.parse(try binary(fullATS()))
        #expect(bare.isBareDictionary && bare.policy.allowsLocalNetworking == true)
        let bareError = refusal(try binary(["NSAllowsArbitraryLoads": "YES"]))
        #expect(bareError?.path == "NSAllowsArbitraryLoads")

        let none = try ATSPlistFile.parse(try xml(["CFBundleIdentifier": "x", "NSAppTransportSecurty": ["NSAllowsArbitraryLoads": true]]))
        #expect(!none.hasATSDictionary && none.policy == ATSPolicy())
        #expect(none.warnings.map(\.description) == [
            "NSAppTransportSecurty: not NSAppTransportSecurity, which it resembles; it was not read",
            "no NSAppTransportSecurity dictionary: ATS's defaults hold for every host",
        ])
    }

    @Test func unknownKeysAreWarningsNamingTheirPath() throws {
        var ats = fullATS()
        ats["NSAllowsArbitraryLoad"] = true
        ats["NSFancyNewKey"] = 1
        ats["NSAllowsArbitraryLoadsForMedia"] = nil
        ats["NSAllowsArbitraryLoadsInWebContent"] = nil
        ats["NSAllowsLocalNetworking"] = nil
        ats["NSExceptionDomains"] = [
            "example.com": ["NSThirdPartyExceptionAllowsInsecureHTTPLoads": true, "NSIncludeSubdomains": true],
            "*.wild.example": [:] as [String: Any], "port.example:443": [:] as [String: Any],
            "Upper.Example": [:] as [String: Any], "dot.example.": [:] as [String: Any], "10.0.0.0/8": [:] as [String: Any],
        ]
        ats["NSPinnedDomains"] = ["p.example": ["NSPinnedLeafIdentities": [["SPKI-SHA256-BASE64": leafPin, "Comment": "backup"],
                                                                           ["SPKI-SHA256-BASE64": leafPin]]]]
        let loaded = try ATSPlistFile.parse(try binary(["NSAppTransportSecurity": ats]))
        #expect(loaded.warnings.map(\.description) == [
            "NSAppTransportSecurity.NSAllowsArbitraryLoad: unknown key, ignored; did you mean \"NSAllowsArbitraryLoads\"?",
            "NSAppTransportSecurity.NSFancyNewKey: unknown key, ignored (known here: NSAllowsArbitraryLoads, NSAllowsArbitraryLoadsForMedia, NSAllowsArbitraryLoadsInWebContent, NSAllowsLocalNetworking, NSExceptionDomains, NSPinnedDomains)",
            "NSAppTransportSecurity.NSExceptionDomains.\"*.wild.example\": a wildcard matches no host; write the domain and set NSIncludesSubdomains",
            "NSAppTransportSecurity.NSExceptionDomains.Upper.Example: Apple asks for lower case; PureX509 compares domains case-insensitively",
            "NSAppTransportSecurity.NSExceptionDomains.dot.example.: a trailing dot matches only a host written with one (and never a pinned domain's host)",
            "NSAppTransportSecurity.NSExceptionDomains.port.example:443: a port number matches no host; write the domain alone",
            "NSAppTransportSecurity.NSExceptionDomains.example.com.NSIncludeSubdomains: unknown key, ignored; did you mean \"NSIncludesSubdomains\"?",
            "NSAppTransportSecurity.NSExceptionDomains.example.com.NSThirdPartyExceptionAllowsInsecureHTTPLoads: an Apple key PureX509 does not apply (exception domains are read from NSIncludesSubdomains, NSExceptionAllowsInsecureHTTPLoads, NSExceptionMinimumTLSVersion, NSExceptionRequiresForwardSecrecy, NSRequiresCertificateTransparency)",
            "NSAppTransportSecurity.NSPinnedDomains.p.example.NSPinnedLeafIdentities[0].Comment: unknown key, ignored (known here: SPKI-SHA256-BASE64)",
            "NSAppTransportSecurity.NSPinnedDomains.p.example.NSPinnedLeafIdentities[1]: the same identity as NSAppTransportSecurity.NSPinnedDomains.p.example.NSPinnedLeafIdentities[0]",
        ])
        // The keys still load as Apple would read them.
        #expect(loaded.policy.exceptionDomains.count == 6 && loaded.policy.allowsArbitraryLoads == true)
    }

    // Each key of the wrong type: refused, naming its path and what was found.
    @Test func everyWrongTypeIsRefusedWithItsPath() throws {
        let base = "NSAppTransportSecurity."
        for (path, value, message) in [
            (["NSAllowsArbitraryLoads"], 1 as Any, "expected a Boolean (<true/> or <false/>), found the number 1"),
            (["NSAllowsArbitraryLoadsForMedia"], "YES", "expected a Boolean (<true/> or <false/>), found the string \"YES\""),
            (["NSAllowsArbitraryLoadsInWebContent"], [true], "expected a Boolean (<true/> or <false/>), found an array"),
            (["NSAllowsLocalNetworking"], Data([1]), "expected a Boolean (<true/> or <false/>), found data (1 bytes)"),
            (["NSExceptionDomains"], ["example.com"], "expected a dictionary, found an array"),
            (["NSExceptionDomains", "example.com"], true, "expected a dictionary, found a Boolean (true)"),
            (["NSExceptionDomains", "example.com", "NSIncludesSubdomains"], "true", "expected a Boolean (<true/> or <false/>), found the string \"true\""),
            (["NSExceptionDomains", "example.com", "NSExceptionAllowsInsecureHTTPLoads"], 0, "expected a Boolean (<true/> or <false/>), found the number 0"),
            (["NSExceptionDomains", "example.com", "NSExceptionMinimumTLSVersion"], 1.2, "expected a string (TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3), found the number 1.2"),
            (["NSExceptionDomains", "example.com", "NSExceptionMinimumTLSVersion"], "1.2", "expected TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3, found the string \"1.2\""),
            (["NSExceptionDomains", "example.com", "NSExceptionRequiresForwardSecrecy"], Date(timeIntervalSince1970: 0), "expected a Boolean (<true/> or <false/>), found a date"),
            (["NSExceptionDomains", "example.com", "NSRequiresCertificateTransparency"], ["a": 1], "expected a Boolean (<true/> or <false/>), found a dictionary"),
            (["NSPinnedDomains"], false, "expected a dictionary, found a Boolean (false)"),
            (["NSPinnedDomains", "pinned.example"], "x", "expected a dictionary, found the string \"x\""),
            (["NSPinnedDomains", "pinned.example", "NSIncludesSubdomains"], 1, "expected a Boolean (<true/> or <false/>), found the number 1"),
            (["NSPinnedDomains", "pinned.example", "NSPinnedLeafIdentities"], leafPin, "expected an array of dictionaries holding SPKI-SHA256-BASE64, found the string \"AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEB…\""),
            (["NSPinnedDomains", "pinned.example", "NSPinnedCAIdentities"], ["a": 1], "expected an array of dictionaries holding SPKI-SHA256-BASE64, found a dictionary"),
        ] as [([String], Any, String)] {
            let error = refusal(try binary(replacing(path, with: value)))
            #expect(error?.description == base + path.joined(separator: ".") + ": " + message, "\(path)")
        }
        // Inside an identity list.
        for (list, path, message) in [
            ([leafPin] as [Any], "[0]", "expected a dictionary, found the string \"AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEB…\""),
            ([["SPKI-SHA256-BASE64": Data(repeating: 1, count: 32)]], "[0].SPKI-SHA256-BASE64", "expected a string (the base64 of a 32-byte SHA-256 digest), found data (32 bytes)"),
        ] as [([Any], String, String)] {
            let error = refusal(try binary(replacing(["NSPinnedDomains", "pinned.example", "NSPinnedLeafIdentities"], with: list)))
            #expect(error?.description == base + "NSPinnedDomains.pinned.example.NSPinnedLeafIdentities" + path + ": " + message)
        }
        #expect(refusal(try binary(["NSAppTransportSecurity": [1]]))?.description == "NSAppTransportSecurity: expected a dictionary, found an array")
        #expect(refusal(try binary([fullATS()]))?.description == "the top level is an array, not a dictionary")
    }

    @Test func malformedPinsAreRefusedWhereTheyStand() throws {
        let path = "NSAppTransportSecurity.NSPinnedDomains.pinned.example.NSPinnedLeafIdentities"
        for (value, message, error) in [
            ("not base64!", "[0].SPKI-SHA256-BASE64: \"not base64!\" is not the base64 of a 32-byte SHA-256 digest: it is not valid base64", SPKIPin.ParseError.invalidBase64),
            (Data(repeating: 3, count: 31).base64EncodedString(), "[0].SPKI-SHA256-BASE64: \"AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAw==\" is not the base64 of a 32-byte SHA-256 digest: it decodes to 31 bytes", .wrongLength(31)),
            ("sha256/" + leafPin, "[0].SPKI-SHA256-BASE64: \"sha256/\(leafPin)\" is not the base64 of a 32-byte SHA-256 digest (the sha256/ prefix is OkHttp's form; give the base64 alone)", .unsupportedPrefix("sha256")),
        ] as [(String, String, SPKIPin.ParseError)] {
            let refused = refusal(try binary(replacing(["NSPinnedDomains", "pinned.example", "NSPinnedLeafIdentities"], with: [["SPKI-SHA256-BASE64": value]])))
            #expect(refused?.description == path + message)
            #expect(refused?.pinError == error)
        }
        #expect(refusal(try binary(replacing(["NSPinnedDomains", "pinned.example", "NSPinnedLeafIdentities"], with: [[String: Any]()])))?.description
                == path + "[0]: missing key SPKI-SHA256-BASE64")
        #expect(refusal(try binary(replacing(["NSPinnedDomains", "pinned.example", "NSPinnedLeafIdentities"], with: [Any]())))?.description
                == path + ": an empty list pins no key and would refuse every connection; give at least one identity")
        #expect(refusal(try binary(replacing(["NSPinnedDomains", "pinned.example"], with: ["NSIncludesSubdomains": true])))?.description
                == "NSAppTransportSecurity.NSPinnedDomains.pinned.example: pins nothing: give NSPinnedLeafIdentities, NSPinnedCAIdentities or both")
    }

    // What a hostile file can make the reader do: bounded, typed refusals, no trap.
    @Test func hostileFilesAreRefused() throws {
        // Over the size cap, before Foundation sees it.
        #expect(refusal([UInt8](repeating: 0x20, count: ATSPlistFile.maximumBytes + 1))?.description.hasPrefix("larger than 4194304 bytes") == true)
        // Deep nesting: Foundation's own limit, reported as an error.
        let deep = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: 100_000)
            + String(repeating: "</array>", count: 100_000) + "</plist>"
        #expect(refusal(Array(deep.utf8))?.description.hasPrefix("not an XML or binary property list") == true)
        // A binary plist whose array contains itself (a reference cycle).
        var cycle = Array("bplist00".utf8) + [0xA1, 0x01, 0xA1, 0x00, 0x08, 0x0A]
        cycle += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 12]
        #expect(refusal(cycle)?.description.hasPrefix("not an XML or binary property list") == true)
        // Wide lists and dictionaries: refused past their bounds, with the path.
        let many = (0..<1_025).map { _ in ["SPKI-SHA256-BASE64": leafPin] }
        #expect(refusal(try binary(replacing(["NSPinnedDomains", "pinned.example", "NSPinnedLeafIdentities"], with: many)))?.description
                == "NSAppTransportSecurity.NSPinnedDomains.pinned.example.NSPinnedLeafIdentities: 1025 identities; at most 1024 are read")
        var domains: [String: Any] = [:]
        for index in 0..<4_097 { domains["d\(index).example"] = [String: Any]() }
        #expect(refusal(try binary(["NSAppTransportSecurity": ["NSExceptionDomains": domains]]))?.description
                == "NSAppTransportSecurity.NSExceptionDomains: 4097 domains; at most 4096 are read")
        // A megabyte-long domain key is cut in the message that names it.
        let long = String(repeating: "a", count: 1 << 20)
        let longError = refusal(try binary(["NSAppTransportSecurity": ["NSExceptionDomains": [long: true]]]))
        #expect(longError?.description == "NSAppTransportSecurity.NSExceptionDomains." + String(repeating: "a", count: 100) + "…: expected a dictionary, found a Boolean (true)")
        // Text that is no XML or binary plist: JSON and OpenStep are refused, as is PEM.
        #expect(refusal(Array("{\"NSAppTransportSecurity\": {}}".utf8)) != nil)
        #expect(refusal(Array("{ NSAppTransportSecurity = { NSAllowsArbitraryLoads = YES; }; }".utf8))?.description
                == "an OpenStep-format property list; an Info.plist is XML or binary")
        #expect(refusal(Array("-----BEGIN CERTIFICATE-----\nMII=\n-----END CERTIFICATE-----\n".utf8))?.description.hasPrefix("not an XML or binary property list") == true)
    }

    @Test func theWarningsAreBounded() throws {
        var ats: [String: Any] = [:]
        for index in 0..<300 { ats["Unknown\(index)"] = true }
        ats["NSAllowsArbitraryLoads"] = false
        let loaded = try ATSPlistFile.parse(try binary(["NSAppTransportSecurity": ats]))
        #expect(loaded.warnings.count == 200 && loaded.omittedWarnings == 100)
    }
}
