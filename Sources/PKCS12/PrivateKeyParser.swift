import DER
import EC
import PKIX

// What a .p12 holder's key must be beyond its syntax, which PKIX reads for
// every caller (`PrivateKeyInfo`, `ECPrivateKey`, `RSAPrivateKey`): a scalar
// or seed of the curve's length, two primes, components no longer than the
// modulus, one public key where the file carries two. The bytes are handed
// back unchanged by `privateKeyPKCS8DER()`, so they must be the one strict
// DER encoding of the key.
extension PrivateKey {
    /// Reads a PrivateKeyInfo / OneAsymmetricKey holding an RSA, EC P-256/384/521 or Ed25519 key.
    init(pkcs8 der: [UInt8]) throws(PKCS12Error) {
        let info: PrivateKeyInfo
        do throws(DERError) { info = try PrivateKeyInfo(derEncoded: der) } catch { throw .malformed(.privateKey, error) }
        let carried = info.publicKey.map { Array($0.bytes) }
        let algorithm = info.algorithm.algorithm
        if algorithm.elementsEqual(OID.rsaEncryption.bytes) {
            // RFC 3279 §2.3.1: the parameters are NULL (absent is tolerated, as the other hash and HMAC identifiers are).
            if let parameters = info.algorithm.parameters, !parameters.elementsEqual([0x05, 0x00]) {
                throw .invalidPrivateKey(.rsaParameters)
            }
            self = try Self.rsa(info)
        } else if algorithm.elementsEqual(OID.ecPublicKey.bytes) {
            self = try Self.ec(info, carried: carried)
        } else if algorithm.elementsEqual(OID.ed25519.bytes) {
            // RFC 8410 §3: the parameters are absent.
            guard info.algorithm.parameters == nil else { throw .invalidPrivateKey(.ed25519Parameters) }
            let seed: ArraySlice<UInt8>
            do throws(DERError) { seed = try info.curvePrivateKey() } catch { throw .malformed(.privateKey, error) }
            // RFC 8410 §7: CurvePrivateKey is 32 octets for Ed25519.
            guard seed.count == 32 else { throw .invalidPrivateKey(.ed25519SeedLength) }
            if let carried, carried.count != 32 { throw .invalidPrivateKey(.ed25519PublicKeyLength) }
            self = PrivateKey(algorithm: .ed25519, sizeInBits: 256, carriedPublicKey: carried, pkcs8: der, secret: seed.indices)
        } else {
            throw .unsupportedKeyAlgorithm(.oid(OID(der: Array(algorithm))))
        }
    }

    /// RFC 8017 §A.1.2, two primes only.
    private static func rsa(_ info: PrivateKeyInfo) throws(PKCS12Error) -> PrivateKey {
        let key: RSAPrivateKey
        do throws(DERError) { key = try info.rsaPrivateKey() } catch { throw .malformed(.privateKey, error) }
        // RFC 8017 §3.2: a key of more than two primes. No exporter writes
        // one into a .p12, and its consistency check would need every prime.
        guard key.version == 0 else { throw .unsupportedKeyAlgorithm(.multiPrimeRSA) }
        for integer in key.integers where (integer.first ?? 0) & 0x80 != 0 {
            throw .invalidPrivateKey(.rsaNegativeComponent)
        }
        let n = stripped(key.modulus), e = stripped(key.publicExponent)
        guard !n.isEmpty, !e.isEmpty else { throw .invalidPrivateKey(.rsaModulusOrExponentNotPositive) }
        let bits = n.count * 8 - n[0].leadingZeroBitCount
        // Every other component is below n (RFC 8017 §3.1–3.2), so none is
        // longer; checked here so that no arithmetic runs on a longer one.
        for integer in key.integers.dropFirst() where stripped(integer).count > n.count {
            throw .invalidPrivateKey(.rsaComponentLongerThanModulus)
        }
        // The RSA module's bound: a larger modulus verifies nothing, and the
        // consistency check's cost grows with its square.
        guard bits <= RSAPrivateParts.maximumModulusBits else {
            throw .invalidPrivateKey(.rsaModulusTooLarge(bits: bits, maximum: RSAPrivateParts.maximumModulusBits))
        }
        let i = key.integers
        let parts = RSAPrivateParts(d: i[2].indices, p: i[3].indices, q: i[4].indices,
                                    dP: i[5].indices, dQ: i[6].indices, qInv: i[7].indices)
        return PrivateKey(algorithm: .rsa, sizeInBits: bits, carriedPublicKey: nil, pkcs8: info.encoded, secret: 0..<0,
                          rsaModulus: n, rsaExponent: e, rsaPrivateParts: parts)
    }

    /// RFC 5915 §3 inside PKCS #8, on a curve the EC module derives on.
    private static func ec(_ info: PrivateKeyInfo, carried: [UInt8]?) throws(PKCS12Error) -> PrivateKey {
        let key: ECPrivateKey
        do throws(DERError) { key = try info.ecPrivateKey() } catch { throw .malformed(.privateKey, error) }
        // RFC 5480 §2.1.1: a namedCurve only; explicit parameters name no curve this reader knows.
        let outerCurve = info.namedCurve.map { $0[...] }
        if info.algorithm.parameters != nil, outerCurve == nil { throw .unsupportedKeyAlgorithm(.explicitCurve) }
        if key.parameters != nil, key.namedCurve == nil { throw .unsupportedKeyAlgorithm(.explicitCurve) }
        // RFC 5915 §3 / RFC 5480: the curve is named in the PKCS #8 algorithm, in ECPrivateKey, or in both alike.
        if let outer = outerCurve, let inner = key.namedCurve, !outer.elementsEqual(inner) {
            throw .invalidPrivateKey(.curveNamedTwice)
        }
        guard let curveOID = outerCurve ?? key.namedCurve else { throw .invalidPrivateKey(.noCurve) }
        guard let entry = KeyAlgorithm.ecdsa(namedCurve: curveOID), entry.ecdsaCurve != nil,
              let size = entry.fixedSizeInBits else {
            throw .unsupportedKeyAlgorithm(.oid(OID(der: Array(curveOID))))
        }
        // SEC 1 §2.3.7: the scalar is ceil(log2(n)/8) octets.
        guard key.privateKey.count == (size + 7) / 8 else { throw .invalidPrivateKey(.ecScalarLength) }
        let point = key.publicKey.map { Array($0.bytes) }
        if let point, let carried, point != carried { throw .invalidPrivateKey(.twoPublicKeys) }
        return PrivateKey(algorithm: entry, sizeInBits: size, carriedPublicKey: point ?? carried,
                          pkcs8: info.encoded, secret: key.privateKey.indices)
    }

    private static func stripped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        Array(bytes.drop(while: { $0 == 0 }))
    }
}
