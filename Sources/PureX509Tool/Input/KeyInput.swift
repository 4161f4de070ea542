// KeyInput: the SubjectPublicKeyInfo `pin` hashes for each kind of input
// (PKIX's `InputKind`, told by PEM label or DER shape) that has one.
//
// OkHttp's and TrustKit's users pin a key before its certificate exists (a
// backup pin), so `pin` takes a public key, a CSR or a private key as well as
// a certificate. A PKCS#1 RSA key carries n and e. An EC key (SEC1, RFC 5915,
// alone or inside PKCS#8) on P-256/384/521 and an Ed25519 PKCS#8 key
// (RFC 8410) have their public key computed from the private key
// (`DerivedPublicKey` below, constant time); a public key the structure
// carries as well — SEC1's [1], RFC 5958's publicKey — must be that one, or
// the key is refused. Other EC curves and algorithms are pinned from the
// public key they carry, or refused with a clear error when they carry none.
// Every structure is read by PKIX's one reader of key structures
// (`PrivateKeyInfo`, `ECPrivateKey`, `RSAPrivateKey`, `PublicKey`), so the
// strict X.690 rules apply and PKCS12 reads keys the same way.
//
// The SPKI built is byte-identical to `openssl pkey -pubout -outform DER`:
// RSA keys get `rsaEncryption` with NULL parameters (RFC 3279 §2.3.1), PKCS#8
// keys keep their own AlgorithmIdentifier, SEC1 keys get id-ecPublicKey with
// their [0] parameters (RFC 5480 §2.1.1), and an embedded public key BIT
// STRING is copied as the key encodes it (a derived one is uncompressed).
import PureX509

enum KeyInput {
    /// rsaEncryption with NULL parameters, as `openssl pkey -pubout` writes it (RFC 3279 §2.3.1).
    static let rsaEncryption = tlv(0x30, tlv(0x06, OID.rsaEncryption.bytes) + [0x05, 0x00])
    /// rsaEncryption and id-RSASSA-PSS: PKCS#1 keys inside PKCS#8.
    static let rsaOIDs = [OID.rsaEncryption.bytes, OID.rsassaPSS.bytes]

    /// The DER SubjectPublicKeyInfo of a non-certificate `kind`.
    static func subjectPublicKeyInfo(_ kind: InputKind, _ der: [UInt8]) throws(KeyFailure) -> [UInt8] {
        switch kind {
        case .privateKey: return try pkcs8SPKI(der)
        case .ecPrivateKey: return try sec1SPKI(try read { () throws(DERError) in try ECPrivateKey(derEncoded: der) }, algorithm: nil)
        case .certificateList: throw .noPublicKey(.crl)
        case .ocspResponse: throw .noPublicKey(.ocspResponse)
        case .encryptedPrivateKey: throw .noPublicKey(.encryptedPrivateKey)
        case .certificate: throw .unsupported(.certificate)
        case .pkcs12: throw .unsupported(.pkcs12)
        case .publicKey:
            // SubjectPublicKeyInfo (RFC 5280 §4.1), read as a certificate's key is.
            return Array(try read { () throws(DERError) in try PublicKey(subjectPublicKeyInfo: der) }.subjectPublicKeyInfo)
        case .rsaPublicKey:
            let key = try read { () throws(DERError) in try RSAPublicKeyStructure(derEncoded: der) }
            return tlv(0x30, rsaEncryption + tlv(0x03, [0x00] + key.encoded))
        case .certificateRequest:
            // CertificationRequestInfo's subjectPKInfo, exactly as the CSR encodes it (RFC 2986 §4.1).
            return Array(try read { () throws(DERError) in try PublicKey(certificationRequest: der) }.subjectPublicKeyInfo)
        case .rsaPrivateKey:
            let key = try read { () throws(DERError) in try RSAPrivateKey(derEncoded: der) }
            return tlv(0x30, rsaEncryption + tlv(0x03, [0x00] + rsaPublicKey(key)))
        }
    }

    /// Runs a PKIX reader; a DER failure is a malformed input.
    static func read<T>(_ body: () throws(DERError) -> T) throws(KeyFailure) -> T {
        do throws(DERError) { return try body() } catch { throw .malformed(error) }
    }

    /// The RSAPublicKey of an RSAPrivateKey's n and e (RFC 8017 §A.1.1); the private fields are not read further.
    static func rsaPublicKey(_ key: RSAPrivateKey) -> [UInt8] {
        tlv(0x30, tlv(0x02, Array(key.modulus)) + tlv(0x02, Array(key.publicExponent)))
    }

    /// The SPKI of an ECPrivateKey (RFC 5915 §3). `algorithm` is the PKCS#8
    /// AlgorithmIdentifier, which names the curve when [0] is absent.
    static func sec1SPKI(_ key: ECPrivateKey, algorithm: AlgorithmIdentifier?) throws(KeyFailure) -> [UInt8] {
        let identifier: [UInt8]
        if let algorithm {
            identifier = Array(algorithm.encoded)
        } else if let parameters = key.parameters {
            identifier = tlv(0x30, tlv(0x06, OID.ecPublicKey.bytes) + Array(parameters))
        } else {
            throw .noPublicKey(.ecKeyWithoutCurve)
        }
        // The curve as [0] names it, else as the PKCS#8 AlgorithmIdentifier does.
        let curveOID = key.namedCurve.map { Array($0) } ?? algorithm?.parameters.flatMap(KeyAlgorithm.namedCurve(parameters:))
        guard let entry = curveOID.flatMap({ KeyAlgorithm.ecdsa(namedCurve: $0[...]) }), entry.derivePublicKey != nil else {
            guard let publicKey = key.publicKey else {
                throw .noPublicKey(.ecKeyWithoutPublicKey)
            }
            return tlv(0x30, identifier + tlv(0x03, publicKey.content))
        }
        let derived = try DerivedPublicKey.derive(entry, privateKey: key.privateKey)
        guard let publicKey = key.publicKey else {
            return tlv(0x30, identifier + tlv(0x03, [0x00] + derived))
        }
        // A point is whole octets: the unused-bits octet must be 0.
        guard publicKey.unusedBits == 0, DerivedPublicKey.ecPoint(publicKey.bytes, matches: derived) else {
            throw .refused(.publicKeyMismatch)
        }
        return tlv(0x30, identifier + tlv(0x03, publicKey.content))
    }

    /// The SPKI of a OneAsymmetricKey (RFC 5958 §2; PKCS#8 is version 0).
    static func pkcs8SPKI(_ der: [UInt8]) throws(KeyFailure) -> [UInt8] {
        let info = try read { () throws(DERError) in try PrivateKeyInfo(derEncoded: der) }
        let algorithm = Array(info.algorithm.encoded), oid = info.algorithm.algorithm
        if oid.elementsEqual(OID.ecPublicKey.bytes) {
            // OpenSSL keeps an EC key's public point in SEC1's [1]; RFC 5958's would be a second copy.
            let spki = try sec1SPKI(try read { () throws(DERError) in try info.ecPrivateKey() }, algorithm: info.algorithm)
            if let publicKey = info.publicKey, tlv(0x30, algorithm + tlv(0x03, publicKey.content)) != spki {
                throw .refused(.publicKeyMismatch)
            }
            return spki
        }
        if oid.elementsEqual(OID.ed25519.bytes) {
            // RFC 8410 §7: the public key is 32 bytes, whole octets.
            let seed = try read { () throws(DERError) in try info.curvePrivateKey() }
            let derived = [0x00] + (try DerivedPublicKey.derive(.ed25519, privateKey: seed))
            if let publicKey = info.publicKey, publicKey.content != derived { throw .refused(.publicKeyMismatch) }
            return tlv(0x30, algorithm + tlv(0x03, derived))
        }
        // RFC 5958's publicKey is the SPKI's BIT STRING content, whatever the algorithm.
        if let publicKey = info.publicKey { return tlv(0x30, algorithm + tlv(0x03, publicKey.content)) }
        if rsaOIDs.contains(where: { oid.elementsEqual($0) }) {
            // The key's own identifier (RSASSA-PSS parameters included), as OpenSSL keeps it.
            let key = try read { () throws(DERError) in try info.rsaPrivateKey() }
            return tlv(0x30, algorithm + tlv(0x03, [0x00] + rsaPublicKey(key)))
        }
        throw .noPublicKey(.privateKeyWithoutPublicKey(OID(der: Array(oid))))
    }

    /// A DER TLV with a minimal definite length (X.690 §10.1).
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var value = content.count
            while value > 0 { length.insert(UInt8(value & 0xFF), at: 0); value >>= 8 }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}

// DerivedPublicKey: the public key of a private key that `pin` reads, computed
// from the private key itself by the key table's derivation
// (`KeyAlgorithm.derivePublicKey`: the EC module's constant-time
// `ECDSACurve.publicKey(privateScalar:)` and `Ed25519PublicKey(privateSeed:)`,
// the same PKCS12 uses), and checked against the copy the key may carry.
//
// A private key whose embedded public key is not its own is refused (exit 1)
// rather than pinned: the pin would name a key nobody holds the private half
// of, or the embedded copy was damaged, and either way the backup pin that
// `pin` exists to make would lock the holder out.
enum DerivedPublicKey {
    /// The public key of a private scalar (SEC 1 privateKey octets, RFC 5915 §3:
    /// big-endian, the order's length; shorter encodings are accepted as
    /// OpenSSL does) or seed (RFC 8410 §7, 32 octets), by the key table's
    /// derivation: 04 ‖ X ‖ Y, or the Ed25519 key.
    static func derive(_ algorithm: KeyAlgorithm, privateKey: ArraySlice<UInt8>) throws(KeyFailure) -> [UInt8] {
        guard let derive = algorithm.derivePublicKey else { throw .unsupported(.noDerivation(algorithm)) }
        do throws(ECError) {
            return try derive(privateKey)
        } catch {
            throw .refused(.invalidPrivateKey(algorithm, error))
        }
    }

    /// Whether an embedded SEC 1 point (BIT STRING content after the unused-bits
    /// octet) is `derived`: the same uncompressed bytes, or the compressed form
    /// (02/03 ‖ X, SEC 1 §2.3.3) of the same point.
    static func ecPoint(_ embedded: ArraySlice<UInt8>, matches derived: [UInt8]) -> Bool {
        guard let prefix = embedded.first else { return false }
        let length = (derived.count - 1) / 2
        switch prefix {
        case 0x04: return Array(embedded) == derived
        case 0x02, 0x03:
            guard embedded.count == 1 + length, let lastY = derived.last else { return false }
            return Array(embedded.dropFirst()) == Array(derived[1...length]) && (prefix & 1) == (lastY & 1)
        default: return false
        }
    }
}
