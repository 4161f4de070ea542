import DER
import PKIX

// RFC 5280 §6.3, run on a path that passed every other check, for each
// certificate the revocation policy covers (the methods and their order
// are in RevocationMethod.swift; OCSP, the other built-in one, is in
// OCSPCheck.swift). The CRLs are the caller's (Verifier.revocationSources)
// and may come from anyone, so the order of the checks is the order of
// their cost: a CRL is first matched to the certificate by its issuer
// (§7.1 name comparison), then must be current and free of unknown
// critical extensions, then signed by a key allowed to speak for the
// certificate (CRLSigner.swift), and only then are its scope's names
// compared (§6.3.3(b)) and its entries read.
//
// How the usable CRLs decide, and why:
// - A revocation in any usable CRL decides, whatever another CRL says:
//   revocation is permanent (§3.3), so no CRL, however new, can undo it,
//   and the order in which the caller supplies CRLs decides nothing.
// - certificateHold is the one reversible state (§5.3.1): it is decided
//   by the newest usable CRL of its scope (highest cRLNumber), with the
//   newest delta CRL that may be applied to it (§5.2.4, §6.3.3(g)–(j)).
// - A CRL that lists a serial more than once is read by its strongest
//   entry (a revocation over a hold, a hold over removeFromCRL), so a
//   removeFromCRL placed first cannot mask the revocation after it.
// - "Good" needs usable complete CRLs covering every reason; a delta CRL
//   alone proves nothing good, nor does a CRL past its nextUpdate, which
//   still proves a permanent revocation it lists.

enum RevocationStatus {
    case good
    case revoked(Revocation)
    case unknown(RevocationGap)
}

extension Evaluation {
    /// The first covered certificate (leaf first) that is revoked, or whose
    /// status is unknown when information is required; each covered
    /// certificate's finding is recorded in `chain.revocation`, so that a
    /// soft-fail "unknown" is reported, not read as "good".
    mutating func checkRevocation(_ nodes: [PathNode], chain: inout VerifiedChain) throws(BudgetExhausted) -> TrustFailure? {
        let anchorPosition = nodes.count - 1
        let last = policy.revocation.coverage == .leaf ? 0 : anchorPosition - 1
        guard last >= 0 else { return nil }
        for index in 0...last {
            let (status, source) = try revocationStatus(of: index, nodes: nodes)
            let failure: TrustFailure?
            switch status {
            case .good:
                failure = nil
                chain.revocation.append(RevocationFinding(certificateIndex: index, status: .good, source: source))
            case .revoked(let revocation): failure = .revoked(index: index, revocation)
            case .unknown(let gap):
                chain.revocation.append(RevocationFinding(certificateIndex: index, status: .unknown(gap), source: source))
                guard policy.revocation.requirePositiveResponse else {
                    undecided(.revocation, index, nodes[index], reason: "status unknown (\(source.rawValue)): \(gap)")
                    continue
                }
                failure = .revocationUnknown(index: index, gap)
            }
            if let failure = step(.revocation, index, nodes[index], failure) { return failure }
        }
        return nil
    }

    /// Every method the policy allows and the caller supplied information
    /// for is consulted, and a revocation from any of them decides — the
    /// rule that already holds among the CRLs (§3.3: revocation is
    /// permanent) and among the OCSP responses (RFC 6960 §4.2.1). Letting
    /// the first method that answers decide let a current OCSP "good"
    /// (a replayed staple stays current until its nextUpdate) hide a CRL
    /// that revokes the certificate, and under `preferCRL` a CRL "good"
    /// hide an OCSP "revoked".
    ///
    /// When nothing revokes, the order (OCSP first unless `preferCRL`, as
    /// Apple's evaluation orders them) only says which "good" is reported:
    /// a "good" from one method stands even when the other gave no usable
    /// answer (a gap is no information, not a revocation). With neither
    /// good, the gap that says most is reported. A method with no supplied
    /// information is skipped, so it cannot make the reported gap vaguer.
    mutating func revocationStatus(of index: Int, nodes: [PathNode]) throws(BudgetExhausted) -> (RevocationStatus, RevocationFinding.Source) {
        let revocation = policy.revocation
        var good: RevocationFinding.Source? = nil
        var gap: (RevocationGap, RevocationFinding.Source)? = nil
        for method in RevocationMethod.ordered(revocation) {
            guard revocation.methods.contains(method.allowedBy), method.isSupplied(revocationSources) else { continue }
            let status = try method.status(&self, index, nodes)
            switch status {
            // No later method can undo a revocation, so it is not asked.
            case .revoked: return (status, method.source)
            case .good: if good == nil { good = method.source }
            case .unknown(let found): if gap.map({ found.rank > $0.0.rank }) ?? true { gap = (found, method.source) }
            }
        }
        if let good { return (.good, good) }
        if let gap { return (.unknown(gap.0), gap.1) }
        let named = RevocationMethod.namedWhenNothingSupplied.first { revocation.methods.contains($0.allowedBy) } ?? .ocsp
        return (.unknown(named.nothingSupplied), named.source)
    }

    /// A CRL that passed every check for one certificate, with the key that
    /// verified it and the reasons it covers.
    struct UsableCRL {
        let crl: CertificateList
        let signer: VerificationKey
        let reasons: ReasonFlags
    }

    /// §6.3.3 for the certificate at `index` of the path `nodes`.
    mutating func crlStatus(of index: Int, nodes: [PathNode]) throws(BudgetExhausted) -> RevocationStatus {
        let certificate = nodes[index].certificate
        var gap = RevocationGap.noCRL
        func note(_ found: RevocationGap) { if found.rank > gap.rank { gap = found } }
        var complete: [UsableCRL] = [], deltas: [CertificateList] = []
        for crl in revocationSources.crls {
            guard let relation = CRLScope.issuerRelation(of: crl, to: certificate) else { continue }
            // Past its nextUpdate a CRL still proves what it lists for good
            // (revocation is permanent, §3.3, §5.3.1); it proves nothing
            // good, and nothing about a hold, which may since have ended.
            let expired = crl.thisUpdate <= policy.time && !crl.isCurrent(at: policy.time)
            guard expired || crl.isCurrent(at: policy.time) else { note(.crlOutOfDate); continue }
            guard !crl.hasUnrecognisedCriticalExtension else { note(.crlUnrecognisedCriticalExtension); continue }
            // A delta is verified with the key of the complete CRL it is applied over.
            if crl.isDelta { if !expired { deltas.append(crl) }; continue }
            // Read once: an expired CRL is worth its signature check only for a revocation it lists.
            let expiredEntry = expired ? crl.strongestEntry(for: certificate) : nil
            if expired, !(expiredEntry?.isPermanentRevocation ?? false) { note(.crlOutOfDate); continue }
            guard let signer = try crlSigner(of: crl, relation: relation, for: index, nodes: nodes) else {
                note(.crlSignerNotFound)
                continue
            }
            guard let reasons = CRLScope.reasons(of: crl, for: certificate) else { continue }
            if let expiredEntry { return .revoked(crl.revocation(expiredEntry)) }
            complete.append(UsableCRL(crl: crl, signer: signer, reasons: reasons))
        }
        guard !complete.isEmpty else {
            if gap == .noCRL, deltas.contains(where: { CRLScope.reasons(of: $0, for: certificate) != nil }) { return .unknown(.deltaWithoutBase) }
            return .unknown(gap)
        }
        // Each complete CRL with the newest delta that may be applied over it.
        var applied: [(usable: UsableCRL, delta: CertificateList?)] = []
        for usable in complete {
            var newest: CertificateList? = nil
            for delta in deltas where delta.applies(over: usable.crl) {
                if let current = newest, !delta.isNewer(than: current) { continue }
                guard try verifyCRLSignature(delta, with: usable.signer) else { continue }
                newest = delta
            }
            applied.append((usable, newest))
        }
        // A revocation for good, in any of them.
        for (usable, delta) in applied {
            for list in [usable.crl] + (delta.map { [$0] } ?? []) {
                if let entry = list.strongestEntry(for: certificate), entry.isPermanentRevocation {
                    return .revoked(list.revocation(entry))
                }
            }
        }
        // A hold, decided by the newest CRL of each scope and its delta.
        for (usable, delta) in applied
        where !complete.contains(where: { $0.crl.hasSameScope(as: usable.crl) && $0.crl.isNewer(than: usable.crl) }) {
            let deltaEntry = delta?.strongestEntry(for: certificate)
            if let deltaEntry, deltaEntry.reason == .certificateHold, let delta { return .revoked(delta.revocation(deltaEntry)) }
            if deltaEntry?.reason == .removeFromCRL { continue }
            if let entry = usable.crl.strongestEntry(for: certificate), entry.reason == .certificateHold {
                return .revoked(usable.crl.revocation(entry))
            }
        }
        let covered = complete.reduce(ReasonFlags()) { $0.union($1.reasons) }
        return covered.isSuperset(of: .allReasons) ? .good : .unknown(.reasonsNotCovered)
    }

    /// One CRL signature check, counted against the evaluation's budgets.
    mutating func verifyCRLSignature(_ crl: CertificateList, with key: VerificationKey) throws(BudgetExhausted) -> Bool {
        try verify(crl.signedData, with: key) == nil
    }
}

extension CertificateList {
    /// §6.3.3(a): thisUpdate at or before `time`, and `time` before
    /// nextUpdate. A CRL without nextUpdate (which §5.1.2.5 says
    /// conforming CAs always include) is read as current.
    func isCurrent(at time: Int64) -> Bool {
        thisUpdate <= time && (nextUpdate.map { time < $0 } ?? true)
    }

    /// Same issuer (§7.1) and the same issuingDistributionPoint: CRLs that
    /// speak for the same certificates, one replacing the other.
    func hasSameScope(as other: CertificateList) -> Bool {
        let ownScope = extensions.issuingDistributionPoint?.encoded
        let theirScope = other.extensions.issuingDistributionPoint?.encoded
        return ownScope == theirScope && NameComparison.equivalent(issuer.encoded, other.issuer.encoded)
    }

    /// Issued after `other`: a higher cRLNumber (§5.2.3: numbers increase
    /// monotonically within a scope), or a later thisUpdate when either
    /// has no number.
    func isNewer(than other: CertificateList) -> Bool {
        if let number = extensions.crlNumber, let theirs = other.extensions.crlNumber {
            return CRLScope.compareIntegers(number, theirs) > 0
        }
        return thisUpdate > other.thisUpdate
    }

    /// §5.2.4, §6.3.3(g): this delta CRL has `complete`'s issuer and scope,
    /// is newer than it (its cRLNumber greater than the complete CRL's),
    /// and its BaseCRLNumber is not newer than the complete CRL's number:
    /// otherwise the delta "cannot be used" with it.
    func applies(over complete: CertificateList) -> Bool {
        guard let base = extensions.deltaCRLIndicator, let own = extensions.crlNumber,
              let number = complete.extensions.crlNumber, hasSameScope(as: complete) else { return false }
        return CRLScope.compareIntegers(number, base) >= 0
            && CRLScope.compareIntegers(own, number) > 0
    }

    /// The entry that says most about `certificate`: of the entries with its
    /// serial (and, for an indirect CRL, a certificateIssuer naming its
    /// issuer), a revocation before a hold, a hold before removeFromCRL.
    func strongestEntry(for certificate: Certificate) -> RevokedCertificate? {
        let issuerName = certificate.issuer.encoded
        let matching = entries(forSerialNumber: certificate.serialNumber.bytes).filter { entry in
            guard let names = entry.certificateIssuer else { return NameComparison.equivalent(issuer.encoded, issuerName) }
            return CRLScope.directoryNames(in: names).contains { NameComparison.equivalent($0, issuerName) }
        }
        return matching.max { $0.strength < $1.strength }
    }

    func revocation(_ entry: RevokedCertificate) -> Revocation {
        Revocation(serialNumber: Array(entry.serialNumber.bytes), date: entry.revocationDate, reason: entry.reason)
    }
}

extension RevokedCertificate {
    /// A revocation that no later CRL may lift (every reason but
    /// certificateHold and removeFromCRL; no reasonCode reads as unspecified).
    var isPermanentRevocation: Bool { reason != .certificateHold && reason != .removeFromCRL }

    var strength: Int {
        switch reason {
        case .removeFromCRL?: return 0
        case .certificateHold?: return 1
        default: return 2
        }
    }
}
