import DER
import EC
import PKIX

/// A private key read from a PKCS #12 file.
///
/// It says what it is (algorithm and size) and never prints or reflects
/// its secret: `description`, `debugDescription` and the mirror show the
/// type and size only. The key's bytes leave through one explicit call,
/// `privateKeyPKCS8DER()`.
public struct PrivateKey: Sendable {
    /// The key's algorithm: its entry in PKIX's key table (`.rsa`, `.p256`,
    /// `.p384`, `.p521`, `.ed25519`), which names it (`RSA`, `EC P-256`,
    /// `Ed25519`), gives its size and computes its public key.
    public typealias Algorithm = KeyAlgorithm

    /// The key's algorithm, with the curve for EC keys.
    public let algorithm: Algorithm
    /// The RSA modulus length in bits, or the curve's size (256, 384, 521; 256 for Ed25519).
    package let sizeInBits: Int
    /// The public key the file carried beside the private key (the EC point
    /// in ECPrivateKey, or OneAsymmetricKey's publicKey), if any; nil for RSA,
    /// whose modulus and exponent are part of the private key itself.
    package let carriedPublicKey: [UInt8]?

    /// The PrivateKeyInfo / OneAsymmetricKey DER, exactly as the file held it (secret).
    let pkcs8: [UInt8]
    /// Where the secret scalar or seed sits in `pkcs8` (EC, Ed25519); empty for RSA.
    let secret: Range<Int>
    /// RSA modulus and public exponent, without leading zero octets.
    let rsaModulus: [UInt8]
    let rsaExponent: [UInt8]
    /// Where RSA's private integers sit in `pkcs8` (secret); nil for other keys.
    let rsaPrivateParts: RSAPrivateParts?

    init(algorithm: Algorithm, sizeInBits: Int, carriedPublicKey: [UInt8]?, pkcs8: [UInt8], secret: Range<Int>,
         rsaModulus: [UInt8] = [], rsaExponent: [UInt8] = [], rsaPrivateParts: RSAPrivateParts? = nil) {
        self.algorithm = algorithm
        self.sizeInBits = sizeInBits
        self.carriedPublicKey = carriedPublicKey
        self.pkcs8 = pkcs8
        self.secret = secret
        self.rsaModulus = rsaModulus
        self.rsaExponent = rsaExponent
        self.rsaPrivateParts = rsaPrivateParts
    }

    /// The key as PKCS #8 PrivateKeyInfo (or OneAsymmetricKey) DER, as the
    /// file held it. This is secret material: write it only where a key belongs.
    public func privateKeyPKCS8DER() -> [UInt8] { pkcs8 }
}

extension PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// E.g. `RSA 2048-bit private key`; never the key's bytes.
    public var description: String { "\(algorithm) \(sizeInBits)-bit private key" }
    /// Same as `description`: a debugger shows no secret either.
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension PrivateKey: CustomReflectable {
    /// Algorithm and size only, so `dump` and debuggers never show the secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm.description, "sizeInBits": sizeInBits], displayStyle: .struct)
    }
}
#endif
