import PureX509

// Certificate Transparency log lists (docs/ct.md): Apple's
// `current_log_list.json` (schema v5, and v4, which lacks `tiled_logs`) and
// Chrome's `log_list.json` (schema v3), told apart by content: Apple's has
// `assetVersion`, Chrome's `log_list_timestamp`. A list is published data
// that gains fields over time, so keys this reader does not use are
// skipped; the ones it uses are read strictly (types, base64, times,
// exactly one state per log), a repeated key or log ID is refused, and
// every error names the key path, line and column. A log's ID must be the
// SHA-256 of its key: a list that says otherwise would attribute SCTs to
// the wrong log.

public enum CTLogListFile {
    /// Lists hold about 170 logs; a file of many thousands is not a log list.
    public static let maximumLogs = 2_000

    /// Apple's log list as shipped with PureX509 (`AppleCTLogListText`,
    /// Resources/README.md), dated by when Apple published that version
    /// (the list carries no time of its own), parsed once.
    public static func shippedApple() throws(ConfigError) -> CTLogList {
        try shipped.get()
    }

    private static let shipped: Result<CTLogList, ConfigError> = {
        do throws(ConfigError) {
            let list = try parse(Array(AppleCTLogListText.json.utf8))
            return .success(CTLogList(format: list.format, version: list.version, timestamp: AppleCTLogListText.publishedSeconds, logs: list.logs))
        } catch {
            return .failure(error)
        }
    }()

    /// Decodes a log list.
    public static func parse(_ bytes: [UInt8]) throws(ConfigError) -> CTLogList {
        let root: JSONValue
        do {
            root = try StrictJSONReader.parse(bytes)
        } catch {
            throw ConfigError(position: error.position, path: error.path, message: "syntax error: " + error.message)
        }
        let top = try fields(root, path: "")
        let format: CTLogList.Format
        if top["assetVersion"] != nil {
            format = .apple
        } else if top["log_list_timestamp"] != nil {
            format = .chrome
        } else {
            throw ConfigError(position: root.position, path: "",
                              message: "neither Apple's log list (no \"assetVersion\") nor Chrome's (no \"log_list_timestamp\")")
        }
        guard let versionValue = top["version"] else { throw PinningConfigFile.missing(root, "", "version", "the list's version") }
        let version = try PinningConfigFile.string(versionValue, path: "version", expected: "a version string")
        var timestamp: Int64? = nil
        if format == .chrome, let value = top["log_list_timestamp"] { timestamp = try time(value, path: "log_list_timestamp") }
        guard let operatorsValue = top["operators"] else { throw PinningConfigFile.missing(root, "", "operators", "an array of log operators") }
        guard case .array(let operators) = operatorsValue.kind else {
            throw PinningConfigFile.typeError(operatorsValue, "operators", expected: "an array of log operators")
        }
        var logs: [CTLog] = []
        // Each log ID and where it was, spelt out only for a repeated ID.
        var seen: [[UInt8]: (operatorIndex: Int, member: String, index: Int)] = [:]
        for (i, operatorValue) in operators.enumerated() {
            let base = "operators[\(i)]"
            let entry = try fields(operatorValue, path: base)
            guard let nameValue = entry["name"] else { throw PinningConfigFile.missing(operatorValue, base, "name", "the operator's name") }
            let operatorName = try PinningConfigFile.string(nameValue, path: base + ".name", expected: "a name")
            for (member, kind) in [("logs", CTLog.Kind.rfc6962), ("tiled_logs", .tiled)] {
                // Apple's schema v4 has no tiled_logs; a missing array is an empty one.
                guard let listValue = entry[member] else { continue }
                guard case .array(let list) = listValue.kind else {
                    throw PinningConfigFile.typeError(listValue, base + "." + member, expected: "an array of logs")
                }
                for (j, logValue) in list.enumerated() {
                    func path() -> String { base + ".\(member)[\(j)]" }
                    guard logs.count < maximumLogs else {
                        throw ConfigError(position: logValue.position, path: path(), message: "more than \(maximumLogs) logs")
                    }
                    let log = try self.log(logValue, path: path(), operatorName: operatorName, kind: kind)
                    let id = Array(log.id)
                    if let first = seen[id] {
                        throw ConfigError(position: logValue.position, path: path(),
                                          message: "the same log ID as operators[\(first.operatorIndex)].\(first.member)[\(first.index)]")
                    }
                    seen[id] = (i, member, j)
                    logs.append(log)
                }
            }
        }
        return CTLogList(format: format, version: version, timestamp: timestamp, logs: logs)
    }

    static func log(_ value: JSONValue, path: @autoclosure () -> String, operatorName: String, kind: CTLog.Kind) throws(ConfigError) -> CTLog {
        let entry = try fields(value, path: path())
        func required(_ key: String, _ what: String) throws(ConfigError) -> JSONValue {
            guard let member = entry[key] else { throw PinningConfigFile.missing(value, path(), key, what) }
            return member
        }
        let description = try string(try required("description", "the log's name"), path: path() + ".description", expected: "a name")
        let keyValue = try required("key", "the log's key, a base64 SubjectPublicKeyInfo")
        let spki = try base64(keyValue, path: path() + ".key")
        let idValue = try required("log_id", "the log's ID, base64")
        let id = try base64(idValue, path: path() + ".log_id")
        // The ID must be the key's SHA-256, which CTLog computes as its ID:
        // comparing with that saves hashing each key twice. An entry wrong in
        // a later field too still reports its ID, as if checked first.
        func wrongID() -> ConfigError {
            ConfigError(position: idValue.position, path: path() + ".log_id", message: "is not the SHA-256 of the log's key")
        }
        let log: CTLog
        do throws(ConfigError) {
            let key: VerificationKey
            switch VerificationKey.prepare(subjectPublicKeyInfo: spki) {
            case .success(let prepared): key = prepared
            case .failure(let failure):
                throw ConfigError(position: keyValue.position, path: path() + ".key", message: "the key is refused: \(failure)")
            }
            var state: CTLog.State? = nil
            if let stateValue = entry["state"] { state = try self.state(stateValue, path: path() + ".state") }
            var interval: Range<Int64>? = nil
            if let intervalValue = entry["temporal_interval"] {
                let bounds = try fields(intervalValue, path: path() + ".temporal_interval")
                guard let startValue = bounds["start_inclusive"], let endValue = bounds["end_exclusive"] else {
                    throw PinningConfigFile.missing(intervalValue, path() + ".temporal_interval", "start_inclusive", "and end_exclusive, two times")
                }
                let start = try time(startValue, path: path() + ".temporal_interval.start_inclusive")
                let end = try time(endValue, path: path() + ".temporal_interval.end_exclusive")
                guard start < end else {
                    throw ConfigError(position: intervalValue.position, path: path() + ".temporal_interval", message: "ends before it starts")
                }
                interval = start..<end
            }
            var previous: [CTLog.PreviousOperator] = []
            if let previousValue = entry["previous_operators"] {
                guard case .array(let list) = previousValue.kind else {
                    throw PinningConfigFile.typeError(previousValue, path() + ".previous_operators", expected: "an array of operators")
                }
                for (k, item) in list.enumerated() {
                    func itemPath() -> String { path() + ".previous_operators[\(k)]" }
                    let member = try fields(item, path: itemPath())
                    guard let name = member["name"], let end = member["end_time"] else {
                        throw PinningConfigFile.missing(item, itemPath(), "name", "and end_time")
                    }
                    previous.append(CTLog.PreviousOperator(name: try string(name, path: itemPath() + ".name", expected: "a name"),
                                                           endTime: try time(end, path: itemPath() + ".end_time")))
                }
            }
            log = CTLog(key: key, subjectPublicKeyInfo: spki, name: description, operatorName: operatorName,
                        previousOperators: previous, kind: kind, state: state, temporalInterval: interval)
        } catch {
            guard SHA256.hash(spki).elementsEqual(id) else { throw wrongID() }
            throw error
        }
        guard log.id.elementsEqual(id) else { throw wrongID() }
        return log
    }

    /// `{"usable": {"timestamp": …}}`: exactly one state.
    static func state(_ value: JSONValue, path: @autoclosure () -> String) throws(ConfigError) -> CTLog.State {
        guard case .object(let members) = value.kind else { throw PinningConfigFile.typeError(value, path(), expected: "an object with one state") }
        guard members.count == 1, let member = members.first else {
            throw ConfigError(position: value.position, path: path(), message: "expected exactly one state, found \(members.count)")
        }
        guard let status = CTLog.Status.allCases.first(where: { $0.name == member.key }) else {
            throw ConfigError(position: member.position, path: path(), message: "unknown state \(JSONText.quoted(member.key)); known: "
                              + CTLog.Status.allCases.map(\.name).joined(separator: ", "))
        }
        func statePath() -> String { path() + "." + member.key }
        let details = try fields(member.value, path: statePath())
        guard let timestampValue = details["timestamp"] else { throw PinningConfigFile.missing(member.value, statePath(), "timestamp", "when the state began") }
        return CTLog.State(status: status, since: try time(timestampValue, path: statePath() + ".timestamp"))
    }

    /// The members of an object; a key given twice is refused, unknown keys are kept for the caller to skip.
    static func fields(_ value: JSONValue, path: @autoclosure () -> String) throws(ConfigError) -> Fields {
        guard case .object(let members) = value.kind else { throw PinningConfigFile.typeError(value, path(), expected: "an object") }
        // The first member whose key an earlier one has is the duplicate, as
        // a dictionary filled in file order would find it. The list's objects
        // have a handful of members, so comparing with each earlier one is
        // cheaper than hashing; a hostile object of many keys gets the set.
        func duplicate(_ member: JSONValue.Member) -> ConfigError {
            ConfigError(position: member.position, path: JSONText.path([path(), JSONText.member(member.key)]), message: "duplicate key")
        }
        if members.count <= 16 {
            for i in members.indices where members[..<i].contains(where: { $0.key == members[i].key }) { throw duplicate(members[i]) }
        } else {
            var seen = Set<String>()
            for member in members where !seen.insert(member.key).inserted { throw duplicate(member) }
        }
        return Fields(members: members)
    }

    /// An object's members, each key once, found by key.
    struct Fields {
        let members: [JSONValue.Member]

        subscript(key: String) -> JSONValue? {
            members.first(where: { $0.key == key })?.value
        }
    }

    /// `PinningConfigFile.string`, with the path spelt out only for an
    /// error: a list of 166 logs would otherwise build a path string for
    /// each of its thousand values.
    static func string(_ value: JSONValue, path: @autoclosure () -> String, expected: String) throws(ConfigError) -> String {
        if case .string(let text) = value.kind { return text }
        return try PinningConfigFile.string(value, path: path(), expected: expected)
    }

    static func base64(_ value: JSONValue, path: @autoclosure () -> String) throws(ConfigError) -> [UInt8] {
        let text = try string(value, path: path(), expected: "base64")
        do { return try Base64.decode(Array(text.utf8)) } catch {
            throw ConfigError(position: value.position, path: path(), message: "is not base64: \(error)")
        }
    }

    /// An RFC 3339 time (`2024-01-02T03:04:05Z`), as seconds since 1970.
    static func time(_ value: JSONValue, path: @autoclosure () -> String) throws(ConfigError) -> Int64 {
        let text = try string(value, path: path(), expected: "an RFC 3339 time")
        switch TimeArgument.parseRFC3339(Array(text.utf8)) {
        case .success(let seconds): return seconds
        case .failure(let reason): throw ConfigError(position: value.position, path: path(), message: JSONText.quoted(text) + " " + reason.text)
        }
    }
}
