// Every OID the core names, in one place: content octets, matched
// exactly because DER gives each OID one encoding. Modules compare against
// these (`OID.rsaEncryption.bytes`) rather than keep their own copies.
extension OID {
    // X.520 attribute types (2.5.4.x) and PKCS#9 / RFC 4519 attributes.
    /// id-at-commonName (CN), 2.5.4.3.
    @usableFromInline package static let commonName = OID(der: [0x55, 0x04, 0x03])
    /// id-at-surname (SN), 2.5.4.4.
    @usableFromInline package static let surname = OID(der: [0x55, 0x04, 0x04])
    /// id-at-serialNumber, 2.5.4.5: a name attribute, not the certificate's serial number.
    @usableFromInline package static let serialNumber = OID(der: [0x55, 0x04, 0x05])
    /// id-at-countryName (C), 2.5.4.6: a two-letter ISO 3166 code.
    @usableFromInline package static let countryName = OID(der: [0x55, 0x04, 0x06])
    /// id-at-localityName (L), 2.5.4.7.
    @usableFromInline package static let localityName = OID(der: [0x55, 0x04, 0x07])
    /// id-at-stateOrProvinceName (ST), 2.5.4.8.
    @usableFromInline package static let stateOrProvinceName = OID(der: [0x55, 0x04, 0x08])
    /// id-at-streetAddress, 2.5.4.9.
    @usableFromInline package static let streetAddress = OID(der: [0x55, 0x04, 0x09])
    /// id-at-organizationName (O), 2.5.4.10.
    @usableFromInline package static let organizationName = OID(der: [0x55, 0x04, 0x0A])
    /// id-at-organizationalUnitName (OU), 2.5.4.11.
    @usableFromInline package static let organizationalUnitName = OID(der: [0x55, 0x04, 0x0B])
    /// id-at-title, 2.5.4.12.
    @usableFromInline package static let title = OID(der: [0x55, 0x04, 0x0C])
    /// id-at-givenName (GN), 2.5.4.42.
    @usableFromInline package static let givenName = OID(der: [0x55, 0x04, 0x2A])
    /// PKCS #9 emailAddress, 1.2.840.113549.1.9.1; legacy, RFC 5280 §4.1.2.6 puts addresses in rfc822Name.
    @usableFromInline package static let emailAddress = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x01])
    /// domainComponent (DC), 0.9.2342.19200300.100.1.25 (RFC 4519).
    @usableFromInline package static let domainComponent = OID(der: [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x19])
    // The other attribute types OpenSSL names in `x509 -text` (its obj_dat.h short names).
    /// id-at-description, 2.5.4.13 (named so as not to clash with `description`).
    @usableFromInline package static let descriptionAttribute = OID(der: [0x55, 0x04, 0x0D])
    /// id-at-businessCategory, 2.5.4.15.
    @usableFromInline package static let businessCategory = OID(der: [0x55, 0x04, 0x0F])
    /// id-at-postalCode, 2.5.4.17.
    @usableFromInline package static let postalCode = OID(der: [0x55, 0x04, 0x11])
    /// id-at-postOfficeBox, 2.5.4.18.
    @usableFromInline package static let postOfficeBox = OID(der: [0x55, 0x04, 0x12])
    /// id-at-telephoneNumber, 2.5.4.20.
    @usableFromInline package static let telephoneNumber = OID(der: [0x55, 0x04, 0x14])
    /// id-at-name, 2.5.4.41.
    @usableFromInline package static let nameAttribute = OID(der: [0x55, 0x04, 0x29])
    /// id-at-initials, 2.5.4.43.
    @usableFromInline package static let initials = OID(der: [0x55, 0x04, 0x2B])
    /// id-at-generationQualifier, 2.5.4.44 (such as "Jr.").
    @usableFromInline package static let generationQualifier = OID(der: [0x55, 0x04, 0x2C])
    /// id-at-dnQualifier, 2.5.4.46.
    @usableFromInline package static let dnQualifier = OID(der: [0x55, 0x04, 0x2E])
    /// id-at-pseudonym, 2.5.4.65.
    @usableFromInline package static let pseudonym = OID(der: [0x55, 0x04, 0x41])
    /// id-at-role, 2.5.4.72.
    @usableFromInline package static let role = OID(der: [0x55, 0x04, 0x48])
    /// id-at-organizationIdentifier, 2.5.4.97: a registration number, as in EV and eIDAS certificates.
    @usableFromInline package static let organizationIdentifier = OID(der: [0x55, 0x04, 0x61])
    /// userId (UID), 0.9.2342.19200300.100.1.1 (RFC 4519).
    @usableFromInline package static let userID = OID(der: [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x01])
    /// PKCS #9 unstructuredName, 1.2.840.113549.1.9.2.
    @usableFromInline package static let unstructuredName = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x02])
    // EV jurisdiction (1.3.6.1.4.1.311.60.2.1.1–3).
    /// EV jurisdictionLocalityName, 1.3.6.1.4.1.311.60.2.1.1.
    @usableFromInline package static let jurisdictionLocality = OID(der: [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x3C, 0x02, 0x01, 0x01])
    /// EV jurisdictionStateOrProvinceName, 1.3.6.1.4.1.311.60.2.1.2.
    @usableFromInline package static let jurisdictionStateOrProvince = OID(der: [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x3C, 0x02, 0x01, 0x02])
    /// EV jurisdictionCountryName, 1.3.6.1.4.1.311.60.2.1.3.
    @usableFromInline package static let jurisdictionCountry = OID(der: [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x3C, 0x02, 0x01, 0x03])

    // Public key algorithms (RFC 3279, RFC 5480, RFC 8410, RFC 4055).
    /// rsaEncryption, 1.2.840.113549.1.1.1: an RSA public key (RFC 3279 §2.3.1).
    @usableFromInline package static let rsaEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01])
    /// id-RSASSA-PSS, 1.2.840.113549.1.1.10: the PSS signature algorithm, or an RSA key limited to it (RFC 4055).
    @usableFromInline package static let rsassaPSS = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A])
    /// id-ecPublicKey, 1.2.840.10045.2.1: an elliptic-curve key whose parameters name the curve (RFC 5480 §2.1.1).
    @usableFromInline package static let ecPublicKey = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01])
    /// id-Ed25519, 1.3.101.112: both the key type and the signature algorithm (RFC 8410 §3).
    public static let ed25519 = OID(der: [0x2B, 0x65, 0x70])
    /// id-Ed448, 1.3.101.113 (RFC 8410 §3).
    @usableFromInline package static let ed448 = OID(der: [0x2B, 0x65, 0x71])
    /// P-256 (secp256r1, prime256v1), 1.2.840.10045.3.1.7.
    @usableFromInline package static let secp256r1 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07])
    /// P-384 (secp384r1), 1.3.132.0.34.
    @usableFromInline package static let secp384r1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x22])
    /// P-521 (secp521r1), 1.3.132.0.35.
    @usableFromInline package static let secp521r1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x23])
    // Curves PureX509 recognises by name but does not implement.
    /// secp256k1, 1.3.132.0.10 (SEC 2).
    @usableFromInline package static let secp256k1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x0A])
    /// P-224 (secp224r1), 1.3.132.0.33.
    @usableFromInline package static let secp224r1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x21])
    /// P-192 (prime192v1, secp192r1), 1.2.840.10045.3.1.1.
    @usableFromInline package static let prime192v1 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x01])
    /// brainpoolP256r1, 1.3.36.3.3.2.8.1.1.7 (RFC 5639).
    @usableFromInline package static let brainpoolP256r1 = OID(der: [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07])
    /// brainpoolP384r1, 1.3.36.3.3.2.8.1.1.11 (RFC 5639).
    @usableFromInline package static let brainpoolP384r1 = OID(der: [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0B])
    /// brainpoolP512r1, 1.3.36.3.3.2.8.1.1.13 (RFC 5639).
    @usableFromInline package static let brainpoolP512r1 = OID(der: [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0D])

    // Signature algorithms (RFC 4055, RFC 5758, RFC 8410).
    /// md5WithRSAEncryption, 1.2.840.113549.1.1.4 (RFC 3279 §2.2.1).
    @usableFromInline package static let md5WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x04])
    /// sha1WithRSAEncryption, 1.2.840.113549.1.1.5 (RFC 3279 §2.2.1).
    @usableFromInline package static let sha1WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x05])
    /// sha256WithRSAEncryption, 1.2.840.113549.1.1.11 (RFC 4055 §5).
    @usableFromInline package static let sha256WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B])
    /// sha384WithRSAEncryption, 1.2.840.113549.1.1.12 (RFC 4055 §5).
    @usableFromInline package static let sha384WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0C])
    /// sha512WithRSAEncryption, 1.2.840.113549.1.1.13 (RFC 4055 §5).
    @usableFromInline package static let sha512WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0D])
    /// ecdsa-with-SHA1, 1.2.840.10045.4.1 (RFC 3279 §2.2.3).
    @usableFromInline package static let ecdsaWithSHA1 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x01])
    /// ecdsa-with-SHA256, 1.2.840.10045.4.3.2 (RFC 5758 §3.2).
    @usableFromInline package static let ecdsaWithSHA256 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])
    /// ecdsa-with-SHA384, 1.2.840.10045.4.3.3 (RFC 5758 §3.2).
    @usableFromInline package static let ecdsaWithSHA384 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x03])
    /// ecdsa-with-SHA512, 1.2.840.10045.4.3.4 (RFC 5758 §3.2).
    @usableFromInline package static let ecdsaWithSHA512 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x04])
    /// id-dsa-with-sha256, 2.16.840.1.101.3.4.3.2 (RFC 5758 §3.1).
    @usableFromInline package static let dsaWithSHA256 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x02])
    /// id-ml-dsa-44, 2.16.840.1.101.3.4.3.17 (FIPS 204).
    @usableFromInline package static let mlDSA44 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11])
    /// id-ml-dsa-65, 2.16.840.1.101.3.4.3.18 (FIPS 204).
    @usableFromInline package static let mlDSA65 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12])
    /// id-ml-dsa-87, 2.16.840.1.101.3.4.3.19 (FIPS 204).
    @usableFromInline package static let mlDSA87 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13])

    // Hash algorithms (OIW SHA-1, NIST 2.16.840.1.101.3.4.2.x) and MGF1 (RFC 4055 §2.2).
    /// id-sha1, 1.3.14.3.2.26 (OIW).
    @usableFromInline package static let sha1 = OID(der: [0x2B, 0x0E, 0x03, 0x02, 0x1A])
    /// id-sha256, 2.16.840.1.101.3.4.2.1.
    public static let sha256 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01])
    /// id-sha384, 2.16.840.1.101.3.4.2.2.
    public static let sha384 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02])
    /// id-sha512, 2.16.840.1.101.3.4.2.3.
    public static let sha512 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03])
    /// id-mgf1, 1.2.840.113549.1.1.8: RSASSA-PSS's mask generation function (RFC 4055 §2.2).
    @usableFromInline package static let mgf1 = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x08])

    // Certificate extensions in the id-ce arc, 2.5.29.x (RFC 5280 §4.2.1).
    // PKIX's extension walk matches this arc by its last octet; these name
    // the same OIDs for everything above it.
    /// id-ce-subjectDirectoryAttributes, 2.5.29.9 (RFC 5280 §4.2.1.8).
    @usableFromInline package static let subjectDirectoryAttributes = OID(der: [0x55, 0x1D, 0x09])
    /// id-ce-subjectKeyIdentifier, 2.5.29.14 (RFC 5280 §4.2.1.2).
    @usableFromInline package static let subjectKeyIdentifier = OID(der: [0x55, 0x1D, 0x0E])
    /// id-ce-keyUsage, 2.5.29.15 (RFC 5280 §4.2.1.3).
    @usableFromInline package static let keyUsage = OID(der: [0x55, 0x1D, 0x0F])
    /// id-ce-subjectAltName, 2.5.29.17 (RFC 5280 §4.2.1.6).
    @usableFromInline package static let subjectAltName = OID(der: [0x55, 0x1D, 0x11])
    /// id-ce-issuerAltName, 2.5.29.18 (RFC 5280 §4.2.1.7).
    @usableFromInline package static let issuerAltName = OID(der: [0x55, 0x1D, 0x12])
    /// id-ce-basicConstraints, 2.5.29.19 (RFC 5280 §4.2.1.9).
    @usableFromInline package static let basicConstraints = OID(der: [0x55, 0x1D, 0x13])
    /// id-ce-nameConstraints, 2.5.29.30 (RFC 5280 §4.2.1.10).
    @usableFromInline package static let nameConstraints = OID(der: [0x55, 0x1D, 0x1E])
    /// id-ce-cRLDistributionPoints, 2.5.29.31 (RFC 5280 §4.2.1.13).
    @usableFromInline package static let crlDistributionPoints = OID(der: [0x55, 0x1D, 0x1F])
    /// id-ce-certificatePolicies, 2.5.29.32 (RFC 5280 §4.2.1.4).
    @usableFromInline package static let certificatePolicies = OID(der: [0x55, 0x1D, 0x20])
    /// id-ce-policyMappings, 2.5.29.33 (RFC 5280 §4.2.1.5).
    @usableFromInline package static let policyMappings = OID(der: [0x55, 0x1D, 0x21])
    /// id-ce-authorityKeyIdentifier, 2.5.29.35 (RFC 5280 §4.2.1.1).
    @usableFromInline package static let authorityKeyIdentifier = OID(der: [0x55, 0x1D, 0x23])
    /// id-ce-policyConstraints, 2.5.29.36 (RFC 5280 §4.2.1.11).
    @usableFromInline package static let policyConstraints = OID(der: [0x55, 0x1D, 0x24])
    /// id-ce-extKeyUsage, 2.5.29.37 (RFC 5280 §4.2.1.12).
    @usableFromInline package static let extKeyUsage = OID(der: [0x55, 0x1D, 0x25])
    /// id-ce-freshestCRL, 2.5.29.46 (RFC 5280 §4.2.1.15).
    @usableFromInline package static let freshestCRL = OID(der: [0x55, 0x1D, 0x2E])
    /// id-ce-inhibitAnyPolicy, 2.5.29.54 (RFC 5280 §4.2.1.14).
    @usableFromInline package static let inhibitAnyPolicy = OID(der: [0x55, 0x1D, 0x36])

    // Extensions outside the id-ce arc: id-pe-authorityInfoAccess
    // (RFC 5280 §4.2.2.1) with its access methods, and the signed
    // certificate timestamp list (RFC 6962 §3.3).
    /// id-pe-authorityInfoAccess, 1.3.6.1.5.5.7.1.1 (RFC 5280 §4.2.2.1).
    @usableFromInline package static let authorityInfoAccess = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x01, 0x01])
    /// id-ad-ocsp, 1.3.6.1.5.5.7.48.1: an access method locating the issuer's OCSP responder (RFC 5280 §4.2.2.1).
    @usableFromInline package static let ocspAccessMethod = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01])
    /// id-ad-caIssuers, 1.3.6.1.5.5.7.48.2: an access method locating the issuer's certificates (RFC 5280 §4.2.2.1).
    @usableFromInline package static let caIssuersAccessMethod = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x02])
    /// The embedded SCT list extension, 1.3.6.1.4.1.11129.2.4.2 (RFC 6962 §3.3).
    @usableFromInline package static let signedCertificateTimestampList = OID(der: [0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x04, 0x02])
    /// The SCT list of an OCSP SingleResponse, 1.3.6.1.4.1.11129.2.4.5 (RFC 6962 §3.3).
    package static let ocspSignedCertificateTimestampList = OID(der: [0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x04, 0x05])

    // OCSP (RFC 6960 §4.2.1, §4.4.1): the basic response type and the nonce.
    /// id-pkix-ocsp-basic, 1.3.6.1.5.5.7.48.1.1: a BasicOCSPResponse (RFC 6960 §4.2.1).
    @usableFromInline package static let ocspBasic = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x01])
    /// id-pkix-ocsp-nonce, 1.3.6.1.5.5.7.48.1.2 (RFC 6960 §4.4.1).
    @usableFromInline package static let ocspNonce = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x02])

    // Certificate policies (RFC 5280 §4.2.1.4): anyPolicy and the two
    // qualifiers the RFC defines (id-qt-cps, id-qt-unotice).
    /// anyPolicy, 2.5.29.32.0 (RFC 5280 §4.2.1.4).
    @usableFromInline package static let anyPolicy = OID(der: [0x55, 0x1D, 0x20, 0x00])
    /// id-qt-cps, 1.3.6.1.5.5.7.2.1: a policy qualifier holding a CPS URI.
    @usableFromInline package static let cpsQualifier = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x02, 0x01])
    /// id-qt-unotice, 1.3.6.1.5.5.7.2.2: a policy qualifier holding a user notice.
    @usableFromInline package static let userNoticeQualifier = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x02, 0x02])
    // The CA/Browser Forum's policy identifiers (Baseline Requirements §7.1.6.1,
    // EV Guidelines §9.7): the validation level a certificate announces.
    /// CA/Browser Forum extended validation, 2.23.140.1.1.
    @usableFromInline package static let cabfExtendedValidation = OID(der: [0x67, 0x81, 0x0C, 0x01, 0x01])
    /// CA/Browser Forum domain validated, 2.23.140.1.2.1.
    @usableFromInline package static let cabfDomainValidated = OID(der: [0x67, 0x81, 0x0C, 0x01, 0x02, 0x01])
    /// CA/Browser Forum organization validated, 2.23.140.1.2.2.
    @usableFromInline package static let cabfOrganizationValidated = OID(der: [0x67, 0x81, 0x0C, 0x01, 0x02, 0x02])
    /// CA/Browser Forum individual validated, 2.23.140.1.2.3.
    @usableFromInline package static let cabfIndividualValidated = OID(der: [0x67, 0x81, 0x0C, 0x01, 0x02, 0x03])

    // Extended key usages (RFC 5280 §4.2.1.12).
    /// anyExtendedKeyUsage, 2.5.29.37.0 (RFC 5280 §4.2.1.12).
    @usableFromInline package static let anyExtendedKeyUsage = OID(der: [0x55, 0x1D, 0x25, 0x00])
    /// id-kp-serverAuth, 1.3.6.1.5.5.7.3.1: TLS server authentication.
    public static let serverAuth = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01])
    /// id-kp-clientAuth, 1.3.6.1.5.5.7.3.2: TLS client authentication.
    public static let clientAuth = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x02])
    /// id-kp-codeSigning, 1.3.6.1.5.5.7.3.3: signing executable code.
    @usableFromInline package static let codeSigning = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03])
    /// id-kp-emailProtection, 1.3.6.1.5.5.7.3.4: email protection (S/MIME).
    @usableFromInline package static let emailProtection = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x04])
    /// id-kp-timeStamping, 1.3.6.1.5.5.7.3.8: binding a hash to a time (RFC 3161).
    @usableFromInline package static let timeStamping = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x08])
    /// id-kp-OCSPSigning, 1.3.6.1.5.5.7.3.9: signing OCSP responses for the issuing CA (RFC 6960 §4.2.2.2).
    @usableFromInline package static let ocspSigning = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x09])
}
