/// A decryption or padding failure. Lengths are public (they come from the
/// file's structure); nothing here reveals where a padding check failed.
public enum SymmetricError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key has a length the cipher does not take (AES: 16, 24 or 32;
    /// 3DES: 16 or 24; RC2: 1–128 bytes, or an effective key size outside 1–1024 bits).
    case invalidKeyLength(Int)
    /// The IV is not one block long (AES: 16 bytes; 3DES and RC2: 8 bytes).
    case invalidIVLength(Int)
    /// The ciphertext is not a whole number of blocks (or, with padding expected, is empty).
    case ciphertextLength(Int)
    /// The PKCS#7 padding is malformed: the usual sign of a wrong password
    /// when the file has no MAC, or of a damaged file.
    case badPadding

    /// A stable code per failure, for scripts and logs; the associated
    /// lengths are not part of it.
    public var code: String {
        switch self {
        case .invalidKeyLength: return "invalidKeyLength"
        case .invalidIVLength: return "invalidIVLength"
        case .ciphertextLength: return "ciphertextLength"
        case .badPadding: return "badPadding"
        }
    }

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidKeyLength(let n): return "invalid key length: \(n) bytes"
        case .invalidIVLength(let n): return "invalid IV length: \(n) bytes"
        case .ciphertextLength(let n): return "ciphertext length \(n) is not a positive multiple of the block size"
        case .badPadding: return "bad padding (wrong key or damaged data)"
        }
    }
}
