import DER

/// Why a PKCS #12 file was refused.
///
/// A wrong password and a damaged file look the same to the MAC
/// (`macVerificationFailed`); every budget has its own case, raised before
/// the work it guards; everything else names the structure that broke.
public enum PKCS12Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The structure being read when a `malformed` error was raised.
    public enum Structure: Sendable, Equatable, CustomStringConvertible {
        /// The outer PFX and its ContentInfo.
        case pfx
        /// MacData and its algorithm parameters.
        case macData
        /// The AuthenticatedSafe sequence of ContentInfo.
        case authenticatedSafe
        /// An EncryptedData and its EncryptedContentInfo.
        case encryptedData
        /// A SafeContents sequence and its SafeBags.
        case safeContents
        /// An encryption AlgorithmIdentifier and its parameters.
        case encryptionParameters
        /// A decrypted or plain PrivateKeyInfo and the key inside it.
        case privateKey
        /// A CertBag's value.
        case certificate

        /// A short English name, e.g. `MacData`.
        public var description: String {
            switch self {
            case .pfx: return "PFX"
            case .macData: return "MacData"
            case .authenticatedSafe: return "AuthenticatedSafe"
            case .encryptedData: return "EncryptedData"
            case .safeContents: return "SafeContents"
            case .encryptionParameters: return "encryption parameters"
            case .privateKey: return "private key"
            case .certificate: return "certificate"
            }
        }
    }

    /// The input is larger than `PKCS12Limits.maximumInputSize`.
    case inputTooLarge(size: Int, limit: Int)
    /// A structure broke an encoding or syntax rule; the offset in the error counts from the start of that structure's encoding.
    case malformed(Structure, DERError)
    /// RFC 7292 §4: the PFX version is 3.
    case unsupportedVersion(Int)
    /// The authSafe is signedData (public-key integrity mode), which this reader does not verify.
    case signedDataNotSupported
    /// A ContentInfo of a type this reader does not open (envelopedData, or an unknown OID).
    case unsupportedContentType(OID)
    /// The MAC did not verify: a wrong password, or the file is damaged.
    case macVerificationFailed
    /// A password was given but the file has no MAC, so nothing proves its
    /// contents are the password owner's; `PKCS12Limits.allowsPasswordWithoutMAC` opens it anyway.
    case missingMAC
    /// The MAC's digest or PBMAC1 algorithm is not one this reader computes.
    case unsupportedMACAlgorithm(OID)
    /// RFC 9579 §3: PBMAC1's PBKDF2 parameters must give keyLength.
    case pbmac1KeyLengthMissing
    /// PBMAC1's keyLength is shorter than the HMAC's output (a short key lets a forged MAC through) or longer than the limit.
    case pbmac1KeyLengthOutOfRange(keyLength: Int, minimum: Int, maximum: Int)
    /// An encryption algorithm, key derivation or PRF this reader does not implement.
    case unsupportedAlgorithm(Algorithm)
    /// Decryption failed (bad padding or a wrong key): a wrong password for a file without a MAC, or a damaged file.
    case decryptionFailed
    /// One derivation asked for more iterations than `PKCS12Limits.maximumIterations` (or a count that does not fit in 64 bits).
    case iterationLimitExceeded(requested: UInt64, limit: Int)
    /// The file's derivations, MACs and key checks together would cost more
    /// than `PKCS12Limits.maximumWork` units (a tenth of a SHA-256 compression each).
    case workLimitExceeded(limit: Int)
    /// Nested safeContentsBags go deeper than `PKCS12Limits.maximumSafeContentsNesting`.
    case nestingTooDeep(limit: Int)
    /// The file holds more bags than `PKCS12Limits.maximumBags`.
    case tooManyBags(limit: Int)
    /// Decrypted content together exceeds `PKCS12Limits.maximumDecryptedSize`.
    case decryptedSizeExceeded(limit: Int)
    /// An iteration count of zero, a salt or IV of the wrong size, or a similar parameter no scheme allows.
    case invalidParameters(Parameter)
    /// A private key is inconsistent: a wrong length, a scalar out of range, a carried public key that is not its own.
    case invalidPrivateKey(KeyProblem)
    /// A private key of an algorithm or curve this reader does not read.
    case unsupportedKeyAlgorithm(KeyAlgorithmName)

    /// A stable code per refusal, for scripts (`purex509 identity --json`).
    public var code: String {
        switch self {
        case .inputTooLarge: return "inputTooLarge"
        case .malformed: return "malformed"
        case .unsupportedVersion: return "unsupportedVersion"
        case .signedDataNotSupported: return "signedDataNotSupported"
        case .unsupportedContentType: return "unsupportedContentType"
        case .macVerificationFailed: return "macVerificationFailed"
        case .missingMAC: return "missingMAC"
        case .unsupportedMACAlgorithm: return "unsupportedMACAlgorithm"
        case .pbmac1KeyLengthMissing: return "pbmac1KeyLengthMissing"
        case .pbmac1KeyLengthOutOfRange: return "pbmac1KeyLengthOutOfRange"
        case .unsupportedAlgorithm: return "unsupportedAlgorithm"
        case .decryptionFailed: return "decryptionFailed"
        case .iterationLimitExceeded: return "iterationLimitExceeded"
        case .workLimitExceeded: return "workLimitExceeded"
        case .nestingTooDeep: return "nestingTooDeep"
        case .tooManyBags: return "tooManyBags"
        case .decryptedSizeExceeded: return "decryptedSizeExceeded"
        case .invalidParameters: return "invalidParameters"
        case .invalidPrivateKey: return "invalidPrivateKey"
        case .unsupportedKeyAlgorithm: return "unsupportedKeyAlgorithm"
        }
    }

    /// One English sentence, no key material.
    public var description: String {
        switch self {
        case .inputTooLarge(let size, let limit): return "the file is \(size) bytes, over the limit of \(limit)"
        case .malformed(let structure, let error): return "malformed \(structure): \(error)"
        case .unsupportedVersion(let version): return "PFX version \(version), not 3"
        case .signedDataNotSupported: return "the file is signed (public-key integrity mode), which is not supported"
        case .unsupportedContentType(let oid): return "content type \(oid) is not supported"
        case .macVerificationFailed: return "MAC verification failed: wrong password, or the file is damaged"
        case .missingMAC:
            return "the file has no MAC, so nothing proves the password's owner wrote it (opening it anyway is an explicit choice)"
        case .unsupportedMACAlgorithm(let oid): return "MAC algorithm \(oid) is not supported"
        case .pbmac1KeyLengthMissing: return "PBMAC1 without a PBKDF2 keyLength"
        case .pbmac1KeyLengthOutOfRange(let length, let minimum, let maximum):
            return "PBMAC1 keyLength \(length) outside \(minimum)...\(maximum)"
        case .unsupportedAlgorithm(let oid): return "algorithm \(oid) is not supported"
        case .decryptionFailed: return "decryption failed: wrong password, or the file is damaged"
        case .iterationLimitExceeded(let requested, let limit): return "\(requested) iterations requested, over the limit of \(limit)"
        case .workLimitExceeded(let limit):
            return "opening the file would cost more than the work limit of \(limit) units (PKCS12Limits.maximumWork; about 1 s by default)"
        case .nestingTooDeep(let limit): return "safe contents nested deeper than \(limit)"
        case .tooManyBags(let limit): return "more than \(limit) bags"
        case .decryptedSizeExceeded(let limit): return "decrypted content over \(limit) bytes"
        case .invalidParameters(let reason): return "invalid parameters: \(reason)"
        case .invalidPrivateKey(let reason): return "invalid private key: \(reason)"
        case .unsupportedKeyAlgorithm(let oid): return "private key algorithm \(oid) is not supported"
        }
    }
}

// Codes 400–419 belong to this module's BER reading.
extension DERError.Rule {
    /// X.690 §8.1.3.2 a): only constructed encodings may use the indefinite form.
    static let indefinitePrimitive = Self(code: 400, name: "indefinite length on a primitive element")
    /// X.690 §8.1.5: an indefinite-length value ends with end-of-contents octets.
    static let missingEndOfContents = Self(code: 401, name: "missing end-of-contents")
    /// X.690 §8.7.3.2: a constructed string's segments carry the string's own type.
    static let mixedStringSegments = Self(code: 402, name: "constructed string with a foreign segment")
}
