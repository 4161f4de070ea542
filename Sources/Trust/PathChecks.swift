import DER
import PKIX

// The RFC 5280 §6.1 checks, split by when they can be decided: facts about
// the leaf alone (checked before any search, so that an expired leaf is
// reported as such even when no issuer is found), facts about one
// intermediate (checked when it is first considered), and facts that need
// the whole path (path length, EKU of the issuers), checked once a path
// reaches an anchor.
//
// Decisions (docs/trust.md):
// - The anchor is trusted as a name and a key (RFC 5280 §6.1.1(d)): its
//   validity dates and extensions are not checked.
// - anyExtendedKeyUsage alone on the leaf does not satisfy serverAuth or
//   clientAuth: the CA/Browser Forum requirements forbid it in server
//   certificates, and OpenSSL, webpki and Chrome refuse it (Go accepts).
// - An extendedKeyUsage on an intermediate constrains the leaf: the
//   intermediate must list the purpose or anyExtendedKeyUsage (as Go,
//   Chrome and OpenSSL do; webpki ignores it).
// - A CA certificate (basicConstraints cA TRUE) is refused as a server leaf
//   (webpki's CaUsedAsEndEntity), unless it is itself an anchor.

extension Verifier {
    /// In rank order, so that the first failure found is the one reported.
    func checkLeaf(_ leaf: Certificate) -> TrustFailure? {
        if let identity = policy.identity, !identity.isPresented(by: leaf, commonNameFallback: policy.allowCommonNameFallback) {
            return .hostnameMismatch(presented: presentedNames(leaf))
        }
        if let failure = checkValidity(leaf, index: 0) { return failure }
        if policy.purpose == .serverAuth && leaf.extensions.basicConstraints?.isCA == true && !isAnchor(leaf) { return .leafIsCA }
        if !allowsPurpose(leaf, isLeaf: true) { return .extendedKeyUsage(index: 0) }
        if policy.purpose == .serverAuth {
            // RFC 5280 §4.2.1.3 with TLS's uses: signing (ECDHE) or key encipherment (RSA kx).
            if let usage = leaf.extensions.keyUsage?.usage, !usage.contains(.digitalSignature) && !usage.contains(.keyEncipherment) {
                return .keyUsage(index: 0)
            }
        }
        if leaf.extensions.hasUnrecognisedCriticalExtension { return .unknownCriticalExtension(index: 0) }
        // The store lookup only when a rule is broken: a conforming leaf costs nothing more.
        if let rule = Self.conformance(leaf), !isAnchor(leaf) { return .nonConforming(index: 0, rule) }
        if let refusal = leafKeyRefusal(leaf) { return .leafKey(refusal) }
        return nil
    }

    /// The key policy applied to the leaf's own key, which the connection
    /// will rely on (a 512-bit RSA leaf was trusted before): the RSA
    /// minimum and the allowed curves, from the parsed key alone (no key
    /// object is built, so a warm evaluation costs nothing more).
    func leafKeyRefusal(_ leaf: Certificate) -> SignatureFailure? {
        let key = leaf.publicKey
        let curves = policy.keys.allowedCurves
        switch key.kind {
        case .rsa, .rsaPSS:
            let minimum = policy.keys.minimumRSAModulusBits
            return key.sizeInBits < minimum ? .keyRefused(.rsaModulusTooSmall(bits: key.sizeInBits, minimum: minimum)) : nil
        case .ec(.p256): return curves.contains(.p256) ? nil : .keyRefused(.curveNotAllowed("P-256"))
        case .ec(.p384): return curves.contains(.p384) ? nil : .keyRefused(.curveNotAllowed("P-384"))
        case .ec(.p521): return curves.contains(.p521) ? nil : .keyRefused(.curveNotAllowed("P-521"))
        case .ed25519: return curves.contains(.ed25519) ? nil : .keyRefused(.curveNotAllowed("Ed25519"))
        case .ec(.other), .ed448, .unknown:
            // Named with its OID by the key preparation, as for an issuer.
            if case .failure(let failure) = VerificationKey.prepare(leaf) { return failure }
            return nil
        }
    }

    /// An intermediate the path would go through, at path index `index`.
    func checkIntermediate(_ certificate: Certificate, index: Int) -> TrustFailure? {
        if let failure = checkValidity(certificate, index: index) { return failure }
        if certificate.extensions.hasUnrecognisedCriticalExtension { return .unknownCriticalExtension(index: index) }
        // RFC 5280 §6.1.4(k): an issuer is a v3 CA; v1/v2 only as an anchor.
        guard certificate.version == .v3, certificate.extensions.basicConstraints?.isCA == true else { return .notACA(index: index) }
        // §6.1.4(n): keyUsage, when present, asserts keyCertSign.
        if let usage = certificate.extensions.keyUsage?.usage, !usage.contains(.keyCertSign) { return .keyUsage(index: index) }
        if let rule = Self.issuerConformance(certificate) { return .nonConforming(index: index, rule) }
        return nil
    }

    /// Checks that need the whole path (leaf first, anchor last).
    func checkPath(_ chain: inout VerifiedChain, search: inout SearchState) throws(TrustFailure) -> TrustFailure? {
        let certificates = chain.certificates
        let anchorIndex = certificates.count - 1
        // §6.1.4(l), (m): each CA's pathLenConstraint bounds the number of
        // non-self-issued intermediates below it (the leaf not counted).
        for index in 1..<anchorIndex {
            guard let limit = certificates[index].extensions.basicConstraints?.pathLength else { continue }
            var below = 0
            for lower in 1..<index where !certificates[lower].isSelfIssued { below += 1 }
            if below > limit { return .pathLengthExceeded(index: index) }
        }
        for index in 1..<anchorIndex where !allowsPurpose(certificates[index], isLeaf: false) {
            return .extendedKeyUsage(index: index)
        }
        if let failure = try checkNameConstraints(certificates, comparisons: &search.nameComparisons) { return failure }
        switch try processPolicies(certificates) {
        case .failure(let failure): return failure
        case .success(let policies): chain.userConstrainedPolicies = policies
        }
        return nil
    }

    /// §6.1.3(a)(2): notBefore ≤ time ≤ notAfter.
    func checkValidity(_ certificate: Certificate, index: Int) -> TrustFailure? {
        if policy.time < certificate.notBefore { return .notYetValid(index: index, notBefore: certificate.notBefore, at: policy.time) }
        if policy.time > certificate.notAfter { return .expired(index: index, notAfter: certificate.notAfter, at: policy.time) }
        return nil
    }

    func allowsPurpose(_ certificate: Certificate, isLeaf: Bool) -> Bool {
        let wanted: OID
        switch policy.purpose {
        case .any: return true
        case .serverAuth: wanted = .serverAuth
        case .clientAuth: wanted = .clientAuth
        }
        guard certificate.extensions.extendedKeyUsage != nil else { return true }
        let purposes = certificate.extendedKeyUsages
        return purposes.contains(wanted) || (!isLeaf && purposes.contains(.anyExtendedKeyUsage))
    }

    func isAnchor(_ certificate: Certificate) -> Bool {
        store.anchors(named: certificate[certificate.subject]).contains { store.anchors[$0].der == certificate.der }
    }

    /// The leaf's DNS and IP names, for the mismatch message.
    func presentedNames(_ leaf: Certificate) -> [String] {
        leaf.subjectAlternativeNames.compactMap { name in
            switch name.kind {
            case .dnsName: return "DNS:" + leaf.text(of: name)
            case .ipAddress: return "IP:" + IPAddressText.format(leaf[name.value])
            default: return nil
            }
        }
    }
}
