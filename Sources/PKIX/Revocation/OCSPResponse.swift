import DER

/// An OCSP response (RFC 6960 §4.2.1), parsed once from its DER and checked
/// strictly, like `Certificate` and `CertificateList`: one buffer, and every
/// part a view that carries its bytes.
///
/// Only the basic response type (id-pkix-ocsp-basic) is understood, as
/// §4.2.1 requires of every client; a successful response of another type
/// is refused rather than read as "no information", so that a caller learns
/// its responder speaks something else. An unsuccessful status is a valid
/// response that carries no certificate status.
public struct OCSPResponse: Sendable {
    /// §4.2.1 OCSPResponseStatus (4 is not used).
    public enum Status: Int, Sendable, Equatable {
        /// Codes 0–3, 5, 6: answered; a malformed request; a responder error; try again later; the request must be signed; the client may not ask about this certificate.
        case successful = 0, malformedRequest = 1, internalError = 2, tryLater = 3, sigRequired = 5, unauthorized = 6

        /// The status's ASN.1 identifier (`tryLater`, …), for display.
        public var name: String {
            switch self {
            case .successful: return "successful"
            case .malformedRequest: return "malformedRequest"
            case .internalError: return "internalError"
            case .tryLater: return "tryLater"
            case .sigRequired: return "sigRequired"
            case .unauthorized: return "unauthorized"
            }
        }
    }

    final class Storage: Sendable {
        let der: [UInt8]
        let status: Status
        let basic: BasicOCSPResponse?

        init(der: [UInt8], status: Status, basic: BasicOCSPResponse?) {
            self.der = der
            self.status = status
            self.basic = basic
        }
    }

    let storage: Storage

    /// The whole response encoding; every view of the response carries a part of it.
    public var der: [UInt8] { storage.der }
    /// The responseStatus; only a `successful` response carries certificate statuses.
    public var status: Status { storage.status }
    /// The BasicOCSPResponse of a successful response; nil otherwise.
    package var basic: BasicOCSPResponse? { storage.basic }

}

/// §4.2.1 BasicOCSPResponse, with its ResponseData read out.
package struct BasicOCSPResponse: Sendable {
    /// The ResponseData the responder signed, its signature algorithm and the signature octets.
    package let signedData: SignedData
    /// Who signed the response: the responder's Name or key hash.
    package let responderID: ResponderID
    /// Seconds since 1970-01-01T00:00:00Z.
    package let producedAt: Int64
    /// The SingleResponses in encoding order, at most `OCSPResponse.maximumSingleResponses`.
    package let responses: [SingleResponse]
    /// The content of responseExtensions, when present.
    package let extensions: ArraySlice<UInt8>?
    /// The nonce extension's value (§4.4.1), when present. Never required here:
    /// stapled and cached responses carry none.
    package let nonce: ArraySlice<UInt8>?
    /// A response extension this library does not process is critical:
    /// the response must not be used (§4.4, RFC 5280 §4.2).
    package let hasUnrecognisedCriticalExtension: Bool
    /// The certificates the responder included (`certs`), parsed; a
    /// delegated responder's certificate is found here (§4.2.2.2).
    package let certificates: [Certificate]
    /// Included certificates that did not parse, or came past
    /// `OCSPResponse.maximumCertificates`: skipped, never used.
    package let skippedCertificates: Int
}

/// §4.2.1 ResponderID.
package enum ResponderID: Sendable, Equatable {
    /// `byName`: the responder's subject Name.
    case byName(Name)
    /// `byKey`: the SHA-1 hash of the responder's subjectPublicKey BIT STRING
    /// content (without the unused-bits octet); 20 octets.
    case byKey(ArraySlice<UInt8>)
}

/// §4.1.1 CertID: which certificate a SingleResponse speaks of.
package struct CertID: Sendable, Equatable {
    /// The hash functions CertIDs are seen with. SHA-1 is the common one;
    /// a CertID's hash is a name, not a signature, so SHA-1 is safe here.
    package enum Hash: Sendable, Equatable {
        /// SHA-1, SHA-256, SHA-384 or SHA-512, as hashAlgorithm's OID names it.
        case sha1, sha256, sha384, sha512
    }

    /// The hash that produced `issuerNameHash` and `issuerKeyHash`, as encoded.
    package let hashAlgorithm: AlgorithmIdentifier
    /// nil when the hash algorithm is not one of `Hash`: the CertID then matches nothing.
    package let hash: Hash?
    /// The hash of the issuer's Name DER.
    package let issuerNameHash: ArraySlice<UInt8>
    /// The hash of the issuer's subjectPublicKey BIT STRING content.
    package let issuerKeyHash: ArraySlice<UInt8>
    /// The certificate's serial number.
    package let serialNumber: SerialNumber
}

/// §4.2.1 CertStatus.
package enum OCSPCertStatus: Sendable, Equatable {
    /// Not revoked, as far as the responder knows (§2.2).
    case good
    /// `revocationTime` in seconds since 1970; the reason when given.
    case revoked(time: Int64, reason: CRLReason?)
    /// The responder knows nothing of the certificate.
    case unknown

    /// The alternative's ASN.1 name (`good`, `revoked` or `unknown`), for display.
    package var name: String {
        switch self {
        case .good: return "good"
        case .revoked: return "revoked"
        case .unknown: return "unknown"
        }
    }
}

/// §4.2.1 SingleResponse.
package struct SingleResponse: Sendable, Equatable {
    /// The SingleResponse TLV.
    package let encoded: ArraySlice<UInt8>
    /// The certificate this status is about.
    package let certID: CertID
    /// The certificate's revocation status.
    package let status: OCSPCertStatus
    /// Seconds since 1970-01-01T00:00:00Z.
    package let thisUpdate: Int64
    /// nil: "newer information is available all the time" (§4.2.2.1).
    package let nextUpdate: Int64?
    /// The content of singleExtensions, when present.
    package let extensions: ArraySlice<UInt8>?
    /// A single extension this library does not process is critical: this
    /// status must not be used.
    package let hasUnrecognisedCriticalExtension: Bool
    /// The value of the SCT-list extension (1.3.6.1.4.1.11129.2.4.5), when present.
    let sctListValue: ArraySlice<UInt8>?

    /// The SCTs the responder stapled for this certificate (RFC 6962 §3.3:
    /// an OCTET STRING holding the TLS-encoded list); nil when the response
    /// carries none.
    public func signedCertificateTimestamps() throws(SCTListError) -> SignedCertificateTimestampList? {
        guard let value = sctListValue else { return nil }
        return try SignedCertificateTimestampList(octetStringValue: value)
    }
}
