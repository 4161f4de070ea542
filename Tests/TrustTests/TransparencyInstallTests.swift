import Testing
@testable import Trust

// VerificationPolicy installs the CT check only when a CT policy may apply
// (Policy.swift): the profile carries one, or the caller requires one.
// Whether each policy is met is CTPolicyTests' work (PureX509Tests), and
// those chains are verified through this installation.
struct TransparencyInstallTests {
    @Test func installedExactlyWhileAPolicyIsAsked() {
        var policy = VerificationPolicy(time: 0)
        #expect(policy.transparencyCheck == nil)
        policy.profile = .apple
        #expect(policy.transparencyCheck != nil)
        policy.profile = .strict
        #expect(policy.transparencyCheck == nil)
        policy.certificateTransparency.required = .chrome
        #expect(policy.transparencyCheck != nil)
        policy.certificateTransparency = CertificateTransparencySettings()
        #expect(policy.transparencyCheck == nil)
        // A change made inside the profile installs it too.
        policy.profile.certificateTransparency = .apple
        #expect(policy.transparencyCheck != nil)
        policy.profile.certificateTransparency = nil
        #expect(policy.transparencyCheck == nil)
    }
}
