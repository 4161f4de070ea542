import PKIX
import Trust

/// The pins for one host pattern, with TrustKit's lifecycle: an expiration
/// after which the pins are not enforced (or, with `failClosed`, the host
/// is refused), the backup-pin rule, and report-only mode.
public struct PinSet: Sendable {
    /// The hosts these pins govern.
    public let pattern: HostPattern
    /// The accepted keys: a verified path passes when any of its certificates, anchor included, carries one.
    public let pins: [SPKIPin]
    /// Seconds since 1970 after which the pins lapse.
    public let expiration: Int64?
    /// After expiration: refuse the host (true) or validate without pins (false, TrustKit's behaviour).
    public let failClosed: Bool
    /// False: report-only — a pin miss is reported and the connection accepted.
    public let enforce: Bool

    /// Why `init` refused a pin set.
    public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The pin list was empty (refused for report-only sets too).
        case noPins
        /// TrustKit requires a backup pin: with one pin, a key rotation locks every client out.
        case insufficientPins(have: Int, need: Int)

        /// A one-line message naming the broken rule.
        public var description: String {
            switch self {
            case .noPins: return "a pin set needs at least one pin"
            case .insufficientPins(let have, let need):
                return "an enforced pin set needs \(need) pins (a backup against key loss), it has \(have)"
            }
        }
    }

    /// `minimumPins` applies to enforced sets only (2 by default, TrustKit's rule).
    public init(pattern: HostPattern, pins: [SPKIPin], expiration: Int64? = nil, failClosed: Bool = false,
                enforce: Bool = true, minimumPins: Int = 2) throws(ConfigurationError) {
        guard !pins.isEmpty else { throw .noPins }
        // Distinct pins: the same pin twice is no backup.
        let distinct = Self.distinctCount(pins)
        if enforce && distinct < minimumPins { throw .insufficientPins(have: distinct, need: minimumPins) }
        self.pattern = pattern
        self.pins = pins
        self.expiration = expiration
        self.failClosed = failClosed
        self.enforce = enforce
    }

    /// How many different keys `pins` names: sorted by digest, equal
    /// neighbours counted once (n log n; a configuration may list tens of
    /// thousands of pins, and comparing each with all before it was quadratic).
    static func distinctCount(_ pins: [SPKIPin]) -> Int {
        let sorted = pins.sorted { $0.digest.lexicographicallyPrecedes($1.digest) }
        var distinct = 0
        for index in sorted.indices where index == 0 || sorted[index] != sorted[index - 1] { distinct += 1 }
        return distinct
    }

    /// Whether `time` (seconds since 1970) is after `expiration`; never true without one.
    public func isExpired(at time: Int64) -> Bool {
        expiration.map { time > $0 } ?? false
    }
}

/// What a pin miss (or an expired set) produced, for the caller's report
/// callback (TrustKit sends these to a report URI; the core has no network
/// code, so delivering them is the caller's business).
public struct PinValidationReport: Sendable, Equatable {
    /// The host as the caller passed it to `evaluate`.
    public let host: String
    /// The evaluation time, in seconds since 1970.
    public let time: Int64
    /// The governing set's host pattern, written as `HostPattern.description` writes it.
    package let pattern: String
    /// Every served certificate's subject and pin.
    package let served: [ServedCertificate]
    /// The governing set's pins, in configuration order.
    public let expectedPins: [SPKIPin]
    /// False for a report-only set, whose miss did not refuse the connection.
    public let enforced: Bool
    /// What happened, in words: the pin-miss message, or that the set expired and failed closed.
    public let reason: String
}

/// Pin sets by host pattern; the most specific matching pattern governs a host.
public struct PinningConfiguration: Sendable {
    /// The configured sets; between equally specific matches, the earlier set governs.
    public let pinSets: [PinSet]
    /// How a requested host becomes the name the patterns are matched against.
    package let hostNames: HostNameConversion

    /// Keeps the sets as given; patterns may overlap, since the most specific
    /// match governs. `hostNames` converts each requested host (`.uts46`
    /// matches `bücher.example` against a pattern for `xn--bcher-kva.example`).
    public init(pinSets: [PinSet], hostNames: HostNameConversion = .asciiOnly) {
        self.pinSets = pinSets
        self.hostNames = hostNames
    }

    /// The set whose pattern matches `host` most specifically, or nil when none matches.
    public func pinSet(forHost host: String) -> PinSet? {
        hostNames.ascii(host).flatMap(pinSet(forConvertedHost:))
    }

    /// The same for a host already through `hostNames` (`evaluate` converts once).
    private func pinSet(forConvertedHost host: String) -> PinSet? {
        var best: PinSet? = nil
        for set in pinSets where set.pattern.matches(host) {
            if best.map({ set.pattern.specificity > $0.pattern.specificity }) ?? true { best = set }
        }
        return best
    }

    /// Default validation for `host` with its pins, if any, checked on the
    /// verified paths (a miss moves the path search on). Returns the
    /// verified chain when trusted, otherwise why not; reports pin misses
    /// and lapsed sets through `report`.
    public func evaluate(
        _ trust: ServerTrust, host: String, in environment: inout TrustEnvironment,
        report: (PinValidationReport) -> Void = { _ in }
    ) -> TrustEvaluation {
        // The validations below see the converted name, whatever the environment's conversion.
        let host = hostNames.ascii(host) ?? host
        guard let set = pinSet(forConvertedHost: host) else { return ServerTrustFailure.judged(environment.validateWithoutPins(trust, evaluation: .ssl(host: host))) }
        func makeReport(_ reason: String) -> PinValidationReport {
            PinValidationReport(host: host, time: environment.time, pattern: set.pattern.description, served: trust.served,
                                expectedPins: set.pins, enforced: set.enforce, reason: reason)
        }
        if set.isExpired(at: environment.time) {
            // Report-only never blocks, expired or not.
            if set.failClosed && set.enforce {
                report(makeReport("pin set expired; failing closed"))
                return .failure(.pinSetExpired(host: host))
            }
            return ServerTrustFailure.judged(environment.validateWithoutPins(trust, evaluation: .ssl(host: host)))
        }
        let pins = set.pins
        let miss = ServerTrustFailure.publicKeyPinningFailed(host: host, served: trust.served, pinned: pins)
        guard set.enforce else {
            // Report-only: validation alone decides; the verified path's
            // pins are checked only to report a miss.
            let result = environment.validateWithoutPins(trust, evaluation: .ssl(host: host))
            if case .success(let chain) = result, PinCheck.keys(pins)(chain) != nil { report(makeReport(miss.description)) }
            return ServerTrustFailure.judged(result)
        }
        // Enforced: the pins on each verified path; a miss outranks the
        // other paths' failures, so it is reported as a pin miss.
        let result = environment.validate(trust, evaluation: .ssl(host: host), accept: PinCheck.keys(pins))
        if case .failure(let failure) = result, case .pinMismatch = failure.reason { report(makeReport(miss.description)) }
        return ServerTrustFailure.judged(result, miss: miss)
    }
}
