import DER

// Content octets of the OIDs the parser recognises. Matching on content
// octets is exact because DER gives each OID one encoding.
extension OID {
    // X.520 attribute types (2.5.4.x) and PKCS#9 / RFC 4519 attributes.
    public static let commonName = OID(der: [0x55, 0x04, 0x03])
    public static let surname = OID(der: [0x55, 0x04, 0x04])
    public static let serialNumber = OID(der: [0x55, 0x04, 0x05])
    public static let countryName = OID(der: [0x55, 0x04, 0x06])
    public static let localityName = OID(der: [0x55, 0x04, 0x07])
    public static let stateOrProvinceName = OID(der: [0x55, 0x04, 0x08])
    public static let streetAddress = OID(der: [0x55, 0x04, 0x09])
    public static let organizationName = OID(der: [0x55, 0x04, 0x0A])
    public static let organizationalUnitName = OID(der: [0x55, 0x04, 0x0B])
    public static let title = OID(der: [0x55, 0x04, 0x0C])
    public static let givenName = OID(der: [0x55, 0x04, 0x2A])
    public static let emailAddress = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x01])
    public static let domainComponent = OID(der: [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x19])

    // Public key algorithms (RFC 3279, RFC 5480, RFC 8410, RFC 4055).
    public static let rsaEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01])
    public static let rsassaPSS = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A])
    public static let ecPublicKey = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01])
    public static let ed25519 = OID(der: [0x2B, 0x65, 0x70])
    public static let ed448 = OID(der: [0x2B, 0x65, 0x71])
    public static let secp256r1 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07])
    public static let secp384r1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x22])
    public static let secp521r1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x23])
    // Curves PureX509 recognises by name but does not implement.
    public static let secp256k1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x0A])
    public static let secp224r1 = OID(der: [0x2B, 0x81, 0x04, 0x00, 0x21])
    public static let prime192v1 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x01])
    public static let brainpoolP256r1 = OID(der: [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07])
    public static let brainpoolP384r1 = OID(der: [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0B])
    public static let brainpoolP512r1 = OID(der: [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0D])

    // Signature algorithms (RFC 4055, RFC 5758, RFC 8410).
    public static let md5WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x04])
    public static let sha1WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x05])
    public static let sha256WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B])
    public static let sha384WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0C])
    public static let sha512WithRSAEncryption = OID(der: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0D])
    public static let ecdsaWithSHA1 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x01])
    public static let ecdsaWithSHA256 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])
    public static let ecdsaWithSHA384 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x03])
    public static let ecdsaWithSHA512 = OID(der: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x04])
    public static let dsaWithSHA256 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x02])
    public static let mlDSA44 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11])
    public static let mlDSA65 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12])
    public static let mlDSA87 = OID(der: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13])

    // Extended key usages (RFC 5280 §4.2.1.12).
    public static let anyExtendedKeyUsage = OID(der: [0x55, 0x1D, 0x25, 0x00])
    public static let serverAuth = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01])
    public static let clientAuth = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x02])
    public static let codeSigning = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03])
    public static let emailProtection = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x04])
    public static let timeStamping = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x08])
    public static let ocspSigning = OID(der: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x09])

    /// A short name for the OIDs above, for display; nil for others.
    public var shortName: String? {
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
}
