import BigNum
import SHA2

// RSASSA-PSS verification (RFC 8017 §8.1.2 and EMSA-PSS-VERIFY §9.1.2)
// with MGF1 (§B.2.1). Every step's check is kept, in the RFC's order.

/// The parameters a PSS signature is checked with: message hash, MGF1
/// hash and salt length (trailer field 1 is the only one defined).
public struct PSSParameters: Sendable, Equatable {
    /// The hash of the message, and of M′ in EMSA-PSS (RFC 8017 §9.1.2).
    public let hash: HashAlgorithm
    /// The hash MGF1 is built on.
    @usableFromInline package let maskHash: HashAlgorithm
    /// sLen, in bytes; a negative value is refused at verification.
    @usableFromInline package let saltLength: Int

    /// Takes the values unchecked; `verifyPSS` checks them against the key and digest.
    public init(hash: HashAlgorithm, maskHash: HashAlgorithm, saltLength: Int) {
        self.hash = hash
        self.maskHash = maskHash
        self.saltLength = saltLength
    }
}

extension RSAPublicKey {
    /// Verifies an RSASSA-PSS signature over `message`, hashed with `parameters.hash`.
#if hasAttribute(export)
    @export(interface)
#endif
    package func verifyPSS(signature: [UInt8], message: [UInt8], parameters: PSSParameters) throws(RSAError) {
        try verifyPSS(signature: signature, digest: parameters.hash.hash(message), parameters: parameters)
    }

    /// Verifies an RSASSA-PSS signature (RFC 8017 §8.1.2) over a message whose `parameters.hash` digest is given; returns only when it holds.
#if hasAttribute(export)
    @export(interface)
#endif
    package func verifyPSS(signature: [UInt8], digest mHash: Digest, parameters: PSSParameters) throws(RSAError) {
        let hLen = parameters.hash.digestSize
        let sLen = parameters.saltLength
        guard mHash.count == hLen, sLen >= 0 else { throw .invalidPSSParameters }
        let emBits = modulusBits - 1
        let emLen = (emBits + 7) / 8
        // §9.1.2 step 3.
        guard emLen >= hLen + sLen + 2 else { throw .encodingTooShort }
        let m = try recover(signature)
        // §8.1.2 step 2c: EM = I2OSP(m, emLen) fails when m needs more octets.
        guard let em = m.bigEndianBytes(count: emLen) else { throw .signatureMismatch }
        // Step 4: the trailer.
        guard em[emLen - 1] == 0xBC else { throw .signatureMismatch }
        let dbLength = emLen - hLen - 1
        let h = em[dbLength..<(emLen - 1)]
        // Step 6: the bits above emBits are zero.
        let topMask: UInt8 = 0xFF >> UInt8(8 * emLen - emBits)
        guard em[0] & ~topMask == 0 else { throw .signatureMismatch }
        // Steps 7–9: DB = maskedDB ⊕ MGF1(H), top bits cleared.
        var db = Array(em[0..<dbLength])
        Self.applyMask(&db, seed: h, hash: parameters.maskHash)
        db[0] &= topMask
        // Step 10: PS of zeros, then 0x01.
        let separator = emLen - hLen - sLen - 2
        for i in 0..<separator where db[i] != 0 { throw .signatureMismatch }
        guard db[separator] == 0x01 else { throw .signatureMismatch }
        // Steps 12–14: H′ = Hash(0x00 × 8 ‖ mHash ‖ salt) must equal H.
        var hasher = parameters.hash.makeHasher()
        let zeros: (UInt64) = 0
        withUnsafeBytes(of: zeros) { hasher.update($0) }
        Array(mHash).withUnsafeBytes { hasher.update($0) }
        db[(dbLength - sLen)...].withUnsafeBytes { hasher.update($0) }
        guard hasher.finalize().matches(h) else { throw .signatureMismatch }
    }

    /// XORs MGF1(seed, count) into `data` (RFC 8017 §B.2.1).
    static func applyMask(_ data: inout [UInt8], seed: ArraySlice<UInt8>, hash: HashAlgorithm) {
        var counter: UInt32 = 0
        var offset = 0
        while offset < data.count {
            var hasher = hash.makeHasher()
            seed.withUnsafeBytes { hasher.update($0) }
            withUnsafeBytes(of: counter.bigEndian) { hasher.update($0) }
            let block = hasher.finalize()
            for byte in block where offset < data.count {
                data[offset] ^= byte
                offset += 1
            }
            counter += 1
        }
    }
}
