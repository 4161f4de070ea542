import DER

// RFC 6962 §3.2–§3.3: a SignedCertificateTimestampList is TLS-encoded
// (big-endian lengths, not DER): a two-byte length covering exactly the
// rest, then one or more SerializedSCTs, each behind its own two-byte
// length. A v1 SCT is version(1) ‖ log ID(32) ‖ timestamp(8) ‖
// extensions<0..2^16-1> ‖ hash(1) ‖ signature algorithm(1) ‖
// signature<0..2^16-1>, and must fill its SerializedSCT exactly. An SCT of
// another version cannot be read past its version byte; its SerializedSCT
// length still bounds it, so it is skipped and reported, never fatal to
// the list (RFC 6962 §3.3 lets clients ignore what they do not know).
// Any other length that does not add up refuses the whole list.

/// One v1 SignedCertificateTimestamp (RFC 6962 §3.2): a log's promise to
/// publish a certificate, as slices of the bytes that carried it.
public struct SignedCertificateTimestamp: Sendable, Equatable {
    /// The `Version` byte; 0 is v1, the only version this type holds.
    package let version: UInt8
    /// The log's `LogID`: the SHA-256 hash of its key, 32 bytes.
    package let logID: ArraySlice<UInt8>
    /// When the log issued it, in milliseconds since 1970-01-01T00:00:00Z.
    package let timestamp: UInt64
    /// The `CtExtensions` bytes (empty in every log in use), signed with the rest.
    package let extensions: ArraySlice<UInt8>
    /// The digitally-signed struct's `HashAlgorithm` (RFC 5246 §7.4.1.4.1; 4 is SHA-256).
    package let hashAlgorithm: UInt8
    /// Its `SignatureAlgorithm` (1 is RSA, 3 is ECDSA).
    package let signatureAlgorithm: UInt8
    /// The signature: a DER ECDSA-Sig-Value, or an RSASSA-PKCS1-v1_5 signature.
    package let signature: ArraySlice<UInt8>
    /// The whole SerializedSCT.
    package let encoded: ArraySlice<UInt8>

    /// Version (1), LogID (32) and timestamp (8), then the CtExtensions' two-byte length.
    static let fixedLength = 43
}

/// A SignedCertificateTimestampList, read strictly.
public struct SignedCertificateTimestampList: Sendable, Equatable {
    /// The v1 SCTs, in the list's order.
    public let timestamps: [SignedCertificateTimestamp]
    /// SCTs of a version this library does not know, skipped.
    package let skipped: [SkippedSCT]

    /// More SCTs than any certificate, OCSP response or handshake carries
    /// (logs policies ask for two or three): a list over this is refused
    /// rather than have its signatures checked one by one.
    package static let maximumCount = 64

    /// Decodes a TLS-encoded list; offsets in errors count from the list's first byte.
    public init(tlsEncoded bytes: ArraySlice<UInt8>) throws(SCTListError) {
        var reader = TLSReader(bytes)
        let total = try reader.length16()
        guard total == reader.remaining else { throw .listLength(declared: total, available: reader.remaining) }
        guard total > 0 else { throw .empty }
        var timestamps: [SignedCertificateTimestamp] = [], skipped: [SkippedSCT] = []
        var index = 0
        while reader.remaining > 0 {
            guard index < Self.maximumCount else { throw .tooMany(limit: Self.maximumCount) }
            let start = reader.offset
            let serialized = try reader.vector16()
            guard let version = serialized.first else { throw .malformedSCT(index: index, offset: start) }
            if version != 0 {
                skipped.append(SkippedSCT(index: index, version: version))
            } else {
                guard let sct = SignedCertificateTimestamp(v1: serialized) else { throw .malformedSCT(index: index, offset: start) }
                timestamps.append(sct)
            }
            index += 1
        }
        self.timestamps = timestamps
        self.skipped = skipped
    }
}

/// An SCT of a version this library does not read (RFC 6962 §3.3: ignored, reported).
package struct SkippedSCT: Sendable, Equatable {
    /// Its position in the list, from 0.
    package let index: Int
    /// Its version byte (0 is v1, which is never skipped).
    package let version: UInt8
}

/// Why a SignedCertificateTimestampList did not decode; offsets count from its first byte.
public enum SCTListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A length runs past the bytes that hold it.
    case truncated(offset: Int)
    /// The list's own length is not the number of bytes that follow it.
    case listLength(declared: Int, available: Int)
    /// The list holds no SCT (RFC 6962 §3.3: at least one).
    case empty
    /// A v1 SCT whose fields do not fill its SerializedSCT exactly.
    case malformedSCT(index: Int, offset: Int)
    /// More SCTs than `SignedCertificateTimestampList.maximumCount`.
    case tooMany(limit: Int)
    /// The extension's value is not an OCTET STRING holding the list.
    case notAnOctetString

    /// The reason as a message.
    public var description: String {
        switch self {
        case .truncated(let offset): return "a length at offset \(offset) runs past the end of the SCT list"
        case .listLength(let declared, let available):
            return "the SCT list declares \(declared) bytes and \(available) follow"
        case .empty: return "the SCT list is empty"
        case .malformedSCT(let index, let offset): return "SCT \(index) (offset \(offset)) is malformed"
        case .tooMany(let limit): return "the SCT list holds more than \(limit) SCTs"
        case .notAnOctetString: return "the SCT-list extension is not an OCTET STRING"
        }
    }
}

extension SignedCertificateTimestampList {
    /// The list inside an extension's value: an OCTET STRING holding the
    /// TLS encoding, as both the certificate's and OCSP's extensions carry it.
    init(octetStringValue value: ArraySlice<UInt8>) throws(SCTListError) {
        // Offsets from the slice's first byte.
        let content: Range<Int>? = DERReader.withReader(over: value) { reader in
            guard let octets = try? reader.readOctetString(), reader.isAtEnd else { return nil }
            return octets
        }
        guard let content else { throw .notAnOctetString }
        try self.init(tlsEncoded: value[(value.startIndex + content.lowerBound)..<(value.startIndex + content.upperBound)])
    }
}

extension SignedCertificateTimestamp {
    /// A v1 SCT that fills `bytes` exactly; nil otherwise.
    init?(v1 bytes: ArraySlice<UInt8>) {
        var reader = TLSReader(bytes)
        guard let version = reader.byte(), version == 0,
              let logID = reader.take(32), let time = reader.take(8),
              let extensions = try? reader.vector16(),
              let hash = reader.byte(), let algorithm = reader.byte(),
              let signature = try? reader.vector16(), reader.remaining == 0 else { return nil }
        self.version = version
        self.logID = logID
        timestamp = time.reduce(0) { $0 << 8 | UInt64($1) }
        self.extensions = extensions
        hashAlgorithm = hash
        signatureAlgorithm = algorithm
        self.signature = signature
        encoded = bytes
    }
}

/// A forward-only reader of TLS presentation-language vectors (RFC 5246 §4.3).
struct TLSReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Bytes read so far.
    var offset: Int { position - bytes.startIndex }
    var remaining: Int { bytes.endIndex - position }

    mutating func byte() -> UInt8? {
        guard position < bytes.endIndex else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func length16() throws(SCTListError) -> Int {
        guard let pair = take(2) else { throw .truncated(offset: offset) }
        return Int(pair[pair.startIndex]) << 8 | Int(pair[pair.startIndex + 1])
    }

    /// A two-byte length and that many bytes.
    mutating func vector16() throws(SCTListError) -> ArraySlice<UInt8> {
        let start = offset
        let count = try length16()
        guard let content = take(count) else { throw .truncated(offset: start) }
        return content
    }
}

extension Certificate {
    /// The SCT list of the certificate's extension (RFC 6962 §3.3: an OCTET
    /// STRING holding the TLS-encoded list); nil when the extension is absent.
    package func embeddedSCTs() throws(SCTListError) -> SignedCertificateTimestampList? {
        guard let slot = storage.extensions.signedCertificateTimestamps else { return nil }
        return try SignedCertificateTimestampList(octetStringValue: der[slot.value])
    }

    /// The v1 SCTs of the certificate's extension, in order; nil when the
    /// extension is absent or does not decode (`embeddedSCTs()` says why).
    package var signedCertificateTimestamps: [SignedCertificateTimestamp]? {
        (try? embeddedSCTs())??.timestamps
    }
}
