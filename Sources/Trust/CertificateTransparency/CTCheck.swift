import PKIX
import SHA2

// Certificate Transparency as a check of a path that reached an anchor:
// which policy applies (the caller's, else the profile's for a leaf under a
// system root issued since the policy's date), the leaf's SCTs from its
// extension, from stapled OCSP responses about it and from the handshake,
// each one's finding (SCTFinding.swift) with its signature checked through
// the one seam and charged to the meter, then the policy's rules
// (CTRules.swift). An embedded SCT was signed over the precertificate,
// whose issuer key hash is the leaf's issuer on this path, so findings
// belong to a path, not to the leaf alone.

/// What a CT policy found on a path.
public struct CTResult: Sendable, Equatable {
    /// The policy applied.
    public let policy: CTPolicy
    /// Every SCT seen, in the order embedded, OCSP, TLS.
    public let findings: [SCTFinding]
    /// False when the policy was not enforced: Chrome's, with a log list
    /// more than 70 days old at the verification time.
    public let enforced: Bool
    /// The first rule the SCTs did not meet; nil when they met them all.
    public let unmetRule: CTRule?
    /// Embedded SCT lists that could not be read, with why (the SCTs of a
    /// list that does not decode are not seen).
    package let unreadableLists: [SCTListError]

    /// The counted SCTs.
    public var validCount: Int { findings.filter { $0.disposition.counts }.count }
    /// The operators of the counted SCTs, each once, in order.
    package var operators: [String] {
        var names: [String] = []
        for finding in findings where finding.disposition.counts {
            if let name = finding.operatorName, !names.contains(where: { sameName($0, name) }) { names.append(name) }
        }
        return names
    }
}

/// `Evaluation.checkTransparency` behind a stored function, as
/// `VerificationPolicy` installs it (Policy.swift).
struct TransparencyCheck: Sendable {
    let run: @Sendable (inout Evaluation, [PathNode], inout VerifiedChain) throws(BudgetExhausted) -> TrustFailure?

    static var rules: TransparencyCheck {
        TransparencyCheck { (evaluation, nodes, chain) throws(BudgetExhausted) in
            try evaluation.checkTransparency(nodes, chain: &chain)
        }
    }
}

extension Evaluation {
    /// Chrome stops enforcing its policy when its list is this old (ct_policy.md).
    static let chromeListMaximumAge: Int64 = 70 * 86_400

    /// The policy the path must meet; nil when none applies. The caller's
    /// applies under any anchor, the profile's under a system root only (a
    /// caller-added anchor is exempt, as on Apple platforms); neither holds
    /// a leaf issued before the policy's enforcement date.
    func transparencyPolicy(_ nodes: [PathNode]) -> CTPolicy? {
        guard policy.purpose == .serverAuth, nodes.count >= 2 else { return nil }
        if let required = policy.certificateTransparency.required {
            return leaf.notBefore >= required.enforcedFrom ? required : nil
        }
        guard let required = policy.profile.certificateTransparency, leaf.notBefore >= required.enforcedFrom,
              let anchor = nodes[nodes.count - 1].anchorIndex, store.provenance(ofAnchor: anchor) == .system else { return nil }
        return required
    }

    /// Checks the path's SCTs against the policy that applies; records the
    /// result in `chain`.
    mutating func checkTransparency(_ nodes: [PathNode], chain: inout VerifiedChain) throws(BudgetExhausted) -> TrustFailure? {
        guard let ctPolicy = transparencyPolicy(nodes) else { return nil }
        let leafNode = nodes[0]
        var findings: [SCTFinding] = [], unreadable: [SCTListError] = []
        let logs = policy.certificateTransparency.logs
        if let logs, let check = policy.certificateTransparency.check {
            (findings, unreadable) = try check.run(&self, nodes, logs)
        }
        let tally = CTTally(findings: findings, hasLogList: logs != nil, notBefore: leaf.notBefore, notAfter: leaf.notAfter)
        let stale = ctPolicy == .chrome && logs?.timestamp.map { policy.time - $0 > Self.chromeListMaximumAge } == true
        let unmet = stale ? nil : CTRule.rules(of: ctPolicy).first { !$0.entry.isMet(tally) }
        let result = CTResult(policy: ctPolicy, findings: findings, enforced: !stale, unmetRule: unmet, unreadableLists: unreadable)
        chain.transparency = result
        if stale {
            waive(.certificateTransparency(ctPolicy), 0, leafNode, reason: "the log list is more than 70 days old; Chrome does not enforce CT then")
            return nil
        }
        return step(.certificateTransparency(ctPolicy), 0, leafNode, unmet == nil ? nil : .certificateTransparency(result))
    }

    /// What each SCT the leaf carries, and each delivered with it, comes to
    /// against `logs`, and the SCT lists that could not be read.
    mutating func sctFindings(_ nodes: [PathNode], _ logs: CTLogList) throws(BudgetExhausted) -> ([SCTFinding], [SCTListError]) {
        let leafNode = nodes[0]
        var findings: [SCTFinding] = [], unreadable: [SCTListError] = []
        var embedded: [SignedCertificateTimestamp] = []
        do { embedded = try leaf.embeddedSCTs()?.timestamps ?? [] } catch { unreadable.append(error) }
        let delivered = deliveredSCTs()
        findings.reserveCapacity(embedded.count + delivered.count)
        // The precertificate entry is rebuilt only when an SCT is not in the cache.
        let issuer = nodes[1].certificate, subject = leaf, issuerKey = issuer.subjectPublicKeyInfo.encoded
        var entry: SCTEntry? = nil
        for sct in embedded {
            findings.append(try finding(sct, .embedded, issuerKey: issuerKey, logs) {
                if entry == nil { entry = SCTEntry.embedded(in: subject, issuer: issuer) }
                return entry
            })
        }
        let certificateEntry = SCTEntry.certificate(leaf.der[...])
        for (sct, origin) in delivered {
            findings.append(try finding(sct, origin, issuerKey: [][...], logs) { certificateEntry })
        }
        if trace != nil {
            let origin = origin(of: leafNode)
            for found in findings { note(.signedCertificateTimestamp(found, position: 0, origin: origin)) }
        }
        return (findings, unreadable)
    }

    /// The SCTs stapled OCSP responses carry for the leaf (by serial
    /// number: the log's signature binds each to the certificate, so the
    /// response itself need not be trusted), then the handshake's.
    private func deliveredSCTs() -> [(SignedCertificateTimestamp, SCTOrigin)] {
        var found: [(SignedCertificateTimestamp, SCTOrigin)] = []
        let serial = leaf.serialNumber
        for response in revocationSources.ocspResponses {
            guard let basic = response.basic else { continue }
            for single in basic.responses where single.certID.serialNumber == serial {
                guard let list = try? single.signedCertificateTimestamps() else { continue }
                for sct in list.timestamps where found.count < SignedCertificateTimestampList.maximumCount {
                    found.append((sct, .ocsp))
                }
            }
        }
        for sct in handshakeSCTs.prefix(SignedCertificateTimestampList.maximumCount) { found.append((sct, .tls)) }
        return found
    }

    /// One SCT's finding; its signature is checked only when nothing else
    /// already keeps it from counting and the cache has not seen it verify.
    /// `entry` gives what the log signed (nil: it cannot be rebuilt).
    private mutating func finding(_ sct: SignedCertificateTimestamp, _ origin: SCTOrigin, issuerKey: ArraySlice<UInt8>,
                                  _ logs: CTLogList, entry: () -> SCTEntry?) throws(BudgetExhausted) -> SCTFinding {
        // A v1 SCT's log ID is 32 bytes (SignedCertificateTimestamp(v1:)).
        let logID = Digest(bytes: sct.logID) ?? Digest(bytes: [UInt8]())!
        guard let log = logs.log(id: logID) else {
            return SCTFinding(origin: origin, logID: logID, logName: nil, operatorName: nil,
                              fromRFC6962Log: false, timestamp: sct.timestamp, disposition: .unknownLog)
        }
        var disposition = log.disposition(of: sct, origin: origin, notAfter: leaf.notAfter, at: policy.time)
        if disposition == nil {
            let current = SCTDisposition.counted(current: log.isCurrentlyApproved(at: policy.time))
            if cache.contains(sct: sct.encoded, certificate: leaf.der, issuerKey: issuerKey) {
                // The cache keeps bytes, not the key policy that admitted them.
                disposition = policy.keys.refusal(of: log.key.sizedType).map { .badSignature(.signature(.keyRefused($0))) } ?? current
            } else if let signed = entry() {
                try meter.chargeSignature(cost: log.key.cost)
                if let failure = sct.verifySignature(over: signed, logKey: log.key, keys: policy.keys) {
                    disposition = .badSignature(failure)
                } else {
                    cache.insert(sct: sct.encoded, certificate: leaf.der, issuerKey: issuerKey)
                    disposition = current
                }
            } else {
                disposition = .badSignature(.entryTooLong)
            }
        }
        let seconds = Int64(clamping: sct.timestamp / 1000)
        return SCTFinding(origin: origin, logID: logID, logName: log.name, operatorName: log.operatorName(at: seconds),
                          fromRFC6962Log: log.kind == .rfc6962, timestamp: sct.timestamp, disposition: disposition ?? .unknownLog)
    }
}
