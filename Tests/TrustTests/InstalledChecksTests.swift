import Testing
@testable import Trust

// VerificationPolicy installs a check's code only when it is asked for
// (Policy.swift), so that a program that never asks links none of it: the
// CT check while the profile carries a CT policy or the caller requires
// one, SHA-1's arithmetic while `allowSHA1` is true. Whether a CT policy
// is met is CTPolicyTests' work (PureX509Tests); SHA-1 signatures accepted
// and refused, AppleProfileTests', ATSPolicyTests' and the OCSP tests'.
struct InstalledChecksTests {
    @Test func transparencyIsInstalledExactlyWhileAPolicyIsAsked() {
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

    @Test func sha1IsInstalledExactlyWhileAllowed() {
        var policy = VerificationPolicy(time: 0)
        #expect(policy.sha1 == nil)
        policy.allowSHA1 = true
        #expect(policy.sha1 != nil)
        policy.allowSHA1 = false
        #expect(policy.sha1 == nil)
    }
}
