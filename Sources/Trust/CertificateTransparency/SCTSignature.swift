import DER
import PKIX
import SHA2

// RFC 6962 §3.2: what a log signs when it issues an SCT, and the check of
// that signature with the log's key through the one signature seam
// (`checkSignature`, SignatureVerification.swift). The signed bytes are
//   sct_version(1) ‖ signature_type(1) = certificate_timestamp (0) ‖
//   timestamp(8) ‖ entry_type(2) ‖ signed_entry ‖ extensions<0..2^16-1>,
// where signed_entry is, for an x509_entry (0), the certificate's DER
// behind a three-byte length, and, for a precert_entry (1), the SHA-256 of
// the issuer's SubjectPublicKeyInfo then the precertificate's
// TBSCertificate behind a three-byte length.
//
// The digitally-signed struct names its algorithm by two TLS code points
// (RFC 5246 §7.4.1.4.1). RFC 6962 §2.1.4 has logs sign with ECDSA over
// P-256 or RSA, both with SHA-256; SHA-384 is accepted too, as sct.rs does,
// since the hash is the log's choice and no weaker. Each pair is mapped to
// the X.509 AlgorithmIdentifier of the same scheme, so the seam's algorithm
// table, key checks and key policy decide it as they decide a certificate's.

/// What an SCT was signed over (RFC 6962 §3.2 `LogEntryType`).
package enum SCTEntry: Sendable, Equatable {
    /// An x509_entry: the certificate's DER. SCTs delivered in the TLS
    /// handshake or a stapled OCSP response were issued for the certificate itself.
    case certificate(ArraySlice<UInt8>)
    /// A precert_entry: SHA-256 of the issuer's SubjectPublicKeyInfo and the
    /// precertificate's TBSCertificate. SCTs embedded in a certificate were
    /// issued for its precertificate.
    case precertificate(issuerKeyHash: Digest, tbs: [UInt8])

    /// The entry an SCT embedded in `certificate` was signed over, with
    /// `issuer` the certificate that issued it (its issuer on the path; for
    /// a precertificate signed by a precertificate-signing certificate, still
    /// the CA above, which also issued the final certificate). Nil when the
    /// certificate carries no SCT-list extension.
    package static func embedded(in certificate: Certificate, issuer: Certificate) -> SCTEntry? {
        guard let tbs = certificate.precertificateTBS else { return nil }
        return .precertificate(issuerKeyHash: SHA256.hash(issuer.subjectPublicKeyInfo.encoded), tbs: tbs)
    }
}

/// Why an SCT's signature was not accepted.
package enum SCTSignatureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A (hash, signature) pair of code points that no log uses.
    case unsupportedAlgorithm(hash: UInt8, signature: UInt8)
    /// The entry is longer than the three-byte length RFC 6962 gives it.
    case entryTooLong
    /// The seam refused the key or the signature.
    case signature(SignatureFailure)

    /// The reason as a message.
    package var description: String {
        switch self {
        case .unsupportedAlgorithm(let hash, let signature):
            return "hash algorithm \(hash) with signature algorithm \(signature) is not a CT log's"
        case .entryTooLong: return "the signed entry is longer than 2^24 - 1 bytes"
        case .signature(let failure): return failure.description
        }
    }
}

extension SignedCertificateTimestamp {
    /// The bytes the log signed for `entry`; nil when the entry is too long to encode.
    package func signedBytes(for entry: SCTEntry) -> [UInt8]? {
        var bytes: [UInt8] = [version, 0]
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: timestamp >> UInt64(shift))) }
        let body: ArraySlice<UInt8>
        switch entry {
        case .certificate(let der):
            bytes += [0, 0]
            body = der
        case .precertificate(let issuerKeyHash, let tbs):
            bytes += [0, 1]
            bytes += issuerKeyHash
            body = tbs[...]
        }
        guard body.count < 1 << 24 else { return nil }
        bytes += [UInt8(body.count >> 16), UInt8((body.count >> 8) & 0xFF), UInt8(body.count & 0xFF)]
        bytes += body
        bytes += [UInt8(extensions.count >> 8), UInt8(extensions.count & 0xFF)]
        bytes += extensions
        return bytes
    }

    /// The AlgorithmIdentifier of the scheme the code points name; nil for
    /// any pair but ECDSA or RSASSA-PKCS1-v1_5 with SHA-256 or SHA-384.
    var algorithmIdentifier: [UInt8]? {
        switch (hashAlgorithm, signatureAlgorithm) {
        case (4, 3): return Self.identifier(.ecdsaWithSHA256, null: false)
        case (5, 3): return Self.identifier(.ecdsaWithSHA384, null: false)
        case (4, 1): return Self.identifier(.sha256WithRSAEncryption, null: true)
        case (5, 1): return Self.identifier(.sha384WithRSAEncryption, null: true)
        default: return nil
        }
    }

    /// SEQUENCE { OID, NULL for RSA (RFC 4055 §5) }.
    private static func identifier(_ oid: OID, null: Bool) -> [UInt8] {
        let inner = [0x06, UInt8(oid.bytes.count)] + oid.bytes + (null ? [0x05, 0x00] : [])
        return [0x30, UInt8(inner.count)] + inner
    }

    /// Checks the log's signature over `entry` with `logKey` (the key whose
    /// SHA-256 is `logID`; the caller looked it up); nil when it verifies.
    /// `keys` is the key policy the log key must meet: RSA keys of at least
    /// 2048 bits by default, as RFC 6962 logs use.
    package func verifySignature(over entry: SCTEntry, logKey: VerificationKey,
                                keys: KeyPolicy = KeyPolicy()) -> SCTSignatureFailure? {
        guard let algorithm = algorithmIdentifier else {
            return .unsupportedAlgorithm(hash: hashAlgorithm, signature: signatureAlgorithm)
        }
        guard let message = signedBytes(for: entry) else { return .entryTooLong }
        return checkSignature(algorithm: algorithm[...], key: logKey, policy: keys, allowSHA1: false,
                              signature: signature, message: message[...]).map { .signature($0) }
    }
}
