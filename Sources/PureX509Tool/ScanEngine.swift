import Foundation
import PureX509
import PureX509Config

/// One chain for `scan`: a chain file (leaf first) to read, one already
/// read, or one JSON line.
public enum ScanItem: Sendable {
    case file(String)
    case chain(source: String, bytes: [UInt8])
    case line(source: String, number: Int, bytes: [UInt8])

    var source: String {
        switch self {
        case .file(let path): return path
        case .chain(let source, _): return source
        case .line(let source, let number, _): return "\(source):\(number)"
        }
    }
}

/// Decides many chains on several threads. Each worker keeps its own
/// `Verifier` (and so its own signature cache) for the whole run; the
/// anchors are one shared, immutable `TrustStore`. Items go out in batches
/// so that results are emitted in input order while the workers stay busy.
public struct ScanEngine: Sendable {
    public let anchors: TrustStore
    /// The time, purpose and profile every item starts from; an item's
    /// `host` and `time` replace the identity and time.
    public let policy: VerificationPolicy
    /// Intermediates offered to every item (`--untrusted`).
    public let intermediates: [Certificate]
    public let jobs: Int

    public init(anchors: TrustStore, policy: VerificationPolicy, intermediates: [Certificate] = [], jobs: Int) {
        self.anchors = anchors
        self.policy = policy
        self.intermediates = intermediates
        self.jobs = max(1, jobs)
    }

    /// One verdict, as a JSON line (built on the worker) and its summary key.
    public struct Outcome: Sendable {
        public let line: String
        /// "trusted", a `TrustFailure` code, or "inputError".
        public let verdict: String
    }

    /// Decides `items`; `emit` receives each batch's outcomes in input
    /// order, on the calling thread, before the next batch starts.
    public func run(_ items: [ScanItem], batchSize: Int = 1024, emit: ([Outcome]) -> Void) {
        let workers = Disjoint(UnsafeMutableBufferPointer<Verifier>.allocate(capacity: jobs))
        _ = workers.buffer.initialize(from: (0..<jobs).map { _ in Verifier(store: anchors, policy: policy) })
        defer { workers.buffer.deinitialize().deallocate() }
        var start = 0
        while start < items.count {
            let batch = items[start..<min(items.count, start + batchSize)]
            let results = Disjoint(UnsafeMutableBufferPointer<Outcome?>.allocate(capacity: batch.count))
            results.buffer.initialize(repeating: nil)
            let next = WorkCounter(limit: batch.count)
            DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                // One item per claim: items range from microseconds to the
                // path-building budget, and a claim of several heavy ones
                // would leave the other core idle at the end of a batch.
                while let range = next.claim(1) {
                    for offset in range { results.buffer[offset] = decide(batch[batch.startIndex + offset], with: &workers.buffer[worker]) }
                }
            }
            // Every index below batch.count was claimed and written once.
            emit(results.buffer.map { $0! })
            results.buffer.deinitialize().deallocate()
            start += batch.count
        }
    }

    func decide(_ item: ScanItem, with verifier: inout Verifier) -> Outcome {
        var members: [(String, JSONOutput)] = [("source", .string(item.source))]
        let presented: [Result<Certificate, DERError>]
        var host: String? = nil, time: Int64? = nil
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
        case .chain(let source, let bytes):
            switch Self.chain(source, bytes) {
            case .success(let parsed): presented = parsed
            case .failure(let reason): return Self.inputError(members, reason.description)
            }
        case .line(_, _, let bytes):
            switch ScanRecord.decode(bytes) {
            case .failure(let error): return Self.inputError(members, error.description)
            case .success(let record):
                members.append(("id", JSONOutput.optional(record.id)))
                host = record.host
                time = record.time
                presented = ([record.leaf] + record.intermediates).map { der in
                    Result { () throws(DERError) in try Certificate(derEncoded: der) }
                }
            }
        }
        var policy = self.policy
        if let host {
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
        let decided = result ?? verifier.verify(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + intermediates)
        switch decided {
        case .success(let chain):
            members += [("trusted", .bool(true)), ("code", .null), ("certificate", .null), ("message", .null),
                        ("path", .array(chain.certificates.map { .string($0.subjectName.description) }))]
            return Outcome(line: JSONOutput.object(members).serialized(pretty: false), verdict: "trusted")
        case .failure(let failure):
            members += [("trusted", .bool(false)), ("code", .string(failure.code)),
                        ("certificate", failure.certificateIndex.map { .int($0) } ?? .null),
                        ("message", .string(failure.description)), ("path", .null)]
            return Outcome(line: JSONOutput.object(members).serialized(pretty: false), verdict: failure.code)
        }
    }

    /// A chain file's certificates, each parsed or refused (a refusal is a
    /// verdict); a file without a certificate or with a damaged PEM block
    /// is an input error.
    static func chain(_ path: String, _ bytes: [UInt8]) -> Result<[Result<Certificate, DERError>], ScanRecordError> {
        let input = CertificateInput(InputFile(path: path, bytes: bytes))
        if let reason = input.noCertificateReason { return .failure(ScanRecordError(reason)) }
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

    static func inputError(_ members: [(String, JSONOutput)], _ message: String) -> Outcome {
        let line = JSONOutput.object(members + [("trusted", .bool(false)), ("code", .string("inputError")), ("certificate", .null),
                                                ("message", .string(message)), ("path", .null)])
        return Outcome(line: line.serialized(pretty: false), verdict: "inputError")
    }
}

/// A buffer whose elements the workers touch at disjoint indices only (a
/// worker its own verifier, a claimed result slot), so sharing it is safe.
private struct Disjoint<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// The next unclaimed indices of a batch, shared by the workers.
private final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    func claim(_ count: Int) -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        let range = next..<min(limit, next + count)
        next = range.upperBound
        return range
    }
}
