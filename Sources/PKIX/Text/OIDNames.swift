import DER

// Display names for the OIDs of DER's registry (KnownOIDs.swift): the
// short forms OpenSSL prints, used by names, `inspect` and messages.
extension OID {
    /// A short name for the OIDs above, for display; nil for others.
    package var shortName: String? {
        switch self {
        case .commonName: return "CN"
        case .surname: return "SN"
        case .serialNumber: return "serialNumber"
        case .countryName: return "C"
        case .localityName: return "L"
        case .stateOrProvinceName: return "ST"
        case .streetAddress: return "street"
        case .organizationName: return "O"
        case .organizationalUnitName: return "OU"
        case .title: return "title"
        case .givenName: return "GN"
        case .emailAddress: return "emailAddress"
        case .domainComponent: return "DC"
        case .descriptionAttribute: return "description"
        case .businessCategory: return "businessCategory"
        case .postalCode: return "postalCode"
        case .postOfficeBox: return "postOfficeBox"
        case .telephoneNumber: return "telephoneNumber"
        case .nameAttribute: return "name"
        case .initials: return "initials"
        case .generationQualifier: return "generationQualifier"
        case .dnQualifier: return "dnQualifier"
        case .pseudonym: return "pseudonym"
        case .role: return "role"
        case .organizationIdentifier: return "organizationIdentifier"
        case .userID: return "UID"
        case .unstructuredName: return "unstructuredName"
        case .jurisdictionLocality: return "jurisdictionL"
        case .jurisdictionStateOrProvince: return "jurisdictionST"
        case .jurisdictionCountry: return "jurisdictionC"
        case .serverAuth: return "serverAuth"
        case .clientAuth: return "clientAuth"
        case .codeSigning: return "codeSigning"
        case .emailProtection: return "emailProtection"
        case .timeStamping: return "timeStamping"
        case .ocspSigning: return "OCSPSigning"
        case .anyExtendedKeyUsage: return "anyExtendedKeyUsage"
        case .rsaEncryption: return "rsaEncryption"
        case .rsassaPSS: return "RSASSA-PSS"
        case .ecPublicKey: return "id-ecPublicKey"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case .md5WithRSAEncryption: return "md5WithRSAEncryption"
        case .sha1WithRSAEncryption: return "sha1WithRSAEncryption"
        case .sha256WithRSAEncryption: return "sha256WithRSAEncryption"
        case .sha384WithRSAEncryption: return "sha384WithRSAEncryption"
        case .sha512WithRSAEncryption: return "sha512WithRSAEncryption"
        case .ecdsaWithSHA1: return "ecdsa-with-SHA1"
        case .ecdsaWithSHA256: return "ecdsa-with-SHA256"
        case .ecdsaWithSHA384: return "ecdsa-with-SHA384"
        case .ecdsaWithSHA512: return "ecdsa-with-SHA512"
        case .dsaWithSHA256: return "dsa-with-sha256"
        case .sha1: return "sha1"
        case .sha256: return "sha256"
        case .sha384: return "sha384"
        case .sha512: return "sha512"
        case .mlDSA44: return "ML-DSA-44"
        case .mlDSA65: return "ML-DSA-65"
        case .mlDSA87: return "ML-DSA-87"
        case .secp256r1: return "P-256"
        case .secp384r1: return "P-384"
        case .secp521r1: return "P-521"
        case .secp256k1: return "secp256k1"
        case .secp224r1: return "P-224"
        case .prime192v1: return "P-192"
        case .brainpoolP256r1: return "brainpoolP256r1"
        case .brainpoolP384r1: return "brainpoolP384r1"
        case .brainpoolP512r1: return "brainpoolP512r1"
        default: return nil
        }
    }

    /// An extension's name as OpenSSL prints it (its `obj_dat.h` short
    /// name: `subjectAltName`, `ct_precert_scts`), for the extension OIDs
    /// above; nil for any other OID. Apart from `shortName`, which names
    /// attribute types and algorithms, so that an extension OID misused as
    /// an attribute type still prints as a number.
    package var extensionName: String? {
        switch self {
        case .subjectDirectoryAttributes: return "subjectDirectoryAttributes"
        case .subjectKeyIdentifier: return "subjectKeyIdentifier"
        case .keyUsage: return "keyUsage"
        case .subjectAltName: return "subjectAltName"
        case .issuerAltName: return "issuerAltName"
        case .basicConstraints: return "basicConstraints"
        case .nameConstraints: return "nameConstraints"
        case .crlDistributionPoints: return "crlDistributionPoints"
        case .certificatePolicies: return "certificatePolicies"
        case .policyMappings: return "policyMappings"
        case .authorityKeyIdentifier: return "authorityKeyIdentifier"
        case .policyConstraints: return "policyConstraints"
        case .extKeyUsage: return "extendedKeyUsage"
        case .freshestCRL: return "freshestCRL"
        case .inhibitAnyPolicy: return "inhibitAnyPolicy"
        case .authorityInfoAccess: return "authorityInfoAccess"
        case .signedCertificateTimestampList: return "ct_precert_scts"
        default: return nil
        }
    }
}
