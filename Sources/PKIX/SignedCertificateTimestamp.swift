import DER

/// RFC 6962 §3.2: one SerializedSCT of a certificate's
/// SignedCertificateTimestampList, a log's promise to publish the
/// certificate, with the bytes of the certificate that holds it.
///
/// The parser keeps the extension raw (RFC 6962 §3.3 does not ask a
/// certificate parser to read it); this view decodes the fixed fields a
/// viewer shows. The CtExtensions and the signature stay in `encoded`:
/// checking an SCT's signature is a verifier's work, not a parser's.
public struct SignedCertificateTimestamp: Sendable, Equatable {
    /// The `Version` byte; 0 is v1.
    public let version: UInt8
    /// The log's `LogID`: the SHA-256 hash of its key, 32 bytes.
    public let logID: ArraySlice<UInt8>
    /// When the log issued it, in milliseconds since 1970-01-01T00:00:00Z.
    public let timestamp: UInt64
    /// The whole SerializedSCT: the fields above, then the CtExtensions and the signature.
    public let encoded: ArraySlice<UInt8>

    /// Version (1), LogID (32) and timestamp (8), then the CtExtensions' two-byte length.
    static let fixedLength = 43

    /// Decodes a TLS-encoded `SignedCertificateTimestampList` (RFC 6962
    /// §3.3): a two-byte length covering exactly the rest, then each
    /// SerializedSCT behind a two-byte length. Nil when a length is wrong
    /// or an SCT is shorter than its fixed fields; never traps.
    public static func list(in bytes: ArraySlice<UInt8>) -> [SignedCertificateTimestamp]? {
        let base = bytes.startIndex, count = bytes.count
        func length(at offset: Int) -> Int { Int(bytes[base + offset]) << 8 | Int(bytes[base + offset + 1]) }
        guard count >= 2, length(at: 0) == count - 2 else { return nil }
        var result: [SignedCertificateTimestamp] = []
        var offset = 2
        while offset < count {
            guard offset + 2 <= count else { return nil }
            let size = length(at: offset)
            let start = offset + 2
            guard size >= fixedLength, start + size <= count else { return nil }
            var timestamp: UInt64 = 0
            for byte in bytes[(base + start + 33)..<(base + start + 41)] { timestamp = timestamp << 8 | UInt64(byte) }
            result.append(SignedCertificateTimestamp(
                version: bytes[base + start], logID: bytes[(base + start + 1)..<(base + start + 33)],
                timestamp: timestamp, encoded: bytes[(base + start)..<(base + start + size)]))
            offset = start + size
        }
        return result
    }
}

extension Certificate {
    /// The RFC 6962 §3.3 SCTs in order: the extension's value is an OCTET
    /// STRING holding the TLS-encoded list. Nil when the extension is
    /// absent or its value does not decode.
    public var signedCertificateTimestamps: [SignedCertificateTimestamp]? {
        guard let slot = storage.extensions.signedCertificateTimestamps else { return nil }
        let content: Range<Int>? = withReader(slot.value) { reader in
            guard let octets = try? reader.readOctetString(), reader.isAtEnd else { return nil }
            return octets
        }
        return content.flatMap { SignedCertificateTimestamp.list(in: der[$0]) }
    }
}
