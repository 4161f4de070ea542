import EC

extension PrivateKey {
    /// The public key computed from the secret in constant time: the
    /// uncompressed EC point (04 || X || Y), or the Ed25519 public key; nil for RSA.
    func derivedPublicKey() throws(PKCS12Error) -> [UInt8]? {
        let secretBytes = pkcs8[secret]
        do throws(ECError) {
            switch algorithm {
            case .rsa: return nil
            case .ec(let curve): return try curve.publicKey(privateScalar: secretBytes)
            case .ed25519: return try Ed25519PublicKey(privateSeed: secretBytes).rawRepresentation
            }
        } catch {
            // SEC 1 §3.2.1: d in [1, n-1]; anything else is not a key.
            throw .invalidPrivateKey(.scalarOutOfRange)
        }
    }
}
