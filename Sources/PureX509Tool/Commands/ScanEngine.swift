import Foundation
import PureX509
import PureX509Config

/// One chain for `scan`: a chain file (leaf first) to read, one already
/// read, or one JSON line.
public enum ScanItem: Sendable {
    case file(String)
    case chain(source: String, bytes: [UInt8])
    case line(source: String, number: Int, bytes: [UInt8])
    /// Something a directory holds that is not a chain file, with why.
    case unusable(source: String, reason: String)
    /// A JSON line over `Scan.maximumLine` bytes, skipped unread.
    case lineTooLong(source: String, number: Int)

    var source: String {
        switch self {
        case .unusable(let source, _): return source
        case .file(let path): return path
        case .chain(let source, _): return source
        case .line(let source, let number, _), .lineTooLong(let source, let number): return "\(source):\(number)"
        }
    }
}

/// Decides many chains on several threads. Each worker keeps its own
/// `Verifier` (and so its own signature cache) for the whole run; the
/// anchors are one shared, immutable `TrustStore`. Items go out through a
/// sliding window so that results are emitted in input order while the
/// workers stay busy.
public struct ScanEngine: Sendable {
    public let anchors: TrustStore
    /// The time, purpose and profile every item starts from; an item's
    /// `host` and `time` replace the identity and time.
    public let policy: VerificationPolicy
    /// Intermediates offered to every item (`--untrusted`).
    public let intermediates: [Certificate]
    public let jobs: Int
    /// With `scan --profile all`: every chain is decided under each of these
    /// too, and its line gets `profiles` (the verdict under `policy.profile`
    /// stays the line's own).
    public let comparedProfiles: [ValidationProfile]
    /// `scan --for` rules: the host, time and pins of chain files by name.
    public var fileRules: [ScanFileRule] = []
    /// Whether lines carry a `ct` object (a CT policy may apply: the policy
    /// has a log list).
    var reportsCT: Bool { policy.certificateTransparency.logs != nil }

    /// `anchors` get their keys precomputed (`TrustStore.precomputeKeys()`):
    /// a scan decides many chains against them.
    public init(anchors: TrustStore, policy: VerificationPolicy, intermediates: [Certificate] = [], jobs: Int,
                comparedProfiles: [ValidationProfile] = []) {
        var anchors = anchors
        anchors.precomputeKeys()
        self.anchors = anchors
        self.policy = policy
        self.intermediates = intermediates
        self.jobs = max(1, jobs)
        self.comparedProfiles = comparedProfiles
    }

    /// One verdict, as a JSON line (built on the worker) and its summary key.
    public struct Outcome: Sendable {
        public let line: String
        /// "trusted", a `TrustFailure` code, or "inputError".
        public let verdict: String
        /// The verdict under each compared profile, in `comparedProfiles` order (empty without them).
        public var profileVerdicts: [String] = []
    }

    /// Decides `items`; `emit` receives outcomes in input order, on the
    /// calling thread, as soon as every earlier one is ready. Workers claim
    /// one item at a time (items range from microseconds to the
    /// path-building budget) and run at most `window` items ahead of the
    /// output, which bounds the outcomes held; there is no batch barrier, so
    /// a slow chain holds up only the output behind it, never the other core.
    public func run(_ items: [ScanItem], window: Int = 4096, emit: ([Outcome]) -> Void) {
        let pipeline = ScanPipeline(total: items.count, window: max(1, window))
        let group = DispatchGroup()
        for _ in 0..<jobs {
            DispatchQueue.global().async(group: group) { [self] in
                var verifier = Verifier(store: anchors, policy: policy)
                while let index = pipeline.claim() {
                    pipeline.store(index, decide(items[index], with: &verifier))
                }
            }
        }
        while let ready = pipeline.takeReady() { emit(ready) }
        group.wait()
    }

    func decide(_ item: ScanItem, with verifier: inout Verifier) -> Outcome {
        var members: [(String, JSONOutput)] = [("source", .string(item.source))]
        let presented: [Result<Certificate, DERError>]
        var host: String? = nil, time: Int64? = nil, pins: [SPKIPin]? = nil
        switch item {
        case .file(let path):
            switch InputFile.read(path) {
            case .failure(let failure): return Self.inputError(members, "cannot read: \(failure)")
            case .success(let bytes):
                switch Self.chain(path, bytes) {
                case .success(let parsed): presented = parsed
                case .failure(let reason): return Self.inputError(members, reason.description)
                }
            }
        case .unusable(_, let reason):
            return Self.inputError(members, reason)
        case .lineTooLong:
            return Self.inputError(members, "a line longer than \(Scan.maximumLine) bytes (1 MiB); not read", code: Self.lineTooLongCode)
        case .chain(let source, let bytes):
            switch Self.chain(source, bytes) {
            case .success(let parsed): presented = parsed
            case .failure(let reason): return Self.inputError(members, reason.description)
            }
        case .line(_, _, let bytes):
            switch ScanRecord.decode(bytes) {
            case .failure(let error): return Self.inputError(members, error.description)
            case .success(let record):
                members.append(("id", record.id.map { .raw($0) } ?? .null))
                host = record.host
                time = record.time
                pins = record.pins
                presented = ([record.leaf] + record.intermediates).map { der in
                    Result { () throws(DERError) in try Certificate(derEncoded: der) }
                }
            }
        }
        // A chain file named by a --for rule takes its host, time and pins.
        switch item {
        case .file(let path), .chain(let path, _):
            if let rule = fileRules.first(where: { $0.matches(path) }) {
                host = rule.host
                time = rule.time
                pins = rule.pins
            }
        default: break
        }
        var policy = self.policy
        if var host {
            // A line's internationalised name is matched as its A-label, as --host is.
            if IDNA.isInternationalised(host) {
                switch IDNA.toASCII(host) {
                case .success(let ascii): host = ascii
                case .failure(let failure):
                    return Self.inputError(members + [("host", .string(host))], "host: no A-label form (UTS #46 and IDNA2008): \(failure)")
                }
            }
            guard let identity = ServerIdentity(host: host) else {
                return Self.inputError(members + [("host", .string(host))], "host: not a DNS name or IP address")
            }
            policy.identity = identity
        }
        if let time { policy.time = time }
        members.append(("host", policy.identity.map { .string($0.description) } ?? .null))
        verifier.policy = policy
        var certificates: [Certificate] = []
        var result: Result<VerifiedChain, TrustFailure>? = nil
        for (index, entry) in presented.enumerated() {
            switch entry {
            case .success(let certificate): certificates.append(certificate)
            case .failure(let error): result = .failure(.malformed(index: index, error))
            }
            if result != nil { break }
        }
        if result == nil, let pins {
            return decidePinned(certificates + intermediates, pins: pins, policy: policy, members: members)
        }
        let decided = result ?? verifier.verify(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + intermediates)
        // The same chain under each compared profile; a malformed certificate is malformed under all.
        var profileVerdicts: [String] = []
        var profileRows: [JSONOutput] = []
        for profile in comparedProfiles {
            verifier.policy.profile = profile
            let each = result ?? verifier.verify(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + intermediates)
            let code: String? = each.failure?.code
            profileVerdicts.append(code ?? "trusted")
            profileRows.append(.object([("profile", .string(profile.name)), ("trusted", .bool(code == nil)),
                                        ("code", code.map { .string($0) } ?? .null)]))
        }
        verifier.policy.profile = policy.profile
        let compared: [(String, JSONOutput)] = (comparedProfiles.isEmpty ? [] : [("profiles", .array(profileRows))])
            + (reportsCT ? [("ct", CTOutput.json(CTOutput.result(decided)))] : [])
        switch decided {
        case .success(let chain):
            members += [("trusted", .bool(true)), ("code", .null), ("certificate", .null), ("message", .null),
                        ("path", .array(chain.certificates.map { .string($0.subjectForDisplay.description) }))] + compared
            return Outcome(line: JSONOutput.object(members).serialized(pretty: false), verdict: "trusted", profileVerdicts: profileVerdicts)
        case .failure(let failure):
            members += [("trusted", .bool(false)), ("code", .string(failure.code)),
                        ("certificate", failure.certificateIndex.map { .int($0) } ?? .null),
                        ("message", .string(failure.description)), ("path", .null)] + compared
            return Outcome(line: JSONOutput.object(members).serialized(pretty: false), verdict: failure.code, profileVerdicts: profileVerdicts)
        }
    }

    /// A line with `pins`: Alamofire's `PublicKeysTrustEvaluator` (the
    /// library's) for the line's host, with default validation; without a
    /// host it validates for no name (`validateHost: false`). The line gets
    /// `pins` as `verify --json` gives it.
    func decidePinned(_ presented: [Certificate], pins: [SPKIPin], policy: VerificationPolicy,
                      members: [(String, JSONOutput)]) -> Outcome {
        var environment = TrustEnvironment(systemAnchors: anchors, policy: policy)
        let host = policy.identity?.description
        let evaluator = PublicKeysTrustEvaluator(keys: pins, validateHost: host != nil)
        let outcome = evaluator.evaluate(ServerTrust(certificates: presented), forHost: host ?? VerifyOptions.noHost, in: &environment)
        let report = PinReport(kind: .publicKey, keys: pins, certificates: [])
        var members = members
        switch outcome {
        case .success(let chain):
            let judged = chain?.certificates ?? presented
            members += [("trusted", .bool(true)), ("code", .null), ("certificate", .null), ("message", .null),
                        ("path", .array(judged.map { .string($0.subjectForDisplay.description) })),
                        ("pins", .array([report.json(judged: judged, from: { _ in nil })]))]
            return Outcome(line: JSONOutput.object(members).serialized(pretty: false), verdict: "trusted")
        case .failure(let failure):
            members += [("trusted", .bool(false)), ("code", .string(failure.code)),
                        ("certificate", failure.validationFailure?.certificateIndex.map { .int($0) } ?? .null),
                        ("message", .string(failure.description)), ("path", .null),
                        ("pins", .array([report.json(judged: presented, from: { _ in nil })]))]
            return Outcome(line: JSONOutput.object(members).serialized(pretty: false), verdict: failure.code)
        }
    }

    /// A chain file's certificates, each parsed or refused (a refusal is a
    /// verdict); a file without a certificate or with a damaged PEM block
    /// is an input error.
    static func chain(_ path: String, _ bytes: [UInt8]) -> Result<[Result<Certificate, DERError>], ScanRecordError> {
        let input = CertificateInput(InputFile(path: path, bytes: bytes))
        if let reason = input.noCertificateReason { return .failure(ScanRecordError(reason)) }
        // A .p12 among chain files is the wrong input, not a damaged certificate.
        if let note = input.notACertificate { return .failure(ScanRecordError(note)) }
        var parsed: [Result<Certificate, DERError>] = []
        for entry in input.entries {
            switch entry.result {
            case .success(let certificate): parsed.append(.success(certificate))
            case .failure(.der(let error, _, _)): parsed.append(.failure(error))
            case .failure(let failure): return .failure(ScanRecordError(failure.description))
            }
        }
        return .success(parsed)
    }

    /// The `code` of a line whose input could not be read: no verdict was reached.
    public static let inputErrorCode = "inputError"
    /// The `code` of a JSON line over `Scan.maximumLine`, refused unread.
    public static let lineTooLongCode = "lineTooLong"

    static func inputError(_ members: [(String, JSONOutput)], _ message: String, code: String = inputErrorCode) -> Outcome {
        let line = JSONOutput.object(members + [("trusted", .bool(false)), ("code", .string(code)), ("certificate", .null),
                                                ("message", .string(message)), ("path", .null)])
        return Outcome(line: line.serialized(pretty: false), verdict: code)
    }
}

/// The hand-over between the workers and the thread that emits: the next
/// item to claim, the next outcome to emit, and a ring of `window` slots
/// for the outcomes in between.
private final class ScanPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private let total: Int
    private let window: Int
    private var nextClaim = 0
    private var nextEmit = 0
    private var slots: [ScanEngine.Outcome?]

    init(total: Int, window: Int) {
        self.total = total
        self.window = window
        slots = Array(repeating: nil, count: window)
    }

    /// The next item's index, waiting while the output is `window` behind; nil when none is left.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while nextClaim < total && nextClaim - nextEmit >= window { condition.wait() }
        guard nextClaim < total else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    func store(_ index: Int, _ outcome: ScanEngine.Outcome) {
        condition.lock()
        slots[index % window] = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// The outcomes ready from the next one to emit on, in order, waiting
    /// for at least one; nil when all were emitted.
    func takeReady() -> [ScanEngine.Outcome]? {
        condition.lock()
        defer { condition.unlock() }
        guard nextEmit < total else { return nil }
        while slots[nextEmit % window] == nil { condition.wait() }
        var ready: [ScanEngine.Outcome] = []
        while nextEmit < total, let outcome = slots[nextEmit % window] {
            ready.append(outcome)
            slots[nextEmit % window] = nil
            nextEmit += 1
        }
        condition.broadcast()
        return ready
    }
}
