import DER
import EC
import RSA
import Testing
import Trust

// Key refusals and signature failures carry typed reasons
// and algorithms, and say exactly what they said when they carried strings
// (messages are asserted by the CLI's tests and scripts read them). Each
// row's text is the string the failure carried before.

/// Each invalid-key reason, as "invalid key: …" ends.
@Test(arguments: [
    (InvalidKeyReason.rsaParametersNotNull, "rsaEncryption parameters must be NULL"),
    (.unreadablePSSParameters, "unreadable RSASSA-PSS key parameters"),
    (.ed25519ParametersPresent, "Ed25519 key parameters must be absent"),
    // The decoders' own errors, as `error.description` gave them.
    (.malformedSubjectPublicKeyInfo(DERError(.truncated, at: 3)), "truncated element header at offset 3"),
    (.rsa(.exponentOutOfBounds), RSAError.exponentOutOfBounds.description),
    (.ecdsa(.pointNotOnCurve), ECError.pointNotOnCurve.description),
    (.ed25519(.malformedPublicKey), ECError.malformedPublicKey.description),
])
func invalidKeyReasonText(_ reason: InvalidKeyReason, _ text: String) {
    #expect(reason.description == text)
    #expect(KeyRefusal.invalidKey(reason: reason).description == "invalid key: " + text)
}

/// Algorithms and keys named by type read as their names did.
@Test func signatureFailureText() {
    #expect(SignatureFailure.disallowedAlgorithm(.md5).description == "md5WithRSAEncryption is refused by policy")
    #expect(SignatureFailure.disallowedAlgorithm(.rsaPKCS1SHA1).description == "sha1WithRSAEncryption is refused by policy")
    #expect(SignatureFailure.schemeMismatch(algorithm: .ecdsa(.sha384), key: SizedKeyType(.rsa, sizeInBits: 2048)).description
        == "ecdsa-with-SHA384 cannot be verified with a RSA-2048 key")
    #expect(SignatureFailure.schemeMismatch(algorithm: .rsaPKCS1(.sha256), key: SizedKeyType(.rsaPSS, sizeInBits: 3072)).description
        == "sha256WithRSAEncryption cannot be verified with a RSASSA-PSS RSA-3072 key")
    #expect(SignatureFailure.schemeMismatch(algorithm: .ed25519, key: SizedKeyType(.ecdsa(.p521), sizeInBits: 521)).description
        == "Ed25519 cannot be verified with a ECDSA P-521 key")
    #expect(TrustFailure.disallowedAlgorithm(index: 1, algorithm: .ecdsaSHA1).description
        == "certificate 1 is signed with ecdsa-with-SHA1, refused by policy")
    #expect(TrustFailure.algorithmMismatch(index: 2, algorithm: .ecdsa(.sha256), key: SizedKeyType(.ed25519, sizeInBits: 256)).description
        == "certificate 2 is signed with ecdsa-with-SHA256, which its issuer's Ed25519 key cannot have made")
}
