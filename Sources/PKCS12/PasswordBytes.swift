import Symmetric

/// One byte form of the password, in the two encodings the schemes take.
struct PasswordBytes {
    /// For the PKCS #12 KDF: BMPString with its terminator, or no bytes when absent.
    let bmp: [UInt8]
    /// For PBKDF2: the UTF-8 bytes.
    let utf8: [UInt8]
    let form: PasswordForm

    /// The forms to try, in order. A non-empty password has one; an empty or
    /// absent one has two, absent first, as OpenSSL's `PKCS12_parse` tries them.
    static func candidates(for password: PKCS12Password) -> [PasswordBytes] {
        switch password {
        case .utf8(let text) where !text.utf8.isEmpty:
            return [PasswordBytes(bmp: PKCS12KeyDerivation.bmpPassword(text), utf8: Array(text.utf8), form: .given)]
        default:
            return [PasswordBytes(bmp: [], utf8: [], form: .absent),
                    PasswordBytes(bmp: PKCS12KeyDerivation.bmpPassword(""), utf8: [], form: .emptyString)]
        }
    }
}
