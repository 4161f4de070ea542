@_spi(Plumbing) import DER
import EC
import PKIX
import RSA
import SHA2

// The one place a signature is checked (Go's `checkSignature`): the scheme
// from the AlgorithmIdentifier's exact bytes, then whether it fits the key,
// then the key policy, then the arithmetic. Every refusal is typed, so a user
// can tell "PureX509 cannot verify this" from "this is forged".

/// Why a signature was not accepted.
public enum SignatureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The signature algorithm, the key's algorithm or its curve is not one
    /// PureX509 implements.
    case unsupportedAlgorithm(Unsupported)
    /// SHA-1 or MD5, refused by policy; the algorithm.
    case disallowedAlgorithm(SignatureScheme)
    /// The signature algorithm cannot be used with the key: ECDSA with an
    /// RSA key, PKCS#1 v1.5 with an id-RSASSA-PSS key, PSS parameters the
    /// key's restrictions forbid.
    case schemeMismatch(algorithm: SignatureScheme, key: VerificationKey.Kind)
    /// The key is outside the policy or its algorithm's bounds.
    case keyRefused(KeyRefusal)
    /// The arithmetic says no: the signature was not made by this key over these bytes.
    case invalidSignature

    /// What PureX509 does not implement, named by OID and, when known, by name.
    public enum Unsupported: Sendable, Equatable, CustomStringConvertible {
        /// The certificate's signature AlgorithmIdentifier.
        case signatureAlgorithm(AlgorithmName)
        /// The algorithm of the key's SubjectPublicKeyInfo.
        case keyAlgorithm(AlgorithmName)
        /// The EC key's named curve, or its explicit parameters (which RFC 5480 §2.1.1 forbids).
        case curve(AlgorithmName)

        /// What is unsupported and its name, as a message fragment.
        public var description: String {
            switch self {
            case .signatureAlgorithm(let name): return "signature algorithm " + name.description
            case .keyAlgorithm(let name): return "key algorithm " + name.description
            case .curve(let name): return "curve " + name.description
            }
        }
    }

    /// The reason as a message, without the certificate's index.
    public var description: String {
        switch self {
        case .unsupportedAlgorithm(let what): return what.description + " is not supported"
        case .disallowedAlgorithm(let scheme): return scheme.description + " is refused by policy"
        case .schemeMismatch(let algorithm, let key):
            return algorithm.description + " cannot be verified with a " + key.description + " key"
        case .keyRefused(let refusal): return refusal.description
        case .invalidSignature: return "the signature does not verify"
        }
    }
}

/// Verifies `signature` over `message`, made with the algorithm whose
/// AlgorithmIdentifier TLV is `algorithm`, with `key`; nil when valid.
public func checkSignature(algorithm: ArraySlice<UInt8>, key: VerificationKey, policy: KeyPolicy, allowSHA1: Bool,
                           signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> SignatureFailure? {
    switch admitScheme(algorithm: algorithm, key: key, policy: policy, allowSHA1: allowSHA1) {
    case .failure(let failure): return failure
    case .success(let scheme): return verifyArithmetic(scheme, key: key, signature: signature, message: message)
    }
}

/// Everything short of the arithmetic: the scheme is known, allowed, fits
/// the key, and the key passes the policy. Costs no signature budget.
func admitScheme(algorithm: ArraySlice<UInt8>, key: VerificationKey, policy: KeyPolicy,
                 allowSHA1: Bool) -> Result<SignatureScheme, SignatureFailure> {
    guard let scheme = SignatureScheme(algorithm) else {
        return .failure(.unsupportedAlgorithm(.signatureAlgorithm(algorithmName(algorithm))))
    }
    switch scheme {
    case .md5: return .failure(.disallowedAlgorithm(scheme))
    case .rsaPKCS1SHA1, .ecdsaSHA1: if !allowSHA1 { return .failure(.disallowedAlgorithm(scheme)) }
    default: break
    }
    if let failure = fit(scheme, key) { return .failure(failure) }
    if let refusal = policy.refusal(of: key) { return .failure(.keyRefused(refusal)) }
    return .success(scheme)
}

/// The signature arithmetic of an admitted scheme. Each algorithm's typed
/// error is caught where it is thrown (one error type per `do`, as Embedded
/// Swift requires); every refusal of the arithmetic is an invalid signature.
func verifyArithmetic(_ scheme: SignatureScheme, key: VerificationKey,
                      signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> SignatureFailure? {
    switch (scheme, key) {
    // RSA hashes the TBS where it lies (no copy of the message) and takes the digest.
    case (.rsaPKCS1(let hash), .rsa(let rsa)):
        let digest = message.withUnsafeBytes { hash.hash($0) }
        do { try rsa.verifyPKCS1v15(signature: Array(signature), digest: digest, hash: hash) } catch { return .invalidSignature }
    case (.rsaPKCS1SHA1, .rsa(let rsa)):
        do { try rsa.verifyInsecureSHA1PKCS1v15(signature: Array(signature), message: Array(message)) } catch { return .invalidSignature }
    case (.rsaPSS(let parameters), .rsa(let rsa)), (.rsaPSS(let parameters), .rsaPSS(let rsa, _)):
        let digest = message.withUnsafeBytes { parameters.hash.hash($0) }
        do { try rsa.verifyPSS(signature: Array(signature), digest: digest, parameters: parameters) } catch { return .invalidSignature }
    case (.ecdsa(let hash), .ecdsa(let ec)):
        do { try ec.verify(signature: signature, message: message, hash: hash) } catch { return .invalidSignature }
    case (.ecdsaSHA1, .ecdsa(let ec)):
        do { try ec.verify(signature: signature, digest: InsecureSHA1.hash(message)) } catch { return .invalidSignature }
    case (.ed25519, .ed25519(let ed)):
        do { try ed.verify(signature: signature, message: message) } catch { return .invalidSignature }
    default:
        return .schemeMismatch(algorithm: scheme, key: key.kind)
    }
    return nil
}

/// Whether `scheme` may be used with `key` at all (before its arithmetic).
private func fit(_ scheme: SignatureScheme, _ key: VerificationKey) -> SignatureFailure? {
    var mismatch: SignatureFailure { .schemeMismatch(algorithm: scheme, key: key.kind) }
    switch (scheme.keyType, key) {
    case (.rsa, .rsa): return nil
    case (.rsaPSS, .rsa): return nil
    case (.rsaPSS, .rsaPSS(_, let restriction)):
        // RFC 4055 §3.3: a restricted key's signatures use the same hash and
        // mask, and a salt no shorter than the key's.
        guard let restriction, case .rsaPSS(let parameters) = scheme else { return nil }
        if parameters.hash != restriction.hash || parameters.maskHash != restriction.maskHash
            || parameters.saltLength < restriction.saltLength { return mismatch }
        return nil
    // Any of the three hashes with any supported curve (RFC 5758 does not tie them).
    case (.ecdsa, .ecdsa): return nil
    case (.ed25519, .ed25519): return nil
    default: return mismatch
    }
}

extension KeyPolicy {
    /// Why the policy refuses `key`, or nil.
    func refusal(of key: VerificationKey) -> KeyRefusal? {
        switch key {
        case .rsa(let rsa), .rsaPSS(let rsa, _):
            return rsa.modulusBits < minimumRSAModulusBits
                ? .rsaModulusTooSmall(bits: rsa.modulusBits, minimum: minimumRSAModulusBits) : nil
        case .ecdsa(let ec):
            let member: AllowedCurves
            switch ec.curve {
            case .p256: member = .p256
            case .p384: member = .p384
            case .p521: member = .p521
            }
            return allowedCurves.contains(member) ? nil : .curveNotAllowed(ec.curve.description)
        case .ed25519:
            return allowedCurves.contains(.ed25519) ? nil : .curveNotAllowed("Ed25519")
        }
    }
}

/// The OID of an AlgorithmIdentifier TLV, named, for messages about
/// algorithms PureX509 does not verify.
private func algorithmName(_ encoded: ArraySlice<UInt8>) -> AlgorithmName {
    var oid: OID? = nil
    DERReader.withReader(over: encoded) { reader in
        guard let element = try? reader.read(.sequence), var inner = try? reader.nested(element),
              let range = try? inner.readOID() else { return }
        oid = OID(der: inner.copy(range))
    }
    return AlgorithmName(oid: oid, name: oid?.shortName)
}
