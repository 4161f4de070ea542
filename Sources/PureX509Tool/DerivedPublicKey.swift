// DerivedPublicKey: the public key of a private key that `pin` reads, computed
// from the private key itself with the EC module's constant-time derivation
// (`ECDSACurve.publicKey(privateScalar:)`, `Ed25519PublicKey(privateSeed:)`),
// and checked against the copy the key may carry.
//
// A private key whose embedded public key is not its own is refused (exit 1)
// rather than pinned: the pin would name a key nobody holds the private half
// of, or the embedded copy was damaged, and either way the backup pin that
// `pin` exists to make would lock the holder out.
import DER
import PureX509

enum DerivedPublicKey {
    /// The curve an ECParameters namedCurve OID names (RFC 5480 §2.1.1.1), when
    /// the EC module can derive on it.
    static func curve(namedBy oid: [UInt8]) -> ECDSACurve? {
        switch oid {
        case OID.secp256r1.bytes: return .p256
        case OID.secp384r1.bytes: return .p384
        case OID.secp521r1.bytes: return .p521
        default: return nil
        }
    }

    /// 04 ‖ X ‖ Y of the SEC1 privateKey octets `d` (RFC 5915 §3: big-endian,
    /// the order's length; shorter encodings are accepted as OpenSSL does).
    static func ecPoint(curve: ECDSACurve, privateKey d: [UInt8]) throws(KeyFailure) -> [UInt8] {
        do throws(ECError) {
            return try curve.publicKey(privateScalar: d[...])
        } catch {
            throw .refused("the \(curve) private key is invalid: \(error)")
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

    /// The Ed25519 public key of an RFC 8410 §7 CurvePrivateKey (OCTET STRING of the 32-byte seed).
    static func ed25519(curvePrivateKey der: [UInt8]) throws(KeyFailure) -> [UInt8] {
        let seed: Range<Int>
        do throws(DERError) {
            seed = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) -> Range<Int> in
                try reader.read(.octetString).value
            }
        } catch {
            throw .malformed(error)
        }
        do throws(ECError) {
            return try Ed25519PublicKey(privateSeed: der[seed]).rawRepresentation
        } catch {
            throw .refused("the Ed25519 private key is invalid: \(error) (RFC 8410 §7: a 32-byte seed)")
        }
    }

    static let mismatch = "the public key inside the private key does not match the one computed from the private key; refusing to pin (the key is damaged or was assembled from two keys)"
}
