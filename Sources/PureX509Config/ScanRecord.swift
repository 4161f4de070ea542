import PureX509

/// One line of `purex509 scan`'s JSON-lines input:
/// `{"leaf": CERT, "intermediates": [CERT…], "host": NAME, "time": T, "pins": ["sha256/…"…], "id": ANY}`
/// (`"ip"` in place of `"host"` for an address). With `pins` the chain is
/// decided by Alamofire's public-key evaluator for the line's host.
/// A CERT is a PEM certificate block or the base64 of its DER; `time` is
/// UNIX seconds or a `TimeArgument` string. Members other than these are
/// ignored (corpora carry their own), but a known member of the wrong type,
/// a duplicate, or a line that is not strict JSON is refused, with why.
public struct ScanRecord: Sendable {
    public let leaf: [UInt8]
    public let intermediates: [[UInt8]]
    public let host: String?
    public let time: Int64?
    /// The line's `pins`, parsed; nil when the line has none.
    public let pins: [SPKIPin]?
    /// The line's `id`, any JSON value, as compact JSON text (members in
    /// their order, numbers as written), echoed in the output unchanged.
    public let id: String?

    public static func decode(_ line: [UInt8]) -> Result<ScanRecord, ScanRecordError> {
        let root: JSONValue
        do { root = try StrictJSONReader.parse(line) } catch {
            // Said in words, for whoever reads the record: the whole line is one JSON object.
            return .failure(ScanRecordError("not JSON (column \(error.position.column)\(error.position.line > 1 ? " of its line \(error.position.line)" : "")): \(error.message); each line must be one JSON object"))
        }
        guard case .object(let members) = root.kind else {
            return .failure(ScanRecordError("expected an object, found \(root.typeDescription)"))
        }
        var seen: Set<String> = []
        var leaf: [UInt8]?, intermediates: [[UInt8]] = [], host: String?, time: Int64?, id: String?, pins: [SPKIPin]?
        for member in members {
            guard ["leaf", "intermediates", "host", "ip", "time", "pins", "id"].contains(member.key) else { continue }
            guard seen.insert(member.key).inserted else { return .failure(ScanRecordError("\(member.key): given twice")) }
            let value = member.value
            switch member.key {
            case "leaf":
                switch certificate(value, "leaf") {
                case .success(let der): leaf = der
                case .failure(let error): return .failure(error)
                }
            case "intermediates":
                guard case .array(let items) = value.kind else { return .failure(wrongType("intermediates", "an array", value)) }
                for (index, item) in items.enumerated() {
                    switch certificate(item, "intermediates[\(index)]") {
                    case .success(let der): intermediates.append(der)
                    case .failure(let error): return .failure(error)
                    }
                }
            case "host", "ip":
                guard case .string(let text) = value.kind else { return .failure(wrongType(member.key, "a string", value)) }
                guard host == nil else { return .failure(ScanRecordError("give host or ip, not both")) }
                host = text
            case "time":
                switch value.kind {
                case .number(_, let integer?): time = integer
                case .string(let text):
                    switch TimeArgument.parse(text) {
                    case .success(let seconds): time = seconds
                    case .failure(let failure): return .failure(ScanRecordError("time: \(failure)"))
                    }
                default: return .failure(wrongType("time", "UNIX seconds or a date string", value))
                }
                if let seconds = time, !TimeArgument.range.contains(seconds) {
                    return .failure(ScanRecordError("time: outside years 0000–9999"))
                }
            case "pins":
                guard case .array(let items) = value.kind else { return .failure(wrongType("pins", "an array of sha256/ pins", value)) }
                // An empty list would pin nothing: Alamofire refuses it (noPublicKeysFound), and so does a line.
                guard !items.isEmpty, items.count <= maximumPins else {
                    return .failure(ScanRecordError("pins: give 1 to \(maximumPins) sha256/ pins"))
                }
                var parsed: [SPKIPin] = []
                for (index, item) in items.enumerated() {
                    guard case .string(let text) = item.kind else { return .failure(wrongType("pins[\(index)]", "a sha256/ pin string", item)) }
                    do { parsed.append(try SPKIPin(text)) } catch {
                        return .failure(ScanRecordError("pins[\(index)]: \(error)"))
                    }
                }
                pins = parsed
            default:
                id = value.compactText
            }
        }
        guard let leaf else { return .failure(ScanRecordError("leaf: missing")) }
        return .success(ScanRecord(leaf: leaf, intermediates: intermediates, host: host, time: time, pins: pins, id: id))
    }

    /// The most pins a line may give: a pin set has a handful; each costs a comparison per certificate.
    public static let maximumPins = 64

    private static func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> ScanRecordError {
        ScanRecordError("\(key): expected \(expected), found \(value.typeDescription)")
    }

    /// A PEM CERTIFICATE block (exactly one) or base64 DER.
    private static func certificate(_ value: JSONValue, _ key: String) -> Result<[UInt8], ScanRecordError> {
        guard case .string(let text) = value.kind else { return .failure(wrongType(key, "a PEM or base64 certificate string", value)) }
        let bytes = Array(text.utf8)
        if PEM.looksLikePEM(bytes) {
            do {
                let blocks = try PEM.certificates(in: bytes)
                guard blocks.count == 1 else { return .failure(ScanRecordError("\(key): \(blocks.count) CERTIFICATE blocks; give one per string")) }
                return .success(blocks[0].der)
            } catch {
                return .failure(ScanRecordError("\(key): \(error)"))
            }
        }
        do { return .success(try Base64.decode(bytes)) } catch {
            return .failure(ScanRecordError("\(key): neither a PEM block nor base64 (\(error))"))
        }
    }
}

public struct ScanRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
