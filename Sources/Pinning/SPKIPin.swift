import PKIX
import SHA2

/// A public-key pin: SHA-256 over the DER SubjectPublicKeyInfo exactly as
/// the certificate encodes it (never re-encoded, so it works for any key
/// algorithm). Written `sha256/BASE64` (OkHttp); TrustKit's bare base64 is
/// read too.
public struct SPKIPin: Sendable, Equatable, CustomStringConvertible {
    /// SHA-256 of the DER SubjectPublicKeyInfo (32 bytes).
    public let digest: Digest

    /// Why `init(_:)` refused a pin string.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A prefix other than `sha256/` (OkHttp also knew `sha1/`, which is refused).
        case unsupportedPrefix(String)
        /// The digest part is not valid base64.
        case invalidBase64
        /// The digest is not 32 bytes.
        case wrongLength(Int)

        /// A one-line message naming what was wrong.
        public var description: String {
            switch self {
            case .unsupportedPrefix(let prefix): return "unsupported pin prefix \"\(prefix)\" (only sha256/ is accepted)"
            case .invalidBase64: return "pin is not valid base64"
            case .wrongLength(let length): return "pin digest is \(length) bytes, a SHA-256 digest is 32"
            }
        }
    }

    /// The pin of a certificate's public key.
    public init(certificate: Certificate) {
        digest = SHA256.hash(certificate.subjectPublicKeyInfo.encoded)
    }

    /// The pin of a DER SubjectPublicKeyInfo.
    public init(subjectPublicKeyInfo der: [UInt8]) {
        digest = SHA256.hash(der)
    }

    /// Parses `sha256/BASE64` or a bare base64 SHA-256 digest (44
    /// characters: base64 may itself contain "/", so only text of another
    /// length is read as prefix + digest).
    public init(_ text: String) throws(ParseError) {
        var body = Array(text.utf8)
        if body.count != 44, let slash = body.firstIndex(of: UInt8(ascii: "/")) {
            let prefix = ASCII.lowercased(body[..<slash])
            guard prefix.elementsEqual(Array("sha256".utf8)) else {
                throw .unsupportedPrefix(String(decoding: body[..<slash], as: UTF8.self))
            }
            body = Array(body[(slash + 1)...])
        }
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(body)
        } catch {
            throw .invalidBase64
        }
        guard bytes.count == 32, let digest = Digest(bytes: bytes) else { throw .wrongLength(bytes.count) }
        self.digest = digest
    }

    /// OkHttp's form: `sha256/` and the digest in base64.
    public var description: String { "sha256/" + Base64.encode(Array(digest)) }
}
