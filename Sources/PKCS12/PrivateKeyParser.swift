import DER
import EC

// PKCS #8 PrivateKeyInfo (RFC 5208) and OneAsymmetricKey (RFC 5958), read
// as strict DER: the bytes are handed back unchanged by
// `privateKeyPKCS8DER()`, so they must be the one encoding of the key.
extension PrivateKey {
    /// Reads a PrivateKeyInfo / OneAsymmetricKey holding an RSA, EC P-256/384/521 or Ed25519 key.
    init(pkcs8 der: [UInt8]) throws(PKCS12Error) {
        var failure: PKCS12Error? = nil
        var key: PrivateKey? = nil
        der.withUnsafeBufferPointer { buffer in
            var reader = DERReader(buffer)
            do throws(PKCS12Error) {
                key = try Self.read(&reader, der: der)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let key else { throw .invalidPrivateKey("empty") }
        self = key
    }

    private struct Outline {
        var algorithm: Range<Int>
        var parameters: Range<Int>?
        var privateKey: Range<Int>
        var publicKey: DERBitString?
    }

    private static func read(_ reader: inout DERReader, der: [UInt8]) throws(PKCS12Error) -> PrivateKey {
        let outline: Outline
        do throws(DERError) {
            outline = try reader.readNested(.sequence) { (r: inout DERReader) throws(DERError) -> Outline in
                // RFC 5958 §2: version v1 (0) or v2 (1); v2 may carry the public key.
                let version = try r.readSmallInteger(maximum: 1)
                let (algorithm, parameters) = try r.readAlgorithm()
                let privateKey = try r.readOctetString()
                _ = try r.readIfPresent(.contextSpecificConstructed(0))
                var publicKey: DERBitString? = nil
                if version == 1, r.peekTag() == .contextSpecific(1) {
                    publicKey = try r.readBitString(tag: .contextSpecific(1))
                }
                return Outline(algorithm: algorithm, parameters: parameters, privateKey: privateKey, publicKey: publicKey)
            }
            try reader.expectEnd()
        } catch { throw .malformed(.privateKey, error) }
        let carried = outline.publicKey.map { reader.copy($0.bytes) }
        if reader.bytes(outline.algorithm, equal: OID.rsaEncryption.bytes) {
            guard reader.isAbsentOrNull(outline.parameters) else { throw .invalidPrivateKey("RSA algorithm parameters") }
            return try rsa(reader, outline.privateKey, der: der)
        }
        if reader.bytes(outline.algorithm, equal: OID.ecPublicKey.bytes) {
            return try ec(reader, outline.privateKey, parameters: outline.parameters, der: der, carried: carried)
        }
        if reader.bytes(outline.algorithm, equal: OID.ed25519.bytes) {
            // RFC 8410 §3: the parameters are absent.
            guard outline.parameters == nil else { throw .invalidPrivateKey("Ed25519 algorithm parameters") }
            // RFC 8410 §7: CurvePrivateKey ::= OCTET STRING, 32 octets for Ed25519.
            var inner = reader.reader(over: outline.privateKey)
            let seed: Range<Int>
            do throws(DERError) {
                seed = try inner.readOctetString()
                try inner.expectEnd()
            } catch { throw .malformed(.privateKey, error) }
            guard seed.count == 32 else { throw .invalidPrivateKey("Ed25519 seed length") }
            if let carried, carried.count != 32 { throw .invalidPrivateKey("Ed25519 public key length") }
            return PrivateKey(algorithm: .ed25519, sizeInBits: 256, carriedPublicKey: carried, pkcs8: der, secret: seed)
        }
        throw .unsupportedKeyAlgorithm(reader.dotted(outline.algorithm))
    }

    /// RFC 8017 §A.1.2: RSAPrivateKey ::= SEQUENCE { version, modulus,
    /// publicExponent, privateExponent, prime1, prime2, exponent1,
    /// exponent2, coefficient, otherPrimeInfos OPTIONAL }.
    private static func rsa(_ reader: DERReader, _ range: Range<Int>, der: [UInt8]) throws(PKCS12Error) -> PrivateKey {
        var inner = reader.reader(over: range)
        var integers: [Range<Int>] = []
        let version: Int
        do throws(DERError) {
            version = try inner.readNested(.sequence) { (r: inout DERReader) throws(DERError) in
                let version = try r.readSmallInteger(maximum: 1)
                for _ in 0..<8 { integers.append(try r.readInteger()) }
                // Version 1 (multi-prime) must carry otherPrimeInfos; version 0 has nothing more.
                if version == 1 { _ = try r.readElement() }
                return version
            }
            try inner.expectEnd()
        } catch { throw .malformed(.privateKey, error) }
        // RFC 8017 §3.2: a key of more than two primes. No exporter writes
        // one into a .p12, and its consistency check would need every prime.
        guard version == 0 else { throw .unsupportedKeyAlgorithm("multi-prime RSA (RSAPrivateKey version 1)") }
        for integer in integers where reader[integer.lowerBound] & 0x80 != 0 {
            throw .invalidPrivateKey("RSA key with a negative component")
        }
        let n = stripped(inner.copy(integers[0])), e = stripped(inner.copy(integers[1]))
        guard !n.isEmpty, !e.isEmpty else { throw .invalidPrivateKey("RSA modulus or exponent not positive") }
        let bits = n.count * 8 - n[0].leadingZeroBitCount
        // Every other component is below n (RFC 8017 §3.1–3.2), so none is
        // longer; checked here so that no arithmetic runs on a longer one.
        for integer in integers.dropFirst() where stripped(inner.copy(integer)).count > n.count {
            throw .invalidPrivateKey("RSA key component longer than its modulus")
        }
        // The RSA module's bound: a larger modulus verifies nothing, and the
        // consistency check's cost grows with its square.
        guard bits <= RSAPrivateParts.maximumModulusBits else {
            throw .invalidPrivateKey("RSA modulus of \(bits) bits, over \(RSAPrivateParts.maximumModulusBits)")
        }
        let parts = RSAPrivateParts(d: integers[2], p: integers[3], q: integers[4],
                                    dP: integers[5], dQ: integers[6], qInv: integers[7])
        return PrivateKey(algorithm: .rsa, sizeInBits: bits, carriedPublicKey: nil, pkcs8: der, secret: 0..<0,
                          rsaModulus: n, rsaExponent: e, rsaPrivateParts: parts)
    }

    /// RFC 5915 §3: ECPrivateKey ::= SEQUENCE { version 1, privateKey OCTET STRING,
    /// parameters [0] ECParameters OPTIONAL, publicKey [1] BIT STRING OPTIONAL }.
    private static func ec(_ reader: DERReader, _ range: Range<Int>, parameters: Range<Int>?, der: [UInt8],
                           carried: [UInt8]?) throws(PKCS12Error) -> PrivateKey {
        var inner = reader.reader(over: range)
        let scalar: Range<Int>, innerCurve: Range<Int>?, point: DERBitString?
        do throws(DERError) {
            (scalar, innerCurve, point) = try inner.readNested(.sequence) { (r: inout DERReader) throws(DERError) in
                guard try r.readSmallInteger(maximum: 1) == 1 else { throw DERError(.integerOutOfRange, at: r.position) }
                let scalar = try r.readOctetString()
                var curve: Range<Int>? = nil
                if r.peekTag() == .contextSpecificConstructed(0) {
                    curve = try r.readNested(.contextSpecificConstructed(0)) { (c: inout DERReader) throws(DERError) in try c.readOID() }
                }
                var point: DERBitString? = nil
                if r.peekTag() == .contextSpecificConstructed(1) {
                    point = try r.readNested(.contextSpecificConstructed(1)) { (c: inout DERReader) throws(DERError) in try c.readBitString() }
                }
                return (scalar, curve, point)
            }
            try inner.expectEnd()
        } catch { throw .malformed(.privateKey, error) }
        // RFC 5915 §3 / RFC 5480: the curve is named in the PKCS #8 algorithm, in ECPrivateKey, or in both alike.
        var outerCurve: Range<Int>? = nil
        if let parameters {
            var p = reader.reader(over: parameters)
            do throws(DERError) {
                outerCurve = try p.readOID()
                try p.expectEnd()
            } catch { throw .unsupportedKeyAlgorithm("EC key with explicit curve parameters") }
        }
        if let outerCurve, let innerCurve, !reader.bytes(outerCurve, equal: innerCurve) {
            throw .invalidPrivateKey("EC curve named twice, differently")
        }
        guard let curveOID = outerCurve ?? innerCurve else { throw .invalidPrivateKey("EC key without a curve") }
        let curve: ECDSACurve, size: Int
        if reader.bytes(curveOID, equal: OID.secp256r1.bytes) { curve = .p256; size = 256 }
        else if reader.bytes(curveOID, equal: OID.secp384r1.bytes) { curve = .p384; size = 384 }
        else if reader.bytes(curveOID, equal: OID.secp521r1.bytes) { curve = .p521; size = 521 }
        else { throw .unsupportedKeyAlgorithm(reader.dotted(curveOID)) }
        // SEC 1 §2.3.7: the scalar is ceil(log2(n)/8) octets.
        guard scalar.count == (size + 7) / 8 else { throw .invalidPrivateKey("EC scalar length") }
        let pointBytes = point.map { reader.copy($0.bytes) }
        if let pointBytes, let carried, pointBytes != carried {
            throw .invalidPrivateKey("two different public keys")
        }
        return PrivateKey(algorithm: .ec(curve), sizeInBits: size, carriedPublicKey: pointBytes ?? carried,
                          pkcs8: der, secret: scalar)
    }

    private static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.drop(while: { $0 == 0 }))
    }
}
