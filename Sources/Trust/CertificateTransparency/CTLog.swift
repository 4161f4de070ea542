import DER
import SHA2

// A Certificate Transparency log as a policy needs it, and the list of
// them. Lists are published as JSON (Apple's, schema v5; Chrome's, v3) and
// read outside the core (PureX509Config's `CTLogListFile`), as pin-set
// configurations are; the core takes these plain values. A log is found by
// its ID, the SHA-256 of its key, in a list sorted once (the core has no
// Dictionary; SortedLookup.swift).

/// One log: its identity, its key, and the facts a CT policy reads.
public struct CTLog: Sendable {
    /// The log ID: SHA-256 of the log's SubjectPublicKeyInfo (RFC 6962 §3.2).
    package let id: Digest
    /// The log's key, prepared for the signature seam.
    package private(set) var key: VerificationKey
    /// The list's description of the log ("Google 'Argon2026h1' log").
    package let name: String
    /// The name of the operator that runs it now.
    package let operatorName: String
    /// Earlier operators, each with the time it stopped running the log
    /// (Chrome's list; Apple's names none): a policy counts an SCT towards
    /// the operator that ran the log when the SCT was issued.
    package let previousOperators: [PreviousOperator]
    /// RFC 6962 log, or a static-CT-API (tiled) log.
    package let kind: Kind
    /// Its state in the list and since when; nil when the list gives none.
    package let state: State?
    /// The certificates it accepts: notAfter within
    /// `start..<end`, seconds since 1970; nil when the list gives none.
    package let temporalInterval: Range<Int64>?

    /// A log with every fact given.
    package init(key: VerificationKey, subjectPublicKeyInfo: [UInt8], name: String, operatorName: String,
                previousOperators: [PreviousOperator] = [], kind: Kind, state: State?, temporalInterval: Range<Int64>?) {
        id = SHA256.hash(subjectPublicKeyInfo)
        self.key = key
        self.name = name
        self.operatorName = operatorName
        self.previousOperators = previousOperators
        self.kind = kind
        self.state = state
        self.temporalInterval = temporalInterval
    }

    /// How the log is run and read.
    package enum Kind: Sendable, Equatable {
        /// RFC 6962: SCTs from add-chain and add-pre-chain.
        case rfc6962
        /// The static CT API (a tiled log); Apple's policy asks for at least
        /// one SCT from an RFC 6962 log besides.
        case tiled
    }

    /// A state of a log list and when the log entered it.
    package struct State: Sendable, Equatable {
        /// Which state.
        package let status: Status
        /// When the log entered it, in seconds since 1970.
        package let since: Int64

        /// A state entered at `since`.
        package init(status: Status, since: Int64) {
            self.status = status
            self.since = since
        }
    }

    /// The states of Apple's and Chrome's lists (Chrome's log_list_schema v3).
    package enum Status: Sendable, Equatable, CaseIterable {
        /// Announced, not yet trusted.
        case pending
        /// Accepted, before it became usable (Chrome).
        case qualified
        /// Trusted.
        case usable
        /// Trusted for what it issued, accepting nothing new.
        case readonly
        /// No longer trusted for SCTs issued after its state's time (Chrome).
        case retired
        /// Never trusted, or no longer trusted at all.
        case rejected

        /// The state's key in the lists' JSON.
        package var name: String {
            switch self {
            case .pending: return "pending"
            case .qualified: return "qualified"
            case .usable: return "usable"
            case .readonly: return "readonly"
            case .retired: return "retired"
            case .rejected: return "rejected"
            }
        }
    }

    /// An operator the log had before.
    package struct PreviousOperator: Sendable, Equatable {
        /// The operator's name.
        package let name: String
        /// When it stopped running the log, in seconds since 1970.
        package let endTime: Int64

        /// An earlier operator that ran the log until `endTime`.
        package init(name: String, endTime: Int64) {
            self.name = name
            self.endTime = endTime
        }
    }
}

/// A log list: the logs a CT policy trusts, found by log ID.
public struct CTLogList: Sendable {
    /// Which list format it was read from.
    package enum Format: Sendable, Equatable {
        /// Apple's `current_log_list.json` (schema v5; v4 read the same).
        case apple
        /// Chrome's `log_list.json` (schema v3).
        case chrome
    }

    /// The format.
    package let format: Format
    /// The list's own version (Apple's `version`, Chrome's `version`).
    package let version: String
    /// When the list was published, in seconds since 1970, when it says
    /// (Chrome's `log_list_timestamp`; Apple's list gives none).
    package let timestamp: Int64?
    /// Every log, in log-ID order.
    public let logs: [CTLog]

    /// A list of `logs`; a log ID given twice is kept once (`CTLogListFile` refuses such a list).
    package init(format: Format, version: String, timestamp: Int64?, logs: [CTLog]) {
        self.format = format
        self.version = version
        self.timestamp = timestamp
        var sorted: [CTLog] = []
        sorted.reserveCapacity(logs.count)
        for log in logs.stablySorted(by: { $0.id.precedes($1.id) })
        where sorted.last.map({ $0.id != log.id }) ?? true {
            sorted.append(log)
        }
        self.logs = sorted
    }

    /// The log whose ID is `id`; nil when the list has none.
    package func log(id: ArraySlice<UInt8>) -> CTLog? {
        guard id.count == 32, let digest = Digest(bytes: id) else { return nil }
        return log(id: digest)
    }

    /// The log whose ID is `id`; nil when the list has none.
    package func log(id: Digest) -> CTLog? {
        let position = partitionPoint(logs.count) { logs[$0].id.precedes(id) }
        guard position < logs.count, logs[position].id == id else { return nil }
        return logs[position]
    }
}

extension CTLog {
    /// The same log with its key made ready to verify many SCTs
    /// (`VerificationKey.withPrecomputation()`).
    func withPrecomputedKey() -> CTLog {
        var copy = self
        copy.key = key.withPrecomputation()
        return copy
    }
}

extension CTLogList {
    /// The list with the keys of the logs that can sign a counted SCT today
    /// (qualified, usable or read-only in the list) precomputed, as
    /// `TrustStore.precomputeKeys()` does for anchors: for a verifier that
    /// checks many certificates' SCTs (a server, a scan). About one
    /// verification's time per such log; a list read for one chain is
    /// faster without it, and a warm verifier's cache skips SCTs it has
    /// seen either way.
    public func withPrecomputedKeys() -> CTLogList {
        let logs = self.logs.map { log -> CTLog in
            switch log.state?.status {
            case .qualified?, .usable?, .readonly?: return log.withPrecomputedKey()
            default: return log
            }
        }
        return CTLogList(format: format, version: version, timestamp: timestamp, logs: logs)
    }
}
