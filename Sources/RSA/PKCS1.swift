import BigNum
import DER
import SHA2

// RSASSA-PKCS1-v1_5 verification (RFC 8017 §8.2.2) by re-encoding: the
// expected EMSA-PKCS1-v1_5 block `00 01 FF…FF 00 DigestInfo` is compared
// octet by octet with the recovered one, which is never parsed (BearSSL's
// rsa_pkcs1_sig_unpad.c, and the reason Bleichenbacher's 2006 forgery has
// nothing to grip).
//
// Wycheproof's "acceptable" cases encode DigestInfo without the NULL
// parameters of the hash AlgorithmIdentifier. RFC 8017 §9.2 note 1 gives
// the NULL form as the one to produce; accepting a second encoding would
// mean two valid signatures per message. PureX509 refuses them (as
// BoringSSL and webpki do), and the tests check that it does.

extension RSAPublicKey {
    /// Verifies a PKCS#1 v1.5 signature over `message`.
    public func verifyPKCS1v15(signature: [UInt8], message: [UInt8], hash: HashAlgorithm) throws(RSAError) {
        try verifyPKCS1v15(signature: signature, digest: hash.hash(message), hash: hash)
    }

    /// Verifies a PKCS#1 v1.5 signature over a message whose digest is given.
    public func verifyPKCS1v15(signature: [UInt8], digest: Digest, hash: HashAlgorithm) throws(RSAError) {
        guard digest.count == hash.digestSize else { throw .signatureMismatch }
        try verify(signature: signature, digest: digest, prefix: Self.digestInfoPrefix(hash))
    }

    func verify(signature: [UInt8], digest: Digest, prefix: [UInt8]) throws(RSAError) {
        let k = modulusLength
        // §9.2 step 3: emLen ≥ tLen + 11.
        guard k >= prefix.count + digest.count + 11 else { throw .encodingTooShort }
        let recovered = try recover(signature)
        let paddingEnd = k - prefix.count - digest.count - 1  // index of the 00 separator
        var difference: UInt8 = 0
        recovered.limbs.withUnsafeBufferPointer { limbs in
            prefix.withUnsafeBufferPointer { prefix in
                for i in 0..<k {
                    let expected: UInt8
                    if i == 0 { expected = 0x00 }
                    else if i == 1 { expected = 0x01 }
                    else if i < paddingEnd { expected = 0xFF }
                    else if i == paddingEnd { expected = 0x00 }
                    else if i <= paddingEnd + prefix.count { expected = prefix[i - paddingEnd - 1] }
                    else { expected = digest[i - paddingEnd - 1 - prefix.count] }
                    difference |= expected ^ Self.octet(limbs, k - 1 - i)
                }
            }
        }
        guard difference == 0 else { throw .signatureMismatch }
    }

    /// Verifies a PKCS#1 v1.5 signature made with SHA-1. Only for callers
    /// that must accept legacy signatures and say so by calling this; the
    /// Trust layer refuses SHA-1 unless configured otherwise.
    @usableFromInline package func verifyInsecureSHA1PKCS1v15(signature: [UInt8], message: [UInt8]) throws(RSAError) {
        try verify(signature: signature, digest: InsecureSHA1.hash(message), prefix: Self.sha1DigestInfo)
    }

    /// Octet `index` (0 = least significant) of a little-endian limb array.
    @inline(__always)
    static func octet(_ limbs: UnsafeBufferPointer<UInt64>, _ index: Int) -> UInt8 {
        let limb = index / 8
        guard limb < limbs.count else { return 0 }
        return UInt8(truncatingIfNeeded: limbs[limb] >> UInt64((index % 8) * 8))
    }

    /// DER of `DigestInfo ::= SEQUENCE { SEQUENCE { hashOID, NULL }, OCTET STRING }`
    /// up to the digest itself (RFC 8017 §9.2 note 1).
    static func digestInfoPrefix(_ hash: HashAlgorithm) -> [UInt8] {
        switch hash {
        case .sha256: return sha256DigestInfo
        case .sha384: return sha384DigestInfo
        case .sha512: return sha512DigestInfo
        }
    }

    static let sha1DigestInfo = encodeDigestInfoPrefix(OID.sha1, digestLength: 20)
    static let sha256DigestInfo = encodeDigestInfoPrefix(OID.sha256, digestLength: 32)
    static let sha384DigestInfo = encodeDigestInfoPrefix(OID.sha384, digestLength: 48)
    static let sha512DigestInfo = encodeDigestInfoPrefix(OID.sha512, digestLength: 64)

    /// The prefixes are short enough that every length is one octet.
    private static func encodeDigestInfoPrefix(_ hash: OID, digestLength: Int) -> [UInt8] {
        let algorithm: [UInt8] = [0x06, UInt8(hash.bytes.count)] + hash.bytes + [0x05, 0x00]
        let body: [UInt8] = [0x30, UInt8(algorithm.count)] + algorithm + [0x04, UInt8(digestLength)]
        return [0x30, UInt8(body.count + digestLength)] + body
    }
}
