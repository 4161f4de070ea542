import Foundation
import Pinning
import PKIX
import Testing
import Trust

let intermediatePin = SPKIPin(certificate: Chains.valid[1])

func pinSet(_ pattern: String, _ pins: [SPKIPin], expiration: Int64? = nil, failClosed: Bool = false, enforce: Bool = true) throws -> PinSet {
    try PinSet(pattern: try HostPattern(pattern), pins: pins, expiration: expiration, failClosed: failClosed, enforce: enforce)
}

/// Evaluates with a configuration; returns the failure kind (nil: trusted) and the reports.
func evaluate(_ configuration: PinningConfiguration, _ chain: [Certificate], host: String = "www.example.com",
              system: [Certificate] = [Chains.root], at time: Int64 = Chains.time) -> (String?, [PinValidationReport]) {
    var reports: [PinValidationReport] = []
    var environment = Chains.environment(system)
    environment.time = time
    let failure = configuration.evaluate(ServerTrust(certificates: chain), host: host, in: &environment) { reports.append($0) }
    return (failure.refusal.map(kind), reports)
}

/// One pin-set row: the rule it checks, the configuration, the chain, and
/// the expected outcome (nil: trusted) and number of reports.
struct PinSetRow: CustomTestStringConvertible, Sendable {
    let rule: String
    let sets: @Sendable () throws -> [PinSet]
    var chain: [Certificate] = Chains.valid
    var host = "www.example.com"
    var system: [Certificate] = [Chains.root]
    let expected: String?
    var reports = 0
    var testDescription: String { rule }
}

let dayBefore = Chains.time - 86_400, dayAfter = Chains.time + 86_400

let pinSetRows: [PinSetRow] = [
    .init(rule: "pinned root key with a backup pin is trusted", sets: { [try pinSet("**.example.com", [rootPin, strangerPin])] }, expected: nil),
    .init(rule: "only the backup pin is served: trusted", sets: { [try pinSet("**.example.com", [strangerPin, intermediatePin])] }, expected: nil),
    .init(rule: "enforced miss: refused and reported", sets: { [try pinSet("www.example.com", [strangerPin, rootBPin])] }, expected: "publicKeyPinningFailed", reports: 1),
    .init(rule: "report-only miss: accepted and reported", sets: { [try pinSet("www.example.com", [strangerPin], enforce: false)] }, expected: nil, reports: 1),
    .init(rule: "expired pin set, fail-open: pins not enforced", sets: { [try pinSet("www.example.com", [strangerPin, rootBPin], expiration: dayBefore)] }, expected: nil),
    .init(rule: "expired pin set, fail-open: validation still runs", sets: { [try pinSet("www.example.com", [rootPin, rootBPin], expiration: dayBefore)] }, chain: Chains.expired, expected: "defaultEvaluationFailed(expired)"),
    .init(rule: "expired pin set, fail-closed: refused and reported", sets: { [try pinSet("www.example.com", [rootPin, rootBPin], expiration: dayBefore, failClosed: true)] }, expected: "pinSetExpired", reports: 1),
    .init(rule: "pin set before its expiration is enforced", sets: { [try pinSet("www.example.com", [strangerPin, rootBPin], expiration: dayAfter)] }, expected: "publicKeyPinningFailed", reports: 1),
    .init(rule: "host without a pin set: default validation only", sets: { [try pinSet("api.example.com", [strangerPin, rootBPin])] }, expected: nil),
    .init(rule: "most specific pattern governs: exact beats **.", sets: { [try pinSet("**.example.com", [strangerPin, rootBPin]), try pinSet("www.example.com", [rootPin, strangerPin])] }, expected: nil),
    .init(rule: "pinned key only on the cross-signed alternative path", sets: { [try pinSet("www.example.com", [rootBPin, strangerPin])] }, chain: Chains.crossSigned, system: [Chains.root, Chains.rootB], expected: nil),
    // Report-only never changes the verdict, and always reports a miss, even when another candidate path fails otherwise.
    .init(rule: "report-only miss with an expired alternative path: trusted and reported", sets: { [try pinSet("www.example.com", [strangerPin], enforce: false)] }, chain: Chains.expiredAlternative, expected: nil, reports: 1),
    .init(rule: "enforced miss with an expired alternative path: reported as a pin miss", sets: { [try pinSet("www.example.com", [strangerPin, rootBPin])] }, chain: Chains.expiredAlternative, expected: "publicKeyPinningFailed", reports: 1),
    .init(rule: "report-only hit: trusted, nothing reported", sets: { [try pinSet("www.example.com", [rootPin], enforce: false)] }, expected: nil, reports: 0),
    .init(rule: "report-only with an invalid chain: validation decides, no pin report", sets: { [try pinSet("www.example.com", [strangerPin], enforce: false)] }, chain: Chains.expired, expected: "defaultEvaluationFailed(expired)", reports: 0),
    // Defect 7: report-only never blocks, even expired and fail-closed.
    .init(rule: "expired report-only set with fail-closed: not blocked", sets: { [try pinSet("www.example.com", [strangerPin], expiration: dayBefore, failClosed: true, enforce: false)] }, expected: nil),
    .init(rule: "wrong host is a validation failure, not a pin failure", sets: { [try pinSet("**.example.org", [rootPin, strangerPin])] }, host: "www.example.org", expected: "hostValidationFailed"),
]

@Test(arguments: pinSetRows)
func pinSetLifecycle(_ row: PinSetRow) throws {
    let (result, reports) = evaluate(PinningConfiguration(pinSets: try row.sets()), row.chain, host: row.host, system: row.system)
    #expect(result == row.expected)
    #expect(reports.count == row.reports)
    for report in reports {
        #expect(report.host == row.host && report.served.count == row.chain.count && !report.expectedPins.isEmpty)
    }
}

@Test func pinSetConfigurationRules() throws {
    #expect(throws: PinSet.ConfigurationError.insufficientPins(have: 1, need: 2)) { try pinSet("www.example.com", [rootPin]) }
    #expect(throws: PinSet.ConfigurationError.noPins) { try pinSet("www.example.com", []) }
    _ = try pinSet("www.example.com", [rootPin], enforce: false)  // report-only may have one pin
    // Defect 6: the same pin twice is one pin, no backup.
    #expect(throws: PinSet.ConfigurationError.insufficientPins(have: 1, need: 2)) { try pinSet("www.example.com", [rootPin, rootPin]) }
    _ = try pinSet("www.example.com", [rootPin, rootPin, strangerPin])
    _ = try PinSet(pattern: try HostPattern("www.example.com"), pins: [rootPin], minimumPins: 1)  // configurable
}
