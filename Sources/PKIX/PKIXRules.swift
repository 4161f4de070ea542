import DER

// X.509 structure rules (codes 100–199), each citing where it comes from.
// They extend `DERError.Rule` so that one error type says why any
// certificate bytes were refused, whichever layer refused them.
extension DERError.Rule {
    /// RFC 5280 §4.1.2.1: version is v1, v2 or v3.
    package static let unsupportedVersion = Self(code: 100, name: "unsupported certificate version")
    /// X.690 §11.5: a DEFAULT value (v1, critical FALSE) is never encoded.
    package static let explicitDefaultValue = Self(code: 101, name: "DEFAULT value encoded explicitly")
    /// RFC 5280 §4.1.1.2: signatureAlgorithm equals the TBS signature field.
    package static let signatureAlgorithmMismatch = Self(code: 102, name: "outer and inner signature algorithms differ")
    /// RFC 5280 §4.1.2.8: unique identifiers appear only in v2 and v3.
    package static let uniqueIdentifierInV1 = Self(code: 103, name: "unique identifier in a v1 certificate")
    /// RFC 5280 §4.1.2.9: extensions appear only in v3.
    package static let extensionsBeforeV3 = Self(code: 104, name: "extensions in a v1/v2 certificate")
    /// RFC 5280 §4.1: Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension.
    package static let emptyExtensions = Self(code: 105, name: "empty extensions list")
    /// RFC 5280 §4.2: a certificate MUST NOT include more than one instance of an extension.
    package static let duplicateExtension = Self(code: 106, name: "duplicate extension")
    /// Library bound, see `Certificate.maximumExtensionCount`.
    package static let tooManyExtensions = Self(code: 107, name: "too many extensions")
    /// A known extension whose value does not follow its ASN.1 definition.
    package static let invalidExtension = Self(code: 108, name: "malformed extension value")
    /// X.520 string types: a value outside the type's character set or encoding.
    package static let invalidString = Self(code: 109, name: "invalid string for its ASN.1 type")
    /// RFC 5280 §4.1.2.4: RelativeDistinguishedName ::= SET SIZE (1..MAX).
    package static let emptyRelativeDistinguishedName = Self(code: 110, name: "empty RelativeDistinguishedName")
    /// RFC 5280 §4.2.1.6: GeneralNames ::= SEQUENCE SIZE (1..MAX).
    package static let emptyGeneralNames = Self(code: 111, name: "empty GeneralNames")
    /// RFC 5280 §4.2.1.6: an iPAddress is 4 or 16 octets (8 or 32 in name constraints).
    package static let invalidIPAddress = Self(code: 112, name: "invalid iPAddress length or mask")
    /// RFC 5280 §4.2.1.6: dNSName, rfc822Name and URI are IA5String (ASCII).
    package static let nonASCIIName = Self(code: 113, name: "non-ASCII IA5String name")
    /// RFC 5280 §4.2.1.6: an empty subject requires a critical subjectAltName.
    package static let emptySubjectWithoutCriticalSAN = Self(code: 114, name: "empty subject without a critical subjectAltName")
    /// RFC 5280 §4.2.1.3: when keyUsage appears, at least one bit is set.
    package static let emptyKeyUsage = Self(code: 115, name: "keyUsage with no bit set")
    /// RFC 5280 §4.2.1.9: pathLenConstraint is bounded (here 0–255, as Chromium).
    package static let pathLengthOutOfRange = Self(code: 116, name: "pathLenConstraint out of range")
    /// RFC 5280 §4.2.1.10: name constraints hold at least one subtree list; min 0, no max.
    package static let invalidNameConstraints = Self(code: 117, name: "invalid name constraints")
    /// RFC 3279 §2.3.1: RSAPublicKey ::= SEQUENCE { modulus, publicExponent } in the BIT STRING.
    package static let invalidPublicKey = Self(code: 118, name: "malformed public key")
    /// RFC 5280 §4.2.1.4: PolicyInformation and qualifiers follow their definitions.
    package static let invalidPolicies = Self(code: 119, name: "invalid certificate policies")
    /// RFC 5280 §4.1.1.3: the signature BIT STRING has no unused bits.
    package static let invalidSignatureValue = Self(code: 120, name: "signature BIT STRING with unused bits")

    // CRLs (RFC 5280 §5).
    /// §5.1.2.1: the version, when present, is v2 (INTEGER 1).
    package static let unsupportedCRLVersion = Self(code: 121, name: "unsupported CRL version")
    /// §5.1.2.1: a CRL with CRL or entry extensions says version 2.
    package static let extensionsInV1CRL = Self(code: 122, name: "extensions in a v1 CRL")
    /// §5.1.2.6: with no revoked certificate the list is absent, never empty.
    package static let emptyRevokedCertificates = Self(code: 123, name: "empty revokedCertificates list")
    /// §5.2.3, §5.2.4: a CRL number is a non-negative INTEGER of at most 20 octets.
    package static let invalidCRLNumber = Self(code: 124, name: "invalid CRL number")
    /// §5.2.5: issuingDistributionPoint is not empty and names at most one "only contains" kind.
    package static let invalidIssuingDistributionPoint = Self(code: 125, name: "invalid issuing distribution point")
    /// §5.3.1: a reasonCode is one of the defined CRLReason values (not 7).
    package static let invalidReasonCode = Self(code: 126, name: "invalid CRL reason code")
    /// Entries are located by 32-bit offsets: a CRL of 4 GiB or more is refused.
    package static let crlTooLarge = Self(code: 127, name: "CRL too large")

    // OCSP responses (RFC 6960 §4.2).
    /// §4.2.1: responseStatus is one of the six defined values.
    package static let unknownOCSPResponseStatus = Self(code: 128, name: "unknown OCSP response status")
    /// §4.2.1: a successful response carries responseBytes.
    package static let missingOCSPResponseBytes = Self(code: 129, name: "successful OCSP response without responseBytes")
    /// §4.2.1: an error status carries no responseBytes.
    package static let unexpectedOCSPResponseBytes = Self(code: 130, name: "OCSP error status with responseBytes")
    /// §4.2.1: only id-pkix-ocsp-basic is understood.
    package static let unsupportedOCSPResponseType = Self(code: 131, name: "unsupported OCSP response type")
    /// §4.2.1: ResponseData version v1 is the only one defined (and DER omits it).
    package static let unsupportedOCSPVersion = Self(code: 132, name: "unsupported OCSP response version")
    /// §4.2.1: ResponderID is byName [1] Name or byKey [2] a 20-octet SHA-1 KeyHash.
    package static let invalidResponderID = Self(code: 133, name: "invalid OCSP responder ID")
    /// Library bound: at most `OCSPResponse.maximumSingleResponses` single responses.
    package static let tooManyOCSPItems = Self(code: 134, name: "too many OCSP single responses")
}
