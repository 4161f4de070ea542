// KeyInput: what a PEM label or a DER body holds, and the SubjectPublicKeyInfo
// `pin` hashes for each kind that has one.
//
// OkHttp's and TrustKit's users pin a key before its certificate exists (a
// backup pin), so `pin` takes a public key, a CSR or a private key as well as
// a certificate. A PKCS#1 RSA key carries n and e. An EC key (SEC1, RFC 5915,
// alone or inside PKCS#8) on P-256/384/521 and an Ed25519 PKCS#8 key
// (RFC 8410) have their public key computed from the private key
// (DerivedPublicKey.swift, constant time); a public key the structure
// carries as well — SEC1's [1], RFC 5958's publicKey — must be that one, or
// the key is refused. Other EC curves and algorithms are pinned from the
// public key they carry, or refused with a clear error when they carry none.
// Every structure is read with the project's `DERReader`, so the strict
// X.690 rules apply.
//
// The SPKI built is byte-identical to `openssl pkey -pubout -outform DER`:
// RSA keys get `rsaEncryption` with NULL parameters (RFC 3279 §2.3.1), PKCS#8
// keys keep their own AlgorithmIdentifier, SEC1 keys get id-ecPublicKey with
// their [0] parameters (RFC 5480 §2.1.1), and an embedded public key BIT
// STRING is copied as the key encodes it (a derived one is uncompressed).
import DER
import PureX509

enum KeyKind: String {
    case certificate = "certificate"
    case publicKey = "public key"
    case rsaPublicKey = "RSA public key"
    case certificateRequest = "certificate request"
    case crl = "CRL"
    case ocspResponse = "OCSP response"
    case privateKey = "private key"
    case encryptedPrivateKey = "encrypted private key"
    case ecPrivateKey = "EC private key"
    case rsaPrivateKey = "RSA private key"

    /// RFC 7468 labels, plus OpenSSL's traditional `RSA`/`EC` key labels and
    /// the `NEW CERTIFICATE REQUEST` some tools still write.
    init?(pemLabel: String) {
        switch pemLabel {
        case "CERTIFICATE": self = .certificate
        case "PUBLIC KEY": self = .publicKey
        case "RSA PUBLIC KEY": self = .rsaPublicKey
        case "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST": self = .certificateRequest
        case "X509 CRL", "CRL": self = .crl
        case OCSPInput.pemLabel: self = .ocspResponse
        case "PRIVATE KEY": self = .privateKey
        case "ENCRYPTED PRIVATE KEY": self = .encryptedPrivateKey
        case "EC PRIVATE KEY": self = .ecPrivateKey
        case "RSA PRIVATE KEY": self = .rsaPrivateKey
        default: return nil
        }
    }

    /// The kind a DER body has by its outer shape (the tags of its first
    /// levels), or nil when it matches none. Only a hint for messages and
    /// for choosing the parser; the parser then checks the whole structure.
    init?(derShape der: [UInt8]) {
        let shape = try? DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> KeyKind? in
            let outer = try reader.read(.sequence)
            var body = try reader.nested(outer)
            var tags: [UInt8] = []
            var first: DERElement? = nil
            while !body.isAtEnd && tags.count < 9 {
                let element = try body.readElement()
                if first == nil { first = element }
                tags.append(element.tag.rawValue)
            }
            switch tags {
            case [0x30, 0x30, 0x03]:
                // Certificate, CRL and CSR are all SIGNED{…}; the TBS part tells them apart.
                guard let first else { return nil }
                var tbs = try body.nested(first)
                var inner: [UInt8] = []
                while !tbs.isAtEnd && inner.count < 4 { inner.append(try tbs.readElement().tag.rawValue) }
                if inner.count == 4 && inner[0] == 0x02 && inner[3] == 0xA0 { return .certificateRequest }
                if inner.dropFirst(2).contains(where: { $0 == 0x17 || $0 == 0x18 }) { return .crl }
                return .certificate
            // OCSPResponse: responseStatus ENUMERATED, then responseBytes [0] when successful.
            case [0x0A], [0x0A, 0xA0]: return .ocspResponse
            case [0x30, 0x03]: return .publicKey
            case [0x30, 0x04]: return .encryptedPrivateKey
            case [0x02, 0x02]: return .rsaPublicKey
            default:
                if tags.starts(with: [0x02, 0x30, 0x04]) { return .privateKey }
                if tags.starts(with: [0x02, 0x04]) { return .ecPrivateKey }
                if tags.count == 9 && tags.allSatisfy({ $0 == 0x02 }) { return .rsaPrivateKey }
                return nil
            }
        }
        guard let kind = shape else { return nil }
        self = kind
    }
}

/// Why a key-shaped input gives no pin.
enum KeyFailure: Error, CustomStringConvertible {
    case malformed(DERError)
    /// Well-formed but unacceptable: a private value out of range, or an
    /// embedded public key that is not the private key's (exit 1, as malformed).
    case refused(String)
    /// A CRL or an encrypted key: nothing to hash without a secret.
    case noPublicKey(String)
    case unsupported(String)

    var description: String {
        switch self {
        case .malformed(let error): return "malformed: \(error)"
        case .noPublicKey(let reason), .unsupported(let reason), .refused(let reason): return reason
        }
    }
}

enum KeyInput {
    /// rsaEncryption with NULL parameters, as `openssl pkey -pubout` writes it (RFC 3279 §2.3.1).
    static let rsaEncryption = tlv(0x30, tlv(0x06, OID.rsaEncryption.bytes) + [0x05, 0x00])
    /// rsaEncryption and id-RSASSA-PSS: PKCS#1 keys inside PKCS#8.
    static let rsaOIDs = [OID.rsaEncryption.bytes, OID.rsassaPSS.bytes]

    /// The DER SubjectPublicKeyInfo of a non-certificate `kind`.
    static func subjectPublicKeyInfo(_ kind: KeyKind, _ der: [UInt8]) throws(KeyFailure) -> [UInt8] {
        switch kind {
        case .privateKey: return try pkcs8SPKI(der)
        case .ecPrivateKey: return try sec1SPKI(der, algorithm: nil)
        case .crl: throw .noPublicKey("a CRL holds no public key to pin")
        case .ocspResponse: throw .noPublicKey("an OCSP response holds no public key to pin (inspect it for its responder certificates)")
        case .encryptedPrivateKey: throw .noPublicKey("an encrypted private key: decrypt it first (openssl pkey -in FILE -out PLAIN)")
        case .certificate: throw .unsupported("a certificate is pinned by its own parser")
        case .publicKey, .rsaPublicKey, .certificateRequest, .rsaPrivateKey:
            do throws(DERError) {
                switch kind {
                case .publicKey: return try checkedSPKI(der)
                case .rsaPublicKey: return try rsaSPKI(fromPublicKey: der)
                case .certificateRequest: return try requestSPKI(der)
                default: return try rsaSPKI(fromPrivateKey: der)
                }
            } catch {
                throw .malformed(error)
            }
        }
    }

    /// SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING } (RFC 5280 §4.1).
    static func checkedSPKI(_ der: [UInt8]) throws(DERError) -> [UInt8] {
        try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) in
            try reader.readNested(.sequence) { (spki: inout DERReader) throws(DERError) in
                try spki.readNested(.sequence) { (algorithm: inout DERReader) throws(DERError) in
                    _ = try algorithm.read(.objectIdentifier)
                    if !algorithm.isAtEnd { _ = try algorithm.readElement() }
                }
                _ = try spki.read(.bitString)
            }
        }
        return der
    }

    /// CertificationRequestInfo's subjectPKInfo, exactly as the CSR encodes it (RFC 2986 §4.1).
    static func requestSPKI(_ der: [UInt8]) throws(DERError) -> [UInt8] {
        let range = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> Range<Int> in
            try reader.readNested(.sequence) { (request: inout DERReader) throws(DERError) -> Range<Int> in
                let spki = try request.readNested(.sequence) { (info: inout DERReader) throws(DERError) -> Range<Int> in
                    _ = try info.read(.integer)
                    _ = try info.read(.sequence)
                    let spki = try info.read(.sequence)
                    _ = try info.read(.contextSpecificConstructed(0))
                    return spki.encoded
                }
                _ = try request.read(.sequence)
                _ = try request.read(.bitString)
                return spki
            }
        }
        return try checkedSPKI(Array(der[range]))
    }

    /// RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } (RFC 8017 A.1.1), wrapped in an SPKI.
    static func rsaSPKI(fromPublicKey der: [UInt8]) throws(DERError) -> [UInt8] {
        try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) in
            try reader.readNested(.sequence) { (key: inout DERReader) throws(DERError) in
                _ = try key.read(.integer)
                _ = try key.read(.integer)
            }
        }
        return tlv(0x30, rsaEncryption + tlv(0x03, [0x00] + der))
    }

    /// RSAPrivateKey ::= SEQUENCE { version, modulus, publicExponent, privateExponent, … } (RFC 8017 A.1.2):
    /// its RSAPublicKey, n and e copied as encoded; the private fields are only skipped.
    static func rsaPublicKey(fromPrivateKey der: [UInt8]) throws(DERError) -> [UInt8] {
        let (n, e) = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> (Range<Int>, Range<Int>) in
            try reader.readNested(.sequence) { (key: inout DERReader) throws(DERError) -> (Range<Int>, Range<Int>) in
                _ = try key.read(.integer)
                let n = try key.read(.integer), e = try key.read(.integer)
                // d, p, q, dP, dQ, qInv, then otherPrimeInfos for multi-prime keys.
                while !key.isAtEnd { _ = try key.readElement() }
                return (n.encoded, e.encoded)
            }
        }
        return tlv(0x30, Array(der[n]) + Array(der[e]))
    }

    static func rsaSPKI(fromPrivateKey der: [UInt8]) throws(DERError) -> [UInt8] {
        try rsaSPKI(fromPublicKey: rsaPublicKey(fromPrivateKey: der))
    }

    /// ECPrivateKey ::= SEQUENCE { version INTEGER (1), privateKey OCTET STRING,
    /// parameters [0] ECParameters OPTIONAL, publicKey [1] BIT STRING OPTIONAL } (RFC 5915 §3).
    /// `algorithm` is the PKCS#8 AlgorithmIdentifier, which names the curve when [0] is absent.
    static func sec1SPKI(_ der: [UInt8], algorithm: [UInt8]?) throws(KeyFailure) -> [UInt8] {
        struct Parts {
            var privateKey: Range<Int>
            var parameters: Range<Int>? = nil, curve: Range<Int>? = nil
            /// The [1] BIT STRING whole, and its content (unused-bits octet first).
            var publicKey: Range<Int>? = nil, publicKeyContent: Range<Int>? = nil
        }
        let parts: Parts
        let algorithmCurve: [UInt8]?
        do throws(DERError) {
            parts = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> Parts in
                try reader.readNested(.sequence) { (key: inout DERReader) throws(DERError) -> Parts in
                    _ = try key.read(.integer)
                    var parts = Parts(privateKey: try key.read(.octetString).value)
                    if let element = try key.readIfPresent(.contextSpecificConstructed(0)) {
                        var inner = try key.nested(element)
                        let parameters = try inner.readElement()
                        parts.parameters = parameters.encoded
                        if parameters.tag == .objectIdentifier { parts.curve = parameters.value }
                        try inner.expectEnd()
                    }
                    if let element = try key.readIfPresent(.contextSpecificConstructed(1)) {
                        var inner = try key.nested(element)
                        let bits = try inner.read(.bitString)
                        parts.publicKey = bits.encoded
                        parts.publicKeyContent = bits.value
                        try inner.expectEnd()
                    }
                    return parts
                }
            }
            algorithmCurve = try algorithm.flatMap { algorithm throws(DERError) in try namedCurve(algorithmIdentifier: algorithm) }
        } catch {
            throw .malformed(error)
        }
        let identifier: [UInt8]
        if let algorithm {
            identifier = algorithm
        } else if let parameters = parts.parameters {
            identifier = tlv(0x30, tlv(0x06, OID.ecPublicKey.bytes) + Array(der[parameters]))
        } else {
            throw .noPublicKey("the EC private key names no curve ([0] parameters absent)")
        }
        // The curve as [0] names it, else as the PKCS#8 AlgorithmIdentifier does.
        let curveOID = parts.curve.map { Array(der[$0]) } ?? algorithmCurve
        guard let curve = curveOID.flatMap(DerivedPublicKey.curve(namedBy:)) else {
            guard let publicKey = parts.publicKey else {
                throw .noPublicKey("the EC private key has no publicKey [1] field (RFC 5915 §3), and PureX509 computes one only on P-256, P-384 and P-521 — pin the public key instead")
            }
            return tlv(0x30, identifier + Array(der[publicKey]))
        }
        let derived = try DerivedPublicKey.ecPoint(curve: curve, privateKey: Array(der[parts.privateKey]))
        guard let publicKey = parts.publicKey, let content = parts.publicKeyContent else {
            return tlv(0x30, identifier + tlv(0x03, [0x00] + derived))
        }
        // A point is whole octets: the unused-bits octet must be 0.
        let bits = der[content]
        guard bits.first == 0x00, DerivedPublicKey.ecPoint(bits.dropFirst(), matches: derived) else {
            throw .refused(DerivedPublicKey.mismatch)
        }
        return tlv(0x30, identifier + Array(der[publicKey]))
    }

    /// The namedCurve OID of an id-ecPublicKey AlgorithmIdentifier
    /// (RFC 5480 §2.1.1), nil when its parameters are something else.
    static func namedCurve(algorithmIdentifier der: [UInt8]) throws(DERError) -> [UInt8]? {
        try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> [UInt8]? in
            try reader.readNested(.sequence) { (algorithm: inout DERReader) throws(DERError) -> [UInt8]? in
                _ = try algorithm.read(.objectIdentifier)
                guard let curve = try algorithm.readIfPresent(.objectIdentifier) else {
                    if !algorithm.isAtEnd { _ = try algorithm.readElement() }
                    return nil
                }
                return Array(der[curve.value])
            }
        }
    }

    /// OneAsymmetricKey ::= SEQUENCE { version, privateKeyAlgorithm, privateKey OCTET STRING,
    /// attributes [0] OPTIONAL, publicKey [1] BIT STRING OPTIONAL } (RFC 5958 §2; PKCS#8 is version 0).
    static func pkcs8SPKI(_ der: [UInt8]) throws(KeyFailure) -> [UInt8] {
        struct Parts { var algorithm: Range<Int>; var oid: Range<Int>; var key: Range<Int>; var publicKey: Range<Int>? }
        let parts: Parts
        do throws(DERError) {
            parts = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> Parts in
                try reader.readNested(.sequence) { (info: inout DERReader) throws(DERError) -> Parts in
                    _ = try info.read(.integer)
                    let algorithm = try info.read(.sequence)
                    var inner = try info.nested(algorithm)
                    let oid = try inner.read(.objectIdentifier).value
                    let key = try info.read(.octetString).value
                    _ = try info.readIfPresent(.contextSpecificConstructed(0))
                    let publicKey = try info.readIfPresent(.contextSpecific(1))?.value
                    return Parts(algorithm: algorithm.encoded, oid: oid, key: key, publicKey: publicKey)
                }
            }
        } catch {
            throw .malformed(error)
        }
        let algorithm = Array(der[parts.algorithm]), oid = Array(der[parts.oid]), key = Array(der[parts.key])
        if oid == OID.ecPublicKey.bytes {
            // OpenSSL keeps an EC key's public point in SEC1's [1]; RFC 5958's would be a second copy.
            let spki = try sec1SPKI(key, algorithm: algorithm)
            if let publicKey = parts.publicKey, tlv(0x30, algorithm + tlv(0x03, Array(der[publicKey]))) != spki {
                throw .refused(DerivedPublicKey.mismatch)
            }
            return spki
        }
        if oid == OID.ed25519.bytes {
            // RFC 8410 §7: the public key is 32 bytes, whole octets.
            let derived = [0x00] + (try DerivedPublicKey.ed25519(curvePrivateKey: key))
            if let publicKey = parts.publicKey, Array(der[publicKey]) != derived { throw .refused(DerivedPublicKey.mismatch) }
            return tlv(0x30, algorithm + tlv(0x03, derived))
        }
        // RFC 5958's publicKey is the SPKI's BIT STRING content, whatever the algorithm.
        if let publicKey = parts.publicKey { return tlv(0x30, algorithm + tlv(0x03, Array(der[publicKey]))) }
        if rsaOIDs.contains(oid) {
            do throws(DERError) {
                // The key's own identifier (RSASSA-PSS parameters included), as OpenSSL keeps it.
                return tlv(0x30, algorithm + tlv(0x03, [0x00] + (try rsaPublicKey(fromPrivateKey: key))))
            } catch {
                throw .malformed(error)
            }
        }
        throw .noPublicKey("the private key (algorithm OID \(dotted(oid))) carries no public key (RFC 5958 publicKey absent); PureX509 computes one only for EC P-256/384/521 and Ed25519 keys — pin the public key instead")
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

    static func dotted(_ oid: [UInt8]) -> String {
        guard let first = oid.first else { return "" }
        var arcs = [first < 80 ? Int(first / 40) : 2, first < 80 ? Int(first % 40) : Int(first) - 80]
        var value = 0
        for byte in oid.dropFirst() {
            value = (value << 7) | Int(byte & 0x7F)
            if byte & 0x80 == 0 { arcs.append(value); value = 0 }
        }
        return arcs.map(String.init).joined(separator: ".")
    }
}
