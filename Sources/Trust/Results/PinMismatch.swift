import PKIX
import SHA2

/// A path that passed every check and still carried none of the caller's
/// pins: what `Verifier.verify(accept:)` refuses a path with. Typed, so that
/// Pinning, the CLI and a report can each say what was served and what was
/// pinned without reading a message.
public struct PinMismatch: Sendable, Equatable, CustomStringConvertible {
    /// What the pinned and served digests are taken over.
    public enum Kind: Sendable, Equatable {
        /// SHA-256 over each SubjectPublicKeyInfo (`sha256/…` pins).
        case publicKey
        /// SHA-256 over each whole certificate (a pinned certificate).
        case certificate
    }

    /// Whether the digests are of keys or of whole certificates.
    package let kind: Kind
    /// The digests of the refused path, leaf first, anchor last.
    package let served: [Digest]
    /// The pinned digests, in the caller's order.
    package let pinned: [Digest]

    /// For a caller's own `accept` function; Pinning's `PinCheck` builds these too.
    public init(kind: Kind, served: [Digest], pinned: [Digest]) {
        self.kind = kind
        self.served = served
        self.pinned = pinned
    }

    /// The message, with both digest lists written as `sha256/` and base64.
    public var description: String {
        let what = kind == .publicKey ? "key" : "certificate"
        func list(_ digests: [Digest]) -> String { digests.map { "sha256/" + Base64.encode(Array($0)) }.joined(separator: ", ") }
        return "no pinned \(what) on the verified path (path: \(list(served)); pinned: \(list(pinned)))"
    }
}
