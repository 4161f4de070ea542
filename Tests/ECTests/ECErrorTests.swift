import EC
import Testing

/// Scripts and users tell failures apart by their text: no two cases may read alike.
@Test func ecErrorDescriptionsAreDistinct() {
    let all: [ECError] = [.malformedPublicKey, .pointNotOnCurve, .malformedSignature, .signatureOutOfRange, .signatureMismatch,
                          .malformedPrivateKey, .privateKeyOutOfRange]
    #expect(Set(all.map(\.description)).count == all.count)
}
