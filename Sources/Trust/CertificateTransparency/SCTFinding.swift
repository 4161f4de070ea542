import PKIX
import SHA2

// What one SCT counts for. A log list only gives each log's current state
// and when it began, so the state at an earlier verification time is read
// back along the lifecycle every list follows (Chrome's log_states.md:
// pending → qualified → usable → readonly/retired, any → rejected): before
// its `since`, a retired or read-only log was usable, a usable log
// qualified, a qualified log pending. A rejected log is taken as usable
// before its `since`: Apple's list marks a shard whose certificates have
// all expired `rejected` (where Chrome's says retired), and a log rejected
// while pending never had SCTs CAs embedded, so counting SCTs it issued
// before the rejection is what a list of that day would have done.

/// What one SCT counted for, and why not when it did not.
package enum SCTDisposition: Sendable, Equatable, CustomStringConvertible {
    /// Valid: from a log that is approved now (`current`: qualified,
    /// usable or read-only at the verification time) or was when it issued
    /// the SCT (retired since).
    case counted(current: Bool)
    /// No log of the list has the SCT's log ID.
    case unknownLog
    /// The log's signature does not verify over this certificate.
    case badSignature(SCTSignatureFailure)
    /// Issued after the verification time.
    case timestampInFuture
    /// The log is pending or rejected at the verification time (nil: the
    /// list gives it no state).
    case logNotTrusted(CTLog.Status?)
    /// The log retired at `since` (seconds since 1970): only an SCT
    /// embedded before then counts; one from TLS or OCSP, or issued since,
    /// does not.
    case logRetired(since: Int64)
    /// The certificate's notAfter is outside the log's temporal interval.
    case outsideTemporalInterval

    /// Whether the SCT counts.
    package var counts: Bool {
        if case .counted = self { return true }
        return false
    }

    /// A stable name for scripts.
    package var code: String {
        switch self {
        case .counted: return "counted"
        case .unknownLog: return "unknownLog"
        case .badSignature: return "badSignature"
        case .timestampInFuture: return "timestampInFuture"
        case .logNotTrusted: return "logNotTrusted"
        case .logRetired: return "logRetired"
        case .outsideTemporalInterval: return "outsideTemporalInterval"
        }
    }

    /// Why, in words.
    package var description: String {
        switch self {
        case .counted(let current): return current ? "verified" : "verified (log retired since)"
        case .unknownLog: return "unknown log"
        case .badSignature(let failure): return "bad signature: " + failure.description
        case .timestampInFuture: return "timestamp in the future"
        case .logNotTrusted(let status): return "log " + (status?.name ?? "without a state")
        case .logRetired: return "log retired before this SCT counts"
        case .outsideTemporalInterval: return "certificate expiry outside the log's temporal interval"
        }
    }
}

/// One SCT as a CT policy saw it.
public struct SCTFinding: Sendable, Equatable {
    /// Where it came from.
    package let origin: SCTOrigin
    /// The log ID it names.
    package let logID: Digest
    /// The log's description from the list; nil for an unknown log.
    package let logName: String?
    /// The operator that ran the log when the SCT was issued; nil for an unknown log.
    package let operatorName: String?
    /// Whether the log is an RFC 6962 log (false for a tiled or unknown log).
    package let fromRFC6962Log: Bool
    /// When the log issued it, in milliseconds since 1970.
    package let timestamp: UInt64
    /// What it counted for.
    package let disposition: SCTDisposition
}

extension CTLog {
    /// The log's state at `time` (seconds since 1970), read back along the
    /// lifecycle when the list's state began later; nil: not yet listed.
    package func status(at time: Int64) -> Status? {
        guard let state else { return nil }
        if state.since <= time { return state.status }
        switch state.status {
        case .readonly, .retired, .rejected: return .usable
        case .usable: return .qualified
        case .qualified: return .pending
        case .pending: return nil
        }
    }

    /// The operator that ran the log at `time` (seconds since 1970): the
    /// first earlier operator whose tenure had not ended, else the current one.
    package func operatorName(at time: Int64) -> String {
        var earliest: PreviousOperator? = nil
        for previous in previousOperators where time < previous.endTime {
            if earliest.map({ previous.endTime < $0.endTime }) ?? true { earliest = previous }
        }
        return earliest?.name ?? operatorName
    }

    /// What `sct`, from `origin`, counts for at `time` for a certificate
    /// expiring at `notAfter`, apart from its signature, which the caller
    /// checks only when this is nil.
    func disposition(of sct: SignedCertificateTimestamp, origin: SCTOrigin, notAfter: Int64, at time: Int64) -> SCTDisposition? {
        let now = time < 0 ? 0 : UInt64(time) * 1000
        if sct.timestamp > now { return .timestampInFuture }
        switch status(at: time) {
        case .qualified?, .usable?, .readonly?:
            break
        case .retired?:
            let since = state?.since ?? 0
            let retiredAt = since < 0 ? 0 : UInt64(since) * 1000
            // Retired before the verification time (status(at:) read the
            // list's own state): only what it embedded earlier still counts.
            if origin != .embedded || sct.timestamp >= retiredAt { return .logRetired(since: since) }
        case let other:
            return .logNotTrusted(other)
        }
        if let interval = temporalInterval, !interval.contains(notAfter) { return .outsideTemporalInterval }
        return nil
    }

    /// Whether the log is approved at `time` (not retired).
    func isCurrentlyApproved(at time: Int64) -> Bool {
        switch status(at: time) {
        case .qualified?, .usable?, .readonly?: return true
        default: return false
        }
    }
}

extension SCTFinding {
    /// The SCT in one line: where it came from, its log and what it counted for.
    public var summary: String {
        let log = logName.map { $0 + (operatorName.map { " (" + $0 + ")" } ?? "") } ?? "log " + Hex.encode(logID[...])
        return origin.name + " SCT from " + log + ": " + disposition.description
    }
}

extension CTResult {
    /// What the SCTs lacked, for the failure message; empty when they met the policy.
    package var shortfall: String {
        guard let rule = unmetRule else { return "" }
        if rule == .logList { return "must meet \(policy.name)'s CT policy, and no log list was given to check its SCTs against" }
        var text = "does not meet \(policy.name)'s CT policy: it needs \(rule.asks); \(validCount) of \(findings.count) SCTs counted"
        let names = operators
        if !names.isEmpty { text += " (operators: " + names.joined(separator: ", ") + ")" }
        let refused = findings.filter { !$0.disposition.counts }
        if !refused.isEmpty { text += "; " + refused.map { $0.summary }.joined(separator: "; ") }
        return text + " (" + rule.section + ")"
    }
}
