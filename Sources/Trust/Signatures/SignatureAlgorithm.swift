import DER
import EC
import PKIX
import RSA
import SHA2

// The one algorithm table (rustls-webpki's `SignatureVerificationAlgorithm`
// values, Go's `signatureAlgorithmDetails`): one entry per algorithm, with
// the exact AlgorithmIdentifier encodings that name it, the keys it accepts,
// whether the policy lets it be verified, and its verify function. The
// scheme's name, the fit of the key, the SHA-1/MD5 policy and the arithmetic
// all read from the entry. An encoding is recognised only byte for byte, so
// a parameter PureX509 did not expect (ECDSA with NULL parameters, a PKCS#1
// identifier with junk after the OID) is unsupported, never guessed at.
// RSASSA-PSS is the one scheme whose parameters vary; they are parsed
// strictly by `PSSParameters(derEncoded:)`. What a verification costs is the
// key's (`VerificationKey.cost`: the modulus size, or `KeyType.verificationCost`).

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

    /// A display name (the identifier's OID name), from the table.
    public var description: String {
        if case .rsaPSS(let parameters) = self {
            // The parameters are what a PSS rule refuses, so the name shows all three.
            return "RSASSA-PSS with " + parameters.hash.description + ", MGF1 with " + parameters.maskHash.description
                + " and a \(parameters.saltLength)-octet salt"
        }
        return entry.name
    }

    /// The scheme an AlgorithmIdentifier names, by its exact encoding; nil
    /// when PureX509 does not verify it.
    init?(_ encoded: ArraySlice<UInt8>) {
        guard let found = SignatureAlgorithmEntry.find(encoded) else { return nil }
        self = found.scheme
    }

    /// The scheme of an AlgorithmIdentifier (a certificate's
    /// `signatureAlgorithm`), for checks that judge a verified path's
    /// algorithms after the fact (Pinning's ATS hash requirement).
    package init?(identifier: AlgorithmIdentifier) {
        self.init(identifier.encoded)
    }

    /// The scheme's table entry.
    var entry: SignatureAlgorithmEntry {
        for entry in SignatureAlgorithmEntry.table where entry.names(self) { return entry }
        preconditionFailure("every SignatureScheme has a table entry")
    }
}

/// Which RSASSA-PSS parameters a signature may carry
/// (`ValidationProfile.pssParameters`). RFC 4055 §3.1 lets a signer choose
/// the hash, the mask's hash and the salt length freely; every deployed
/// verifier that judges the web PKI accepts fewer, and the CA/Browser Forum
/// fixes the encodings a CA may use (docs/signatures.md).
package enum PSSParameterRule: Sendable, Equatable {
    /// Anything PureX509 can verify: SHA-256/384/512 for the message and for
    /// MGF1, any salt the modulus leaves room for (RFC 8017 §9.1.2 step 3).
    case anyRFC4055
    /// MGF1 over the message's hash and a salt as long as that hash: the
    /// combinations TLS 1.3 signs with (RFC 8446 §4.2.3) and the only ones
    /// Chromium's verifier accepts (ParseRsaPss in signature_algorithm.cc).
    /// A salt of 0 makes every signature over a message the same, which
    /// the CA/B Forum's fixed encodings exclude too.
    case saltMatchesHash
    /// The three AlgorithmIdentifiers of CA/B Forum BR §7.1.3.2.1, byte for
    /// byte: SHA-256, SHA-384 or SHA-512, MGF1 with the same hash, a salt of
    /// 32, 48 or 64 octets, each hash identifier with explicit NULL
    /// parameters ("MUST be byte-for-byte identical with the specified
    /// hex-encoded bytes").
    case baselineRequirementsEncodings

    /// Whether a signature identifier `encoded`, whose parameters are
    /// `parameters`, is admitted.
    func admits(_ parameters: PSSParameters, encoded: ArraySlice<UInt8>) -> Bool {
        switch self {
        case .anyRFC4055: return true
        case .saltMatchesHash: return parameters.maskHash == parameters.hash && parameters.saltLength == parameters.hash.digestSize
        case .baselineRequirementsEncodings:
            return Self.brEncodings.contains { $0.elementsEqual(encoded) }
        }
    }

    /// The PSS scheme `encoded` names when this rule refuses it; nil for
    /// any other identifier. For edges the signature cache answers, which
    /// were admitted under whichever rule was in force when they were cached.
    func refusal(ofAlgorithm encoded: ArraySlice<UInt8>) -> SignatureScheme? {
        // Every identifier of the table but RSASSA-PSS's is at most 15
        // octets (PKCS#1 with NULL), so the common case costs one comparison.
        guard self != .anyRFC4055, encoded.count > 15, let found = SignatureAlgorithmEntry.find(encoded),
              case .rsaPSS(let parameters) = found.scheme, !admits(parameters, encoded: encoded) else { return nil }
        return found.scheme
    }

    /// BR §7.1.3.2.1's encodings: id-RSASSA-PSS, then RSASSA-PSS-params
    /// with hashAlgorithm [0] (sha-2 OID 2.16.840.1.101.3.4.2.`hash`, NULL),
    /// maskGenAlgorithm [1] (id-mgf1 over the same hash identifier) and
    /// saltLength [2].
    static let brEncodings: [[UInt8]] = [encoding(hash: 0x01, salt: 32), encoding(hash: 0x02, salt: 48),
                                         encoding(hash: 0x03, salt: 64)]

    private static func encoding(hash: UInt8, salt: UInt8) -> [UInt8] {
        let sha2: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, hash, 0x05, 0x00]
        let mgf1: [UInt8] = [0x30, 0x1A, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x08] + sha2
        let parameters: [UInt8] = [0xA0, 0x0F] + sha2 + [0xA1, 0x1C] + mgf1 + [0xA2, 0x03, 0x02, 0x01, salt]
        let rsassaPSS: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]
        return [0x30, 0x41] + rsassaPSS + [0x30, 0x34] + parameters
    }
}

/// One signature algorithm: how its AlgorithmIdentifier is recognised, the
/// keys it accepts, what the policy says of it and its verify function.
struct SignatureAlgorithmEntry: Sendable {
    /// How the entry recognises its AlgorithmIdentifier.
    enum Identification: Sendable {
        /// These exact encodings, all naming `scheme`.
        case encodings([[UInt8]], SignatureScheme)
        /// id-RSASSA-PSS with RSASSA-PSS-params, parsed strictly.
        case pssParameters
    }

    /// Whether the policy lets the algorithm be verified.
    enum Admission: Sendable, Equatable {
        /// Always (SHA-2, Ed25519).
        case always
        /// Only when the policy (or the OCSP revocation rule) allows SHA-1.
        case whenSHA1Allowed
        /// Never (MD5).
        case never
    }

    /// The name a message shows (the identifier's OID name).
    let name: String
    let identification: Identification
    /// The key types the algorithm takes: an id-RSASSA-PSS key refuses
    /// PKCS#1 v1.5 (RFC 4055 §1.2), and RFC 5758 does not tie an ECDSA hash
    /// to a curve, so ECDSA takes every curve the key table lists.
    let keys: [KeyType]
    let admission: Admission
    /// The arithmetic: true when `signature` over `message` verifies with a
    /// key the entry accepts.
    let verify: SignatureArithmetic

    /// The entry that recognises `encoded` and the scheme it names, in one
    /// pass over the table: a verification needs both.
    static func find(_ encoded: ArraySlice<UInt8>) -> (entry: SignatureAlgorithmEntry, scheme: SignatureScheme)? {
        for entry in table {
            if let scheme = entry.identify(encoded) { return (entry, scheme) }
        }
        return nil
    }

    /// The scheme `encoded` names, if this entry recognises it.
    func identify(_ encoded: ArraySlice<UInt8>) -> SignatureScheme? {
        switch identification {
        case .encodings(let encodings, let scheme):
            return encodings.contains { $0.elementsEqual(encoded) } ? scheme : nil
        case .pssParameters:
            return Self.pssParameters(encoded).map { .rsaPSS($0) }
        }
    }

    /// Whether `scheme` is this entry's.
    func names(_ scheme: SignatureScheme) -> Bool {
        switch identification {
        case .encodings(_, let own): return own == scheme
        case .pssParameters: if case .rsaPSS = scheme { return true } else { return false }
        }
    }

    /// Whether `key` may be used with `scheme` (this entry's) at all, before its arithmetic.
    func accepts(_ scheme: SignatureScheme, _ key: VerificationKey) -> Bool {
        guard keys.contains(key.type) else { return false }
        // RFC 4055 §3.3: a restricted key's signatures use the same hash
        // and mask, and a salt no shorter than the key's.
        guard case .rsaPSS(_, let restriction?) = key, case .rsaPSS(let parameters) = scheme else { return true }
        return parameters.hash == restriction.hash && parameters.maskHash == restriction.maskHash
            && parameters.saltLength >= restriction.saltLength
    }

    /// The key types of each kind of entry.
    private static let rsaKeys: [KeyType] = [.rsa]
    private static let rsaOrPSSKeys: [KeyType] = [.rsa, .rsaPSS]
    private static let ecdsaKeys: [KeyType] = KeyAlgorithm.all.compactMap { $0.ecdsaCurve.map(KeyType.ecdsa) }
    private static let ed25519Keys: [KeyType] = [.ed25519]

    /// The table. PKCS#1 v1.5 identifiers appear twice: with the NULL
    /// parameters RFC 4055 §5 requires, and without them, which CAs have
    /// issued (rustls-webpki's Sanofi chain; webpki lists the same
    /// `_ABSENT_PARAMS` identifiers). ECDSA and Ed25519 identifiers carry no
    /// parameters at all (RFC 5758 §3.2, RFC 8410 §3).
    static let table: [SignatureAlgorithmEntry] = [
        pkcs1("sha256WithRSAEncryption", .sha256WithRSAEncryption, .rsaPKCS1(.sha256), .always, verifyPKCS1),
        pkcs1("sha384WithRSAEncryption", .sha384WithRSAEncryption, .rsaPKCS1(.sha384), .always, verifyPKCS1),
        pkcs1("sha512WithRSAEncryption", .sha512WithRSAEncryption, .rsaPKCS1(.sha512), .always, verifyPKCS1),
        SignatureAlgorithmEntry(name: "RSASSA-PSS", identification: .pssParameters, keys: rsaOrPSSKeys,
                                admission: .always, verify: verifyPSS),
        bare("ecdsa-with-SHA256", .ecdsaWithSHA256, .ecdsa(.sha256), ecdsaKeys, .always, verifyECDSA),
        bare("ecdsa-with-SHA384", .ecdsaWithSHA384, .ecdsa(.sha384), ecdsaKeys, .always, verifyECDSA),
        bare("ecdsa-with-SHA512", .ecdsaWithSHA512, .ecdsa(.sha512), ecdsaKeys, .always, verifyECDSA),
        bare("Ed25519", .ed25519, .ed25519, ed25519Keys, .always, verifyEd25519),
        // SHA-1's arithmetic is `SHA1Verification`'s, never the table's.
        pkcs1("sha1WithRSAEncryption", .sha1WithRSAEncryption, .rsaPKCS1SHA1, .whenSHA1Allowed, { _, _, _, _ in false }),
        bare("ecdsa-with-SHA1", .ecdsaWithSHA1, .ecdsaSHA1, ecdsaKeys, .whenSHA1Allowed, { _, _, _, _ in false }),
        pkcs1("md5WithRSAEncryption", .md5WithRSAEncryption, .md5, .never, { _, _, _, _ in false }),
    ]

    /// A PKCS#1 v1.5 entry: `SEQUENCE { OID, NULL }` and `SEQUENCE { OID }`, rsaEncryption keys.
    private static func pkcs1(_ name: String, _ oid: OID, _ scheme: SignatureScheme, _ admission: Admission,
                              _ verify: @escaping SignatureArithmetic)
        -> SignatureAlgorithmEntry {
        SignatureAlgorithmEntry(name: name, identification: .encodings([identifier(oid, nullParameters: true),
                                                                         identifier(oid, nullParameters: false)], scheme),
                                keys: rsaKeys, admission: admission, verify: verify)
    }

    /// An entry whose identifier is `SEQUENCE { OID }` alone.
    private static func bare(_ name: String, _ oid: OID, _ scheme: SignatureScheme, _ keys: [KeyType], _ admission: Admission,
                             _ verify: @escaping SignatureArithmetic)
        -> SignatureAlgorithmEntry {
        SignatureAlgorithmEntry(name: name, identification: .encodings([identifier(oid, nullParameters: false)], scheme),
                                keys: keys, admission: admission, verify: verify)
    }

    /// `SEQUENCE { OID [, NULL] }`; these identifiers are short enough that
    /// every length is one octet.
    private static func identifier(_ oid: OID, nullParameters: Bool) -> [UInt8] {
        let content: [UInt8] = [0x06, UInt8(oid.bytes.count)] + oid.bytes + (nullParameters ? [0x05, 0x00] : [])
        return [0x30, UInt8(content.count)] + content
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
}

/// A signature's arithmetic: true when `signature` over `message` verifies
/// under the scheme with the key.
typealias SignatureArithmetic = @Sendable (SignatureScheme, VerificationKey, ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool

/// The arithmetic of the SHA-1 schemes, which a policy that allows SHA-1
/// (`VerificationPolicy.allowSHA1`) or OCSP's rule for revocations hands to
/// the admission (SignatureVerification.swift): a program that never allows
/// SHA-1 links neither SHA-1 nor these two verifications.
struct SHA1Verification: Sendable {
    let verify: SignatureArithmetic

    static var allowed: SHA1Verification {
        SHA1Verification { scheme, key, signature, message in
            switch scheme {
            case .rsaPKCS1SHA1: return verifyPKCS1SHA1(scheme, key, signature, message)
            case .ecdsaSHA1: return verifyECDSASHA1(scheme, key, signature, message)
            default: return false
            }
        }
    }
}

// The verify functions: each calls its primitive. Each algorithm's typed
// error is caught where it is thrown (one error type per `do`, as Embedded
// Swift requires); every refusal of the arithmetic is an invalid signature.
// RSA hashes the TBS where it lies (no copy of the message) and takes the digest.

private func verifyPKCS1(_ scheme: SignatureScheme, _ key: VerificationKey,
                         _ signature: ArraySlice<UInt8>, _ message: ArraySlice<UInt8>) -> Bool {
    guard case .rsaPKCS1(let hash) = scheme, case .rsa(let rsa) = key else { return false }
    let digest = message.withUnsafeBytes { hash.hash($0) }
    do { try rsa.verifyPKCS1v15(signature: signature, digest: digest, hash: hash) } catch { return false }
    return true
}

private func verifyPKCS1SHA1(_ scheme: SignatureScheme, _ key: VerificationKey,
                             _ signature: ArraySlice<UInt8>, _ message: ArraySlice<UInt8>) -> Bool {
    guard case .rsa(let rsa) = key else { return false }
    do { try rsa.verifyInsecureSHA1PKCS1v15(signature: Array(signature), message: Array(message)) } catch { return false }
    return true
}

private func verifyPSS(_ scheme: SignatureScheme, _ key: VerificationKey,
                       _ signature: ArraySlice<UInt8>, _ message: ArraySlice<UInt8>) -> Bool {
    guard case .rsaPSS(let parameters) = scheme else { return false }
    let rsa: RSAPublicKey
    switch key {
    case .rsa(let plain), .rsaPSS(let plain, _): rsa = plain
    default: return false
    }
    let digest = message.withUnsafeBytes { parameters.hash.hash($0) }
    do { try rsa.verifyPSS(signature: Array(signature), digest: digest, parameters: parameters) } catch { return false }
    return true
}

private func verifyECDSA(_ scheme: SignatureScheme, _ key: VerificationKey,
                         _ signature: ArraySlice<UInt8>, _ message: ArraySlice<UInt8>) -> Bool {
    guard case .ecdsa(let hash) = scheme, case .ecdsa(let ec) = key else { return false }
    do { try ec.verify(signature: signature, message: message, hash: hash) } catch { return false }
    return true
}

private func verifyECDSASHA1(_ scheme: SignatureScheme, _ key: VerificationKey,
                             _ signature: ArraySlice<UInt8>, _ message: ArraySlice<UInt8>) -> Bool {
    guard case .ecdsa(let ec) = key else { return false }
    do { try ec.verify(signature: signature, digest: InsecureSHA1.hash(message)) } catch { return false }
    return true
}

private func verifyEd25519(_ scheme: SignatureScheme, _ key: VerificationKey,
                           _ signature: ArraySlice<UInt8>, _ message: ArraySlice<UInt8>) -> Bool {
    guard case .ed25519(let ed) = key else { return false }
    do { try ed.verify(signature: signature, message: message) } catch { return false }
    return true
}
