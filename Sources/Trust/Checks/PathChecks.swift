import DER
import PKIX

// The RFC 5280 §6.1 checks, split by when they can be decided: facts about
// the leaf alone (checked before any search, so that an expired leaf is
// reported as such even when no issuer is found), facts about one
// intermediate (checked when it is first considered), and facts that need
// the whole path (the anchor's own constraints, path length, EKU of the
// issuers, name constraints, policies), checked once a path reaches an
// anchor. Every check goes through `Evaluation.step`, which records it
// when a trace is asked for.
//
// Decisions (docs/trust.md):
// - An anchor given as a certificate binds the path with what it carries
//   (RFC 5937 §3, as Chromium enforces anchor constraints): its validity
//   (under the strict profile), critical extensions, basicConstraints
//   (cA and pathLenConstraint), keyUsage, extended key usage and name
//   constraints. An anchor without extensions (a v1 root) is a name and a key;
//   so is every anchor under a profile with `enforcesAnchorConstraints` off
//   (chromium: Chromium's TRUSTED_ANCHOR).
// - anyExtendedKeyUsage alone on the leaf does not satisfy serverAuth or
//   clientAuth under the strict profile: the CA/Browser Forum requirements
//   forbid it in server certificates, and OpenSSL and webpki refuse it
//   (Chromium and Go accept: the chromium profile).
// - An extendedKeyUsage on an issuer constrains the leaf: the issuer must
//   list the purpose or anyExtendedKeyUsage (as Go, Chrome and OpenSSL do;
//   webpki ignores it).
// - A CA certificate (basicConstraints cA TRUE) is refused as a server leaf
//   (webpki's CaUsedAsEndEntity) unless it is itself an anchor or the
//   chromium profile is in force.

extension Evaluation {
    /// In rank order, so that the first failure found is the one reported.
    mutating func checkLeaf(_ leaf: Certificate) -> TrustFailure? {
        let node = leafNode
        let profile = policy.profile
        let extensions = leaf.extensions
        var hostname: TrustFailure? = nil
        // Apple's SSL policy reads the host from subjectAltName alone (Rules/AppleRules.swift).
        let commonNameFallback = policy.allowCommonNameFallback && !profile.hostFromSubjectAltNameOnly
        let suffixes = profile.refusesWildcardOverPublicSuffix ? policy.publicSuffixes : nil
        if let identity = policy.identity, !identity.isPresented(by: leaf, commonNameFallback: commonNameFallback, publicSuffixes: suffixes) {
            hostname = .hostnameMismatch(presented: PresentedNames(leaf.subjectAlternativeNames))
        }
        if policy.identity == nil {
            // Nothing to match: the verdict says so (the caller gave no host), never a pass.
            notApplicable(.hostname, 0, node, reason: "no host name or address was given")
        } else if let failure = step(.hostname, 0, node, hostname) {
            return failure
        }
        if let failure = step(.validity, 0, node, checkValidity(leaf, index: 0)) { return failure }
        // Chromium's strict key purposes refuse a CA target for client auth too.
        let strictLeaf = profile.extendedKeyUsageStrictness != .none && policy.purpose != .any
        if policy.purpose == .serverAuth || strictLeaf {
            let isCA = extensions.basicConstraints?.isCA == true && (!profile.acceptsCALeaf || strictLeaf)
            if isCA && profile.waivesRulesForAnchorLeaf && leafAnchorIndex != nil {
                waive(.leafNotCA, 0, node, reason: Self.leafIsAnchor)
            } else if let failure = step(.leafNotCA, 0, node, isCA ? .leafIsCA : nil) {
                return failure
            }
        }
        let purpose: TrustFailure? = allowsPurpose(leaf, index: 0) ? nil : .extendedKeyUsage(index: 0)
        if let failure = step(.extendedKeyUsage, 0, node, purpose) { return failure }
        if policy.purpose == .serverAuth && profile.checksServerLeafKeyUsage {
            // RFC 5280 §4.2.1.3 with TLS's uses: signing (ECDHE) or key encipherment (RSA kx).
            var usage: TrustFailure? = nil
            if let bits = extensions.keyUsage?.usage, !bits.contains(.digitalSignature) && !bits.contains(.keyEncipherment) {
                usage = .keyUsage(index: 0)
            }
            if let failure = step(.keyUsage, 0, node, usage) { return failure }
        }
        let critical: TrustFailure? = extensions.hasUnrecognisedCriticalExtension ? .unknownCriticalExtension(index: 0) : nil
        if let failure = step(.criticalExtensions, 0, node, critical) { return failure }
        if let failure = checkRules(profile.leafRules, node, index: 0) { return failure }
        return step(.leafKey, 0, node, leafKeyRefusal().map { .leafKey($0) })
    }

    /// The leaf's own key, which the connection will rely on: first the key
    /// policy (the RSA minimum and the allowed curves, from the parsed key,
    /// so that a small key is reported as below the policy rather than as
    /// outside RSA's bounds), then the key's encoding, by the same
    /// preparation an issuer's key goes through (`VerificationKey.prepare`:
    /// RSA e = 1 or even, an even, negative or over-16,384-bit modulus; an
    /// EC point off its curve, compressed or at infinity; an Ed25519 key of
    /// the wrong length or with parameters). Each was once trusted in a leaf,
    /// whose key no signature of the path exercises. Issuer keys are prepared, and refused as
    /// `weakKey`, on the edge they sign; a leaf that is itself an anchor
    /// uses the key the trust store prepared. An rsaEncryption key's bounds
    /// are checked on its octets (`VerificationKey.refusal(of:)`), since it
    /// verifies nothing; the check costs an EC key an on-curve test and an
    /// Ed25519 key a decompression: no signature arithmetic.
    func leafKeyRefusal() -> SignatureFailure? {
        let key = leaf.publicKey
        // As for an issuer key, and before the policy: a malformed key is refused as malformed.
        if case .rsa? = key.type, let refusal = VerificationKey.rsaParametersRefusal(key) { return refusal }
        if let refusal = policy.keys.refusal(of: key) { return .keyRefused(refusal) }
        if let anchor = leafAnchorIndex {
            if case .failure(let failure) = store.verificationKey(ofAnchor: anchor) { return failure }
            return nil
        }
        return VerificationKey.refusal(of: key)
    }

    /// An intermediate the path would go through, at path index `index`.
    mutating func checkIntermediate(_ node: PathNode, index: Int) -> TrustFailure? {
        let certificate = node.certificate
        if let failure = step(.validity, index, node, checkValidity(certificate, index: index)) { return failure }
        let critical: TrustFailure? = certificate.extensions.hasUnrecognisedCriticalExtension ? .unknownCriticalExtension(index: index) : nil
        if let failure = step(.criticalExtensions, index, node, critical) { return failure }
        // RFC 5280 §6.1.4(k): an issuer is a v3 CA; v1/v2 only as an anchor.
        let isCA = certificate.version == .v3 && certificate.extensions.basicConstraints?.isCA == true
        if let failure = step(.issuerIsCA, index, node, isCA ? nil : .notACA(index: index)) { return failure }
        // §6.1.4(n): keyUsage, when present, asserts keyCertSign.
        var usage: TrustFailure? = nil
        if let bits = certificate.extensions.keyUsage?.usage, !bits.contains(.keyCertSign) { usage = .keyUsage(index: index) }
        if let failure = step(.keyUsage, index, node, usage) { return failure }
        return checkRules(policy.profile.intermediateRules, node, index: index)
    }

    /// Checks that need the whole path (leaf first, anchor last).
    mutating func checkPath(_ chain: inout VerifiedChain, nodes: [PathNode]) throws(BudgetExhausted) -> TrustFailure? {
        let certificates = chain.certificates
        let anchorIndex = certificates.count - 1
        if let failure = checkAnchor(nodes[anchorIndex], index: anchorIndex) { return failure }
        if let failure = checkAnchoredLeafRules(nodes) { return failure }
        // The CAs whose constraints bind the path: the anchor's too unless
        // the profile takes it as a name and a key.
        let bindingCAs = 1..<(policy.profile.enforcesAnchorConstraints ? anchorIndex + 1 : anchorIndex)
        // §6.1.4(l), (m): each CA's pathLenConstraint bounds the number of
        // non-self-issued intermediates below it (the leaf not counted);
        // the anchor's too (RFC 5937 §3).
        for index in bindingCAs {
            guard let limit = certificates[index].extensions.basicConstraints?.pathLength else { continue }
            var below = 0
            for lower in 1..<index where !certificates[lower].isSelfIssued { below += 1 }
            if let failure = step(.pathLength, index, nodes[index], below > limit ? .pathLengthExceeded(index: index) : nil) {
                return failure
            }
        }
        for index in bindingCAs {
            let purpose: TrustFailure? = allowsPurpose(certificates[index], index: index) ? nil : .extendedKeyUsage(index: index)
            if let failure = step(.extendedKeyUsage, index, nodes[index], purpose) { return failure }
        }
        // A budget that runs out ends the evaluation; the trace records it first.
        let names: TrustFailure?
        // A copy, so that the check (which reads this evaluation) and the
        // meter are not accessed at once; written back either way.
        var spent = meter
        defer { meter = spent }
        do {
            names = try checkNameConstraints(certificates, upTo: bindingCAs.upperBound, meter: &spent)
        } catch {
            _ = step(.nameConstraints, anchorIndex, nodes[anchorIndex], error.failure)
            throw error
        }
        let constrained = bindingCAs.contains { $0 < certificates.count && certificates[$0].extensions.nameConstraintsCritical != nil }
        if !constrained {
            notApplicable(.nameConstraints, 0, nodes[0], reason: "no CA on the path carries name constraints")
        } else if let failure = step(.nameConstraints, names?.certificateIndex ?? 0, nodes[names?.certificateIndex ?? 0], names) {
            return failure
        }
        let policies: Result<[OID], TrustFailure>
        do {
            policies = try processPolicies(certificates, meter: meter)
        } catch {
            _ = step(.certificatePolicies, anchorIndex, nodes[anchorIndex], error.failure)
            throw error
        }
        switch policies {
        case .failure(let failure):
            let index = failure.certificateIndex ?? anchorIndex
            return step(.certificatePolicies, index, nodes[min(index, anchorIndex)], failure)
        case .success(let policies):
            chain.userConstrainedPolicies = policies
            _ = step(.certificatePolicies, anchorIndex, nodes[anchorIndex], nil)
        }
        guard let transparency = policy.transparencyCheck else { return nil }
        return try transparency.run(&self, nodes, &chain)
    }

    /// RFC 5937 §3: what an anchor certificate carries binds the path.
    mutating func checkAnchor(_ node: PathNode, index: Int) -> TrustFailure? {
        let anchor = node.certificate
        let profile = policy.profile
        if profile.checksAnchorValidity {
            if let failure = step(.anchorValidity, index, node, checkValidity(anchor, index: index)) { return failure }
        }
        // Chromium's TRUSTED_ANCHOR without enforce_anchor_constraints: a name and a key.
        if profile.enforcesAnchorConstraints {
            // One copy of the extensions (each access through the certificate copies the struct).
            let extensions = anchor.extensions
            let critical: TrustFailure? = extensions.hasUnrecognisedCriticalExtension ? .unknownCriticalExtension(index: index) : nil
            if let failure = step(.criticalExtensions, index, node, critical) { return failure }
            // Absent basicConstraints (a v1 root) leaves the anchor a name and a
            // key, unless the profile requires it of a v3 anchor.
            let required = profile.requiresAnchorBasicConstraints && anchor.version == .v3
            let notCA = extensions.basicConstraints.map { !$0.isCA } ?? required
            if let failure = step(.anchorIsCA, index, node, notCA ? .notACA(index: index) : nil) { return failure }
            var usage: TrustFailure? = nil
            if let bits = extensions.keyUsage?.usage, !bits.contains(.keyCertSign) { usage = .keyUsage(index: index) }
            if let failure = step(.anchorKeyUsage, index, node, usage) { return failure }
        }
        return checkRules(profile.anchorRules, node, index: index)
    }

    /// §6.1.3(a)(2): notBefore ≤ time ≤ notAfter.
    func checkValidity(_ certificate: Certificate, index: Int) -> TrustFailure? {
        if policy.time < certificate.notBefore { return .notYetValid(index: index, notBefore: certificate.notBefore, at: policy.time) }
        if policy.time > certificate.notAfter { return .expired(index: index, notAfter: certificate.notAfter, at: policy.time) }
        return nil
    }

    /// Whether the certificate at path position `index` allows the
    /// policy's purpose. Under Chromium's strict key purposes
    /// (`extendedKeyUsageStrictness`, VerifyExtendedKeyUsage in
    /// verify_certificate_chain.cc): the leaf lists the purpose itself and
    /// none of codeSigning, OCSPSigning, timeStamping; its issuer lists
    /// purposes (optional for serverAuth), this one itself and neither
    /// codeSigning nor timeStamping; CAs above list purposes, this one or
    /// anyExtendedKeyUsage.
    func allowsPurpose(_ certificate: Certificate, index: Int) -> Bool {
        let wanted: OID
        switch policy.purpose {
        case .any: return true
        case .serverAuth: wanted = .serverAuth
        case .clientAuth: wanted = .clientAuth
        }
        let strictness = policy.profile.extendedKeyUsageStrictness
        let strict = strictness == .everyCertificate || (strictness == .leaf && index == 0)
        let present = certificate.extensions.extendedKeyUsageCritical != nil
        // Asked of the encoding in place (no list of purposes is built);
        // an absent extension lists nothing.
        func lists(_ purpose: OID) -> Bool { certificate.extendedKeyUsageIncludes(purpose) }
        if strict {
            let prohibited = lists(.codeSigning) || lists(.timeStamping) || (index == 0 && lists(.ocspSigning))
            switch index {
            case 0: return lists(wanted) && !prohibited
            // Chromium lets the leaf's issuer omit extendedKeyUsage for serverAuth only.
            case 1:
                guard present else { return policy.purpose == .serverAuth }
                return lists(wanted) && !prohibited
            default: return lists(wanted) || lists(.anyExtendedKeyUsage)
            }
        }
        guard present else { return true }
        let anyAllowed = index > 0 || policy.profile.acceptsAnyExtendedKeyUsageInLeaf
        return lists(wanted) || (anyAllowed && lists(.anyExtendedKeyUsage))
    }
}
