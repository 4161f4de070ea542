import EC
import PKIX

extension PrivateKey {
    /// The public key computed from the secret in constant time by the key
    /// table's derivation: the uncompressed EC point (04 || X || Y), or the
    /// Ed25519 public key; nil for RSA, which carries its public half.
    func derivedPublicKey() throws(PKCS12Error) -> [UInt8]? {
        guard let derive = algorithm.derivePublicKey else { return nil }
        do throws(ECError) {
            return try derive(pkcs8[secret])
        } catch {
            // SEC 1 §3.2.1: d in [1, n-1]; anything else is not a key.
            throw .invalidPrivateKey(.scalarOutOfRange)
        }
    }
}
