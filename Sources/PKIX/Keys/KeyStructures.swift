import DER

// The key structures, read in one place for every caller: PKCS12
// pairs a key with its certificate, the tool pins a key's public half. Each
// reader checks the syntax (strict DER, the RFC's fields in order) and
// nothing more; what a caller accepts of a well-formed key (a scalar's
// length, a multi-prime RSA key, a curve it can compute on) is the caller's
// policy, because a .p12 holder and a backup pin ask different things.
// Every view keeps the one encoding it was read from and hands out slices
// of it, whose indices are offsets into that encoding, so a structure read
// inside another (SEC 1 inside PKCS #8) points into the same bytes.

/// A BIT STRING's content: the bits, whole octets, and how many of the last octet's bits are unused.
package struct KeyBits: Sendable, Equatable {
    /// The octets after the unused-bits count.
    package let bytes: ArraySlice<UInt8>
    /// The unused-bits count, 0 for every key encoding this project reads.
    package let unusedBits: UInt8

    /// The BIT STRING's content octets as encoded: the count, then the octets.
    package var content: [UInt8] { [unusedBits] + Array(bytes) }

    init(_ bits: DERBitString, in der: [UInt8]) {
        bytes = der[bits.bytes]
        unusedBits = bits.unusedBits
    }
}

/// PKCS #8 PrivateKeyInfo (RFC 5208) and OneAsymmetricKey (RFC 5958 §2):
/// `SEQUENCE { version, privateKeyAlgorithm, privateKey OCTET STRING,
/// attributes [0] OPTIONAL, publicKey [1] BIT STRING OPTIONAL }`.
package struct PrivateKeyInfo: Sendable {
    /// The whole encoding, exactly as read (secret).
    package let encoded: [UInt8]
    /// 0 (v1, PKCS #8) or 1 (v2, which may carry the public key).
    package let version: Int
    /// privateKeyAlgorithm: names the key's type and, for EC keys, its curve.
    package let algorithm: AlgorithmIdentifier
    /// The privateKey OCTET STRING's content: the algorithm's own structure (secret).
    package let privateKey: ArraySlice<UInt8>
    /// The v2 publicKey, when present.
    package let publicKey: KeyBits?

    private typealias Parts = (version: Int, algorithm: AlgorithmIdentifier.Location, privateKey: Range<Int>, publicKey: DERBitString?)

    /// Reads a PrivateKeyInfo / OneAsymmetricKey; trailing bytes are refused.
    package init(derEncoded der: [UInt8]) throws(DERError) {
        let parts = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> Parts in
            try reader.readNested(.sequence) { (r: inout DERReader) throws(DERError) -> Parts in
                // RFC 5958 §2: version v1 (0) or v2 (1); only v2 carries the public key.
                let version = try r.readSmallInteger(maximum: 1)
                let algorithm = try r.readAlgorithmIdentifier()
                let privateKey = try r.readOctetString()
                _ = try r.readIfPresent(.contextSpecificConstructed(0))
                var publicKey: DERBitString? = nil
                if version == 1, r.peekTag() == .contextSpecific(1) {
                    publicKey = try r.readBitString(tag: .contextSpecific(1))
                }
                return (version, algorithm, privateKey, publicKey)
            }
        }
        encoded = der
        version = parts.version
        algorithm = parts.algorithm.view(in: der)
        privateKey = der[parts.privateKey]
        publicKey = parts.publicKey.map { KeyBits($0, in: der) }
    }

    /// The algorithm's entry in the key table, nil for an algorithm it does not list.
    package var keyAlgorithm: KeyAlgorithm? { KeyAlgorithm(identifier: algorithm) }

    /// The namedCurve OID's content octets when the algorithm's parameters
    /// are one (RFC 5480 §2.1.1), nil for absent or other parameters.
    package var namedCurve: [UInt8]? { algorithm.parameters.flatMap(KeyAlgorithm.namedCurve(parameters:)) }

    /// The SEC 1 ECPrivateKey inside an id-ecPublicKey key.
    package func ecPrivateKey() throws(DERError) -> ECPrivateKey {
        try ECPrivateKey(encoded, range: privateKey.indices)
    }

    /// The RSAPrivateKey inside an rsaEncryption or id-RSASSA-PSS key.
    package func rsaPrivateKey() throws(DERError) -> RSAPrivateKey {
        try RSAPrivateKey(encoded, range: privateKey.indices)
    }

    /// RFC 8410 §7: CurvePrivateKey ::= OCTET STRING, the seed of an Ed25519 or Ed448 key (secret).
    package func curvePrivateKey() throws(DERError) -> ArraySlice<UInt8> {
        let seed = try DERReader.withReader(over: encoded, range: privateKey.indices) { (r: inout DERReader) throws(DERError) -> Range<Int> in
            let seed = try r.readOctetString()
            try r.expectEnd()
            return seed
        }
        return encoded[seed]
    }
}

/// SEC 1 ECPrivateKey (RFC 5915 §3): `SEQUENCE { version 1, privateKey OCTET
/// STRING, parameters [0] ECParameters OPTIONAL, publicKey [1] BIT STRING OPTIONAL }`.
package struct ECPrivateKey: Sendable {
    /// The private scalar's octets, big-endian (secret).
    package let privateKey: ArraySlice<UInt8>
    /// The [0] ECParameters TLV, when present.
    package let parameters: ArraySlice<UInt8>?
    /// The namedCurve OID's content octets when `parameters` is one.
    package let namedCurve: ArraySlice<UInt8>?
    /// The [1] public point, when present.
    package let publicKey: KeyBits?

    /// Reads an ECPrivateKey on its own (PEM `EC PRIVATE KEY`); trailing bytes are refused.
    package init(derEncoded der: [UInt8]) throws(DERError) {
        try self.init(der, range: der.indices)
    }

    private typealias Parts = (privateKey: Range<Int>, parameters: DERElement?, publicKey: DERBitString?)

    init(_ der: [UInt8], range: Range<Int>) throws(DERError) {
        let parts = try DERReader.withReader(over: der, range: range) { (reader: inout DERReader) throws(DERError) -> Parts in
            let parts = try reader.readNested(.sequence) { (r: inout DERReader) throws(DERError) -> Parts in
                // RFC 5915 §3: ecPrivkeyVer1 is the only version.
                guard try r.readSmallInteger(maximum: 1) == 1 else { throw DERError(.integerOutOfRange, at: r.position) }
                let privateKey = try r.readOctetString()
                var parameters: DERElement? = nil
                if r.peekTag() == .contextSpecificConstructed(0) {
                    parameters = try r.readNested(.contextSpecificConstructed(0)) { (c: inout DERReader) throws(DERError) in try c.readElement() }
                }
                var publicKey: DERBitString? = nil
                if r.peekTag() == .contextSpecificConstructed(1) {
                    publicKey = try r.readNested(.contextSpecificConstructed(1)) { (c: inout DERReader) throws(DERError) in try c.readBitString() }
                }
                return (privateKey, parameters, publicKey)
            }
            try reader.expectEnd()
            return parts
        }
        privateKey = der[parts.privateKey]
        parameters = parts.parameters.map { der[$0.encoded] }
        if let element = parts.parameters, element.tag == .objectIdentifier {
            // The OID's own rules (X.690 §8.19) are checked as a certificate's are.
            let oid = try DERReader.withReader(over: der, range: element.encoded) { (r: inout DERReader) throws(DERError) in try r.readOID() }
            namedCurve = der[oid]
        } else {
            namedCurve = nil
        }
        publicKey = parts.publicKey.map { KeyBits($0, in: der) }
    }
}

// PKCS #1's two key structures (RFC 8017 Appendix A.1), read in one place:
// PKCS12 checks a private key against its certificate, the tool pins the
// public half of either. INTEGERs are kept as their content octets (a
// leading 0x00 included when the encoding has one), slices of the one
// encoding read.

/// RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } (RFC 8017 §A.1.1).
package struct RSAPublicKeyStructure: Sendable {
    /// The whole encoding, as read.
    package let encoded: [UInt8]
    /// n's INTEGER content octets.
    package let modulus: ArraySlice<UInt8>
    /// e's INTEGER content octets.
    package let publicExponent: ArraySlice<UInt8>

    /// Reads an RSAPublicKey (PEM `RSA PUBLIC KEY`); trailing bytes are refused.
    package init(derEncoded der: [UInt8]) throws(DERError) {
        let (n, e) = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> (Range<Int>, Range<Int>) in
            try reader.readNested(.sequence) { (key: inout DERReader) throws(DERError) in
                (try key.readInteger(), try key.readInteger())
            }
        }
        encoded = der
        modulus = der[n]
        publicExponent = der[e]
    }
}

/// RSAPrivateKey ::= SEQUENCE { version, modulus, publicExponent,
/// privateExponent, prime1, prime2, exponent1, exponent2, coefficient,
/// otherPrimeInfos OPTIONAL } (RFC 8017 §A.1.2).
package struct RSAPrivateKey: Sendable {
    /// 0 for two primes; 1 for a multi-prime key, which carries otherPrimeInfos.
    package let version: Int
    /// The eight INTEGERs' content octets, in the order of the syntax:
    /// n, e, d, p, q, dP, dQ, qInv. All but n and e are secret.
    package let integers: [ArraySlice<UInt8>]

    /// n's INTEGER content octets.
    package var modulus: ArraySlice<UInt8> { integers[0] }
    /// e's INTEGER content octets.
    package var publicExponent: ArraySlice<UInt8> { integers[1] }

    /// Reads an RSAPrivateKey on its own (PEM `RSA PRIVATE KEY`); trailing bytes are refused.
    package init(derEncoded der: [UInt8]) throws(DERError) {
        try self.init(der, range: der.indices)
    }

    init(_ der: [UInt8], range: Range<Int>) throws(DERError) {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        version = try DERReader.withReader(over: der, range: range) { (reader: inout DERReader) throws(DERError) -> Int in
            let version = try reader.readNested(.sequence) { (r: inout DERReader) throws(DERError) -> Int in
                let version = try r.readSmallInteger(maximum: 1)
                for _ in 0..<8 { ranges.append(try r.readInteger()) }
                // Version 1 (multi-prime) must carry otherPrimeInfos; version 0 has nothing more.
                if version == 1 { _ = try r.readElement() }
                return version
            }
            try reader.expectEnd()
            return version
        }
        integers = ranges.map { der[$0] }
    }

}

// The private structures hold secret bytes: what they print, a debugger
// shows and `dump` walks names the structure only, as PKCS12's `PrivateKey` does.
extension PrivateKeyInfo: CustomStringConvertible, CustomDebugStringConvertible {
    /// `PrivateKeyInfo`, never the key's bytes.
    package var description: String { "PrivateKeyInfo" }
    /// Same as `description`.
    package var debugDescription: String { description }
}

extension ECPrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// `ECPrivateKey`, never the scalar.
    package var description: String { "ECPrivateKey" }
    /// Same as `description`.
    package var debugDescription: String { description }
}

extension RSAPrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// `RSAPrivateKey`, never its integers.
    package var description: String { "RSAPrivateKey" }
    /// Same as `description`.
    package var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension PrivateKeyInfo: CustomReflectable {
    /// No children, so `dump` and debuggers never show the secret.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension ECPrivateKey: CustomReflectable {
    /// No children, so `dump` and debuggers never show the secret.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension RSAPrivateKey: CustomReflectable {
    /// No children, so `dump` and debuggers never show the secret.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}
#endif
