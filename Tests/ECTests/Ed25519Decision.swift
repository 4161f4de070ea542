import EC

/// What a public key and a signature come to under each configuration's
/// Ed25519 path: nil when the signature verifies, else the error, whether
/// the key or the signature was refused. The size-first path
/// (CompactEd25519.swift) must come to the same as the default one on every
/// vector, error for error.
enum Ed25519Decision {
    static func standard(key: [UInt8], signature: [UInt8], message: [UInt8]) -> ECError? {
        do throws(ECError) {
            try Ed25519PublicKey(rawRepresentation: key[...]).verify(signature: signature[...], message: message[...])
            return nil
        } catch {
            return error
        }
    }

    static func sizeFirst(key: [UInt8], signature: [UInt8], message: [UInt8]) -> ECError? {
        do throws(ECError) {
            try CompactEd25519PublicKey(rawRepresentation: key[...]).verify(signature: signature[...], message: message[...])
            return nil
        } catch {
            return error
        }
    }

    /// Whether both paths decide `(key, signature, message)` alike.
    static func agree(key: [UInt8], signature: [UInt8], message: [UInt8]) -> Bool {
        standard(key: key, signature: signature, message: message) == sizeFirst(key: key, signature: signature, message: message)
    }
}
