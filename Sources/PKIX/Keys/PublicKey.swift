import DER

/// The key of a SubjectPublicKeyInfo, decoded, with the bytes of the
/// object that holds it.
///
/// RSA keys are decoded to their modulus and exponent; EC keys are
/// recognised by named curve and kept as bytes; other algorithms stay opaque
/// (the certificate still parses, and a verifier reports them unsupported).
/// The value keeps one reference to its encoding and the offsets of its
/// parts, so that a certificate's parse stores it without a copy.
public struct PublicKey: Sendable, Equatable {
    /// The key's type, from the algorithm OID, with an RSA key's components.
    public enum Kind: Sendable, Equatable {
        /// RFC 3279 §2.3.1: INTEGER content octets (leading 0x00 included when present).
        case rsa(modulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>)
        /// RFC 4055 §1.2: an RSA key for RSASSA-PSS only; `parameters` is
        /// the RSASSA-PSS-params TLV that restricts its signatures, when present.
        case rsaPSS(modulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>, parameters: ArraySlice<UInt8>?)
        /// RFC 5480: the curve from namedCurve parameters, point bytes in `key`.
        case ec(NamedCurve)
        /// RFC 8410 Ed25519; `key` holds the public key octets.
        case ed25519
        /// RFC 8410 Ed448: recognised for display; verifiers report it unsupported.
        case ed448
        /// Any other algorithm: the OID and key bits are all the parser knows.
        case unknown
    }

    /// The curve of an EC key, from its namedCurve parameters (RFC 5480 §2.1.1).
    public enum NamedCurve: Sendable, Equatable {
        /// NIST P-256, P-384 and P-521 (secp256r1, secp384r1, secp521r1).
        case p256, p384, p521
        /// Another named curve (`oid` holds its OID content octets), or
        /// explicit/implicit parameters (`oid` nil), which RFC 5480 §2.1.1 forbids.
        case other(oid: ArraySlice<UInt8>?)
    }

    /// Where the parts lie in `der`: what a parse computes and stores.
    struct Layout: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case rsa(modulus: Range<Int>, exponent: Range<Int>)
            case rsaPSS(modulus: Range<Int>, exponent: Range<Int>, parameters: Range<Int>?)
            case ec(Curve)
            case ed25519, ed448, unknown
        }
        enum Curve: Sendable, Equatable { case p256, p384, p521, other(oid: Range<Int>?) }

        let encoded: Range<Int>
        let algorithm: AlgorithmIdentifier.Location
        let key: Range<Int>
        let kind: Kind
    }

    let der: [UInt8]
    let layout: Layout

    /// The SubjectPublicKeyInfo TLV, as encoded: what SPKI pins hash.
    public var subjectPublicKeyInfo: ArraySlice<UInt8> { der[layout.encoded] }
    /// The SubjectPublicKeyInfo's AlgorithmIdentifier; for EC keys its parameters name the curve.
    public var algorithm: AlgorithmIdentifier { layout.algorithm.view(in: der) }
    /// The subjectPublicKey BIT STRING content octets.
    public var key: ArraySlice<UInt8> { der[layout.key] }
    /// The key as the parser recognised it.
    public var kind: Kind {
        switch layout.kind {
        case .rsa(let modulus, let exponent): return .rsa(modulus: der[modulus], exponent: der[exponent])
        case .rsaPSS(let modulus, let exponent, let parameters):
            return .rsaPSS(modulus: der[modulus], exponent: der[exponent], parameters: parameters.map { der[$0] })
        case .ec(let curve):
            switch curve {
            case .p256: return .ec(.p256)
            case .p384: return .ec(.p384)
            case .p521: return .ec(.p521)
            case .other(let oid): return .ec(.other(oid: oid.map { der[$0] }))
            }
        case .ed25519: return .ed25519
        case .ed448: return .ed448
        case .unknown: return .unknown
        }
    }
    /// The key's type and curve without its parts: what a key policy
    /// decides by, read without building a view of any byte.
    package enum KeyType: Sendable, Equatable {
        /// rsaEncryption, id-RSASSA-PSS; ECDSA on P-256, P-384, P-521 or
        /// another (or no) named curve; Ed25519, Ed448; any other algorithm.
        case rsa, rsaPSS, ecP256, ecP384, ecP521, ecOtherCurve, ed25519, ed448, unknown
    }

    /// The key's type and curve, as `kind` says them, without its parts.
    package var keyType: KeyType {
        switch layout.kind {
        case .rsa: return .rsa
        case .rsaPSS: return .rsaPSS
        case .ec(.p256): return .ecP256
        case .ec(.p384): return .ecP384
        case .ec(.p521): return .ecP521
        case .ec(.other): return .ecOtherCurve
        case .ed25519: return .ed25519
        case .ed448: return .ed448
        case .unknown: return .unknown
        }
    }

    /// The key size: the RSA modulus bit length, the curve's field size, or
    /// for unknown algorithms the key BIT STRING's length in bits.
    public let sizeInBits: Int

    /// Two keys are equal when their SubjectPublicKeyInfo encodings are.
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.subjectPublicKeyInfo == rhs.subjectPublicKeyInfo
    }

    /// Reads a SubjectPublicKeyInfo (RFC 5280 §4.1.2.7).
    static func read(_ reader: inout DERReader) throws(DERError) -> (layout: Layout, sizeInBits: Int) {
        let element = try reader.read(.sequence)
        var inner = try reader.nested(element)
        let algorithm = try inner.readAlgorithmIdentifier()
        let bits = try inner.readBitString()
        try inner.expectEnd()
        let bitLength = bits.bytes.count * 8 - Int(bits.unusedBits)
        let oid = algorithm.algorithm
        var kind = Layout.Kind.unknown
        var size = bitLength
        let isPSS = inner.bytes(oid, equal: OID.rsassaPSS.bytes)
        if inner.bytes(oid, equal: OID.rsaEncryption.bytes) || isPSS {
            guard bits.unusedBits == 0 else { throw DERError(.invalidPublicKey, at: element.start) }
            var keyReader = reader.reader(over: bits.bytes, depth: inner.depth)
            let modulus: Range<Int>, exponent: Range<Int>
            do throws(DERError) {
                (modulus, exponent) = try keyReader.readNested(.sequence) { (r: inout DERReader) throws(DERError) in
                    (try r.readInteger(), try r.readInteger())
                }
                try keyReader.expectEnd()
            } catch {
                // The SPKI's own offset says more to a reader than one inside the key bits.
                throw DERError(.invalidPublicKey, at: element.start)
            }
            kind = isPSS ? .rsaPSS(modulus: modulus, exponent: exponent, parameters: algorithm.parameters)
                : .rsa(modulus: modulus, exponent: exponent)
            size = Self.bitLength(of: modulus, in: reader)
        } else if inner.bytes(oid, equal: OID.ecPublicKey.bytes) {
            // SEC 1 §2.3.3 points are whole octets.
            guard bits.unusedBits == 0 else { throw DERError(.invalidPublicKey, at: element.start) }
            var curve = Layout.Curve.other(oid: nil)
            if let parameters = algorithm.parameters, reader[parameters.lowerBound] == DERTag.objectIdentifier.rawValue {
                var paramReader = reader.reader(over: parameters, depth: inner.depth)
                let curveOID = try paramReader.readOID()
                curve = .other(oid: curveOID)
                if paramReader.bytes(curveOID, equal: OID.secp256r1.bytes) { curve = .p256; size = 256 }
                else if paramReader.bytes(curveOID, equal: OID.secp384r1.bytes) { curve = .p384; size = 384 }
                else if paramReader.bytes(curveOID, equal: OID.secp521r1.bytes) { curve = .p521; size = 521 }
            }
            kind = .ec(curve)
        } else if inner.bytes(oid, equal: OID.ed25519.bytes) {
            guard bits.unusedBits == 0 else { throw DERError(.invalidPublicKey, at: element.start) }
            kind = .ed25519
            size = 256
        } else if inner.bytes(oid, equal: OID.ed448.bytes) {
            kind = .ed448
            size = 456
        }
        return (Layout(encoded: element.encoded, algorithm: algorithm, key: bits.bytes, kind: kind), size)
    }

    /// Significant bits of a non-negative INTEGER's content octets.
    static func bitLength(of range: Range<Int>, in reader: DERReader) -> Int {
        var offset = range.lowerBound
        while offset < range.upperBound && reader[offset] == 0 { offset += 1 }
        guard offset < range.upperBound else { return 0 }
        return (range.upperBound - offset) * 8 - reader[offset].leadingZeroBitCount
    }
}

extension PublicKey {
    /// A key from a SubjectPublicKeyInfo on its own (a pin file, a signed-data test case).
    public init(subjectPublicKeyInfo der: [UInt8]) throws(DERError) {
        let (layout, size) = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) in try Self.read(&reader) }
        self.init(der: der, layout: layout, sizeInBits: size)
    }
}

/// A SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): its encoded bytes, which SPKI
/// pins hash, and the key decoded from them.
public struct SubjectPublicKeyInfo: Sendable, Equatable {
    /// The SubjectPublicKeyInfo TLV, as encoded.
    package var encoded: ArraySlice<UInt8> { publicKey.subjectPublicKeyInfo }
    /// The key decoded from `encoded`.
    public let publicKey: PublicKey

    /// The SubjectPublicKeyInfo of `publicKey`.
    public init(_ publicKey: PublicKey) { self.publicKey = publicKey }

    /// Parses a SubjectPublicKeyInfo on its own.
    public init(derEncoded der: [UInt8]) throws(DERError) { publicKey = try PublicKey(subjectPublicKeyInfo: der) }
}

extension PublicKey {
    /// The subjectPKInfo of a PKCS #10 CertificationRequest (RFC 2986 §4.1),
    /// read as a certificate's key is; the request's signature is not checked.
    public init(certificationRequest der: [UInt8]) throws(DERError) {
        let (layout, size) = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> (layout: Layout, sizeInBits: Int) in
            try reader.readNested(.sequence) { (request: inout DERReader) throws(DERError) -> (layout: Layout, sizeInBits: Int) in
                let key = try request.readNested(.sequence) { (info: inout DERReader) throws(DERError) -> (layout: Layout, sizeInBits: Int) in
                    _ = try info.read(.integer)
                    _ = try info.read(.sequence)
                    let key = try Self.read(&info)
                    _ = try info.read(.contextSpecificConstructed(0))
                    return key
                }
                _ = try request.read(.sequence)
                _ = try request.read(.bitString)
                return key
            }
        }
        self.init(der: der, layout: layout, sizeInBits: size)
    }
}
