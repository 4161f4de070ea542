import BigNum
import DER
import PKIX
import RSA
import SHA2

/// The signature algorithms a path can use, chosen by the exact
/// AlgorithmIdentifier bytes (webpki's `signed_data.rs` approach): any
/// encoding not listed here is unsupported. For PKCS#1 v1.5 two encodings
/// are listed: with the NULL parameters RFC 4055 §5 requires, and without
/// them, which CAs have issued (rustls-webpki's Sanofi chain; webpki added
/// the same `_ABSENT_PARAMS` identifiers for it).
enum SignatureAlgorithm {
    case rsaPKCS1(HashAlgorithm)
    case rsaPKCS1SHA1
    case rsaPSS(PSSParameters)
    case md5
    case unsupported

    /// `SEQUENCE { OID 1.2.840.113549.1.1.x, NULL }` for PKCS#1 v1.5.
    static let pkcs1Prefix: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01]
    /// `SEQUENCE { OID 1.2.840.113549.1.1.x }`, parameters absent.
    static let pkcs1AbsentPrefix: [UInt8] = [0x30, 0x0B, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01]
    static let pssOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]

    init(_ certificate: Certificate) {
        let encoded = certificate[certificate.signatureAlgorithm.encoded]
        let withNull = encoded.count == 15 && encoded.starts(with: Self.pkcs1Prefix) && encoded.suffix(2).elementsEqual([0x05, 0x00])
        let absent = encoded.count == 13 && encoded.starts(with: Self.pkcs1AbsentPrefix)
        if withNull || absent {
            switch encoded[encoded.startIndex + 12] {
            case 0x0B: self = .rsaPKCS1(.sha256)
            case 0x0C: self = .rsaPKCS1(.sha384)
            case 0x0D: self = .rsaPKCS1(.sha512)
            case 0x05: self = .rsaPKCS1SHA1
            case 0x04: self = .md5
            default: self = .unsupported
            }
            return
        }
        let algorithm = certificate.signatureAlgorithm
        if let parameters = algorithm.parameters,
           certificate[algorithm.algorithm.lowerBound - 2..<algorithm.algorithm.upperBound].elementsEqual(Self.pssOID),
           let pss = try? PSSParameters(derEncoded: Array(certificate[parameters])) {
            self = .rsaPSS(pss)
            return
        }
        self = .unsupported
    }
}

/// A bounded cache of verified edges, keyed by the exact bytes that were
/// verified: the issuer's SubjectPublicKeyInfo and the whole subject
/// certificate (so its TBS, algorithm and signature all take part). Only
/// successes are stored, and a lookup compares every byte, so a hit can
/// never turn a failure into a success. Entries hold the certificates'
/// own arrays (copy-on-write), so caching copies nothing.
public struct SignatureCache: Sendable {
    struct Entry: Sendable {
        let issuerKey: ArraySlice<UInt8>
        let certificate: [UInt8]
        var lastUsed: UInt64
    }

    public let capacity: Int
    var entries: [Entry] = []
    var clock: UInt64 = 0
    public private(set) var hits = 0

    /// 256 edges: a busy client's working set of server chains.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 0)
    }

    mutating func contains(issuerKey: ArraySlice<UInt8>, certificate: [UInt8]) -> Bool {
        clock &+= 1
        for i in entries.indices where entries[i].certificate == certificate && entries[i].issuerKey == issuerKey {
            entries[i].lastUsed = clock
            hits += 1
            return true
        }
        return false
    }

    mutating func insert(issuerKey: ArraySlice<UInt8>, certificate: [UInt8]) {
        guard capacity > 0 else { return }
        clock &+= 1
        let entry = Entry(issuerKey: issuerKey, certificate: certificate, lastUsed: clock)
        if entries.count < capacity {
            entries.append(entry)
            return
        }
        // Least recently used goes.
        var oldest = 0
        for i in entries.indices where entries[i].lastUsed < entries[oldest].lastUsed { oldest = i }
        entries[oldest] = entry
    }
}

extension Verifier {
    /// Checks that `node`'s key signed `subject` (at path index `index`):
    /// the cache first, then the anchor's prepared key or a key built from
    /// the intermediate's SPKI.
    mutating func verifySignature(of subject: Certificate, index: Int, by node: PathNode,
                                  search: inout SearchState) throws(TrustFailure) -> TrustFailure? {
        let issuer = node.certificate
        let algorithm = SignatureAlgorithm(subject)
        switch algorithm {
        case .unsupported: return .unsupportedAlgorithm(index: index)
        case .md5: return .disallowedAlgorithm(index: index)
        case .rsaPKCS1SHA1 where !policy.allowSHA1: return .disallowedAlgorithm(index: index)
        default: break
        }
        guard case .rsa(let modulus, let exponent) = issuer.publicKey.kind else { return .unsupportedAlgorithm(index: index) }
        let bits = issuer.publicKey.sizeInBits
        guard bits >= policy.minimumRSAModulusBits else { return .weakKey(index: index, bits: bits) }

        let issuerKey = issuer[issuer.subjectPublicKeyInfo]
        if cache.contains(issuerKey: issuerKey, certificate: subject.der) { return nil }
        let prepared = node.anchorIndex.flatMap { store.rsaKey(ofAnchor: $0) }
        guard let key = prepared ?? (try? RSAPublicKey(modulusOctets: issuer[modulus], exponentOctets: issuer[exponent])) else {
            return .weakKey(index: index, bits: bits)
        }

        search.signatureChecks += 1
        guard search.signatureChecks <= policy.budgets.signatureChecks else { throw .budgetExceeded(.signatureChecks) }
        let signature = Array(subject[subject.signatureValue])
        let message = Array(subject[subject.tbsCertificate])
        do {
            switch algorithm {
            case .rsaPKCS1(let hash): try key.verifyPKCS1v15(signature: signature, message: message, hash: hash)
            case .rsaPKCS1SHA1: try key.verifyInsecureSHA1PKCS1v15(signature: signature, message: message)
            case .rsaPSS(let parameters): try key.verifyPSS(signature: signature, message: message, parameters: parameters)
            case .md5, .unsupported: return .unsupportedAlgorithm(index: index)
            }
        } catch {
            return .badSignature(index: index)
        }
        cache.insert(issuerKey: issuerKey, certificate: subject.der)
        return nil
    }
}
