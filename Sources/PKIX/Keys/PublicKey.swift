import DER

/// The key of a SubjectPublicKeyInfo, decoded, with the bytes of the
/// object that holds it.
///
/// The key's type is the key table's (`type`, a `KeyType`); RSA keys are
/// decoded to their modulus and exponent; EC keys are recognised by named
/// curve and kept as bytes; other algorithms stay opaque (the certificate
/// still parses, and a verifier reports them unsupported). The value keeps
/// one reference to its encoding and the offsets of its parts, so that a
/// certificate's parse stores it without a copy.
public struct PublicKey: Sendable, Equatable {
    /// Where the parts lie in `der`: what a parse computes and stores.
    struct Layout: Sendable, Equatable {
        let encoded: Range<Int>
        let algorithm: AlgorithmIdentifier.Location
        let key: Range<Int>
        /// The key table's type; nil for an algorithm it does not list, or an
        /// id-ecPublicKey on another curve.
        let type: KeyType?
        /// An RSA key's INTEGERs (rsaEncryption and id-RSASSA-PSS).
        let rsa: RSAIntegers?
    }

    /// Where an RSA key's modulus and exponent lie in `der`.
    struct RSAIntegers: Sendable, Equatable {
        let modulus: Range<Int>
        let exponent: Range<Int>
    }

    let der: [UInt8]
    let layout: Layout

    /// The SubjectPublicKeyInfo TLV, as encoded: what SPKI pins hash.
    public var subjectPublicKeyInfo: ArraySlice<UInt8> { der[layout.encoded] }
    /// The SubjectPublicKeyInfo's AlgorithmIdentifier; for EC keys its parameters name the curve.
    public var algorithm: AlgorithmIdentifier { layout.algorithm.view(in: der) }
    /// The subjectPublicKey BIT STRING content octets.
    public var key: ArraySlice<UInt8> { der[layout.key] }
    /// The key's type in the key table (`KeyAlgorithm`): RSA, RSASSA-PSS,
    /// ECDSA on a curve the EC module implements, Ed25519 or Ed448; nil for
    /// any other algorithm, and for an id-ecPublicKey on another curve or
    /// with explicit parameters (`namedCurve` says which). Read without
    /// building a view of any byte: what a key policy decides by.
    public var type: KeyType? { layout.type }
    /// An RSA key's modulus and exponent (rsaEncryption and id-RSASSA-PSS,
    /// RFC 3279 §2.3.1): INTEGER content octets, a leading 0x00 included
    /// when present; nil for other keys. An id-RSASSA-PSS key's
    /// RSASSA-PSS-params (RFC 4055 §1.2), when present, are `algorithm.parameters`.
    package var rsaComponents: (modulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>)? {
        layout.rsa.map { (der[$0.modulus], der[$0.exponent]) }
    }
    /// Whether the algorithm is id-ecPublicKey (RFC 5480), on any curve or parameters.
    package var isECPublicKey: Bool { algorithm.algorithm.elementsEqual(OID.ecPublicKey.bytes) }
    /// An id-ecPublicKey's namedCurve OID content octets (RFC 5480 §2.1.1),
    /// whether the key table lists the curve or not; nil for other keys and
    /// for explicit or implicit parameters, which §2.1.1 forbids.
    package var namedCurve: [UInt8]? {
        guard isECPublicKey, let parameters = algorithm.parameters else { return nil }
        return KeyAlgorithm.namedCurve(parameters: parameters)
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
        var type: KeyType? = nil
        var rsa: RSAIntegers? = nil
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
            type = isPSS ? .rsaPSS : .rsa
            rsa = RSAIntegers(modulus: modulus, exponent: exponent)
            size = Self.bitLength(of: modulus, in: reader)
        } else if inner.bytes(oid, equal: OID.ecPublicKey.bytes) {
            // SEC 1 §2.3.3 points are whole octets.
            guard bits.unusedBits == 0 else { throw DERError(.invalidPublicKey, at: element.start) }
            if let parameters = algorithm.parameters, reader[parameters.lowerBound] == DERTag.objectIdentifier.rawValue {
                var paramReader = reader.reader(over: parameters, depth: inner.depth)
                let curveOID = try paramReader.readOID()
                type = KeyType.ecdsa(namedCurve: curveOID, in: paramReader)
            }
        } else if inner.bytes(oid, equal: OID.ed25519.bytes) {
            guard bits.unusedBits == 0 else { throw DERError(.invalidPublicKey, at: element.start) }
            type = .ed25519
        } else if inner.bytes(oid, equal: OID.ed448.bytes) {
            type = .ed448
        }
        // A type the table lists fixes the size, except RSA's (the modulus above).
        if let fixed = type?.fixedSizeInBits { size = fixed }
        return (Layout(encoded: element.encoded, algorithm: algorithm, key: bits.bytes, type: type, rsa: rsa), size)
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
    package init(_ publicKey: PublicKey) { self.publicKey = publicKey }

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
