import EC

extension PrivateKey {
    /// The public key computed from the secret, constant-time: the
    /// uncompressed EC point (04 || X || Y) or the Ed25519 public key; nil for
    /// RSA and while no derivation is available.
    func derivedPublicKey() throws(PKCS12Error) -> [UInt8]? {
        // Branch `ec-derive` supplies the scalar multiplication; until it is merged, nothing is derived.
        return nil
    }
}
