import DER
import PKIX

// Apple's SSL policy (the `apple` profile, issue 30 item 2): the rules
// SecTrust adds for TLS server certificates on iOS 13+ and macOS 10.15+,
// which AFNetworking's and Alamofire's evaluations run under. Each rule is
// a switch of `ValidationProfile`, applies only to server authentication,
// and is one named check of the trace. The sources are two Apple support
// articles:
//
// - HT210176, "Requirements for trusted certificates in iOS 13 and macOS
//   10.15" (support.apple.com/103769): RSA keys of 2048 bits or more and
//   SHA-2 signatures for "TLS server certificates and issuing CAs"; the
//   DNS name in subjectAltName, never the CommonName; and for certificates
//   "issued after July 1, 2019 (as indicated in the NotBefore field)",
//   extendedKeyUsage with id-kp-serverAuth and a validity period "of 825
//   days or fewer (as expressed in the NotBefore and NotAfter fields)".
// - HT211025, "About upcoming limits on trusted certificates": certificates
//   issued on or after 2020-09-01 00:00 UTC with a validity period over 398
//   days are not trusted; only "certificates issued from the Root CAs
//   preinstalled" are affected, not those "issued from user-added or
//   administrator-added Root CAs".
//
// Inferred, not in the articles (docs/profiles.md lists them):
// - The validity period is notAfter − notBefore in seconds; the 825-day
//   limit allows one hour more, the 398-day limit none. Both are read from
//   Apple's published Security source (SecPolicyServer.c,
//   `SecPolicyCheckOtherTrustValidityPeriodMaximums` and
//   `SecPolicyCheckSystemTrustValidityPeriodMaximums`).
// - "Issued after July 1, 2019" is taken as notBefore ≥ 2019-07-01T00:00:00Z
//   (Apple's source compares with an instant one hour earlier).
// - anyExtendedKeyUsage does not stand for id-kp-serverAuth ("containing
//   the id-kp-serverAuth OID").
// - A caller-added anchor is an anchor the app sets
//   (`SecTrustSetAnchorCertificates`, which AFNetworking's and Alamofire's
//   certificate pinning use): the 825-day and EKU rules hold for it, the
//   398-day rule does not. Apple's source exempts from the validity limits
//   a leaf that is itself an anchor; so are all these rules here (waived,
//   as the profile rules are for such a leaf).

/// A rule of Apple's SSL policy that a certificate of the path breaks.
public enum AppleRule: Sendable, Equatable, CustomStringConvertible {
    /// The certificate is signed with a hash outside the SHA-2 family (SHA-1, MD5).
    case signatureHashNotSHA2
    /// The certificate's RSA key has fewer than 2048 bits.
    case rsaKeyBelow2048Bits
    /// A leaf issued on or after 2019-07-01 has no extendedKeyUsage with id-kp-serverAuth.
    case missingServerAuthEKU
    /// A leaf issued on or after 2019-07-01 is valid for more than 825 days.
    case validityOver825Days
    /// A leaf issued on or after 2020-09-01 that chains to a system root is
    /// valid for more than 398 days.
    case validityOver398Days

    /// 2019-07-01T00:00:00Z, from when HT210176's EKU and 825-day rules hold.
    public static let july2019: Int64 = 1_561_939_200
    /// 2020-09-01T00:00:00Z, from when HT211025's 398-day rule holds.
    public static let september2020: Int64 = 1_598_918_400
    /// 825 days and the hour Apple's source allows beyond them.
    public static let maximum825: Int64 = 825 * 86_400 + 3_600
    /// 398 days exactly.
    public static let maximum398: Int64 = 398 * 86_400

    /// The Apple support article that states the rule.
    public var source: String {
        switch self {
        case .validityOver398Days: return "Apple: About upcoming limits on trusted certificates (HT211025)"
        default: return "Apple: Requirements for trusted certificates in iOS 13 and macOS 10.15 (HT210176)"
        }
    }

    /// A stable name for scripts.
    public var code: String {
        switch self {
        case .signatureHashNotSHA2: return "appleSignatureHash"
        case .rsaKeyBelow2048Bits: return "appleRSAKeySize"
        case .missingServerAuthEKU: return "appleServerAuthEKU"
        case .validityOver825Days: return "appleValidity825"
        case .validityOver398Days: return "appleValidity398"
        }
    }

    /// What the rule asks, for the trace.
    var checkDescription: String {
        switch self {
        case .signatureHashNotSHA2: return "signed with a SHA-2 hash"
        case .rsaKeyBelow2048Bits: return "an RSA key has at least 2048 bits"
        case .missingServerAuthEKU: return "a leaf issued since 2019-07-01 has extendedKeyUsage with serverAuth"
        case .validityOver825Days: return "a leaf issued since 2019-07-01 is valid for at most 825 days"
        case .validityOver398Days: return "a leaf issued since 2020-09-01 under a system root is valid for at most 398 days"
        }
    }

    /// What the certificate breaks, with the source, for failure messages.
    public var description: String {
        let what: String
        switch self {
        case .signatureHashNotSHA2: what = "it is signed with a hash outside the SHA-2 family"
        case .rsaKeyBelow2048Bits: what = "its RSA key has fewer than 2048 bits"
        case .missingServerAuthEKU: what = "issued on or after 2019-07-01, it has no extendedKeyUsage with id-kp-serverAuth"
        case .validityOver825Days: what = "issued on or after 2019-07-01, it is valid for more than 825 days"
        case .validityOver398Days: what = "issued on or after 2020-09-01 under a system root, it is valid for more than 398 days"
        }
        return what + " (" + source + ")"
    }
}

extension Verifier {
    /// The rules on the leaf alone, after the RFC 5280 profile rules. A
    /// leaf that is itself an anchor has them waived.
    func checkAppleLeafRules(_ leaf: Certificate, _ node: PathNode, search: inout SearchState) -> TrustFailure? {
        let profile = policy.profile
        guard policy.purpose == .serverAuth else { return nil }
        var rules: [AppleRule] = []
        if profile.requiresSHA2Signatures { rules.append(.signatureHashNotSHA2) }
        if profile.requiresRSA2048Keys { rules.append(.rsaKeyBelow2048Bits) }
        if profile.requiresServerAuthEKUSince2019 { rules.append(.missingServerAuthEKU) }
        if profile.limitsValidityTo825DaysSince2019 { rules.append(.validityOver825Days) }
        for rule in rules {
            let broken = Self.breaks(rule, leaf)
            if broken && isAnchor(leaf) {
                search.waive(.appleRule(rule), 0, node, reason: Self.leafIsAnchor)
                continue
            }
            if let failure = search.step(.appleRule(rule), 0, node, broken ? .appleSSLPolicy(index: 0, rule) : nil) { return failure }
        }
        return nil
    }

    /// The rules on an intermediate (its signature and its key), or on the
    /// anchor (its key only: its own signature is not relied on).
    func checkAppleIssuerRules(_ node: PathNode, index: Int, search: inout SearchState) -> TrustFailure? {
        let profile = policy.profile
        guard policy.purpose == .serverAuth else { return nil }
        if profile.requiresSHA2Signatures && !node.isAnchor {
            let broken = Self.breaks(.signatureHashNotSHA2, node.certificate)
            let failure: TrustFailure? = broken ? .appleSSLPolicy(index: index, .signatureHashNotSHA2) : nil
            if let failure = search.step(.appleRule(.signatureHashNotSHA2), index, node, failure) { return failure }
        }
        if profile.requiresRSA2048Keys {
            let broken = Self.breaks(.rsaKeyBelow2048Bits, node.certificate)
            let failure: TrustFailure? = broken ? .appleSSLPolicy(index: index, .rsaKeyBelow2048Bits) : nil
            if let failure = search.step(.appleRule(.rsaKeyBelow2048Bits), index, node, failure) { return failure }
        }
        return nil
    }

    /// HT211025's limit, once the path's anchor (and so its provenance) is known.
    func checkAppleSystemRootRules(_ nodes: [PathNode], search: inout SearchState) -> TrustFailure? {
        guard policy.purpose == .serverAuth, policy.profile.limitsValidityTo398DaysSince2020,
              let anchor = nodes.last?.anchorIndex, store.provenance(ofAnchor: anchor) == .system else { return nil }
        let broken = Self.breaks(.validityOver398Days, nodes[0].certificate)
        return search.step(.appleRule(.validityOver398Days), 0, nodes[0], broken ? .appleSSLPolicy(index: 0, .validityOver398Days) : nil)
    }

    /// Whether `certificate` breaks `rule` (the anchor's provenance is the caller's to check).
    static func breaks(_ rule: AppleRule, _ certificate: Certificate) -> Bool {
        let period = certificate.notAfter - certificate.notBefore
        switch rule {
        case .signatureHashNotSHA2:
            // Only SHA-2 schemes and Ed25519 (PureEdDSA, no separate hash)
            // are otherwise verified; an unknown identifier is the
            // signature check's to refuse.
            guard let found = SignatureAlgorithmEntry.find(certificate.signatureAlgorithm.encoded) else { return false }
            return found.entry.admission != .always
        case .rsaKeyBelow2048Bits:
            let key = certificate.publicKey
            switch key.keyType {
            case .rsa, .rsaPSS: return key.sizeInBits < 2048
            default: return false
            }
        case .missingServerAuthEKU:
            guard certificate.notBefore >= AppleRule.july2019 else { return false }
            return certificate.extensions.extendedKeyUsageCritical == nil || !certificate.extendedKeyUsages.contains(.serverAuth)
        case .validityOver825Days:
            return certificate.notBefore >= AppleRule.july2019 && period > AppleRule.maximum825
        case .validityOver398Days:
            return certificate.notBefore >= AppleRule.september2020 && period > AppleRule.maximum398
        }
    }
}
