import BigNum
import DER

/// An RSA public key within this library's bounds, with its Montgomery
/// context set up once so every verification reuses it.
///
/// Bounds (RFC 8017 §3.1 allows more; these are what verification of
/// certificates needs): modulus odd, 1024–16384 bits; public exponent odd,
/// 3 ≤ e < 2^33. A policy minimum such as 2048 bits is the Trust layer's.
public struct RSAPublicKey: Sendable {
    /// Smallest modulus accepted, in bits; a stricter policy minimum is the Trust layer's.
    @usableFromInline package static let minimumModulusBits = 1024
    /// Largest modulus accepted, in bits, which bounds the work one verification can cost.
    @usableFromInline package static let maximumModulusBits = 16384

    /// n: odd, 1024–16384 bits.
    public let modulus: BigUInt
    /// e: odd, 3 ≤ e < 2^33.
    public let exponent: BigUInt
    let context: MontgomeryContext

    /// The length of n in bits.
    @usableFromInline package var modulusBits: Int { modulus.bitWidth }
    /// k in RFC 8017: the modulus length in octets.
    @usableFromInline package var modulusLength: Int { (modulus.bitWidth + 7) / 8 }

    /// Checks the bounds above and sets up the Montgomery context; throws `modulusOutOfBounds` or `exponentOutOfBounds`.
#if hasAttribute(export)
    @export(interface)
#endif
    public init(modulus: BigUInt, exponent: BigUInt) throws(RSAError) {
        let bits = modulus.bitWidth
        try Self.checkBounds(modulusBits: bits, modulusIsOdd: modulus.bit(0),
                             exponentBits: exponent.bitWidth, exponentIsOdd: exponent.bit(0))
        self.modulus = modulus
        self.exponent = exponent
        do {
            context = try MontgomeryContext(modulus: modulus)
        } catch {
            throw .modulusOutOfBounds(bits: bits)
        }
    }

    /// From the two INTEGERs' content octets (as `PKIX.PublicKey.Kind.rsa` gives them).
    /// Inlinable so that it is specialised for the caller's collection type.
    @inlinable
    public init<C: Collection>(modulusOctets: C, exponentOctets: C) throws(RSAError) where C.Element == UInt8 {
        // A set top bit would make the INTEGER negative.
        guard let first = modulusOctets.first, first & 0x80 == 0 else { throw .modulusOutOfBounds(bits: 0) }
        guard let top = exponentOctets.first, top & 0x80 == 0 else { throw .exponentOutOfBounds }
        try self.init(modulus: BigUInt(bigEndian: modulusOctets), exponent: BigUInt(bigEndian: exponentOctets))
    }

    /// From a PKCS#1 RSAPublicKey: `SEQUENCE { modulus INTEGER, publicExponent INTEGER }`.
#if hasAttribute(export)
    @export(interface)
#endif
    public init(pkcs1 der: [UInt8]) throws(RSAError) {
        let (modulus, exponent) = try Self.readPKCS1(der, range: 0..<der.count)
        try self.init(modulusOctets: der[modulus], exponentOctets: der[exponent])
    }

    static func readPKCS1(_ der: [UInt8], range: Range<Int>) throws(RSAError) -> (Range<Int>, Range<Int>) {
        do throws(DERError) {
            return try DERReader.withReader(over: der, range: range) { (reader: inout DERReader) throws(DERError) in
                let integers = try reader.readNested(.sequence) { (key: inout DERReader) throws(DERError) in
                    (try key.readInteger(), try key.readInteger())
                }
                try reader.expectEnd()
                return integers
            }
        } catch {
            throw .malformedKey(error)
        }
    }

    /// RSAVP1 (RFC 8017 §5.2.2) with the length and range checks of §8.2.2
    /// step 1: s^e mod n for a k-octet signature below n.
    func recover(_ signature: [UInt8]) throws(RSAError) -> BigUInt {
        guard signature.count == modulusLength else {
            throw .signatureLengthMismatch(expected: modulusLength, actual: signature.count)
        }
        do {
            return try context.power(bigEndian: signature, exponent)
        } catch {
            throw .signatureOutOfRange
        }
    }
}
