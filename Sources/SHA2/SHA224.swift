/// SHA-224 (FIPS 180-4 §6.3): SHA-256's compression with its own initial
/// value (§5.3.2), truncated to the first seven words. PKCS#12 files may name
/// it for their MAC (RFC 7292 allows any digest OpenSSL knows), so the
/// symmetric layer needs it; `HashAlgorithm` leaves it out because no
/// certificate signature the verifier accepts uses it.
package struct SHA224: HashFunction {
    /// Digest length: 28 bytes (224 bits).
    package static let digestSize = 28
    /// Block length: 64 bytes (512 bits), as for SHA-256.
    package static let blockSize = 64

    var hash = MerkleDamgard<SHA256.Compression>(state: (
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4))

    /// A SHA-224 state with an empty message.
    package init() {}

    /// Appends `bytes` to the message.
#if hasAttribute(export)
    @export(interface)
#endif
    package mutating func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    /// The 28-byte digest of everything appended so far; the state is left as it was.
#if hasAttribute(export)
    @export(interface)
#endif
    package func finalize() -> Digest {
        let s = hash.finalState()
        return Digest(words: (
            UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
            UInt64(s.4) << 32 | UInt64(s.5), UInt64(s.6) << 32, 0, 0, 0, 0), count: 28)
    }
}
