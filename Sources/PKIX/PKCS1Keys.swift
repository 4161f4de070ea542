import DER

// PKCS #1's two key structures (RFC 8017 Appendix A.1), read in one place:
// PKCS12 checks a private key against its certificate, the tool pins the
// public half of either. INTEGERs are kept as their content octets (a
// leading 0x00 included when the encoding has one), slices of the one
// encoding read.

/// RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } (RFC 8017 §A.1.1).
public struct RSAPublicKeyStructure: Sendable {
    /// The whole encoding, as read.
    public let encoded: [UInt8]
    /// n's INTEGER content octets.
    public let modulus: ArraySlice<UInt8>
    /// e's INTEGER content octets.
    public let publicExponent: ArraySlice<UInt8>

    /// Reads an RSAPublicKey (PEM `RSA PUBLIC KEY`); trailing bytes are refused.
    public init(derEncoded der: [UInt8]) throws(DERError) {
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
public struct RSAPrivateKey: Sendable {
    /// 0 for two primes; 1 for a multi-prime key, which carries otherPrimeInfos.
    public let version: Int
    /// The eight INTEGERs' content octets, in the order of the syntax:
    /// n, e, d, p, q, dP, dQ, qInv. All but n and e are secret.
    public let integers: [ArraySlice<UInt8>]

    /// n's INTEGER content octets.
    public var modulus: ArraySlice<UInt8> { integers[0] }
    /// e's INTEGER content octets.
    public var publicExponent: ArraySlice<UInt8> { integers[1] }

    /// Reads an RSAPrivateKey on its own (PEM `RSA PRIVATE KEY`); trailing bytes are refused.
    public init(derEncoded der: [UInt8]) throws(DERError) {
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
