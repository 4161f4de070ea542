/// The work a PKCS #12 file may ask of the reader, and what it must carry.
/// Each limit is checked before the work it guards, and breaking one raises
/// its own error.
///
/// The defaults open every file real exporters write (OpenSSL 3 uses
/// 2,048 iterations, `-legacy` the same with RC2 and 3DES, Windows 2,000,
/// Java 10,000; NIST SP 800-132 suggests at least 1,000 and some tools go to
/// 600,000), while no file, however it is shaped, costs more than about a
/// second of hashing on a 2-core machine (docs/pkcs12.md, "Budgets"). A
/// caller that must open a file asking for more raises `maximumWork` on
/// purpose, knowing the file's source.
public struct PKCS12Limits: Sendable, Equatable {
    /// Largest file accepted, in bytes. Client identity files are a few KB.
    package var maximumInputSize = 16 << 20
    /// Most iterations one key derivation may ask for: a file asking for
    /// 2^31 rounds is refused before any hashing.
    package var maximumIterations = 10_000_000
    /// Most work the whole file may cost, in units of a tenth of a SHA-256
    /// compression (about 30 ns on the machine of docs/benchmarks.md):
    /// every MAC and key derivation (PBKDF2 two compressions per iteration
    /// and output block, the PKCS #12 KDF one; SHA-1 9 units, SHA-256 10,
    /// SHA-512 17 per compression), the HMAC over the content, the retries
    /// an empty password needs, each EC or Ed25519 public key computed from
    /// its secret, and each RSA key's consistency check.
    ///
    /// 33,000,000 units is about one second there, whichever operation
    /// spends them. The costliest file an exporter writes, OpenSSL's
    /// `-legacy` shape with 600,000 iterations everywhere, needs about
    /// 32.4 million; the default shape at 600,000 about 30 million.
    public var maximumWork = 33_000_000
    /// Whether a file without a MAC may be opened with a non-empty password.
    ///
    /// Off by default: without a MAC nothing binds the contents to the
    /// password, so whoever can write the file can strip the MAC, put their
    /// own key and certificate first (unencrypted, or encrypted under any
    /// password), and the owner's password still opens it. A file opened
    /// with no password (or an empty one) has no secret to bind and is
    /// read as before; its `report.integrity` is `.none` either way.
    public var allowsPasswordWithoutMAC = false
    /// Deepest BER nesting of any structure in the file.
    package var maximumNesting = 32
    /// Deepest chain of safeContentsBags inside one another.
    package var maximumSafeContentsNesting = 4
    /// Most SafeBags in the whole file.
    package var maximumBags = 1_024
    /// Most bytes all decryptions together may produce.
    package var maximumDecryptedSize = 16 << 20

    /// The defaults above.
    public init() {}
}
