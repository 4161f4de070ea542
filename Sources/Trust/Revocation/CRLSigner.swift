import DER
import PKIX

// §6.3.3(f): whose key may sign a CRL that speaks for a certificate.
// RFC 5280 asks only for a CRL issuer's certificate on a path to the same
// anchor, with cRLSign; read that loosely and any CA under the same root
// that takes the issuing CA's name could sign a "good" for the issuer's
// certificates. So the signer must be the CA that issued the certificate:
//
// - a direct CRL (the certificate names no cRLIssuer): the issuer's key
//   on this path, or the key of a self-issued certificate of the same CA
//   above it (key rollover, PKITS 4.5), or a certificate with the CA's
//   name and another key, certified by the CA itself or by the authority
//   that certified the CA on this path — a CA keeping a separate key for
//   its CRLs (PKITS 4.4.19–4.4.21, 4.5.4, 4.5.6); that certificate is then
//   validated on its own, to the same anchor, its own revocation included;
// - an indirect CRL: a CRL issuer that a cRLDistributionPoints entry of
//   the certificate names (the issuing CA delegated it there, §6.3.3(b)(1)),
//   on the path or validated on its own to the same anchor.

extension Evaluation {
    /// The key that verifies `crl` and may speak for the certificate at
    /// `index` as `relation` (`CRLScope.issuerRelation`) allows; nil when none does.
    mutating func crlSigner(of crl: CertificateList, relation: (direct: Bool, indirect: Bool), for index: Int, nodes: [PathNode]) throws(BudgetExhausted) -> VerificationKey? {
        if relation.direct, let key = try issuingCAKey(of: crl, for: index, nodes: nodes) { return key }
        if relation.indirect, let key = try indirectIssuerKey(of: crl, for: index, nodes: nodes) { return key }
        return nil
    }

    /// A direct CRL's signer: the issuing CA's own keys on the path, then a
    /// separate CRL key certified by the CA's own certifier.
    mutating func issuingCAKey(of crl: CertificateList, for index: Int, nodes: [PathNode]) throws(BudgetExhausted) -> VerificationKey? {
        let certificate = nodes[index].certificate
        let caName = certificate.issuer.encoded
        var top = index + 1
        while top < nodes.count {
            let node = nodes[top].certificate
            guard NameComparison.equivalent(node.subject.encoded, caName) else { break }
            if let key = try signingKey(node, for: crl) { return key }
            top += 1
        }
        // Who may certify another key of the CA: the CA itself (a self-issued
        // certificate, PKITS 4.5.4 and 4.5.6) or the authority above the CA's
        // run of names on this path (PKITS 4.4.19).
        let certifiers = nodes[(index + 1)..<min(top + 1, nodes.count)].map { $0.certificate }
        let onPath = nodes.map { $0.certificate.der }
        for candidate in issuers.named(crl.issuer.encoded) {
            let separate = issuers.certificates[candidate]
            guard !onPath.contains(separate.der),
                  try isCertified(separate, byOneOf: certifiers),
                  let key = try signingKey(separate, for: crl),
                  try validatesToAnchor(separate, nodes: nodes) else { continue }
            return key
        }
        return nil
    }

    /// Whether one of `certifiers`, named as `certificate`'s issuer, signed it.
    mutating func isCertified(_ certificate: Certificate, byOneOf certifiers: [Certificate]) throws(BudgetExhausted) -> Bool {
        for certifier in certifiers where NameComparison.equivalent(certificate.issuer.encoded, certifier.subject.encoded) {
            guard case .success(let key) = VerificationKey.prepare(certifier) else { continue }
            if try verify(certificate.signedData, with: key) == nil {
                return true
            }
        }
        return false
    }

    /// An indirect CRL's signer: a certificate named as the CRL's issuer,
    /// on the path from this certificate up (a CRL signer whose
    /// distribution point names itself, PKITS 4.14.30, counts), else a
    /// presented one validated to the same anchor.
    mutating func indirectIssuerKey(of crl: CertificateList, for index: Int, nodes: [PathNode]) throws(BudgetExhausted) -> VerificationKey? {
        let issuerName = crl.issuer.encoded
        for node in nodes[index...] where NameComparison.equivalent(node.certificate.subject.encoded, issuerName) {
            if let key = try signingKey(node.certificate, for: crl) { return key }
        }
        let onPath = nodes.map { $0.certificate.der }
        for candidate in issuers.named(issuerName) {
            let certificate = issuers.certificates[candidate]
            guard !onPath.contains(certificate.der),
                  let key = try signingKey(certificate, for: crl),
                  try validatesToAnchor(certificate, nodes: nodes) else { continue }
            return key
        }
        return nil
    }

    /// Whether a CRL signer's certificate has a path of its own to this
    /// path's anchor, under the same policy (its revocation checked too, to
    /// `maximumSignerDepth`), spending what is left of this evaluation's
    /// budgets, so that a CRL adds no more work than the budgets allow.
    mutating func validatesToAnchor(_ certificate: Certificate, nodes: [PathNode]) throws(BudgetExhausted) -> Bool {
        guard policy.revocation.maximumSignerDepth > 0, let anchorIndex = nodes[nodes.count - 1].anchorIndex else { return false }
        var signerPolicy = policy
        signerPolicy.purpose = .any
        signerPolicy.identity = nil
        signerPolicy.revocation.maximumSignerDepth -= 1
        let others = issuers.certificates.filter { $0.der != certificate.der }
            + nodes.dropLast().map { $0.certificate }.filter { $0.der != certificate.der }
        var nested = Verifier(store: TrustStore([store.anchors[anchorIndex]]), policy: signerPolicy,
                              cache: SignatureCache(capacity: 0), revocationSources: revocationSources)
        // The nested evaluation shares this one's cache (moved in and back)
        // and spends its meter.
        swap(&nested.cache, &cache)
        let spent = meter
        let (result, left) = nested.withEvaluation(leaf: certificate, intermediates: others) { evaluation in
            evaluation.meter = spent
            return (evaluation.run(accept: Verifier.acceptEveryPath), evaluation.meter)
        }
        swap(&nested.cache, &cache)
        meter = left
        if case .failure(let failure) = result, case .budgetExceeded(let budget) = failure.reason { throw BudgetExhausted(budget: budget) }
        if case .success = result { return true }
        return false
    }

    /// The certificate's key when its keyUsage allows cRLSign and it verifies `crl`.
    mutating func signingKey(_ certificate: Certificate, for crl: CertificateList) throws(BudgetExhausted) -> VerificationKey? {
        if let usage = certificate.extensions.keyUsage, !usage.usage.contains(.cRLSign) { return nil }
        guard case .success(let key) = VerificationKey.prepare(certificate) else { return nil }
        return try verifyCRLSignature(crl, with: key) ? key : nil
    }
}
