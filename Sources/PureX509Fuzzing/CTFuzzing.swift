import PureX509
import PureX509Config

/// Bytes as an SCT list (what a TLS handshake or an extension carries) and
/// as a CT log list file.
enum CTFuzzing {
    /// The fixed world the SCT-list target decides in (Vectors/ct-policy):
    /// the test root, a leaf without SCTs, Apple's test list, and the SCTs
    /// the test logs really signed for that leaf.
    struct World {
        let store: TrustStore
        let chain: [Certificate]
        let logs: CTLogList
        /// Every genuine SCT for the leaf, by its encoding.
        let genuine: [[UInt8]]
    }

    static let world: World = {
        let folder = "ct-policy/"
        guard let rootText = FuzzVectors.bytes(folder + "root.pem"), let chainText = FuzzVectors.bytes(folder + "no-scts.pem"),
              let listBytes = FuzzVectors.bytes(folder + "loglist-apple.json"),
              let logs = try? CTLogListFile.parse(listBytes) else {
            FuzzInvariant.fail("cannot read Vectors/ct-policy")
        }
        let roots = ((try? PEM.certificates(in: rootText)) ?? []).compactMap { try? Certificate(derEncoded: $0.der) }
        let chain = ((try? PEM.certificates(in: chainText)) ?? []).compactMap { try? Certificate(derEncoded: $0.der) }
        var genuine: [[UInt8]] = []
        for file in ["tls-two-operators", "tls-one-operator", "tls-retired", "tls-one"] {
            guard let bytes = FuzzVectors.bytes(folder + file + ".sctlist"),
                  let list = try? SignedCertificateTimestampList(tlsEncoded: bytes[...]) else {
                FuzzInvariant.fail("cannot read \(file).sctlist")
            }
            genuine += list.timestamps.map { Array($0.encoded) }
        }
        guard roots.count == 1, chain.count == 2 else { FuzzInvariant.fail("Vectors/ct-policy is incomplete") }
        return World(store: TrustStore(roots), chain: chain, logs: logs, genuine: genuine)
    }()

    /// A TLS-encoded SCT list: strict reading within its bounds, and as the
    /// handshake's SCTs under Apple's policy only the genuine SCTs count
    /// (a log's signature cannot be made up), so a chain trusted is one
    /// with two of them.
    static func sctList(_ bytes: [UInt8]) {
        let list: SignedCertificateTimestampList
        do { list = try SignedCertificateTimestampList(tlsEncoded: bytes[...]) } catch { return }
        guard list.timestamps.count + list.skipped.count <= SignedCertificateTimestampList.maximumCount else {
            FuzzInvariant.fail("an SCT list past the count limit was read")
        }
        for sct in list.timestamps {
            guard sct.encoded.startIndex >= bytes.startIndex, sct.encoded.endIndex <= bytes.endIndex,
                  sct.logID.count == 32, sct.version == 0 else {
                FuzzInvariant.fail("an SCT outside its list, or with a wrong log ID or version")
            }
        }
        let fixed = world
        var policy = VerificationPolicy(time: 1_769_904_000) // 2026-02-01
        policy.identity = ServerIdentity(host: "www.example.com")
        policy.certificateTransparency = CertificateTransparencySettings(required: .apple, logs: fixed.logs)
        var verifier = Verifier(store: fixed.store, policy: policy)
        verifier.handshakeSCTs = list.timestamps
        let result = verifier.verify(leaf: fixed.chain[0], intermediates: Array(fixed.chain.dropFirst()))
        let ct: CTResult?
        switch result {
        case .success(let chain): ct = chain.transparency
        case .failure(let failure):
            guard case .certificateTransparency(let found) = failure.reason else {
                FuzzInvariant.fail("the fixed chain was refused for \(failure.code)")
            }
            ct = found
        }
        guard let ct, ct.findings.count == list.timestamps.count else { FuzzInvariant.fail("an SCT was not looked at") }
        for (sct, finding) in zip(list.timestamps, ct.findings) where finding.disposition.counts {
            guard fixed.genuine.contains(Array(sct.encoded)) else { FuzzInvariant.fail("a made-up SCT counted") }
        }
        if case .success = result, ct.validCount < 2 { FuzzInvariant.fail("trusted with fewer than two SCTs") }
    }

    /// A log list file: whatever decodes is within the limit, sorted by log
    /// ID without repeats, and every log is found by its own ID.
    static func logList(_ bytes: [UInt8]) {
        guard let list = try? CTLogListFile.parse(bytes) else { return }
        guard list.logs.count <= CTLogListFile.maximumLogs else { FuzzInvariant.fail("more logs than the limit") }
        for (index, log) in list.logs.enumerated() {
            if index > 0, !list.logs[index - 1].id.lexicographicallyPrecedes(log.id) {
                FuzzInvariant.fail("log IDs out of order or repeated")
            }
            guard let found = list.log(id: Array(log.id)[...]), found.id == log.id else { FuzzInvariant.fail("a log not found by its ID") }
            if let interval = log.temporalInterval, interval.isEmpty { FuzzInvariant.fail("an empty temporal interval") }
        }
    }
}
