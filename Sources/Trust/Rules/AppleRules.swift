import DER
import PKIX

// Apple's SSL policy (the `apple` profile): the rules SecTrust adds for TLS
// server certificates, which AFNetworking's and Alamofire's evaluations run
// under. Each rule is one entry of the rule table, applies only to server
// authentication, and is one named check of the trace. Two Apple support
// articles state them, and Apple's published Security source
// (trust/trustd/SecPolicyServer.c, OSX/sec/Security/SecPolicy.c) is how
// SecTrust applies them; where the two differ, the source decides, as it is
// what runs:
//
// - HT210176, "Requirements for trusted certificates in iOS 13 and macOS
//   10.15" (support.apple.com/103769): RSA keys of 2048 bits or more and
//   SHA-2 signatures for "TLS server certificates and issuing CAs"; the
//   DNS name in subjectAltName, never the CommonName; for certificates
//   "issued after July 1, 2019", extendedKeyUsage with id-kp-serverAuth and
//   a validity period of 825 days or fewer.
// - HT211025, "About upcoming limits on trusted certificates": certificates
//   issued on or after 2020-09-01 00:00 UTC under a preinstalled root with a
//   validity period over 398 days are not trusted.
// - SecPolicyCreateSSL (SecPolicy.c) adds, for a server: the hash list
//   without MD2/MD4/MD5/SHA-1 (SecPolicyRemoveWeakHashOptions), RSA ≥ 2048
//   and EC ≥ 256 bits on every certificate (SecPolicyAddStrongKeySizeOptions),
//   the validity limits (set_ssl_validity_periods) and the stricter EKU check
//   (kSecPolicyCheckServerAuthEKU).
// - SecPolicyCheckServerAuthEKU (SecPolicyServer.c): a leaf under a system
//   root must list id-kp-serverAuth whatever its issuance date — neither an
//   absent extension nor anyExtendedKeyUsage will do; under any other anchor
//   only a leaf whose notBefore is after 2019-06-30T23:00:00Z (the instant
//   the source names "1 July 2019", CFAbsoluteTime 583628400) must.
// - set_ssl_validity_periods with SecPolicyCheckSystemTrustValidityPeriod
//   and SecPolicyCheckOtherTrustValidityPeriod: notAfter − notBefore in
//   seconds; under a system root at most 825 days and one hour from
//   2018-03-01 and at most 398 days from 2020-09-01; under any anchor at
//   most 825 days and one hour from 2019-06-30T23:00:00Z.
// - SecPolicyCheckBasicCertificateProcessing refuses a CA below the anchor
//   whose critical nameConstraints holds a subtree of a form it does not
//   process (otherName, x400Address, ediPartyName, registeredID), whether
//   or not a name of that form follows; RFC 5280 §4.2.1.10 allows that.
// - SecPolicyCheckCertSignatureHashAlgorithms skips a self-signed
//   certificate (its own signature is not relied on); here a self-issued one.
// - Only a leaf trusted through the user's or administrator's trust
//   settings is exempt from the key-size and validity checks; an anchor the
//   app sets (`SecTrustSetAnchorCertificates`, what AFNetworking's and
//   Alamofire's certificate pinning use) is not, so nothing here is waived
//   for a leaf that is itself such an anchor.

extension RuleEntry {
    static let apple: [RuleEntry] = [
        // Only SHA-2 schemes and Ed25519 (PureEdDSA, no separate hash) are
        // otherwise verified; an unknown identifier is the signature check's
        // to refuse.
        RuleEntry(.signatureHashNotSHA2, code: "appleSignatureHash", section: ht210176,
                  asks: "signed with a SHA-2 hash", breach: "it is signed with a hash outside the SHA-2 family",
                  family: .appleSSL, serverAuthOnly: true) { certificate, _, _ in
            if certificate.isSelfIssued { return false }
            guard let found = SignatureAlgorithmEntry.find(certificate.signatureAlgorithm.encoded) else { return false }
            return found.entry.admission != .always
        },
        RuleEntry(.rsaKeyBelow2048Bits, code: "appleRSAKeySize", section: ht210176,
                  asks: "an RSA key has at least 2048 bits", breach: "its RSA key has fewer than 2048 bits",
                  family: .appleSSL, serverAuthOnly: true) { certificate, _, _ in
            let key = certificate.publicKey
            switch key.type {
            case .rsa?, .rsaPSS?: return key.sizeInBits < 2048
            default: return false
            }
        },
        RuleEntry(.missingServerAuthEKU, code: "appleServerAuthEKU", section: serverAuthEKU,
                  asks: "the leaf lists serverAuth (under a system root always, else if issued after 2019-07-01)",
                  breach: "it has no extendedKeyUsage with id-kp-serverAuth, which a leaf under a system root, or issued after 2019-07-01, needs",
                  family: .appleSSL, serverAuthOnly: true, needsAnchor: true) { certificate, extensions, underSystemRoot in
            guard underSystemRoot || certificate.notBefore > AppleDates.july2019 else { return false }
            return extensions.extendedKeyUsageCritical == nil || !certificate.extendedKeyUsageIncludes(.serverAuth)
        },
        RuleEntry(.validityOver825Days, code: "appleValidity825", section: validity825,
                  asks: "a leaf issued since 2019-07-01 (since 2018-03-01 under a system root) is valid for at most 825 days",
                  breach: "issued on or after 2019-07-01, or 2018-03-01 under a system root, it is valid for more than 825 days",
                  family: .appleSSL, serverAuthOnly: true, needsAnchor: true) { certificate, _, underSystemRoot in
            let from = underSystemRoot ? AppleDates.march2018 : AppleDates.july2019
            return certificate.notBefore >= from && certificate.notAfter - certificate.notBefore > AppleDates.maximum825
        },
        RuleEntry(.validityOver398Days, code: "appleValidity398", section: "Apple: About upcoming limits on trusted certificates (HT211025)",
                  asks: "a leaf issued since 2020-09-01 under a system root is valid for at most 398 days",
                  breach: "issued on or after 2020-09-01 under a system root, it is valid for more than 398 days",
                  family: .appleSSL, serverAuthOnly: true, systemRootOnly: true) { certificate, _, underSystemRoot in
            underSystemRoot && certificate.notBefore >= AppleDates.september2020
                && certificate.notAfter - certificate.notBefore > AppleDates.maximum398
        },
        // Checked on the CAs below the anchor: SecTrust starts from a trusted
        // anchor's subtrees without this check.
        RuleEntry(.unprocessedNameConstraintForm, code: "appleNameConstraintForm", section: nameConstraintForms,
                  asks: "a critical nameConstraints holds only rfc822Name, dNSName, directoryName, URI and iPAddress subtrees",
                  breach: "its critical nameConstraints holds a name form SecTrust does not process",
                  family: .appleSSL,
                  unless: "no critical nameConstraints", when: { _, extensions in extensions.nameConstraintsCritical == true }) { certificate, extensions, _ in
            guard extensions.nameConstraintsCritical == true else { return false }
            return (certificate.permittedSubtrees + certificate.excludedSubtrees).contains { !processedForms.contains($0.kind) }
        },
    ]

    /// The forms SecNameConstraintsAreSubtreesSupported accepts.
    private static let processedForms: [GeneralName.Kind] = [
        .rfc822Name, .dnsName, .directoryName, .uniformResourceIdentifier, .ipAddress,
    ]

    private static let ht210176: StaticString = "Apple: Requirements for trusted certificates in iOS 13 and macOS 10.15 (HT210176)"
    private static let serverAuthEKU: StaticString =
        "Apple: Requirements for trusted certificates in iOS 13 and macOS 10.15 (HT210176); SecPolicyCheckServerAuthEKU"
    private static let nameConstraintForms: StaticString =
        "Apple: Security source, SecPolicyCheckBasicCertificateProcessing (SecPolicyServer.c); RFC 5280 §4.2.1.10"
    private static let validity825: StaticString =
        "Apple: Requirements for trusted certificates in iOS 13 and macOS 10.15 (HT210176); set_ssl_validity_periods"
}

/// The dates and periods of Apple's rules, in seconds since 1970, as
/// Apple's source (SecPolicy.c, SecPolicyServer.c) writes them.
enum AppleDates {
    /// 2018-03-01T00:00:00Z: from then the 825-day limit holds under a system root.
    static let march2018: Int64 = 1_519_862_400
    /// 2019-06-30T23:00:00Z, which the source calls "1 July 2019"
    /// (CFAbsoluteTime 583628400): after it the EKU rule, and from it the
    /// 825-day limit, hold under any anchor.
    static let july2019: Int64 = 1_561_935_600
    /// 2020-09-01T00:00:00Z, from when HT211025's 398-day rule holds.
    static let september2020: Int64 = 1_598_918_400
    /// 825 days and the hour Apple's source allows beyond them.
    static let maximum825: Int64 = 825 * 86_400 + 3_600
    /// 398 days exactly.
    static let maximum398: Int64 = 398 * 86_400
}
