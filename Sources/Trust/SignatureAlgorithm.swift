@_spi(Plumbing) import DER
import PKIX
import RSA
import SHA2

// The one table from AlgorithmIdentifier encodings to signature schemes
// (rustls-webpki's `signed_data.rs` idea): an encoding is recognised only
// byte for byte, so a parameter PureX509 did not expect (ECDSA with NULL
// parameters, a PKCS#1 identifier with junk after the OID) is unsupported,
// never guessed at. RSASSA-PSS is the one scheme whose parameters vary; they
// are parsed strictly by `PSSParameters(derEncoded:)`.

/// How a certificate's signature is to be checked: the scheme an
/// AlgorithmIdentifier names, as refusals (`SignatureFailure`) name it.
public enum SignatureScheme: Sendable, Equatable, CustomStringConvertible {
    /// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2) with SHA-256/384/512.
    case rsaPKCS1(HashAlgorithm)
    /// RSASSA-PSS (RFC 4055 §3.1) with the parameters of the identifier.
    case rsaPSS(PSSParameters)
    /// ECDSA (RFC 5758 §3.2) with SHA-256/384/512, on any supported curve.
    case ecdsa(HashAlgorithm)
    /// PureEdDSA over edwards25519 (RFC 8410 §3): the message is not prehashed.
    case ed25519
    /// sha1WithRSAEncryption: verified only when the policy allows SHA-1.
    case rsaPKCS1SHA1
    /// ecdsa-with-SHA1: verified only when the policy allows SHA-1.
    case ecdsaSHA1
    /// md5WithRSAEncryption: never verified.
    case md5

    /// What kind of key the scheme needs.
    var keyType: KeyType {
        switch self {
        case .rsaPKCS1, .rsaPKCS1SHA1, .md5: return .rsa
        case .rsaPSS: return .rsaPSS
        case .ecdsa, .ecdsaSHA1: return .ecdsa
        case .ed25519: return .ed25519
        }
    }

    enum KeyType: Equatable {
        /// An rsaEncryption key (an id-RSASSA-PSS key refuses PKCS#1 v1.5, RFC 4055 §1.2).
        case rsa
        /// An rsaEncryption key or an id-RSASSA-PSS key whose parameters allow the signature's.
        case rsaPSS
        case ecdsa
        case ed25519
    }

    /// A display name (the identifier's OID name).
    public var description: String {
        switch self {
        case .rsaPKCS1(.sha256): return "sha256WithRSAEncryption"
        case .rsaPKCS1(.sha384): return "sha384WithRSAEncryption"
        case .rsaPKCS1(.sha512): return "sha512WithRSAEncryption"
        case .rsaPSS(let parameters): return "RSASSA-PSS with " + parameters.hash.description
        case .ecdsa(.sha256): return "ecdsa-with-SHA256"
        case .ecdsa(.sha384): return "ecdsa-with-SHA384"
        case .ecdsa(.sha512): return "ecdsa-with-SHA512"
        case .ed25519: return "Ed25519"
        case .rsaPKCS1SHA1: return "sha1WithRSAEncryption"
        case .ecdsaSHA1: return "ecdsa-with-SHA1"
        case .md5: return "md5WithRSAEncryption"
        }
    }

    /// The scheme an AlgorithmIdentifier names, by its exact encoding; nil
    /// when PureX509 does not verify it.
    init?(_ encoded: ArraySlice<UInt8>) {
        for (known, scheme) in Self.fixedEncodings where known.elementsEqual(encoded) {
            self = scheme
            return
        }
        guard let parameters = Self.pssParameters(encoded) else { return nil }
        self = .rsaPSS(parameters)
    }

    /// The RSASSA-PSS-params of an id-RSASSA-PSS identifier; RFC 4055 §3.1
    /// requires them in a signature's identifier, so an absent one is nil.
    private static func pssParameters(_ encoded: ArraySlice<UInt8>) -> PSSParameters? {
        var parameters: Range<Int>? = nil
        DERReader.withReader(over: encoded) { reader in
            do throws(DERError) {
                let element = try reader.read(.sequence)
                try reader.expectEnd()
                var inner = try reader.nested(element)
                let oid = try inner.readOID()
                guard inner.bytes(oid, equal: OID.rsassaPSS.bytes) else { return }
                let params = try inner.readElement()
                try inner.expectEnd()
                parameters = params.encoded
            } catch {
                parameters = nil
            }
        }
        guard let parameters else { return nil }
        let start = encoded.startIndex
        return try? PSSParameters(derEncoded: Array(encoded[(start + parameters.lowerBound)..<(start + parameters.upperBound)]))
    }

    /// Every fixed AlgorithmIdentifier encoding PureX509 knows. PKCS#1 v1.5
    /// appears twice: with the NULL parameters RFC 4055 §5 requires, and
    /// without them, which CAs have issued (rustls-webpki's Sanofi chain;
    /// webpki lists the same `_ABSENT_PARAMS` identifiers). ECDSA and Ed25519
    /// identifiers carry no parameters at all (RFC 5758 §3.2, RFC 8410 §3).
    private static let fixedEncodings: [([UInt8], SignatureScheme)] = {
        var table: [([UInt8], SignatureScheme)] = []
        let pkcs1: [(OID, SignatureScheme)] = [
            (.sha256WithRSAEncryption, .rsaPKCS1(.sha256)), (.sha384WithRSAEncryption, .rsaPKCS1(.sha384)),
            (.sha512WithRSAEncryption, .rsaPKCS1(.sha512)), (.sha1WithRSAEncryption, .rsaPKCS1SHA1),
            (.md5WithRSAEncryption, .md5),
        ]
        for (oid, scheme) in pkcs1 {
            table.append((identifier(oid, nullParameters: true), scheme))
            table.append((identifier(oid, nullParameters: false), scheme))
        }
        let bare: [(OID, SignatureScheme)] = [
            (.ecdsaWithSHA256, .ecdsa(.sha256)), (.ecdsaWithSHA384, .ecdsa(.sha384)),
            (.ecdsaWithSHA512, .ecdsa(.sha512)), (.ecdsaWithSHA1, .ecdsaSHA1), (.ed25519, .ed25519),
        ]
        for (oid, scheme) in bare {
            table.append((identifier(oid, nullParameters: false), scheme))
        }
        return table
    }()

    /// `SEQUENCE { OID [, NULL] }`; these identifiers are short enough that
    /// every length is one octet.
    private static func identifier(_ oid: OID, nullParameters: Bool) -> [UInt8] {
        let content: [UInt8] = [0x06, UInt8(oid.bytes.count)] + oid.bytes + (nullParameters ? [0x05, 0x00] : [])
        return [0x30, UInt8(content.count)] + content
    }
}
