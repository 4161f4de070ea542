import DER

/// What an input is: a certificate, a CRL, an OCSP response, a key of some
/// format, a certificate request or a PKCS#12 file, told by a PEM block's
/// label or, for bare DER, by its outer shape. Sorting only: the parser of
/// the kind then checks the whole structure, so a shape is a hint for
/// choosing the parser and naming what a file holds, never a verdict.
package enum InputKind: Sendable, Equatable {
    /// An X.509 certificate (RFC 5280 §4.1).
    case certificate
    /// A CRL (RFC 5280 §5.1).
    case certificateList
    /// An OCSP response (RFC 6960 §4.2.1).
    case ocspResponse
    /// A PKCS#10 certificate request (RFC 2986 §4.2).
    case certificateRequest
    /// SubjectPublicKeyInfo (RFC 5280 §4.1.2.7).
    case publicKey
    /// PKCS#1 RSAPublicKey (RFC 8017 §A.1.1).
    case rsaPublicKey
    /// PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5958 §2).
    case privateKey
    /// PKCS#8 EncryptedPrivateKeyInfo (RFC 5958 §3).
    case encryptedPrivateKey
    /// SEC1 ECPrivateKey (RFC 5915 §3).
    case ecPrivateKey
    /// PKCS#1 RSAPrivateKey (RFC 8017 §A.1.2).
    case rsaPrivateKey
    /// A PKCS#12 PFX (RFC 7292 §4).
    case pkcs12

    /// The PEM labels of a CRL: RFC 7468 §5 and OpenSSL write `X509 CRL`;
    /// NSS (`NS_CRL_HEADER`), Bouncy Castle's reader and EU DSS's exporter
    /// write `CRL`, and OpenSSL's `openssl crl` and Bouncy Castle read both.
    package static let certificateListLabels = ["X509 CRL", "CRL"]

    /// The PEM label tools give an OCSP response (there is no RFC 7468 one):
    /// GnuTLS (`PEM_OCSP_RESPONSE`), Go tools (Boulder, cfssl), PKI.js and
    /// Chromium's test data all write `OCSP RESPONSE`; no other spelling was found.
    package static let ocspResponseLabel = "OCSP RESPONSE"

    /// RFC 7468 labels, plus OpenSSL's traditional `RSA`/`EC` key labels and
    /// the `NEW CERTIFICATE REQUEST` some tools still write. PKCS#12 has no
    /// PEM label: a .p12 is read as DER.
    package init?(pemLabel label: String) {
        func `is`(_ text: String) -> Bool { label.utf8.elementsEqual(text.utf8) }
        if `is`("CERTIFICATE") { self = .certificate }
        else if Self.certificateListLabels.contains(where: `is`) { self = .certificateList }
        else if `is`(Self.ocspResponseLabel) { self = .ocspResponse }
        else if `is`("CERTIFICATE REQUEST") || `is`("NEW CERTIFICATE REQUEST") { self = .certificateRequest }
        else if `is`("PUBLIC KEY") { self = .publicKey }
        else if `is`("RSA PUBLIC KEY") { self = .rsaPublicKey }
        else if `is`("PRIVATE KEY") { self = .privateKey }
        else if `is`("ENCRYPTED PRIVATE KEY") { self = .encryptedPrivateKey }
        else if `is`("EC PRIVATE KEY") { self = .ecPrivateKey }
        else if `is`("RSA PRIVATE KEY") { self = .rsaPrivateKey }
        else { return nil }
    }

    /// The kind a DER body has by its outer shape (the tags of its first
    /// two levels), or nil when it matches none.
    package init?(derShape der: [UInt8]) {
        guard let outline = DEROutline(der) else { return nil }
        let tags = outline.elementTags
        switch tags {
        case [0x30, 0x30, 0x03]:
            // Certificate, CRL and CSR are all SIGNED{…}; the TBS part tells them apart:
            // a CSR's is version, subject, SPKI, [0] attributes; a CRL's has a time
            // where a certificate's has its serial and signature algorithm.
            guard let inner = outline.firstElementTags else { return nil }
            if inner.count == 4 && inner[0] == 0x02 && inner[3] == 0xA0 { self = .certificateRequest }
            else if inner.dropFirst(2).contains(where: { $0 == 0x17 || $0 == 0x18 }) { self = .certificateList }
            else { self = .certificate }
        // OCSPResponse: responseStatus ENUMERATED, then responseBytes [0] when successful.
        case [0x0A], [0x0A, 0xA0]: self = .ocspResponse
        case [0x30, 0x03]: self = .publicKey
        case [0x30, 0x04]: self = .encryptedPrivateKey
        case [0x02, 0x02]: self = .rsaPublicKey
        // PFX: version, authSafe ContentInfo, then macData when present.
        case [0x02, 0x30], [0x02, 0x30, 0x30]: self = .pkcs12
        default:
            if tags.starts(with: [0x02, 0x30, 0x04]) { self = .privateKey }
            else if tags.starts(with: [0x02, 0x04]) { self = .ecPrivateKey }
            else if tags.count == 9 && tags.allSatisfy({ $0 == 0x02 }) { self = .rsaPrivateKey }
            else { return nil }
        }
    }

    /// What messages call it: "the file is a DER private key".
    package var name: String {
        switch self {
        case .certificate: return "certificate"
        case .certificateList: return "CRL"
        case .ocspResponse: return "OCSP response"
        case .certificateRequest: return "certificate request"
        case .publicKey: return "public key"
        case .rsaPublicKey: return "RSA public key"
        case .privateKey: return "private key"
        case .encryptedPrivateKey: return "encrypted private key"
        case .ecPrivateKey: return "EC private key"
        case .rsaPrivateKey: return "RSA private key"
        case .pkcs12: return "PKCS#12 file"
        }
    }

    /// Whether a key of some format (public or private, any encoding).
    package var isKey: Bool {
        switch self {
        case .publicKey, .rsaPublicKey, .privateKey, .encryptedPrivateKey, .ecPrivateKey, .rsaPrivateKey: return true
        case .certificate, .certificateList, .ocspResponse, .certificateRequest, .pkcs12: return false
        }
    }
}
