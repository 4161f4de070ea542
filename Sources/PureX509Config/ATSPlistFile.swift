import Foundation
import PureX509

// The NSAppTransportSecurity dictionary of an Info.plist, read into the
// core's `ATSPolicy` (docs/ats.md). Foundation's PropertyListSerialization
// reads the file (XML or binary; it works the same on Linux), and this
// decoder walks what it returns with the same discipline as the pin-set
// reader: every type exact (a Boolean is `<true/>` or `<false/>`, never
// `<integer>1</integer>` or `<string>YES</string>`), each refusal naming the
// key's path (`NSAppTransportSecurity.NSExceptionDomains.example.com.NSIncludesSubdomains:
// expected a Boolean`), a pin that is not the base64 of 32 bytes refused
// where it stands. Unlike the pin-set reader, an unknown key is a warning,
// not an error: an Info.plist is Apple's format, Apple ignores keys it does
// not know, and an app's file carries keys of other Apple frameworks; a
// near miss of a known key says which it resembles.
//
// Bounds: the file (4 MiB; an Info.plist is a few kilobytes), the entries of
// a domain dictionary, the identities of a list and of the whole file, the
// warnings kept. Foundation itself refuses deep nesting and reference cycles
// (a binary plist whose array contains itself), with an error, not a trap
// (ATSPlistFileTests holds both).

/// Why an Info.plist's ATS dictionary was refused: the key's path and the reason.
public struct ATSPlistError: Error, CustomStringConvertible {
    /// The key path, `NSAppTransportSecurity.NSPinnedDomains.example.com.NSPinnedLeafIdentities[0].SPKI-SHA256-BASE64`;
    /// empty for the file as a whole.
    public let path: String
    /// What is wrong, in words.
    public let message: String
    /// The SPKI pin reader's error, when a pin was refused.
    public let pinError: SPKIPin.ParseError?

    init(_ path: String, _ message: String, pinError: SPKIPin.ParseError? = nil) {
        self.path = path
        self.message = message
        self.pinError = pinError
    }

    /// `PATH: message`, or the message alone for the file as a whole.
    public var description: String { path.isEmpty ? message : path + ": " + message }
}

/// A key the reader did not apply, with its path: unknown, misspelt, or an
/// Apple key outside what PureX509 models.
public struct ATSPlistWarning: Sendable, CustomStringConvertible {
    /// The key's path.
    public let path: String
    /// Why it was not applied.
    public let message: String

    /// `PATH: message`.
    public var description: String { path.isEmpty ? message : path + ": " + message }
}

/// Reads the `NSAppTransportSecurity` dictionary of an Info.plist.
public enum ATSPlistFile {
    /// What a file held: the policy, the warnings, and how it was written.
    public struct Loaded {
        /// The dictionary as the core evaluates it.
        public let policy: ATSPolicy
        /// Keys that were not applied, in the order they were met (at most `maximumWarnings`).
        public let warnings: [ATSPlistWarning]
        /// Warnings beyond `maximumWarnings`, counted and not kept.
        public let omittedWarnings: Int
        /// `xml` or `binary`.
        public let format: String
        /// True when the file's top level was the ATS dictionary itself
        /// rather than an Info.plist holding it under `NSAppTransportSecurity`.
        public let isBareDictionary: Bool
        /// False when an Info.plist has no `NSAppTransportSecurity` key: ATS's defaults hold.
        public let hasATSDictionary: Bool
    }

    /// An Info.plist is a few kilobytes; 4 MiB bounds what Foundation is handed.
    public static let maximumBytes = 4 << 20
    /// Domains in one NSExceptionDomains or NSPinnedDomains dictionary.
    static let maximumDomains = 4_096
    /// Identities in one NSPinnedLeafIdentities or NSPinnedCAIdentities list.
    static let maximumIdentitiesPerList = 1_024
    /// Identities in the whole file (a binary plist can repeat one object by reference).
    static let maximumIdentities = 16_384
    /// Warnings kept; the rest are counted.
    static let maximumWarnings = 200

    static let atsKeys = ["NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent",
                          "NSAllowsLocalNetworking", "NSExceptionDomains", "NSPinnedDomains"]
    static let exceptionKeys = ["NSIncludesSubdomains", "NSExceptionAllowsInsecureHTTPLoads", "NSExceptionMinimumTLSVersion",
                                "NSExceptionRequiresForwardSecrecy", "NSRequiresCertificateTransparency"]
    static let pinnedKeys = ["NSIncludesSubdomains", "NSPinnedLeafIdentities", "NSPinnedCAIdentities"]
    static let identityKeys = ["SPKI-SHA256-BASE64"]
    /// Apple keys of an exception-domain entry that PureX509 reads as known but does not apply.
    static let unmodelledExceptionKeys = [
        "NSThirdPartyExceptionAllowsInsecureHTTPLoads", "NSThirdPartyExceptionMinimumTLSVersion",
        "NSThirdPartyExceptionRequiresForwardSecrecy", "NSTemporaryExceptionAllowsInsecureHTTPLoads",
        "NSTemporaryExceptionMinimumTLSVersion", "NSTemporaryExceptionRequiresForwardSecrecy",
        "NSTemporaryExceptionAllowsInsecureHTTPSLoads", "NSExceptionAllowsInsecureHTTPSLoads",
    ]

    /// Decodes `bytes`, an XML or binary property list: an Info.plist
    /// (its `NSAppTransportSecurity` dictionary is read; without one, ATS's
    /// defaults hold and a warning says so), or a file whose top level is
    /// the ATS dictionary itself (recognised when it has no
    /// `NSAppTransportSecurity` key and at least one ATS key).
    public static func parse(_ bytes: [UInt8]) throws(ATSPlistError) -> Loaded {
        guard bytes.count <= maximumBytes else {
            throw ATSPlistError("", "larger than \(maximumBytes) bytes; an Info.plist is a few kilobytes")
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw ATSPlistError("", "not an XML or binary property list" + (reason.map { ": " + DisplayText.escaped($0) } ?? ""))
        }
        // PropertyListSerialization also reads OpenStep text ({ a = b; }),
        // which would take JSON and other text for a plist; Info.plist files
        // are XML or binary.
        let formatName: String
        switch format {
        case .xml: formatName = "xml"
        case .binary: formatName = "binary"
        default: throw ATSPlistError("", "an OpenStep-format property list; an Info.plist is XML or binary")
        }
        var reader = Reader()
        guard let top = reader.dictionary(root, "") else {
            throw ATSPlistError("", "the top level is \(Reader.describe(root)), not a dictionary")
        }
        let policy: ATSPolicy
        var bare = false, present = true
        if let ats = top["NSAppTransportSecurity"] {
            guard let dictionary = reader.dictionary(ats, "NSAppTransportSecurity") else {
                throw ATSPlistError("NSAppTransportSecurity", "expected a dictionary, found \(Reader.describe(ats))")
            }
            policy = try reader.ats(dictionary, path: "NSAppTransportSecurity")
        } else if top.keys.contains(where: { atsKeys.contains($0) }) {
            bare = true
            policy = try reader.ats(top, path: "")
        } else {
            present = false
            for key in top.keys.sorted() where PinningConfigFile.closest(key, in: ["NSAppTransportSecurity"]) != nil {
                reader.warn(Reader.path("", key), "not NSAppTransportSecurity, which it resembles; it was not read")
            }
            reader.warn("", "no NSAppTransportSecurity dictionary: ATS's defaults hold for every host")
            policy = ATSPolicy()
        }
        return Loaded(policy: policy, warnings: reader.warnings, omittedWarnings: reader.omitted, format: formatName,
                      isBareDictionary: bare, hasATSDictionary: present)
    }

    /// The walk over Foundation's values, collecting warnings.
    struct Reader {
        var warnings: [ATSPlistWarning] = []
        var omitted = 0
        var identities = 0

        mutating func warn(_ path: String, _ message: String) {
            if warnings.count < ATSPlistFile.maximumWarnings { warnings.append(ATSPlistWarning(path: path, message: message)) } else { omitted += 1 }
        }

        /// `base.key`, with a key that could be mistaken for path syntax (or
        /// holds controls) quoted as a JSON string, and a key longer than 100
        /// characters cut there (a hostile key must not make every message megabytes long).
        static func path(_ base: String, _ key: String) -> String {
            if key.count > 100 { return path(base, String(key.prefix(100))) + "…" }
            let plain = !key.isEmpty && key.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F || $0 == 0x3A || $0 == 0x2F
            }
            let component = plain ? key : JSONText.quoted(key)
            return base.isEmpty ? component : base + "." + component
        }

        /// "a Boolean (true)", "the number 1", "the string \"YES\"", … for "expected X, found Y".
        static func describe(_ value: Any) -> String {
            if type(of: value) == Bool.self, let flag = value as? Bool { return "a Boolean (\(flag))" }
            if let number = value as? NSNumber { return "the number \(number)" }
            if let text = value as? String {
                let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                return "the string " + JSONText.quoted(shown)
            }
            if let data = value as? Data { return "data (\(data.count) bytes)" }
            if value is Date { return "a date" }
            if value is [Any] { return "an array" }
            if value is [AnyHashable: Any] { return "a dictionary" }
            return "a value of another type"
        }

        /// A dictionary's members by key; nil when `value` is not a dictionary.
        /// A key that is not a string (a binary plist allows it) is refused.
        func dictionary(_ value: Any, _ path: String) -> [String: Any]? {
            guard let raw = value as? [AnyHashable: Any] else { return nil }
            var result: [String: Any] = [:]
            for (key, member) in raw {
                guard let name = key.base as? String else { return nil }
                result[name] = member
            }
            return result
        }

        func requireDictionary(_ value: Any, _ path: String) throws(ATSPlistError) -> [String: Any] {
            guard let dictionary = dictionary(value, path) else {
                throw ATSPlistError(path, "expected a dictionary, found \(Self.describe(value))")
            }
            return dictionary
        }

        func boolean(_ value: Any, _ path: String) throws(ATSPlistError) -> Bool {
            // Foundation hands <true/> over as Bool and <integer>1</integer> as
            // NSNumber, which also casts to Bool: the dynamic type tells them apart.
            guard type(of: value) == Bool.self, let flag = value as? Bool else {
                throw ATSPlistError(path, "expected a Boolean (<true/> or <false/>), found \(Self.describe(value))")
            }
            return flag
        }

        /// Warns of every key of `dictionary` outside `known` (and `unmodelled`), sorted.
        mutating func checkKeys(_ dictionary: [String: Any], _ path: String, known: [String], unmodelled: [String] = [], what: String) {
            for key in dictionary.keys.sorted() where !known.contains(key) {
                if unmodelled.contains(key) {
                    warn(Self.path(path, key), "an Apple key PureX509 does not apply (\(what) are read from \(known.joined(separator: ", ")))")
                } else if let guess = PinningConfigFile.closest(key, in: known + unmodelled) {
                    warn(Self.path(path, key), "unknown key, ignored; did you mean \"\(guess)\"?")
                } else {
                    warn(Self.path(path, key), "unknown key, ignored (known here: \(known.joined(separator: ", ")))")
                }
            }
        }

        mutating func ats(_ dictionary: [String: Any], path: String) throws(ATSPlistError) -> ATSPolicy {
            checkKeys(dictionary, path, known: ATSPlistFile.atsKeys, what: "ATS's global keys")
            var policy = ATSPolicy()
            func flag(_ key: String) throws(ATSPlistError) -> Bool? {
                guard let value = dictionary[key] else { return nil }
                return try boolean(value, Self.path(path, key))
            }
            policy.allowsArbitraryLoads = try flag("NSAllowsArbitraryLoads")
            policy.allowsArbitraryLoadsForMedia = try flag("NSAllowsArbitraryLoadsForMedia")
            policy.allowsArbitraryLoadsInWebContent = try flag("NSAllowsArbitraryLoadsInWebContent")
            policy.allowsLocalNetworking = try flag("NSAllowsLocalNetworking")
            if policy.allowsArbitraryLoads == true, let present = policy.arbitraryLoadsOverride {
                warn(Self.path(path, "NSAllowsArbitraryLoads"), "ignored on iOS 10 and macOS 10.12 and later, because \(present) is present")
            }
            if let value = dictionary["NSExceptionDomains"] {
                let domainsPath = Self.path(path, "NSExceptionDomains")
                for (domain, entry) in try domains(value, domainsPath) {
                    policy.exceptionDomains.append(try exceptionDomain(domain, entry, Self.path(domainsPath, domain)))
                }
            }
            if let value = dictionary["NSPinnedDomains"] {
                let domainsPath = Self.path(path, "NSPinnedDomains")
                for (domain, entry) in try domains(value, domainsPath) {
                    policy.pinnedDomains.append(try pinnedDomain(domain, entry, Self.path(domainsPath, domain)))
                }
            }
            return policy
        }

        /// A domain dictionary's entries, sorted by domain (a dictionary has
        /// no order; sorting makes the result and its warnings repeatable).
        mutating func domains(_ value: Any, _ path: String) throws(ATSPlistError) -> [(String, [String: Any])] {
            let dictionary = try requireDictionary(value, path)
            guard dictionary.count <= ATSPlistFile.maximumDomains else {
                throw ATSPlistError(path, "\(dictionary.count) domains; at most \(ATSPlistFile.maximumDomains) are read")
            }
            var result: [(String, [String: Any])] = []
            for key in dictionary.keys.sorted() {
                let entryPath = Self.path(path, key)
                result.append((key, try requireDictionary(dictionary[key]!, entryPath)))
                checkDomainKey(key, entryPath)
            }
            return result
        }

        /// Apple's rules for domain strings (NSExceptionDomains reference):
        /// a key that breaks one still loads, as on Apple's systems, where it
        /// matches nothing or less than meant; the warning says so.
        mutating func checkDomainKey(_ key: String, _ path: String) {
            let bytes = Array(key.utf8)
            if bytes.isEmpty { warn(path, "an empty domain matches no host"); return }
            if HostAddress.octets(Array(bytes.prefix { $0 != UInt8(ascii: "/") })) != nil { return }
            if bytes.contains(UInt8(ascii: "*")) {
                warn(path, "a wildcard matches no host; write the domain and set NSIncludesSubdomains")
            } else if bytes.contains(UInt8(ascii: ":")) {
                warn(path, "a port number matches no host; write the domain alone")
            } else if bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
                warn(path, "Apple asks for lower case; PureX509 compares domains case-insensitively")
            }
            if bytes.last == UInt8(ascii: "."), bytes.count > 1 {
                warn(path, "a trailing dot matches only a host written with one (and never a pinned domain's host)")
            }
        }

        mutating func exceptionDomain(_ domain: String, _ entry: [String: Any], _ path: String) throws(ATSPlistError) -> ATSExceptionDomain {
            checkKeys(entry, path, known: ATSPlistFile.exceptionKeys, unmodelled: ATSPlistFile.unmodelledExceptionKeys,
                      what: "exception domains")
            func flag(_ key: String) throws(ATSPlistError) -> Bool? {
                guard let value = entry[key] else { return nil }
                return try boolean(value, Self.path(path, key))
            }
            var result = ATSExceptionDomain(domain: domain)
            result.includesSubdomains = try flag("NSIncludesSubdomains")
            result.allowsInsecureHTTPLoads = try flag("NSExceptionAllowsInsecureHTTPLoads")
            result.requiresForwardSecrecy = try flag("NSExceptionRequiresForwardSecrecy")
            result.requiresCertificateTransparency = try flag("NSRequiresCertificateTransparency")
            if let value = entry["NSExceptionMinimumTLSVersion"] {
                let keyPath = Self.path(path, "NSExceptionMinimumTLSVersion")
                let expected = "TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3"
                guard let text = value as? String else { throw ATSPlistError(keyPath, "expected a string (\(expected)), found \(Self.describe(value))") }
                guard let version = ATSTLSVersion(text) else { throw ATSPlistError(keyPath, "expected \(expected), found \(Self.describe(value))") }
                result.minimumTLSVersion = version
            }
            return result
        }

        mutating func pinnedDomain(_ domain: String, _ entry: [String: Any], _ path: String) throws(ATSPlistError) -> ATSPinnedDomain {
            checkKeys(entry, path, known: ATSPlistFile.pinnedKeys, what: "pinned domains")
            var result = ATSPinnedDomain(domain: domain)
            if let value = entry["NSIncludesSubdomains"] { result.includesSubdomains = try boolean(value, Self.path(path, "NSIncludesSubdomains")) }
            if let value = entry["NSPinnedLeafIdentities"] { result.leafIdentities = try identities(value, Self.path(path, "NSPinnedLeafIdentities")) }
            if let value = entry["NSPinnedCAIdentities"] { result.caIdentities = try identities(value, Self.path(path, "NSPinnedCAIdentities")) }
            // Apple: each entry must include one list or both.
            guard result.leafIdentities != nil || result.caIdentities != nil else {
                throw ATSPlistError(path, "pins nothing: give NSPinnedLeafIdentities, NSPinnedCAIdentities or both")
            }
            return result
        }

        /// An identity list: dictionaries holding `SPKI-SHA256-BASE64`, the
        /// base64 of a 32-byte SHA-256 digest (44 characters with padding).
        mutating func identities(_ value: Any, _ path: String) throws(ATSPlistError) -> [SPKIPin] {
            guard let list = value as? [Any] else {
                throw ATSPlistError(path, "expected an array of dictionaries holding SPKI-SHA256-BASE64, found \(Self.describe(value))")
            }
            // An empty list matches no key: Apple would refuse every connection to the domain.
            guard !list.isEmpty else { throw ATSPlistError(path, "an empty list pins no key and would refuse every connection; give at least one identity") }
            guard list.count <= ATSPlistFile.maximumIdentitiesPerList else {
                throw ATSPlistError(path, "\(list.count) identities; at most \(ATSPlistFile.maximumIdentitiesPerList) are read")
            }
            identities += list.count
            guard identities <= ATSPlistFile.maximumIdentities else {
                throw ATSPlistError(path, "more than \(ATSPlistFile.maximumIdentities) identities in the file")
            }
            var pins: [SPKIPin] = []
            var first: [[UInt8]: Int] = [:]
            for (index, element) in list.enumerated() {
                let elementPath = path + "[\(index)]"
                let identity = try requireDictionary(element, elementPath)
                checkKeys(identity, elementPath, known: ATSPlistFile.identityKeys, what: "identities")
                let keyPath = Self.path(elementPath, "SPKI-SHA256-BASE64")
                guard let raw = identity["SPKI-SHA256-BASE64"] else { throw ATSPlistError(elementPath, "missing key SPKI-SHA256-BASE64") }
                guard let text = raw as? String else {
                    throw ATSPlistError(keyPath, "expected a string (the base64 of a 32-byte SHA-256 digest), found \(Self.describe(raw))")
                }
                let shown = JSONText.quoted(text.count > 60 ? String(text.prefix(60)) + "…" : text)
                let malformed = "\(shown) is not the base64 of a 32-byte SHA-256 digest"
                // Apple's value is bare base64 (`SecBase64Decode`); OkHttp's `sha256/` form is not read there.
                if text.hasPrefix("sha256/") {
                    throw ATSPlistError(keyPath, malformed + " (the sha256/ prefix is OkHttp's form; give the base64 alone)",
                                        pinError: .unsupportedPrefix("sha256"))
                }
                let digest: [UInt8]
                do { digest = try Base64.decode(Array(text.utf8)) } catch {
                    throw ATSPlistError(keyPath, malformed + ": it is not valid base64", pinError: .invalidBase64)
                }
                guard digest.count == 32 else {
                    throw ATSPlistError(keyPath, malformed + ": it decodes to \(digest.count) bytes", pinError: .wrongLength(digest.count))
                }
                // Re-encoded, so the pin reader sees the canonical 44 characters.
                guard let pin = try? SPKIPin(Base64.encode(digest)) else {
                    throw ATSPlistError(keyPath, malformed, pinError: .invalidBase64)
                }
                if let earlier = first[Array(pin.digest)] {
                    warn(elementPath, "the same identity as \(path)[\(earlier)]")
                } else {
                    first[Array(pin.digest)] = index
                }
                pins.append(pin)
            }
            return pins
        }
    }
}
