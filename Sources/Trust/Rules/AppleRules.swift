import DER
import PKIX

// Apple's SSL policy (the `apple` profile): the rules SecTrust adds for TLS
// server certificates on iOS 13+ and macOS 10.15+, which AFNetworking's and
// Alamofire's evaluations run under. Each rule is one entry of the rule
// table, applies only to server authentication, and is one named check of
// the trace. The sources are two Apple support articles:
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

extension RuleEntry {
    static let apple: [RuleEntry] = [
        // Only SHA-2 schemes and Ed25519 (PureEdDSA, no separate hash) are
        // otherwise verified; an unknown identifier is the signature check's
        // to refuse.
        RuleEntry(.signatureHashNotSHA2, code: "appleSignatureHash", section: ht210176,
                  asks: "signed with a SHA-2 hash", breach: "it is signed with a hash outside the SHA-2 family",
                  family: .appleSSL, serverAuthOnly: true) { certificate, _, _ in
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
        RuleEntry(.missingServerAuthEKU, code: "appleServerAuthEKU", section: ht210176,
                  asks: "a leaf issued since 2019-07-01 has extendedKeyUsage with serverAuth",
                  breach: "issued on or after 2019-07-01, it has no extendedKeyUsage with id-kp-serverAuth",
                  family: .appleSSL, serverAuthOnly: true) { certificate, extensions, _ in
            guard certificate.notBefore >= AppleDates.july2019 else { return false }
            return extensions.extendedKeyUsageCritical == nil || !certificate.extendedKeyUsages.contains(.serverAuth)
        },
        RuleEntry(.validityOver825Days, code: "appleValidity825", section: ht210176,
                  asks: "a leaf issued since 2019-07-01 is valid for at most 825 days",
                  breach: "issued on or after 2019-07-01, it is valid for more than 825 days",
                  family: .appleSSL, serverAuthOnly: true) { certificate, _, _ in
            certificate.notBefore >= AppleDates.july2019 && certificate.notAfter - certificate.notBefore > AppleDates.maximum825
        },
        RuleEntry(.validityOver398Days, code: "appleValidity398", section: "Apple: About upcoming limits on trusted certificates (HT211025)",
                  asks: "a leaf issued since 2020-09-01 under a system root is valid for at most 398 days",
                  breach: "issued on or after 2020-09-01 under a system root, it is valid for more than 398 days",
                  family: .appleSSL, serverAuthOnly: true, needsAnchor: true) { certificate, _, underSystemRoot in
            underSystemRoot && certificate.notBefore >= AppleDates.september2020
                && certificate.notAfter - certificate.notBefore > AppleDates.maximum398
        },
    ]

    private static let ht210176: StaticString = "Apple: Requirements for trusted certificates in iOS 13 and macOS 10.15 (HT210176)"
}

/// The dates and periods of Apple's articles, in seconds.
enum AppleDates {
    /// 2019-07-01T00:00:00Z, from when HT210176's EKU and 825-day rules hold.
    static let july2019: Int64 = 1_561_939_200
    /// 2020-09-01T00:00:00Z, from when HT211025's 398-day rule holds.
    static let september2020: Int64 = 1_598_918_400
    /// 825 days and the hour Apple's source allows beyond them.
    static let maximum825: Int64 = 825 * 86_400 + 3_600
    /// 398 days exactly.
    static let maximum398: Int64 = 398 * 86_400
}
