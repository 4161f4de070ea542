/// The SHA-2 functions by name, for code that picks one at run time (from
/// an AlgorithmIdentifier) without existentials.
public enum HashAlgorithm: Sendable, Equatable, CustomStringConvertible {
    /// SHA-256, SHA-384 and SHA-512 (FIPS 180-4).
    case sha256, sha384, sha512

    /// Digest length in bytes: 32, 48 or 64.
    package var digestSize: Int {
        switch self {
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The FIPS 180-4 name, e.g. `SHA-256`.
    public var description: String {
        switch self {
        case .sha256: return "SHA-256"
        case .sha384: return "SHA-384"
        case .sha512: return "SHA-512"
        }
    }

    /// A fresh running hash of this function.
    package func makeHasher() -> Hasher {
        switch self {
        case .sha256: return .sha256(SHA256())
        case .sha384: return .sha384(SHA384())
        case .sha512: return .sha512(SHA512())
        }
    }

    /// The digest of `bytes`, in one call.
    public func hash(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var hasher = makeHasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes`, in one call.
    public func hash(_ bytes: [UInt8]) -> Digest {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// A running hash of the chosen function.
    package enum Hasher: Sendable {
        /// The running state of SHA-256, SHA-384 or SHA-512.
        case sha256(SHA256), sha384(SHA384), sha512(SHA512)

        /// Appends `bytes` to the message.
        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            switch self {
            case .sha256(var h): h.update(bytes); self = .sha256(h)
            case .sha384(var h): h.update(bytes); self = .sha384(h)
            case .sha512(var h): h.update(bytes); self = .sha512(h)
            }
        }

        /// The digest of everything appended so far; the state is left as it was.
        package func finalize() -> Digest {
            switch self {
            case .sha256(let h): return h.finalize()
            case .sha384(let h): return h.finalize()
            case .sha512(let h): return h.finalize()
            }
        }
    }
}
