/// The password a PKCS #12 file was protected with.
///
/// Each scheme takes it in its own form: the PKCS #12 key derivation
/// (RFC 7292 Appendix B.1) as a BMPString, big-endian UTF-16 with two
/// terminating zero bytes; PBKDF2 (PBES2, PBMAC1) as the UTF-8 bytes.
/// An absent password and an empty one are read the same way, as OpenSSL's
/// `PKCS12_parse` reads them (docs/pkcs12.md, "Passwords").
public enum PKCS12Password: Sendable, Equatable {
    /// No password.
    case none
    /// A password, as text.
    case utf8(String)

    /// Whether this is absent or the empty string, the case where two byte forms are tried.
    var isEmpty: Bool {
        switch self {
        case .none: return true
        case .utf8(let text): return text.utf8.isEmpty
        }
    }
}

/// Which byte form of the password opened the file's MAC (and is used to decrypt).
package enum PasswordForm: Sendable, Equatable, CustomStringConvertible {
    /// The password as given: BMPString for the PKCS #12 KDF, UTF-8 for PBKDF2.
    case given
    /// An empty password as no bytes at all (OpenSSL's NULL password).
    case absent
    /// An empty password as the BMPString terminator alone (`00 00`).
    case emptyString

    /// `given`, `absent` or `empty string`.
    package var description: String {
        switch self {
        case .given: return "given"
        case .absent: return "absent"
        case .emptyString: return "empty string"
        }
    }
}
