import DER
import PKIX
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
    case schemeMismatch(algorithm: SignatureScheme, key: SizedKeyType)
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
/// `pssParameters` is RFC 4055's freedom unless the caller narrows it (an
/// evaluation uses its profile's rule).
package func checkSignature(algorithm: ArraySlice<UInt8>, key: VerificationKey, policy: KeyPolicy, allowSHA1: Bool,
                           pssParameters: PSSParameterRule = .anyRFC4055,
                           signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> SignatureFailure? {
    switch AdmittedScheme.admit(algorithm: algorithm, key: key, policy: policy, sha1: allowSHA1 ? .allowed : nil,
                                pss: pssParameters) {
    case .failure(let failure): return failure
    case .success(let admitted): return admitted.verify(key, signature: signature, message: message)
    }
}

/// A scheme that passed everything short of the arithmetic, with the
/// arithmetic that verifies it: its table entry's, or for SHA-1 the one the
/// caller handed over.
struct AdmittedScheme {
    let scheme: SignatureScheme
    let arithmetic: SignatureArithmetic

    /// From the scheme's table entry: the scheme is known, allowed, fits the
    /// key, and the key passes the policy. Costs no signature budget.
    static func admit(algorithm: ArraySlice<UInt8>, key: VerificationKey, policy: KeyPolicy,
                      sha1: SHA1Verification?, pss: PSSParameterRule) -> Result<AdmittedScheme, SignatureFailure> {
        guard let (entry, scheme) = SignatureAlgorithmEntry.find(algorithm) else {
            return .failure(.unsupportedAlgorithm(.signatureAlgorithm(algorithmName(algorithm))))
        }
        let arithmetic: SignatureArithmetic
        switch entry.admission {
        case .always: arithmetic = entry.verify
        case .whenSHA1Allowed:
            guard let sha1 else { return .failure(.disallowedAlgorithm(scheme)) }
            arithmetic = sha1.verify
        case .never: return .failure(.disallowedAlgorithm(scheme))
        }
        // PSS parameters outside the profile's rule are refused as a policy
        // refuses SHA-1: decided from the identifier, before any arithmetic.
        if case .rsaPSS(let parameters) = scheme, !pss.admits(parameters, encoded: algorithm) {
            return .failure(.disallowedAlgorithm(scheme))
        }
        guard entry.accepts(scheme, key) else { return .failure(.schemeMismatch(algorithm: scheme, key: key.sizedType)) }
        if let refusal = policy.refusal(of: key.sizedType) { return .failure(.keyRefused(refusal)) }
        return .success(AdmittedScheme(scheme: scheme, arithmetic: arithmetic))
    }

    /// The signature arithmetic.
    func verify(_ key: VerificationKey, signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> SignatureFailure? {
        arithmetic(scheme, key, signature, message) ? nil : .invalidSignature
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
    return AlgorithmName(oid: oid, name: nil)
}
