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
    let failure = configuration.evaluate(ServerTrust(certificates: chain), host: host, in: environment) { reports.append($0) }
    return (failure.map(kind), reports)
}

@Test func pinSetLifecycle() throws {
    let before = Chains.time - 86_400, after = Chains.time + 86_400
    // Pinned root key with a backup pin.
    var (result, reports) = evaluate(PinningConfiguration(pinSets: [try pinSet("**.example.com", [rootPin, strangerPin])]), Chains.valid)
    #expect(result == nil && reports.isEmpty, "pinned root key")
    // Only the backup pin is served.
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("**.example.com", [strangerPin, intermediatePin])]), Chains.valid)
    #expect(result == nil, "backup pin only")
    // A miss, enforced: refused and reported.
    (result, reports) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [strangerPin, rootBPin])]), Chains.valid)
    #expect(result == "publicKeyPinningFailed")
    #expect(reports.count == 1 && reports[0].enforced && reports[0].served.count == 2 && reports[0].expectedPins == [strangerPin, rootBPin])
    // Report-only: accepted, reported.
    (result, reports) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [strangerPin], enforce: false)]), Chains.valid)
    #expect(result == nil && reports.count == 1 && !reports[0].enforced, "report-only mismatch")
    // Expired, failing open: pins no longer enforced, validation still is.
    (result, reports) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [strangerPin, rootBPin], expiration: before)]), Chains.valid)
    #expect(result == nil && reports.isEmpty, "expired pin set, fail-open")
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [rootPin, rootBPin], expiration: before)]), Chains.expired)
    #expect(result == "defaultEvaluationFailed(expired)", "an expired pin set does not skip validation")
    // Expired, failing closed.
    (result, reports) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [rootPin, rootBPin], expiration: before, failClosed: true)]), Chains.valid)
    #expect(result == "pinSetExpired" && reports.count == 1, "expired pin set, fail-closed")
    // Not yet expired: enforced.
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [strangerPin, rootBPin], expiration: after)]), Chains.valid)
    #expect(result == "publicKeyPinningFailed", "a pin set before its expiration is enforced")
    // No pin set for the host: default validation only.
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("api.example.com", [strangerPin, rootBPin])]), Chains.valid)
    #expect(result == nil, "host without a pin set")
    // The most specific pattern governs.
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("**.example.com", [strangerPin, rootBPin]), try pinSet("www.example.com", [rootPin, strangerPin])]), Chains.valid)
    #expect(result == nil, "exact pattern beats **.")
    // A pinned key only on the cross-signed alternative path.
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("www.example.com", [rootBPin, strangerPin])]), Chains.crossSigned, system: [Chains.root, Chains.rootB])
    #expect(result == nil, "pin on the cross-signed path")
    // Wrong host is a validation failure, not a pin failure.
    (result, _) = evaluate(PinningConfiguration(pinSets: [try pinSet("**.example.org", [rootPin, strangerPin])]), Chains.valid, host: "www.example.org")
    #expect(result == "hostValidationFailed")
}

@Test func pinSetConfigurationRules() throws {
    #expect(throws: PinSet.ConfigurationError.insufficientPins(have: 1, need: 2)) { try pinSet("www.example.com", [rootPin]) }
    #expect(throws: PinSet.ConfigurationError.noPins) { try pinSet("www.example.com", []) }
    _ = try pinSet("www.example.com", [rootPin], enforce: false)  // report-only may have one pin
    _ = try PinSet(pattern: try HostPattern("www.example.com"), pins: [rootPin], minimumPins: 1)  // configurable
}
