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
#if hasAttribute(export)
    @export(interface)
#endif
    public func verifyPKCS1v15(signature: [UInt8], message: [UInt8], hash: HashAlgorithm) throws(RSAError) {
        try verifyPKCS1v15(signature: signature, digest: hash.hash(message), hash: hash)
    }

    /// Verifies a PKCS#1 v1.5 signature over a message whose digest is given.
#if hasAttribute(export)
    @export(interface)
#endif
    public func verifyPKCS1v15(signature: [UInt8], digest: Digest, hash: HashAlgorithm) throws(RSAError) {
        try verifyPKCS1v15(signature: signature[...], digest: digest, hash: hash)
    }

    /// The same for a signature that is part of a larger buffer (a
    /// certificate's signatureValue), read where it lies.
#if hasAttribute(export)
    @export(interface)
#endif
    package func verifyPKCS1v15(signature: ArraySlice<UInt8>, digest: Digest, hash: HashAlgorithm) throws(RSAError) {
        guard digest.count == hash.digestSize else { throw .signatureMismatch }
        try verify(signature: signature, digest: digest, prefix: Self.digestInfoPrefix(hash))
    }

    func verify(signature: ArraySlice<UInt8>, digest: Digest, prefix: [UInt8]) throws(RSAError) {
        let k = modulusLength
        // §9.2 step 3: emLen ≥ tLen + 11.
        guard k >= prefix.count + digest.count + 11 else { throw .encodingTooShort }
        guard signature.count == k else {
            throw .signatureLengthMismatch(expected: k, actual: signature.count)
        }
        let matches = signature.withUnsafeBufferPointer { bytes in
            context.withPower(bigEndian: bytes, exponent) { limbs in
                Self.isEncoding(limbs, octets: k, prefix: prefix, digest: digest)
            }
        }
        guard let matches else { throw .signatureOutOfRange }
        guard matches else { throw .signatureMismatch }
    }

    /// Whether `limbs` (little-endian) are `00 01 FF…FF 00 ‖ prefix ‖
    /// digest` in k octets. The run of FF, most of the block, is compared a
    /// limb at a time; only the limbs that meet its ends or the DigestInfo
    /// are assembled octet by octet.
    static func isEncoding(_ limbs: UnsafeBufferPointer<UInt64>, octets k: Int, prefix: [UInt8], digest: Digest) -> Bool {
        let paddingEnd = k - prefix.count - digest.count - 1  // octet index (from the top) of the 00 separator
        // Octet i from the top of the block; positions outside it are 0.
        func expected(_ i: Int) -> UInt8 {
            if i < 1 || i == paddingEnd { return 0x00 }
            if i == 1 { return 0x01 }
            if i < paddingEnd { return 0xFF }
            if i <= paddingEnd + prefix.count { return prefix[i - paddingEnd - 1] }
            if i < k { return digest[i - paddingEnd - 1 - prefix.count] }
            return 0x00
        }
        var difference: UInt64 = 0
        for j in 0..<limbs.count {
            // Limb j holds octets k − 8 − 8j … k − 1 − 8j from the top.
            let top = k - 8 - 8 * j
            let wanted: UInt64
            if top >= 2 && top + 7 < paddingEnd {
                wanted = UInt64.max
            } else {
                var limb: UInt64 = 0
                for octet in 0..<8 { limb = limb << 8 | UInt64(expected(top + octet)) }
                wanted = limb
            }
            difference |= limbs[j] ^ wanted
        }
        return difference == 0
    }

    /// Verifies a PKCS#1 v1.5 signature made with SHA-1. Only for callers
    /// that must accept legacy signatures and say so by calling this; the
    /// Trust layer refuses SHA-1 unless configured otherwise.
#if hasAttribute(export)
    @export(interface)
#endif
    package func verifyInsecureSHA1PKCS1v15(signature: [UInt8], message: [UInt8]) throws(RSAError) {
        try verify(signature: signature[...], digest: InsecureSHA1.hash(message), prefix: Self.sha1DigestInfo)
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
