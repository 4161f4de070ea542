import ArgumentParser
import Foundation
import PureX509
import PureX509Config

struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Verify many chains in one run, on every core: one JSON line per chain, then a summary.",
        discussion: """
            Each INPUT is a directory (every non-hidden file under it, sorted, is one chain file, leaf first), \
            a chain file (PEM or DER), or a JSON-lines file (first byte '{'; `-` reads standard input) whose \
            lines are {"leaf": CERT, "intermediates": [CERT…], "host": NAME (or "ip"), "time": T, "pins": ["sha256/…"], "id": ANY}: CERT a PEM \
            block or base64 DER, T UNIX seconds or a date, pins decided by Alamofire's PublicKeysTrustEvaluator, ANY any JSON value (echoed unchanged); other members are ignored; JSON lines stream, any size. Standard output gets one \
            JSON object per chain in input order (source, id, host, trusted, code, certificate, message, path); \
            standard error the summary by verdict and failure code, and a progress line when it is a terminal. \
            Exit 0 every chain trusted, 1 any not trusted or unreadable, 2 bad usage.
            """
    )

    @Option(name: .customLong("roots"), help: "Trust anchors: a PEM bundle, DER, or a directory; repeatable. Default: the system bundle.")
    var roots: [String] = []

    @Option(name: .customLong("untrusted"), help: "Intermediates offered to every chain; repeatable.")
    var untrusted: [String] = []

    @Option(name: .customLong("host"), help: "The identity every chain without its own `host` must present (default: none checked); an internationalised name is matched as its A-label, as is a line's `host`.", transform: HostArgument.convert)
    var host: String?

    @Option(name: .customLong("at"), parsing: .unconditional, help: "Evaluation time for chains without their own `time`: UNIX seconds (negative before 1970), a date or ISO 8601. Default: now.", transform: TimeOption.parse)
    var at: OptionValue<Int64>?

    @Option(name: .customLong("purpose"), help: "server (default), client or any. (default: server)", transform: PurposeArgument.parse)
    var purpose: PurposeArgument = .server

    @Option(name: .customLong("profile"), help: "strict (default), chromium (or compatible), rfc5280, apple, cabf, or all: each line gets every profile's verdict under \"profiles\" (its own verdict stays strict's) and the summary counts each profile (docs/profiles.md). (default: strict)", transform: ProfileArgument.parse)
    var profile: ProfileArgument = .one(.strict)

    @Option(name: .customLong("require-ct"), help: "apple or chrome: every chain must meet that Certificate Transparency policy, whatever its anchor; lines get a `ct` object (docs/ct.md).", transform: CTPolicyArgument.parse)
    var requireCT: OptionValue<CTPolicy>?

    @Option(name: .customLong("ct-log-list"), help: "The CT log list SCTs are checked against (Apple's or Chrome's JSON). Default: Apple's list shipped with purex509.")
    var ctLogList: String?

    @Option(name: .customLong("for"), help: ArgumentHelp("GLOB:host=NAME,at=TIME,pin=sha256/…[,pin=…]: the host, time and pins of the chain files whose name matches GLOB (shell-style; the first matching rule applies; repeatable). With pins a chain is decided by Alamofire's PublicKeysTrustEvaluator, as a JSON line's \"pins\" are. docs/pinning.md.", valueName: "rule"), transform: ScanFileRule.parse)
    var fileRules: [OptionValue<ScanFileRule>] = []

    @Option(name: .customLong("jobs"), help: "Worker threads, 1–256 (the default is the number of active cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Argument(help: "Directories, chain files or JSON-lines files.")
    var inputs: [String]

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one INPUT") }
        if let host, ServerIdentity(host: host) == nil { throw ValidationError("--host: not a valid host name or address") }
        if let reason = at?.refusal { throw ValidationError("--at: \(reason)") }
        if let reason = requireCT?.refusal { throw ValidationError("--require-ct: \(reason)") }
        for rule in fileRules { if let reason = rule.refusal { throw ValidationError("--for: \(reason)") } }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs: 1 to 256") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once") }
    }

    func run() throws {
        let store = try TrustAnchors.load(roots)
        var extra: [Certificate] = []
        for file in untrusted { extra += try CertificateInput.load(file).requireCertificates("--untrusted") }
        // Every input is opened (directories walked) before any output, so
        // an unreadable one exits 2 with nothing on standard output.
        var sources: [Source] = []
        for input in inputs { sources.append(try Self.source(input)) }
        var policy = VerificationPolicy(time: at?.value ?? Int64(Date().timeIntervalSince1970))
        policy.purpose = purpose.purpose
        policy.profile = profile.profile
        policy.identity = host.flatMap { ServerIdentity(host: $0) }
        let compared = profile.compared
        policy.certificateTransparency.required = requireCT?.value
        // The list is read when a policy may apply: asked for, or a profile that requires one.
        let profiles = compared.isEmpty ? [profile.profile] : compared
        policy.publicSuffixes = LoadedPublicSuffixList.certificateWildcards(for: policy.identity, profiles: profiles)
        if requireCT?.value != nil || ctLogList != nil || profiles.contains(where: { $0.certificateTransparency != nil }) {
            // A scan checks many chains' SCTs: the approved logs' keys are precomputed once.
            policy.certificateTransparency.logs = try LoadedCTLogList.load(ctLogList).list.withPrecomputedKeys()
        }
        var engine = ScanEngine(anchors: store, policy: policy, intermediates: extra, jobs: jobs, comparedProfiles: compared)
        engine.fileRules = fileRules.compactMap(\.value)

        var counts: [String: Int] = [:]
        var profileCounts = compared.map { _ in [String: Int]() }
        var done = 0
        var progress = ProgressLine(delayNanoseconds: 0)
        let started = DispatchTime.now().uptimeNanoseconds
        func decide(_ items: [ScanItem]) {
            engine.run(items) { outcomes in
                progress.clearForOutput()
                var text = ""
                for outcome in outcomes {
                    text += outcome.line + "\n"
                    counts[outcome.verdict, default: 0] += 1
                    for (slot, verdict) in outcome.profileVerdicts.enumerated() where slot < profileCounts.count {
                        profileCounts[slot][verdict, default: 0] += 1
                    }
                }
                print(text, terminator: "")
                if standardOutputFailed() { exitProcess(2) }
                done += outcomes.count
                progress.update {
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                    return "scan: \(done) chains so far, \(Int(Double(done) / max(seconds, 1e-9)))/s"
                }
            }
        }
        for source in sources {
            switch source {
            case .items(let items): decide(items)
            case .lines(var stream, let name):
                defer { stream.close() }
                try Self.readLines(&stream, source: name, chunk: 16_384, chunkBytes: Self.maximumChunkBytes, decide)
            }
        }
        progress.clear()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        printError(Self.summary(counts, total: done, seconds: seconds, jobs: jobs))
        for (profile, counts) in zip(compared, profileCounts) {
            let trusted = counts["trusted"] ?? 0
            let refused = counts.filter { $0.key != "trusted" }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            printError("profile \(profile.name): \(trusted) trusted" + refused.map { ", \($0.value) \($0.key)" }.joined())
        }
        let anyRefused = counts.keys.contains { $0 != "trusted" } || profileCounts.contains { $0.keys.contains { $0 != "trusted" } }
        if anyRefused { throw ToolExit.refused }
    }

    /// An INPUT, ready to decide: chains listed (a directory, a chain
    /// file), or JSON lines still to be read, a chunk at a time.
    enum Source {
        case items([ScanItem])
        case lines(FileStream, source: String)
    }

    /// Lines longer than this are refused, each with its own `lineTooLong`
    /// output line, and skipped to their end without being buffered; the
    /// run goes on with the next line. A chain is a few kilobytes (nine
    /// certificates of the largest kind in PEM stay under 100 KiB), but
    /// decoding a line costs about 45 bytes of memory per byte when it is
    /// all small JSON values (`[0,0,…]`): a 15 MB line held 712 MB. At
    /// 1 MiB a line decodes within about 50 MB on each worker.
    static let maximumLine = 1 << 20

    /// The line bytes a chunk may hold before it is decided. A line is a
    /// chain of a few kilobytes, so 16,384 lines are tens of megabytes; but
    /// a line may be up to `maximumLine`, and 16,384 such lines would be
    /// held at once. With 64 MiB, a chunk of 64 lines just under the limit,
    /// their echoed ids and two workers decoding peaked at 198 MB; 16 MiB
    /// still hands the workers about 4,000 ordinary lines at a time.
    static let maximumChunkBytes = 16 << 20

    /// Reads JSON lines from `stream` and hands them on `chunk` lines at a
    /// time, or sooner once they hold `chunkBytes` bytes, so a corpus of any
    /// size is decided with memory bounded by the chunk.
    static func readLines(_ stream: inout FileStream, source: String, chunk: Int, chunkBytes: Int,
                          _ decide: ([ScanItem]) -> Void) throws {
        var pending = stream.first.starts(with: [0xEF, 0xBB, 0xBF]) ? stream.first.dropFirst(3) : stream.first[...]
        var items: [ScanItem] = []
        var itemBytes = 0
        var number = 0
        var skipping = false
        func add(_ line: ArraySlice<UInt8>) {
            number += 1
            let trimmed = line.last == 0x0D ? line.dropLast() : line
            // A long line that arrived whole with its newline in one piece
            // is held to the same limit as one still being read.
            guard trimmed.count <= maximumLine else { return items.append(.lineTooLong(source: source, number: number)) }
            if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            items.append(.line(source: source, number: number, bytes: Array(trimmed)))
            itemBytes += trimmed.count
        }
        // Where the search for the next newline resumes: bytes before it
        // were searched already (a long line arrives in many pieces).
        var searchFrom = pending.startIndex
        while true {
            while let newline = pending[searchFrom...].firstIndex(of: 0x0A) {
                if skipping {
                    skipping = false
                } else {
                    add(pending[pending.startIndex..<newline])
                }
                pending = pending[(newline + 1)...]
                searchFrom = pending.startIndex
                if items.count >= chunk || itemBytes >= chunkBytes {
                    decide(items)
                    items.removeAll(keepingCapacity: true)
                    itemBytes = 0
                }
            }
            if !skipping && pending.count > maximumLine {
                number += 1
                items.append(.lineTooLong(source: source, number: number))
                skipping = true
            }
            if skipping { pending = [] }
            searchFrom = pending.endIndex
            switch stream.read() {
            case .success(let piece?): pending.append(contentsOf: piece)
            case .success(nil):
                if !skipping && !pending.isEmpty { add(pending) }
                if !items.isEmpty { decide(items) }
                return
            case .failure(let failure):
                if !items.isEmpty { decide(items) }
                printError("purex509: \(source == "-" ? "standard input" : DisplayText.escaped(source)): read failed after line \(number): \(failure)")
                throw ToolExit.usage
            }
        }
    }

    /// The table scripts and people read at the end: verdicts by count, most first.
    static func summary(_ counts: [String: Int], total: Int, seconds: Double, jobs: Int) -> String {
        var lines = [String(format: "scanned %d chain%@ in %.2f s (%.0f chains/s, %d job%@)", total, total == 1 ? "" : "s",
                            seconds, Double(total) / max(seconds, 1e-9), jobs, jobs == 1 ? "" : "s")]
        let rows = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let width = max(7, rows.map(\.key.count).max() ?? 0)
        lines.append("verdict".padding(toLength: width, withPad: " ", startingAt: 0) + "  count")
        for (verdict, count) in rows {
            lines.append(verdict.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + String(count))
        }
        return lines.joined(separator: "\n")
    }

    /// Every non-hidden entry under `directory`, sorted: regular files (and
    /// symbolic links to them, as in /etc/ssl/certs) are chains; what cannot
    /// be read, a link to a directory (not followed: no loops) and anything
    /// else (a FIFO would block) is an input error in the output, never
    /// skipped in silence.
    static func walk(_ directory: String, depth: Int, into items: inout [ScanItem]) {
        let listing: DirectoryListing
        switch DirectoryListing.read(directory) {
        case .success(let read): listing = read
        case .failure(let error):
            items.append(.unusable(source: directory, reason: "cannot read the directory: \((error as NSError).localizedDescription)"))
            return
        }
        for path in listing.paths {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                items.append(.unusable(source: path, reason: String(cString: strerror(errno))))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: items.append(.file(path))
            case S_IFDIR:
                if depth < 32 { walk(path, depth: depth + 1, into: &items) } else {
                    items.append(.unusable(source: path, reason: "more than 32 directories deep; not read"))
                }
            case S_IFLNK:
                var target = stat()
                if stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFREG {
                    items.append(.file(path))
                } else {
                    items.append(.unusable(source: path, reason: "a symbolic link to a directory or to nothing; not followed"))
                }
            default:
                items.append(.unusable(source: path, reason: "not a regular file (a FIFO, socket or device); not read"))
            }
        }
    }

    /// What an INPUT holds; an unreadable input is a usage error (exit 2).
    static func source(_ input: String) throws -> Source {
        if AnchorDirectory.isDirectory(input) {
            var items: [ScanItem] = []
            walk(input, depth: 0, into: &items)
            guard !items.isEmpty else {
                printError("purex509: \(DisplayText.escaped(input)): no chain file in the directory (hidden files are skipped)")
                throw ToolExit.usage
            }
            return .items(items)
        }
        var stream: FileStream
        switch FileStream.open(input) {
        case .success(let opened): stream = opened
        case .failure(let failure):
            printError("purex509: cannot read \(input == "-" ? "standard input" : DisplayText.escaped(input)): \(failure)")
            throw ToolExit.usage
        }
        // JSON lines when the first byte after a UTF-8 byte-order mark (RFC
        // 8259 §8.1 lets a reader skip it) and whitespace is `{`.
        let body = stream.first.starts(with: [0xEF, 0xBB, 0xBF]) ? stream.first.dropFirst(3) : stream.first[...]
        if body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            return .lines(stream, source: input)
        }
        // One chain file, read whole (bounded like every other input).
        defer { stream.close() }
        switch InputFile.readAll(&stream) {
        case .success(let bytes): return .items([.chain(source: input, bytes: bytes)])
        case .failure(let failure):
            printError("purex509: cannot read \(DisplayText.escaped(input)): \(failure)")
            throw ToolExit.usage
        }
    }
}
