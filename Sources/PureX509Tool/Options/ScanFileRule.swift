import Foundation
import PureX509
import PureX509Config

// `scan --for 'GLOB:host=NAME,at=TIME,pin=sha256/…,pin=…'`: the host, time
// and pins of the chain files whose name matches GLOB, for a directory of
// chains where a JSON line cannot carry them. The first rule whose
// pattern matches a file's name (its last path component, shell-style
// `*`, `?` and `[…]`) applies; a file that no rule matches is decided with
// --host and --at as before. Pins make the chain's verdict Alamofire's
// `PublicKeysTrustEvaluator`'s, as a JSON line's `pins` do.

/// One `--for` rule.
public struct ScanFileRule: Sendable {
    public let pattern: String
    public let host: String?
    public let time: Int64?
    public let pins: [SPKIPin]?

    /// The most pins one rule may name (a JSON line's limit).
    static let maximumPins = ScanRecord.maximumPins

    /// Whether `path`'s last component matches the pattern.
    func matches(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return fnmatch(pattern, name, 0) == 0
    }

    /// Parses `GLOB:key=value,…`, or says why not.
    @Sendable static func parse(_ text: String) -> OptionValue<ScanFileRule> {
        // The pattern ends at the first ":host=", ":at=" or ":pin=": a pattern
        // may hold colons, and an RFC 3339 time does.
        // Without a known key, the last colon ends the pattern, so that a
        // misspelt key is named as such below.
        let starts = [":host=", ":at=", ":pin="].compactMap { text.range(of: $0)?.lowerBound }
        guard let split = starts.min() ?? text.lastIndex(of: ":").flatMap({ text[$0...].contains("=") ? $0 : nil }) else {
            return .refused(reason: "GLOB:host=NAME,at=TIME,pin=sha256/… (at least one of them)")
        }
        let pattern = String(text[..<split])
        let settings = text[text.index(after: split)...]
        guard !pattern.isEmpty else { return .refused(reason: "the file name pattern is empty") }
        var host: String? = nil, time: Int64? = nil, pins: [SPKIPin] = []
        for part in settings.split(separator: ",", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "=") else { return .refused(reason: "'\(DisplayText.escaped(String(part)))' is not key=value") }
            let key = part[..<equals], value = String(part[part.index(after: equals)...])
            switch key {
            case "host":
                guard host == nil else { return .refused(reason: "host given twice") }
                var name = value
                if IDNA.isInternationalised(name) {
                    guard case .success(let ascii) = IDNA.toASCII(name) else { return .refused(reason: "host: no A-label form") }
                    name = ascii
                }
                guard ServerIdentity(host: name) != nil else { return .refused(reason: "host: not a DNS name or IP address") }
                host = name
            case "at":
                guard time == nil else { return .refused(reason: "at given twice") }
                switch TimeArgument.parse(value) {
                case .success(let seconds): time = seconds
                case .failure(let failure): return .refused(reason: "at: \(failure)")
                }
            case "pin":
                guard pins.count < maximumPins else { return .refused(reason: "more than \(maximumPins) pins") }
                do { pins.append(try SPKIPin(value)) } catch { return .refused(reason: "pin \(DisplayText.escaped(value)): \(error)") }
            default:
                return .refused(reason: "unknown key '\(DisplayText.escaped(String(key)))' (host, at, pin)")
            }
        }
        return .parsed(ScanFileRule(pattern: pattern, host: host, time: time, pins: pins.isEmpty ? nil : pins))
    }
}
