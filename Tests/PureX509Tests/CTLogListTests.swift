import Foundation
import PureX509
import PureX509Config
import Testing
import TestSupport

// Log lists read into the core's values (CTLogListFile): Apple's published
// lists (Vectors/ct/loglist, version 511 and the 2025-02-26 version 341),
// a Chrome-format list written here, and lists broken one way each, each
// refused with the key path that is wrong.

private func appleList(_ name: String = "apple-current_log_list.json") throws -> CTLogList {
    try CTLogListFile.parse(try Vectors.bytes("ct/loglist/" + name))
}

/// A log-list entry for `keyFile` (a PEM public key under Vectors/ct), its ID computed unless given.
private func logEntry(_ keyFile: String, state: String = #"{"usable": {"timestamp": "2024-01-01T00:00:00Z"}}"#,
                      id: String? = nil, extra: String = "") throws -> String {
    let pem = try PEM.blocks(in: try Vectors.bytes("ct/" + keyFile), label: "PUBLIC KEY")[0].der
    let logID = id ?? Base64.encode(SHA256.hash(pem))
    return #"{"description": "test log", "key": "\#(Base64.encode(pem))", "log_id": "\#(logID)", "mmd": 86400, "state": \#(state)\#(extra)}"#
}

private func chromeList(_ logs: [String], top: String = #""log_list_timestamp": "2025-06-01T00:00:00Z""#) -> [UInt8] {
    Array(#"{"version": "3.7", \#(top), "operators": [{"name": "Test Operator", "email": [], "logs": [\#(logs.joined(separator: ","))]}]}"#.utf8)
}

@Suite struct CTLogListTests {
    @Test func applesCurrentListReadsWhole() throws {
        let list = try appleList()
        #expect(list.format == .apple)
        #expect(list.version == "511")
        #expect(list.timestamp == nil)
        #expect(list.logs.count == 166)
        #expect(list.logs.filter { $0.kind == .tiled }.count == 31)
        let counts = Dictionary(grouping: list.logs, by: { $0.state?.status }).mapValues(\.count)
        #expect(counts[.rejected] == 108 && counts[.usable] == 51 && counts[.readonly] == 6 && counts[.pending] == 1)
        #expect(Set(list.logs.map(\.operatorName)).count == 16)
        #expect(list.logs.filter { $0.temporalInterval != nil }.count == 146)
        // Sorted by ID, so a lookup is a binary search.
        #expect(zip(list.logs, list.logs.dropFirst()).allSatisfy { $0.id.lexicographicallyPrecedes($1.id) })
    }

    @Test func theOlderListHasNoTiledLogs() throws {
        let list = try appleList("apple-current_log_list-2025-02-26.json")
        #expect(list.version == "341")
        #expect(list.logs.count == 117)
        #expect(list.logs.allSatisfy { $0.kind == .rfc6962 })
    }

    @Test func aLogIsFoundByTheIDInAnSCTAndItsKeyVerifiesIt() throws {
        let list = try appleList()
        let leaf = try Certificate(derEncoded: try PEM.certificates(in: try Vectors.bytes("ct/pyca/cryptography-scts.pem"))[0].der)
        let issuer = try Certificate(derEncoded: try PEM.certificates(in: try Vectors.bytes("ct/pyca/letsencryptx3.pem"))[0].der)
        let entry = try #require(SCTEntry.embedded(in: leaf, issuer: issuer))
        let scts = try #require(try leaf.embeddedSCTs()).timestamps
        #expect(scts.count == 2)
        for sct in scts {
            let log = try #require(list.log(id: sct.logID))
            #expect(sct.verifySignature(over: entry, logKey: log.key) == nil)
            // Both logs (Google 'Icarus', Sectigo 'Mammoth') are rejected in this list, since 2024.
            #expect(log.state?.status == .rejected)
            #expect((log.state?.since ?? 0) >= 1_704_067_200)
        }
        #expect(list.log(id: Array(repeating: 0, count: 32)[...]) == nil)
        #expect(list.log(id: [1, 2, 3]) == nil)
    }

    @Test func aChromeListReadsItsTimestampAndPreviousOperators() throws {
        let previous = #", "previous_operators": [{"name": "Earlier", "end_time": "2023-01-01T00:00:00Z"}], "temporal_interval": {"start_inclusive": "2025-01-01T00:00:00Z", "end_exclusive": "2026-01-01T00:00:00Z"}"#
        let list = try CTLogListFile.parse(chromeList([
            try logEntry("ct-go/LogPublicKeyPEM.pem", state: #"{"retired": {"timestamp": "2025-03-01T00:00:00Z"}}"#, extra: previous),
        ]))
        #expect(list.format == .chrome)
        #expect(list.timestamp == 1_748_736_000)
        let log = try #require(list.logs.first)
        #expect(log.state == CTLog.State(status: .retired, since: 1_740_787_200))
        #expect(log.previousOperators == [CTLog.PreviousOperator(name: "Earlier", endTime: 1_672_531_200)])
        #expect(log.temporalInterval == 1_735_689_600..<1_767_225_600)
        #expect(hexString(log.id) == "df1c2ec11500945247a96168325ddc5c7959e8f7c6d388fc002e0bbd3f74d764")
    }

    @Test(arguments: [
        ("unknown state", #"{"approved": {"timestamp": "2024-01-01T00:00:00Z"}}"#, "", "state", "unknown state"),
        ("two states", #"{"usable": {"timestamp": "2024-01-01T00:00:00Z"}, "rejected": {"timestamp": "2024-02-01T00:00:00Z"}}"#, "", "state", "exactly one state"),
        ("state without a time", #"{"usable": {}}"#, "", "state.usable", "timestamp"),
        ("an impossible time", #"{"usable": {"timestamp": "2024-02-30T00:00:00Z"}}"#, "", "state.usable.timestamp", "2024-02-30"),
        ("an interval that ends first", #"{"usable": {"timestamp": "2024-01-01T00:00:00Z"}}"#,
         #", "temporal_interval": {"start_inclusive": "2026-01-01T00:00:00Z", "end_exclusive": "2025-01-01T00:00:00Z"}"#, "temporal_interval", "ends before"),
    ])
    func aBrokenLogIsRefusedWithItsPath(_ name: String, _ state: String, _ extra: String, _ path: String, _ message: String) throws {
        let bytes = chromeList([try logEntry("ct-go/LogPublicKeyPEM.pem", state: state, extra: extra)])
        let error = try #require(throws: ConfigError.self, "\(name)") { try CTLogListFile.parse(bytes) }
        #expect(error.path.hasSuffix(path), "\(name): \(error)")
        #expect(error.message.contains(message), "\(name): \(error)")
    }

    @Test func aLogIDThatIsNotItsKeysHashIsRefused() throws {
        let bytes = chromeList([try logEntry("ct-go/LogPublicKeyPEM.pem", id: Base64.encode([UInt8](repeating: 7, count: 32)))])
        let error = try #require(throws: ConfigError.self) { try CTLogListFile.parse(bytes) }
        #expect(error.path == "operators[0].logs[0].log_id")
    }

    /// The ID is compared with the hash CTLog computes, after the other
    /// fields; an entry wrong in both still names its ID first.
    @Test func aWrongIDIsNamedBeforeALaterMistake() throws {
        let entry = try logEntry("ct-go/LogPublicKeyPEM.pem", state: #"{"approved": {"timestamp": "2024-01-01T00:00:00Z"}}"#,
                                 id: Base64.encode([UInt8](repeating: 7, count: 32)))
        let error = try #require(throws: ConfigError.self) { try CTLogListFile.parse(chromeList([entry])) }
        #expect(error.path == "operators[0].logs[0].log_id" && error.message.contains("SHA-256"), "\(error)")
    }

    /// A repeated key is refused at its second occurrence, in an object of a
    /// few members (compared one by one) and of many (a set).
    @Test(arguments: [0, 20])
    func aRepeatedKeyIsRefusedWhereItRepeats(_ padding: Int) throws {
        let extra = (0..<padding).map { #", "x\#($0)": 1"# }.joined() + #", "mmd": 1"#
        let text = String(decoding: chromeList([try logEntry("ct-go/LogPublicKeyPEM.pem", extra: extra)]), as: UTF8.self)
        let error = try #require(throws: ConfigError.self) { try CTLogListFile.parse(Array(text.utf8)) }
        #expect(error.path == "operators[0].logs[0].mmd" && error.message == "duplicate key", "\(error)")
        let secondMMD = try #require(text.range(of: #""mmd": 1"#))
        #expect(error.position.line == 1 && error.position.column == text.distance(from: text.startIndex, to: secondMMD.lowerBound) + 1, "\(error)")
    }

    /// Strings with escapes and beyond ASCII leave the reader's fast path;
    /// they read the same, and columns after them still count characters.
    @Test func namesWithEscapesAndAccentsReadWhole() throws {
        let entry = try logEntry("ct-go/LogPublicKeyPEM.pem").replacingOccurrences(of: #""test log""#, with: #""t\u00e9st \"log\" é""#)
        let list = try CTLogListFile.parse(chromeList([entry]))
        #expect(list.logs.first?.name == "tést \"log\" é")
        let broken = try logEntry("ct-go/LogPublicKeyPEM.pem", extra: #", "temporal_interval": 5"#)
            .replacingOccurrences(of: #""test log""#, with: #""é""#)
        let text = String(decoding: chromeList([broken]), as: UTF8.self)
        let error = try #require(throws: ConfigError.self) { try CTLogListFile.parse(Array(text.utf8)) }
        let five = try #require(text.range(of: #": 5}"#))
        #expect(error.position.line == 1 && error.position.column == text.distance(from: text.startIndex, to: five.lowerBound) + 3, "\(error)")
    }

    @Test func aLogListedTwiceIsRefused() throws {
        let entry = try logEntry("ct-go/LogPublicKeyPEM.pem")
        let error = try #require(throws: ConfigError.self) { try CTLogListFile.parse(chromeList([entry, entry])) }
        #expect(error.path == "operators[0].logs[1]")
        #expect(error.message.contains("operators[0].logs[0]"))
    }

    @Test func whatIsNotALogListIsRefused() throws {
        for text in [#"{"version": "1", "operators": []}"#, "[]", #"{"assetVersion": 1, "operators": []}"#,
                     #"{"assetVersion": 1, "version": "1", "operators": {}}"#, "{", #"{"assetVersion": 1, "version": "1", "operators": [], "operators": []}"#] {
            #expect(throws: ConfigError.self, "\(text)") { try CTLogListFile.parse(Array(text.utf8)) }
        }
        // A key that does not decode, and one the seam refuses.
        let badKey = #"{"version": "3", "log_list_timestamp": "2025-06-01T00:00:00Z", "operators": [{"name": "x", "logs": [{"description": "d", "key": "@@@@", "log_id": "AAAA", "state": {}}]}]}"#
        let error = try #require(throws: ConfigError.self) { try CTLogListFile.parse(Array(badKey.utf8)) }
        #expect(error.path == "operators[0].logs[0].key")
        // An empty list of operators is a list with no logs.
        #expect(try CTLogListFile.parse(Array(#"{"assetVersion": 1, "version": "1", "operators": []}"#.utf8)).logs.isEmpty)
    }
}

/// The list shipped inside PureX509Config is Vectors' version 511, dated.
@Test func theShippedListIsApplesVersion511() throws {
    let shipped = try CTLogListFile.shippedApple()
    let vector = try CTLogListFile.parse(try Vectors.bytes("ct/loglist/apple-current_log_list.json"))
    #expect(shipped.version == "511" && shipped.format == .apple)
    #expect(shipped.timestamp == AppleCTLogListText.publishedSeconds)
    #expect(shipped.logs.map { Array($0.id) } == vector.logs.map { Array($0.id) })
    #expect(AppleCTLogListText.json == String(decoding: try Vectors.bytes("ct/loglist/apple-current_log_list.json"), as: UTF8.self).trimmingCharacters(in: .newlines))
}
