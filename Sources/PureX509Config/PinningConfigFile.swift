import PureX509

// The pinning configuration of `policy check` (docs/pinning.md), decoded
// strictly: every key known, every type exact, no duplicates, each error
// naming the key path, line and column. The configuration is trusted input,
// but a typo in it must not switch pinning off: `"failClosed": "true"` was
// read as false, a numeric `expiration` was ignored (pins that never
// expire), `"enforced"` for `"enforce"` left the set enforced by default
// only by luck. So anything this decoder does not understand is an error.

public struct ConfigError: Error, CustomStringConvertible {
    public let position: JSONPosition
    public let path: String
    public let message: String
    /// The Pinning layer's own error, when it refused a value (a pattern, a
    /// pin, a pin set), so a caller can tell refusals apart by case and not
    /// by their text; nil for this decoder's own rules (syntax, types, keys,
    /// ranges, duplicates).
    public let cause: Cause?

    /// Which Pinning initializer refused a value, with its typed error.
    public enum Cause: Sendable, Equatable {
        /// `HostPattern` refused `pattern` (`.publicSuffix`: it covers a public suffix).
        case hostPattern(HostPattern.ParseError)
        /// `SPKIPin` refused a pin string.
        case pin(SPKIPin.ParseError)
        /// `PinSet` refused the set (too few pins).
        case pinSet(PinSet.ConfigurationError)
    }

    init(position: JSONPosition, path: String, message: String, cause: Cause? = nil) {
        self.position = position
        self.path = path
        self.message = message
        self.cause = cause
    }

    public var description: String {
        position.description + ": " + (path.isEmpty ? "" : path + ": ") + message
    }
}

public enum PinningConfigFile {
    static let rootKeys = ["minimumPins", "pinSets"]
    static let pinSetKeys = ["pattern", "pins", "expiration", "enforce", "failClosed", "includeSubdomains"]
    /// TrustKit requires two pins; more than this many is a mistake, not a policy.
    static let minimumPinsRange = 1...100

    /// Decodes a configuration; host patterns are checked against
    /// `publicSuffixes` (a pattern may not cover a whole public suffix).
    public static func parse(
        _ bytes: [UInt8], publicSuffixes suffixes: PublicSuffixList = .topLevelOnly
    ) throws(ConfigError) -> PinningConfiguration {
        let root: JSONValue
        do {
            root = try StrictJSONReader.parse(bytes)
        } catch {
            throw ConfigError(position: error.position, path: error.path, message: "syntax error: " + error.message)
        }
        let top = try members(root, path: "", known: rootKeys)
        var minimumPins = 2
        if let value = top["minimumPins"] {
            minimumPins = try integer(value, path: "minimumPins", in: minimumPinsRange)
        }
        guard let setsValue = top["pinSets"] else {
            throw ConfigError(position: root.position, path: "", message: "missing key \"pinSets\" (an array of pin sets)")
        }
        guard case .array(let sets) = setsValue.kind else { throw typeError(setsValue, "pinSets", expected: "an array of pin sets") }
        // An empty list would configure no pinning at all: almost certainly not what was meant.
        guard !sets.isEmpty else { throw ConfigError(position: setsValue.position, path: "pinSets", message: "no pin sets; give at least one") }
        var pinSets: [PinSet] = []
        // The first set of each pattern, by a hashable key: looking each
        // pattern up among all before it was quadratic in the number of sets.
        var patterns: [PatternKey: Int] = [:]
        for (i, setValue) in sets.enumerated() {
            let base = "pinSets[\(i)]"
            let fields = try members(setValue, path: base, known: pinSetKeys)
            guard let patternValue = fields["pattern"] else { throw missing(setValue, base, "pattern", "a host pattern such as **.example.com") }
            guard let pinsValue = fields["pins"] else { throw missing(setValue, base, "pins", "an array of sha256/BASE64 pins") }
            let patternText = try string(patternValue, path: base + ".pattern", expected: "a host pattern string")
            let includeSubdomains = try fields["includeSubdomains"].map { v throws(ConfigError) in try boolean(v, path: base + ".includeSubdomains") } ?? false
            let enforce = try fields["enforce"].map { v throws(ConfigError) in try boolean(v, path: base + ".enforce") } ?? true
            let failClosed = try fields["failClosed"].map { v throws(ConfigError) in try boolean(v, path: base + ".failClosed") } ?? false
            var expiration: Int64? = nil
            if let value = fields["expiration"] {
                let text = try string(value, path: base + ".expiration", expected: "an RFC 3339 time string such as \"2026-01-01T00:00:00Z\"")
                switch TimeArgument.parseRFC3339(Array(text.utf8)) {
                case .success(let seconds) where TimeArgument.range.contains(seconds): expiration = seconds
                case .success: throw ConfigError(position: value.position, path: base + ".expiration", message: "\(JSONText.quoted(text)) is outside years 0000–9999")
                case .failure(let reason): throw ConfigError(position: value.position, path: base + ".expiration", message: "\(JSONText.quoted(text)) \(reason.text)")
                }
            }
            let pattern: HostPattern
            do {
                pattern = try HostPattern(patternText, includeSubdomains: includeSubdomains, publicSuffixes: suffixes, hostNames: .uts46)
            } catch {
                throw ConfigError(position: patternValue.position, path: base + ".pattern", message: DisplayText.escaped(error.description),
                                  cause: .hostPattern(error))
            }
            if let earlier = patterns[PatternKey(pattern)] {
                throw ConfigError(position: patternValue.position, path: base + ".pattern",
                                  message: "the same pattern as pinSets[\(earlier)]; which set governs a host would be ambiguous")
            }
            patterns[PatternKey(pattern)] = i
            let pins = try pinList(pinsValue, path: base + ".pins")
            do {
                pinSets.append(try PinSet(pattern: pattern, pins: pins, expiration: expiration, failClosed: failClosed,
                                          enforce: enforce, minimumPins: minimumPins))
            } catch {
                throw ConfigError(position: pinsValue.position, path: base + ".pins", message: error.description, cause: .pinSet(error))
            }
        }
        // Patterns and hosts in UTS #46 form: a file may name `*.bücher.example`.
        return PinningConfiguration(pinSets: pinSets, hostNames: .uts46)
    }

    /// An object's members by key, after refusing unknown and duplicate keys.
    static func members(_ value: JSONValue, path: String, known: [String]) throws(ConfigError) -> [String: JSONValue] {
        guard case .object(let list) = value.kind else { throw typeError(value, path, expected: "an object") }
        var result: [String: JSONValue] = [:]
        var firstSeen: [String: JSONPosition] = [:]
        for member in list {
            let memberPath = JSONText.path([path.isEmpty ? "" : path, JSONText.member(member.key)])
            if let first = firstSeen[member.key] {
                throw ConfigError(position: member.position, path: memberPath, message: "duplicate key (first at \(first.description))")
            }
            guard known.contains(member.key) else {
                var message = "unknown key; known keys here: " + known.joined(separator: ", ")
                if let guess = closest(member.key, in: known) { message = "unknown key; did you mean \"\(guess)\"? Known keys here: " + known.joined(separator: ", ") }
                throw ConfigError(position: member.position, path: memberPath, message: message)
            }
            firstSeen[member.key] = member.position
            result[member.key] = member.value
        }
        return result
    }

    static func pinList(_ value: JSONValue, path: String) throws(ConfigError) -> [SPKIPin] {
        guard case .array(let elements) = value.kind else { throw typeError(value, path, expected: "an array of sha256/BASE64 pin strings") }
        var pins: [SPKIPin] = []
        // The first position of each digest: `firstIndex(of:)` over the pins
        // before each one was quadratic (40,000 pins took 6.4 s).
        var firstPosition: [[UInt8]: Int] = [:]
        firstPosition.reserveCapacity(elements.count)
        for (j, element) in elements.enumerated() {
            let elementPath = path + "[\(j)]"
            let text = try string(element, path: elementPath, expected: "a sha256/BASE64 pin string")
            let pin: SPKIPin
            do { pin = try SPKIPin(text) } catch {
                throw ConfigError(position: element.position, path: elementPath, message: "\(JSONText.quoted(String(text.prefix(60)))): \(error)",
                                  cause: .pin(error))
            }
            // A repeated pin would count twice towards the backup-pin rule.
            let key = Array(pin.digest)
            if let earlier = firstPosition[key] {
                throw ConfigError(position: element.position, path: elementPath, message: "the same pin as \(path)[\(earlier)]; a backup pin must be a different key")
            }
            firstPosition[key] = j
            pins.append(pin)
        }
        return pins
    }

    static func boolean(_ value: JSONValue, path: String) throws(ConfigError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw typeError(value, path, expected: "true or false") }
        return flag
    }

    static func string(_ value: JSONValue, path: String, expected: String) throws(ConfigError) -> String {
        guard case .string(let text) = value.kind else { throw typeError(value, path, expected: expected) }
        return text
    }

    static func integer(_ value: JSONValue, path: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(_, let integer) = value.kind, let integer else { throw typeError(value, path, expected: expected) }
        guard integer >= Int64(range.lowerBound), integer <= Int64(range.upperBound) else {
            throw ConfigError(position: value.position, path: path, message: "expected \(expected), found \(integer)")
        }
        return Int(integer)
    }

    static func typeError(_ value: JSONValue, _ path: String, expected: String) -> ConfigError {
        ConfigError(position: value.position, path: path, message: "expected \(expected), found \(value.typeDescription)")
    }

    static func missing(_ object: JSONValue, _ path: String, _ key: String, _ what: String) -> ConfigError {
        ConfigError(position: object.position, path: path, message: "missing key \"\(key)\" (\(what))")
    }

    /// A known key within two edits of `key`, ignoring case (`enforced`, `includeSubDomains`).
    static func closest(_ key: String, in known: [String]) -> String? {
        let lowered = Array(key.lowercased().utf8)
        var best: (String, Int)? = nil
        for candidate in known {
            let distance = editDistance(lowered, Array(candidate.lowercased().utf8))
            if distance <= 2, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// A host pattern as a dictionary key: the three fields `HostPattern`'s
/// equality compares.
struct PatternKey: Hashable {
    let kind: Int
    let domain: [UInt8]
    let includeSubdomains: Bool

    init(_ pattern: HostPattern) {
        switch pattern.kind {
        case .exact: kind = 0
        case .oneLabel: kind = 1
        case .anyDepth: kind = 2
        }
        domain = pattern.domain
        includeSubdomains = pattern.includeSubdomains
    }
}
