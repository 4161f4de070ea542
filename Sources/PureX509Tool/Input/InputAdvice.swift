import Foundation
import PureX509

// What to tell a user who gave a command a file it does not read: what the
// file is (by PEM label or DER shape, PKIX's `InputKind`) and which command
// does read it. Written once, so that `verify`, `inspect`, `scan`, `pin`,
// `--roots`, `--crl` and the rest name a .p12 or a key the same way.

enum InputAdvice {
    /// "a PKCS#12 file (a password-protected client identity: key and
    /// certificates); `purex509 identity FILE` opens it": the kind, and where it goes.
    /// `der`: say "a DER public key", for a file told by its shape.
    static func describe(_ kind: InputKind, file: String, der: Bool = false) -> String {
        (der ? "a DER" : article(kind)) + " \(kind.name)\(detail(kind)); \(suggestion(kind, file: file))"
    }

    /// The command that reads `kind`, with `file` as its argument (a name
    /// with spaces or shell characters is quoted, so the line can be pasted).
    static func suggestion(_ kind: InputKind, file: String) -> String {
        let name = quoted(file)
        switch kind {
        case .certificate:
            return "`purex509 inspect \(name)` shows it and `purex509 verify \(name)` verifies it"
        case .certificateList:
            return "`purex509 inspect \(name)` shows it; `purex509 verify --crl \(name) CHAIN` checks revocation with it"
        case .ocspResponse:
            return "`purex509 inspect \(name)` shows it; `purex509 verify --ocsp-response \(name) CHAIN` checks the leaf with it"
        case .certificateRequest, .publicKey, .rsaPublicKey, .privateKey, .ecPrivateKey, .rsaPrivateKey:
            return "`purex509 pin \(name)` gives its public key's sha256/ pin"
        case .encryptedPrivateKey:
            return "decrypt it first (openssl pkey -in \(name) -out PLAIN); `purex509 pin PLAIN` then gives its public key's pin"
        case .pkcs12:
            return "`purex509 identity \(name) --password-env VAR` opens it, `purex509 pin \(name) --password-env VAR` pins its key"
        }
    }

    /// What the name alone does not say.
    static func detail(_ kind: InputKind) -> String {
        switch kind {
        case .pkcs12: return " (a password-protected client identity: a private key and its certificates)"
        case .certificateRequest: return " (CSR)"
        default: return ""
        }
    }

    static func article(_ kind: InputKind) -> String {
        switch kind {
        case .ocspResponse, .rsaPublicKey, .rsaPrivateKey, .ecPrivateKey, .encryptedPrivateKey: return "an"
        default: return "a"
        }
    }

    /// The first kind among PEM blocks that is not a certificate, for a
    /// file holding no certificate: its advice, or nil.
    static func firstOther(_ items: [InputItem]) -> InputKind? {
        items.lazy.compactMap(\.kind).first { $0 != .certificate }
    }

    /// `path` as a shell would take it back: bare when it holds only
    /// characters no shell treats specially, else in single quotes (a quote
    /// inside written '\'' ), and escaped for the terminal as every name is.
    static func quoted(_ path: String) -> String {
        if path == "-" { return "FILE" }
        let plain = path.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x2F || byte == 0x2D || byte == 0x5F || byte == 0x2B || byte == 0x3A || byte == 0x40
        }
        if plain { return path }
        return "'" + DisplayText.escaped(path).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
