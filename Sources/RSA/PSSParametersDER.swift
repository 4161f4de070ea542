import DER
import SHA2

// RSASSA-PSS-params (RFC 4055 §3.1) read strictly:
//   SEQUENCE { hashAlgorithm [0] HashAlgorithm DEFAULT sha1,
//              maskGenAlgorithm [1] MaskGenAlgorithm DEFAULT mgf1SHA1,
//              saltLength [2] INTEGER DEFAULT 20,
//              trailerField [3] TrailerField DEFAULT trailerFieldBC }
// The defaults name SHA-1, which PureX509 does not verify with, so the hash
// and mask fields must be present and name SHA-256/384/512 (RFC 4055 §2.1
// lets the hash parameters be absent or NULL; both are read). The trailer
// field, when encoded, must be 1; DER would omit it, so it is refused when
// present (X.690 §11.5), as every other DEFAULT encoded explicitly is.

extension PSSParameters {
    /// Upper bound on saltLength: no salt can be longer than the largest modulus.
    static let maximumSaltLength = RSAPublicKey.maximumModulusBits / 8

    /// Reads the DER of RSASSA-PSS-params (the AlgorithmIdentifier's parameters).
    public init(derEncoded der: [UInt8]) throws(RSAError) {
        var parsed: PSSParameters? = nil
        do throws(DERError) {
            parsed = try DERReader.parse(der) { (reader: inout DERReader) throws(DERError) in
                try reader.readNested(.sequence) { (fields: inout DERReader) throws(DERError) in
                    let hash = try fields.readNested(.contextSpecificConstructed(0)) { (r: inout DERReader) throws(DERError) in
                        try Self.readHashAlgorithm(&r)
                    }
                    let mask = try fields.readNested(.contextSpecificConstructed(1)) { (r: inout DERReader) throws(DERError) in
                        try r.readNested(.sequence) { (mgf: inout DERReader) throws(DERError) -> HashAlgorithm? in
                            let oid = try mgf.readOID()
                            guard mgf.bytes(oid, equal: OID.mgf1.bytes) else { _ = try mgf.readElement(); return nil }
                            return try Self.readHashAlgorithm(&mgf)
                        }
                    }
                    var salt = 20
                    if fields.peekTag() == .contextSpecificConstructed(2) {
                        salt = try fields.readNested(.contextSpecificConstructed(2)) { (r: inout DERReader) throws(DERError) in
                            try r.readSmallInteger(maximum: Self.maximumSaltLength)
                        }
                    }
                    guard let hash, let mask, fields.isAtEnd else { return nil }
                    return PSSParameters(hash: hash, maskHash: mask, saltLength: salt)
                }
            }
        } catch {
            throw .invalidPSSParameters
        }
        guard let parsed else { throw .invalidPSSParameters }
        self = parsed
    }

    /// `AlgorithmIdentifier { id-sha256 | id-sha384 | id-sha512, NULL or absent }`; nil for other hashes.
    static func readHashAlgorithm(_ reader: inout DERReader) throws(DERError) -> HashAlgorithm? {
        try reader.readNested(.sequence) { (algorithm: inout DERReader) throws(DERError) -> HashAlgorithm? in
            let oid = try algorithm.readOID()
            if !algorithm.isAtEnd { try algorithm.readNull() }
            if algorithm.bytes(oid, equal: OID.sha256.bytes) { return .sha256 }
            if algorithm.bytes(oid, equal: OID.sha384.bytes) { return .sha384 }
            if algorithm.bytes(oid, equal: OID.sha512.bytes) { return .sha512 }
            return nil
        }
    }
}
