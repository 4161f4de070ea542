import DER

// The reasons inside `PKCS12Error`'s cases, each a value with its sentence,
// so that a caller can tell an IV of the wrong length from a missing one
// without reading English, and the messages are written once.

extension PKCS12Error {
    /// An algorithm this reader does not implement.
    public enum Algorithm: Sendable, Equatable, CustomStringConvertible {
        /// An encryption scheme, key derivation or cipher, by its OID.
        case oid(OID)
        /// PBKDF2's pseudo-random function is not one of the HMACs this reader computes.
        case pbkdf2PRF

        /// The dotted OID, or `PBKDF2 PRF`.
        public var description: String {
            switch self {
            case .oid(let oid): return oid.description
            case .pbkdf2PRF: return "PBKDF2 PRF"
            }
        }
    }

    /// A parameter no scheme allows.
    public enum Parameter: Sendable, Equatable, CustomStringConvertible {
        /// An iteration count of zero (RFC 8018 §4.2 asks for a positive count).
        case zeroIterations
        /// PBKDF2 named without its parameters.
        case pbkdf2WithoutParameters
        /// PBKDF2's keyLength is not the cipher's key length.
        case pbkdf2KeyLength
        /// A MAC digest algorithm with parameters other than absent or NULL.
        case digestAlgorithmParameters
        /// The stored MAC is not the HMAC's length.
        case macLength
        /// PBMAC1 named without its parameters.
        case pbmac1WithoutParameters
        /// A PKCS #12 password-based encryption scheme without its parameters.
        case pkcs12PBEWithoutParameters
        /// PBES2 named without its parameters.
        case pbes2WithoutParameters
        /// A CBC cipher without its IV.
        case cbcWithoutIV
        /// An IV that is not the cipher's block size.
        case ivLength

        /// A short English phrase, e.g. `IV length`.
        public var description: String {
            switch self {
            case .zeroIterations: return "iteration count 0"
            case .pbkdf2WithoutParameters: return "PBKDF2 without parameters"
            case .pbkdf2KeyLength: return "PBKDF2 keyLength"
            case .digestAlgorithmParameters: return "digest algorithm parameters"
            case .macLength: return "MAC length"
            case .pbmac1WithoutParameters: return "PBMAC1 without parameters"
            case .pkcs12PBEWithoutParameters: return "PKCS #12 PBE without parameters"
            case .pbes2WithoutParameters: return "PBES2 without parameters"
            case .cbcWithoutIV: return "CBC without an IV"
            case .ivLength: return "IV length"
            }
        }
    }

    /// Why a well-formed private key is not a key.
    public enum KeyProblem: Sendable, Equatable, CustomStringConvertible {
        /// rsaEncryption's parameters are neither NULL nor absent (RFC 3279 §2.3.1).
        case rsaParameters
        /// An RSA INTEGER is negative.
        case rsaNegativeComponent
        /// The modulus or the public exponent is zero.
        case rsaModulusOrExponentNotPositive
        /// A private component is longer than the modulus (RFC 8017 §3.2 puts each below n).
        case rsaComponentLongerThanModulus
        /// The modulus is larger than the RSA module verifies.
        case rsaModulusTooLarge(bits: Int, maximum: Int)
        /// Ed25519's parameters are present (RFC 8410 §3).
        case ed25519Parameters
        /// The Ed25519 seed is not 32 octets (RFC 8410 §7).
        case ed25519SeedLength
        /// The carried Ed25519 public key is not 32 octets.
        case ed25519PublicKeyLength
        /// The PKCS #8 algorithm and ECPrivateKey name different curves.
        case curveNamedTwice
        /// Neither the PKCS #8 algorithm nor ECPrivateKey names a curve.
        case noCurve
        /// The EC scalar is not the curve order's length (SEC 1 §2.3.7).
        case ecScalarLength
        /// The scalar is 0 or not below the curve order (SEC 1 §3.2.1).
        case scalarOutOfRange
        /// ECPrivateKey and OneAsymmetricKey carry different public keys.
        case twoPublicKeys

        /// A short English phrase, e.g. `EC scalar length`.
        public var description: String {
            switch self {
            case .rsaParameters: return "RSA algorithm parameters"
            case .rsaNegativeComponent: return "RSA key with a negative component"
            case .rsaModulusOrExponentNotPositive: return "RSA modulus or exponent not positive"
            case .rsaComponentLongerThanModulus: return "RSA key component longer than its modulus"
            case .rsaModulusTooLarge(let bits, let maximum): return "RSA modulus of \(bits) bits, over \(maximum)"
            case .ed25519Parameters: return "Ed25519 algorithm parameters"
            case .ed25519SeedLength: return "Ed25519 seed length"
            case .ed25519PublicKeyLength: return "Ed25519 public key length"
            case .curveNamedTwice: return "EC curve named twice, differently"
            case .noCurve: return "EC key without a curve"
            case .ecScalarLength: return "EC scalar length"
            case .scalarOutOfRange: return "private scalar out of range"
            case .twoPublicKeys: return "two different public keys"
            }
        }
    }

    /// A private key of a kind this reader does not read.
    public enum KeyAlgorithmName: Sendable, Equatable, CustomStringConvertible {
        /// An algorithm or a curve, by its OID.
        case oid(OID)
        /// An RSA key of more than two primes (RSAPrivateKey version 1).
        case multiPrimeRSA
        /// An EC key whose curve is given by explicit parameters, not a namedCurve.
        case explicitCurve

        /// The dotted OID, or what the key is.
        public var description: String {
            switch self {
            case .oid(let oid): return oid.description
            case .multiPrimeRSA: return "multi-prime RSA (RSAPrivateKey version 1)"
            case .explicitCurve: return "EC key with explicit curve parameters"
            }
        }
    }
}
