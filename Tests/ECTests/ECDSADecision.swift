import EC
import SHA2

/// What a public key and a signature come to under each configuration's
/// ECDSA path: nil when the signature verifies, else the error, whether the
/// key or the signature was refused. The size-first path
/// (CompactECDSA.swift) must come to the same as the default one on every
/// vector, error for error.
enum ECDSADecision {
    static func standard(_ curve: ECDSACurve, point: [UInt8], signature: [UInt8], message: [UInt8], hash: HashAlgorithm) -> ECError? {
        do throws(ECError) {
            try ECDSAPublicKey(curve: curve, uncompressedPoint: point[...]).verify(signature: signature[...], message: message[...], hash: hash)
            return nil
        } catch {
            return error
        }
    }

    static func sizeFirst(_ curve: ECDSACurve, point: [UInt8], signature: [UInt8], message: [UInt8], hash: HashAlgorithm) -> ECError? {
        do throws(ECError) {
            let digest = message.withUnsafeBytes { hash.hash($0) }
            try CompactECDSAPublicKey(curve: curve, uncompressedPoint: point[...]).verify(signature: signature[...], digest: digest)
            return nil
        } catch {
            return error
        }
    }
}
