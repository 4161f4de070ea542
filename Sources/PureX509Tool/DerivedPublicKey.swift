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
import PureX509

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
