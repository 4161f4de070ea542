/// The work a PKCS #12 file may ask of the reader. Each limit is checked
/// before the work it guards, and breaking one raises its own error.
///
/// The defaults admit every file real exporters write (OpenSSL 3 uses
/// 2,048 iterations, Windows 2,000, Java 10,000; NIST SP 800-132 suggests at
/// least 1,000 and some tools go to 600,000) with a wide margin, while a
/// file that asks for 2^31 rounds fails at once.
public struct PKCS12Limits: Sendable, Equatable {
    /// Largest file accepted, in bytes. Client identity files are a few KB.
    public var maximumInputSize = 16 << 20
    /// Most iterations one key derivation may ask for.
    public var maximumIterations = 10_000_000
    /// Most iterations all derivations together may cost (MAC, every
    /// decryption, the retries an empty password needs), counting one per
    /// hash-output block derived.
    public var maximumTotalIterations = 40_000_000
    /// Deepest BER nesting of any structure in the file.
    public var maximumNesting = 32
    /// Deepest chain of safeContentsBags inside one another.
    public var maximumSafeContentsNesting = 4
    /// Most SafeBags in the whole file.
    public var maximumBags = 1_024
    /// Most bytes all decryptions together may produce.
    public var maximumDecryptedSize = 16 << 20
    /// Longest PBMAC1 key (RFC 9579 asks for the HMAC's output length; 64 covers SHA-512).
    public var maximumPBMAC1KeyLength = 64

    /// The defaults above.
    public init() {}
}
