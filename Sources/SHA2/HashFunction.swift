// SHA-2 (FIPS 180-4) as value types that never allocate: the state, the
// partial block and the digest all live inline in the struct. Streaming is
// `init()`, `mutating update(_:)`, non-mutating `finalize()`; `hash(_:)` is
// the one-shot form. Everything here hashes public data (certificates), so
// nothing needs to be constant-time except `Digest ==`, which is anyway.

/// What RSA and the verifier need of a SHA-2 function, as a generic
/// constraint (never an existential).
package protocol HashFunction: Sendable {
    /// Digest length in bytes.
    static var digestSize: Int { get }
    /// Block length in bytes (MGF1 and HMAC need it).
    static var blockSize: Int { get }
    /// A fresh state that has taken in no bytes yet.
    init()
    /// Appends `bytes` to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of everything appended so far; the state is left as it was.
    func finalize() -> Digest
}

extension HashFunction {
    /// Appends `bytes` to the message.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Appends `bytes` to the message.
    package mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of `bytes`, in one call.
    package static func hash(_ bytes: [UInt8]) -> Digest {
        var function = Self()
        function.update(bytes)
        return function.finalize()
    }

    /// The digest of `bytes`, in one call.
    package static func hash(_ bytes: ArraySlice<UInt8>) -> Digest {
        var function = Self()
        function.update(bytes)
        return function.finalize()
    }
}
