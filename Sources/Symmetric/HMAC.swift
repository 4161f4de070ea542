import SHA2

/// HMAC (RFC 2104, FIPS 198-1) with the SHA family.
public enum HMAC {
    /// The full-length authentication code of `message` under `key`
    /// (`function.digestSize` bytes); callers that compare it with a
    /// received MAC should compare in constant time and check the length.
    package static func authenticationCode(_ function: DigestFunction, key: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> [UInt8] {
        function.dispatch(OneShot(key: key, message: message))
    }

    /// Whether a computed MAC and a received one are equal, in time that
    /// depends only on their lengths: a comparison that stopped at the
    /// first differing byte would let a forger find a valid MAC byte by
    /// byte. Different lengths are unequal (a truncated MAC must be
    /// truncated by the caller, on purpose).
    package static func constantTimeEquals(_ computed: ArraySlice<UInt8>, _ received: ArraySlice<UInt8>) -> Bool {
        guard computed.count == received.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(computed, received) { difference |= a ^ b }
        return difference == 0
    }

    struct OneShot: DigestBody {
        let key: ArraySlice<UInt8>
        let message: ArraySlice<UInt8>
        func run<H: HashFunction>(_ type: H.Type) -> [UInt8] {
            let keyed = KeyedHash<H>(key: key)
            return Array(message.withUnsafeBytes { keyed.authenticate($0) })
        }
    }
}

/// A hash keyed for HMAC: the states after absorbing K ⊕ ipad and K ⊕ opad,
/// computed once so that each further MAC under the same key costs two
/// finalisations and no key processing (PBKDF2 makes millions). Both states
/// live inline in the hash structs, so copying them allocates nothing.
struct KeyedHash<H: HashFunction> {
    private var inner = H()
    private var outer = H()

    /// A block of up to 128 bytes on the stack (the SHA-512 block size).
    typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(key: ArraySlice<UInt8>) {
        var block: Block = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let blockSize = H.blockSize
        withUnsafeMutableBytes(of: &block) { raw in
            // RFC 2104 §2: a key longer than the block is replaced by its hash.
            // The branch is on the key's length, which is not secret here.
            if key.count > blockSize {
                H.hash(key).withUnsafeBytes { raw.copyMemory(from: $0) }
            } else {
                key.withUnsafeBytes { if !$0.isEmpty { raw.copyMemory(from: $0) } }
            }
            for i in 0..<blockSize { raw[i] ^= 0x36 }
            inner.update(UnsafeRawBufferPointer(rebasing: raw[0..<blockSize]))
            for i in 0..<blockSize { raw[i] ^= 0x36 ^ 0x5C }
            outer.update(UnsafeRawBufferPointer(rebasing: raw[0..<blockSize]))
            for i in 0..<raw.count { raw[i] = 0 }
        }
    }

    /// HMAC(K, message).
    @inline(__always)
    func authenticate(_ message: UnsafeRawBufferPointer) -> Digest {
        var innerHash = inner
        innerHash.update(message)
        return finish(innerHash)
    }

    /// A copy of the inner state, for messages fed in pieces.
    @inline(__always)
    func start() -> H { inner }

    /// The MAC from an inner state that has taken in the whole message.
    @inline(__always)
    func finish(_ innerHash: H) -> Digest {
        let innerDigest = innerHash.finalize()
        var outerHash = outer
        innerDigest.withUnsafeBytes { outerHash.update($0) }
        return outerHash.finalize()
    }
}
