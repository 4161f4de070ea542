import DER
import PKIX

// RFC 5280 §6.3, run on a path that passed every other check, for each
// certificate the revocation policy covers (OCSP, the other method, is in
// OCSPCheck.swift). The CRLs are the caller's
// (Verifier.revocationSources); a CRL is used only when it is in the
// certificate's scope (issuer, distribution point, user/CA, reasons),
// valid at the evaluation time, free of unknown critical extensions, and
// signed by a key whose certificate allows cRLSign and chains to the same
// anchor as the path. A delta CRL is applied over a complete CRL of the
// same scope, signer and a CRL number it may follow.

enum RevocationStatus {
    case good
    case revoked(Revocation)
    case unknown(RevocationGap)
}

extension Verifier {
    /// The first covered certificate (leaf first) that is revoked, or whose
    /// status is unknown when information is required.
    mutating func checkRevocation(_ nodes: [PathNode], search: inout SearchState) throws(TrustFailure) -> TrustFailure? {
        let anchorPosition = nodes.count - 1
        let last = policy.revocation.coverage == .leaf ? 0 : anchorPosition - 1
        guard last >= 0 else { return nil }
        for index in 0...last {
            let failure: TrustFailure?
            switch try revocationStatus(of: index, nodes: nodes, search: &search) {
            case .good: failure = nil
            case .revoked(let revocation): failure = .revoked(index: index, revocation)
            case .unknown(let gap): failure = policy.revocation.requirePositiveResponse ? .revocationUnknown(index: index, gap) : nil
            }
            if let failure = search.step(.revocation, index, nodes[index], failure) { return failure }
        }
        return nil
    }

    /// The methods in the policy's order (OCSP first unless `preferCRL`,
    /// as Apple's evaluation orders them); the first that gives a status
    /// decides. A method with no supplied information is skipped, so that
    /// the gap reported is the one that says most.
    mutating func revocationStatus(of index: Int, nodes: [PathNode], search: inout SearchState) throws(TrustFailure) -> RevocationStatus {
        let revocation = policy.revocation
        let useOCSP = revocation.methods.contains(.ocsp) && !revocationSources.ocspResponses.isEmpty
        let useCRL = revocation.methods.contains(.crl) && !revocationSources.crls.isEmpty
        var gap: RevocationGap? = nil
        for method in revocation.preferCRL ? [RevocationPolicy.Methods.crl, .ocsp] : [.ocsp, .crl] {
            guard method == .crl ? useCRL : useOCSP else { continue }
            let status = method == .crl ? try crlStatus(of: index, nodes: nodes, search: &search)
                                        : try ocspStatus(of: index, nodes: nodes, search: &search)
            guard case .unknown(let found) = status else { return status }
            if gap.map({ found.rank > $0.rank }) ?? true { gap = found }
        }
        return .unknown(gap ?? (revocation.methods.contains(.crl) ? .noCRL : .noOCSPResponse))
    }

    /// §6.3.3 for the certificate at `index` of the path `nodes`.
    mutating func crlStatus(of index: Int, nodes: [PathNode], search: inout SearchState) throws(TrustFailure) -> RevocationStatus {
        let certificate = nodes[index].certificate
        var covered: ReasonFlags = []
        var gap = RevocationGap.noCRL
        func note(_ found: RevocationGap) { if found.rank > gap.rank { gap = found } }
        let crls = revocationSources.crls
        for crl in crls where !crl.isDelta {
            guard let reasons = CRLScope.reasons(of: crl, for: certificate) else { continue }
            guard !reasons.isSubset(of: covered) else { continue }
            guard crl.isCurrent(at: policy.time) else { note(.crlOutOfDate); continue }
            guard !crl.hasUnrecognisedCriticalExtension else { note(.crlUnrecognisedCriticalExtension); continue }
            guard let signer = try crlSigner(of: crl, for: index, nodes: nodes, search: &search) else {
                note(.crlSignerNotFound)
                continue
            }
            // §6.3.3(g)–(j): a delta CRL of the same scope and signer speaks first.
            for delta in crls where delta.isDelta && delta.applies(over: crl) && delta.isCurrent(at: policy.time)
                && !delta.hasUnrecognisedCriticalExtension {
                guard try verifyCRLSignature(delta, with: signer, search: &search) else { continue }
                if let entry = delta.entry(for: certificate) {
                    if entry.reason == .removeFromCRL { return .good }
                    return .revoked(delta.revocation(entry))
                }
                break
            }
            if let entry = crl.entry(for: certificate), entry.reason != .removeFromCRL {
                return .revoked(crl.revocation(entry))
            }
            covered.formUnion(reasons)
            if covered.isSuperset(of: .allReasons) { return .good }
        }
        if !covered.isEmpty { return .unknown(.reasonsNotCovered) }
        if gap == .noCRL, crls.contains(where: { $0.isDelta && CRLScope.reasons(of: $0, for: certificate) != nil }) {
            return .unknown(.deltaWithoutBase)
        }
        return .unknown(gap)
    }

    /// §6.3.3(f): the key that signed `crl`, from a certificate named as
    /// its issuer, allowing cRLSign, on a path to this path's anchor: a
    /// certificate of the path from this one up first, then the other
    /// presented certificates (validated on
    /// their own, with the same anchor and policy, within what is left of
    /// this evaluation's budgets).
    mutating func crlSigner(of crl: CertificateList, for index: Int, nodes: [PathNode],
                            search: inout SearchState) throws(TrustFailure) -> VerificationKey? {
        let issuerName = crl[crl.issuer]
        let anchorNode = nodes[nodes.count - 1]
        // The certificate itself counts: a CRL signer whose distribution
        // point names itself as cRLIssuer (PKITS 4.14.30) is covered by
        // the CRL it signs, as its issuing CA chose.
        for node in nodes[index...] where node.certificate[node.certificate.subject].elementsEqual(issuerName) {
            if let key = try signingKey(node.certificate, for: crl, search: &search) { return key }
        }
        guard policy.revocation.maximumSignerDepth > 0, let anchorIndex = anchorNode.anchorIndex else { return nil }
        let onPath = nodes.map { $0.certificate.der }
        for candidate in search.index.named(issuerName) {
            let certificate = search.index.certificates[candidate]
            guard !onPath.contains(certificate.der),
                  let key = try signingKey(certificate, for: crl, search: &search) else { continue }
            // The signer's own path spends what is left of this evaluation's
            // budgets, so a CRL adds no more work than the budgets allow.
            var signerPolicy = policy
            signerPolicy.purpose = .any
            signerPolicy.identity = nil
            signerPolicy.revocation.maximumSignerDepth -= 1
            signerPolicy.budgets.signatureChecks -= search.signatureChecks
            signerPolicy.budgets.signatureWork -= search.signatureWork
            signerPolicy.budgets.pathBuildingSteps -= search.steps
            var nested = Verifier(store: TrustStore([store.anchors[anchorIndex]]), policy: signerPolicy, cache: cache,
                                  revocationSources: revocationSources)
            let others = search.index.certificates.filter { $0.der != certificate.der }
                + nodes.dropLast().map { $0.certificate }.filter { $0.der != certificate.der }
            var signerSearch = SearchState(leaf: certificate, intermediates: others)
            let result = nested.evaluate(&signerSearch, accept: { _ in nil })
            cache = nested.cache
            search.signatureChecks += signerSearch.signatureChecks
            search.signatureWork += signerSearch.signatureWork
            search.steps += signerSearch.steps
            if case .failure(.budgetExceeded(let budget)) = result { throw .budgetExceeded(budget) }
            if case .success = result { return key }
        }
        return nil
    }

    /// The certificate's key when its keyUsage allows cRLSign and it verifies `crl`.
    mutating func signingKey(_ certificate: Certificate, for crl: CertificateList,
                             search: inout SearchState) throws(TrustFailure) -> VerificationKey? {
        if let usage = certificate.extensions.keyUsage, !usage.usage.contains(.cRLSign) { return nil }
        guard case .success(let key) = VerificationKey.prepare(certificate) else { return nil }
        return try verifyCRLSignature(crl, with: key, search: &search) ? key : nil
    }

    /// One CRL signature check, counted against the evaluation's budgets.
    mutating func verifyCRLSignature(_ crl: CertificateList, with key: VerificationKey,
                                     search: inout SearchState) throws(TrustFailure) -> Bool {
        try verifySignedData(algorithm: crl[crl.signatureAlgorithm.encoded], signature: crl[crl.signatureValue],
                             message: crl[crl.tbsCertList], key: key, search: &search)
    }
}

extension CertificateList {
    /// §6.3.3(a): thisUpdate at or before `time`, and `time` before
    /// nextUpdate. A CRL without nextUpdate (which §5.1.2.5 says
    /// conforming CAs always include) is read as current.
    func isCurrent(at time: Int64) -> Bool {
        thisUpdate <= time && (nextUpdate.map { time < $0 } ?? true)
    }

    /// §5.2.4, §6.3.3(g): this delta CRL has `complete`'s issuer and scope,
    /// and the complete CRL's number is at least the delta's base number.
    func applies(over complete: CertificateList) -> Bool {
        guard let base = extensions.deltaCRLIndicator, let number = complete.extensions.crlNumber,
              self[issuer].elementsEqual(complete[complete.issuer]) else { return false }
        let ownScope = extensions.issuingDistributionPoint.map { self[$0.encoded] }
        let theirScope = complete.extensions.issuingDistributionPoint.map { complete[$0.encoded] }
        guard ownScope == theirScope else { return false }
        return CRLScope.compareIntegers(complete[number], self[base]) >= 0
    }

    /// The entry that revokes `certificate`: its serial, and (for an
    /// indirect CRL) a certificateIssuer naming the certificate's issuer.
    func entry(for certificate: Certificate) -> RevokedCertificate? {
        let issuerName = certificate[certificate.issuer]
        return entries(forSerialNumber: certificate[certificate.serialNumber]).first { entry in
            guard let names = entry.certificateIssuer else { return self[issuer].elementsEqual(issuerName) }
            return CRLScope.directoryNames(in: names, of: self).contains { self[$0].elementsEqual(issuerName) }
        }
    }

    func revocation(_ entry: RevokedCertificate) -> Revocation {
        Revocation(serialNumber: Array(self[entry.serialNumber]), date: entry.revocationDate, reason: entry.reason)
    }
}
