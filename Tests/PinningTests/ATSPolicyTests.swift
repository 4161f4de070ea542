import Foundation
import PKIX
import Pinning
import Testing
import TestSupport
import Trust

// App Transport Security as a value (docs/ats.md): which key decides each
// setting for a host (Apple's NSAppTransportSecurity, NSAllowsArbitraryLoads,
// NSAllowsLocalNetworking, NSExceptionDomains, NSIncludesSubdomains and
// NSPinnedDomains reference pages), and the certificate half of ATS on the
// chains of Vectors/leaf-keys (one RSA-2048 root, www.example.com leaves
// with RSA-1024 and RSA-2048 keys).

private func pin(_ byte: UInt8) -> SPKIPin {
    try! SPKIPin(Base64Text.encode([UInt8](repeating: byte, count: 32)))
}

private enum Base64Text {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}

private func certificate(_ name: String) throws -> Certificate {
    let bytes = try Vectors.bytes("leaf-keys/\(name).pem")
    return try Certificate(derEncoded: try #require(PEM.certificates(in: bytes).first).der)
}

/// 2027-01-01, inside the fixtures' ten years.
private let time: Int64 = 1_798_761_600

private func environment() throws -> TrustEnvironment {
    var policy = VerificationPolicy(time: time)
    policy.profile = .strict
    return TrustEnvironment(systemAnchors: TrustStore([try certificate("root")]), policy: policy)
}

@Suite struct ATSResolutionTests {
    @Test func anEmptyDictionaryIsATSDefaults() {
        let settings = ATSPolicy().resolve(host: "www.example.com")
        #expect(settings.enforced.value && settings.enforced.source.key == nil)
        #expect(settings.enforced.source.description == "ATS default")
        #expect(settings.minimumTLSVersion.value == .tls12 && settings.requiresForwardSecrecy.value)
        #expect(!settings.allowsInsecureHTTPLoads.value && !settings.requiresCertificateTransparency.value)
        #expect(settings.leafPins == nil && settings.caPins == nil && settings.exceptionDomain == nil)
    }

    // NSExceptionDomains reference: the host's own entry over its parent's NSIncludesSubdomains entry.
    @Test func theMostSpecificExceptionDomainWins() {
        let policy = ATSPolicy(exceptionDomains: [
            ATSExceptionDomain(domain: "example.com", includesSubdomains: true, minimumTLSVersion: .tls10, requiresForwardSecrecy: false),
            ATSExceptionDomain(domain: "api.example.com", requiresCertificateTransparency: true),
        ])
        let api = policy.resolve(host: "api.example.com")
        #expect(api.exceptionDomain == "api.example.com")
        #expect(api.minimumTLSVersion.value == .tls12 && api.minimumTLSVersion.source.key == nil)
        #expect(api.requiresCertificateTransparency.value)
        #expect(api.requiresCertificateTransparency.source.description == "NSExceptionDomains.api.example.com.NSRequiresCertificateTransparency")
        let www = policy.resolve(host: "www.example.com")
        #expect(www.exceptionDomain == "example.com" && www.minimumTLSVersion.value == .tls10 && !www.requiresForwardSecrecy.value)
        #expect(www.minimumTLSVersion.source.description == "NSExceptionDomains.example.com.NSExceptionMinimumTLSVersion")
        // Written in any order, the same entry governs.
        let reversed = ATSPolicy(exceptionDomains: policy.exceptionDomains.reversed()).resolve(host: "api.example.com")
        #expect(reversed.exceptionDomain == "api.example.com")
    }

    // NSIncludesSubdomains reference: one additional label, not two; NO (the default) covers the domain alone.
    @Test func includesSubdomainsCoversOneLabelBelow() {
        let with = ATSPolicy(exceptionDomains: [ATSExceptionDomain(domain: "example.com", includesSubdomains: true, allowsInsecureHTTPLoads: true)])
        #expect(with.resolve(host: "example.com").exceptionDomain == "example.com")
        #expect(with.resolve(host: "math.example.com").exceptionDomain == "example.com")
        #expect(with.resolve(host: "MATH.Example.COM").exceptionDomain == "example.com")
        #expect(with.resolve(host: "advanced.math.example.com").exceptionDomain == nil)
        #expect(with.resolve(host: "badexample.com").exceptionDomain == nil)
        let without = ATSPolicy(exceptionDomains: [ATSExceptionDomain(domain: "example.com", allowsInsecureHTTPLoads: true)])
        #expect(without.resolve(host: "example.com").allowsInsecureHTTPLoads.value)
        #expect(without.resolve(host: "math.example.com").exceptionDomain == nil)
        // A trailing dot matches only a host written with one.
        #expect(without.resolve(host: "example.com.").exceptionDomain == nil)
    }

    @Test func addressesAndRangesAsExceptionDomains() {
        let policy = ATSPolicy(exceptionDomains: [ATSExceptionDomain(domain: "192.168.42.63", includesSubdomains: true),
                                                  ATSExceptionDomain(domain: "2001:db8:12::/48")])
        #expect(policy.resolve(host: "192.168.42.63").exceptionDomain == "192.168.42.63")
        #expect(policy.resolve(host: "192.168.42.64").exceptionDomain == nil)
        #expect(policy.resolve(host: "2001:db8:12:ffff::1").exceptionDomain == "2001:db8:12::/48")
        #expect(policy.resolve(host: "2001:db8:13::1").exceptionDomain == nil)
    }

    // NSAllowsArbitraryLoads reference: YES lifts ATS for hosts outside NSExceptionDomains only.
    @Test func arbitraryLoadsLiftsATSOutsideTheExceptionDomains() {
        let policy = ATSPolicy(allowsArbitraryLoads: true, exceptionDomains: [ATSExceptionDomain(domain: "secure.example.com")])
        let other = policy.resolve(host: "www.example.org")
        #expect(!other.enforced.value && other.enforced.source.description == "NSAllowsArbitraryLoads")
        #expect(other.minimumTLSVersion.value == nil && other.allowsInsecureHTTPLoads.value)
        let listed = policy.resolve(host: "secure.example.com")
        #expect(listed.enforced.value && listed.enforced.source.description == "NSExceptionDomains.secure.example.com")
        // NO decides as the default does, and is named.
        #expect(ATSPolicy(allowsArbitraryLoads: false).resolve(host: "a.example").enforced.source.description == "NSAllowsArbitraryLoads")
    }

    // NSAppTransportSecurity reference, "Versioning": on iOS 10 / macOS 10.12 and later any of these keys, whatever its value, makes NSAllowsArbitraryLoads ignored.
    @Test func arbitraryLoadsIsIgnoredBesideTheNewerGlobalKeys() {
        for (policy, key) in [
            (ATSPolicy(allowsArbitraryLoads: true, allowsLocalNetworking: false), ATSKey.allowsLocalNetworking),
            (ATSPolicy(allowsArbitraryLoads: true, allowsArbitraryLoadsForMedia: false), .allowsArbitraryLoadsForMedia),
            (ATSPolicy(allowsArbitraryLoads: true, allowsArbitraryLoadsInWebContent: true), .allowsArbitraryLoadsInWebContent),
        ] {
            let settings = policy.resolve(host: "www.example.org")
            #expect(settings.enforced.value, "\(key)")
            #expect(settings.enforced.source.key == .allowsArbitraryLoads && settings.enforced.source.ignoredBecauseOf == key)
            #expect(settings.enforced.source.description == "NSAllowsArbitraryLoads (ignored: \(key) is present)")
        }
    }

    // NSAllowsLocalNetworking reference: unqualified names, .local names and IP addresses.
    @Test func localNetworkingLiftsATSForLocalHostsOnly() {
        let policy = ATSPolicy(allowsLocalNetworking: true)
        for host in ["printer", "nas.local", "NAS.LOCAL.", "10.0.0.7", "fe80::1"] {
            let settings = policy.resolve(host: host)
            #expect(!settings.enforced.value && settings.enforced.source.key == .allowsLocalNetworking, "\(host)")
        }
        #expect(policy.resolve(host: "www.example.com").enforced.value)
        #expect(policy.resolve(host: "local.example.com").enforced.value)
        // Without the key a local host gets ATS's defaults.
        #expect(ATSPolicy().resolve(host: "printer").enforced.value)
        // An exception domain still governs a local host it names.
        let listed = ATSPolicy(allowsLocalNetworking: true, exceptionDomains: [ATSExceptionDomain(domain: "nas.local")])
        #expect(listed.resolve(host: "nas.local").enforced.value)
    }

    // The Security framework's parseNSPinnedDomains: every covering entry contributes, per category.
    @Test func pinnedDomainsUnionTheCoveringEntries() {
        let policy = ATSPolicy(allowsArbitraryLoads: true, pinnedDomains: [
            ATSPinnedDomain(domain: "example.com", includesSubdomains: true, caIdentities: [pin(1)]),
            ATSPinnedDomain(domain: "api.example.com", leafIdentities: [pin(2)], caIdentities: [pin(3)]),
            ATSPinnedDomain(domain: "other.example", leafIdentities: [pin(4)]),
        ])
        let api = policy.resolve(host: "API.example.com.")
        #expect(api.leafPins?.pins == [pin(2)] && api.leafPins?.domains == ["api.example.com"])
        #expect(api.caPins?.pins == [pin(3), pin(1)] && api.caPins?.domains == ["api.example.com", "example.com"])
        #expect(api.caPins?.source.description == "NSPinnedDomains.api.example.com.NSPinnedCAIdentities")
        let www = policy.resolve(host: "www.example.com")
        #expect(www.leafPins == nil && www.caPins?.pins == [pin(1)])
        #expect(policy.resolve(host: "deep.www.example.com").caPins == nil)
        // Pins hold even where NSAllowsArbitraryLoads lifts ATS's other requirements.
        #expect(!www.enforced.value)
    }

    @Test func tlsVersionsReadAsWritten() {
        #expect(["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"].map { ATSTLSVersion($0)?.description } == ["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"])
        #expect(ATSTLSVersion("1.2") == nil && ATSTLSVersion("tlsv1.2") == nil)
    }
}

@Suite struct ATSEvaluationTests {
    let leafPin = SPKIPin(certificate: try! certificate("leaf-rsa2048"))
    let rootPin = SPKIPin(certificate: try! certificate("root"))

    private func evaluate(_ policy: ATSPolicy, _ leaf: String = "leaf-rsa2048") throws -> ATSEvaluation {
        var environment = try environment()
        return policy.evaluate(ServerTrust(certificates: [try certificate(leaf)]), host: "www.example.com", in: &environment)
    }

    @Test func leafIdentitiesMatchTheLeafsKey() throws {
        let matched = try evaluate(ATSPolicy(pinnedDomains: [ATSPinnedDomain(domain: "www.example.com", leafIdentities: [pin(9), leafPin])]))
        #expect(matched.result.isSuccess)
        let missed = try evaluate(ATSPolicy(pinnedDomains: [ATSPinnedDomain(domain: "www.example.com", leafIdentities: [rootPin])]))
        let failure = try #require(missed.result.failureValue)
        guard case .pinMismatch(leaf: true, _) = failure.reason else { Issue.record("\(failure)"); return }
        #expect(failure.code == "atsPinMismatch")
        #expect(failure.decidedBy?.description == "NSPinnedDomains.www.example.com.NSPinnedLeafIdentities")
    }

    // Identity Pinning / NSPinnedCAIdentities: a CA of the chain, the anchor included (SecPolicyCheckCAspkiSHA256 walks every certificate after the leaf).
    @Test func caIdentitiesMatchTheAnchor() throws {
        let matched = try evaluate(ATSPolicy(pinnedDomains: [ATSPinnedDomain(domain: "example.com", includesSubdomains: true, caIdentities: [rootPin])]))
        #expect(matched.result.isSuccess)
        let leafIsNoCA = try evaluate(ATSPolicy(pinnedDomains: [ATSPinnedDomain(domain: "example.com", includesSubdomains: true, caIdentities: [leafPin])]))
        let failure = try #require(leafIsNoCA.result.failureValue)
        guard case .pinMismatch(leaf: false, _) = failure.reason else { Issue.record("\(failure)"); return }
        #expect(failure.decidedBy?.description == "NSPinnedDomains.example.com.NSPinnedCAIdentities")
    }

    @Test func bothCategoriesMustMatch() throws {
        let both = ATSPinnedDomain(domain: "www.example.com", leafIdentities: [leafPin], caIdentities: [rootPin])
        #expect(try evaluate(ATSPolicy(pinnedDomains: [both])).result.isSuccess)
        var wrongCA = both
        wrongCA.caIdentities = [pin(7)]
        #expect(try evaluate(ATSPolicy(pinnedDomains: [wrongCA])).result.failureValue?.code == "atsPinMismatch")
    }

    // Preventing Insecure Network Connections: RSA keys of at least 2048 bits, unless ATS is lifted.
    @Test func keySizesAreATSsWhileATSHolds() throws {
        #expect(try evaluate(ATSPolicy()).result.isSuccess)
        let refused = try #require(try evaluate(ATSPolicy(), "leaf-rsa1024").result.failureValue)
        guard case .keySize(certificateIndex: 0, key: "RSA-1024") = refused.reason else { Issue.record("\(refused)"); return }
        #expect(refused.decidedBy?.description == "ATS default" && refused.code == "atsKeySize")
        // Lifted by NSAllowsArbitraryLoads: the default trust evaluation still refuses, and no ATS key is named.
        let lifted = try #require(try evaluate(ATSPolicy(allowsArbitraryLoads: true), "leaf-rsa1024").result.failureValue)
        guard case .validation = lifted.reason else { Issue.record("\(lifted)"); return }
        #expect(lifted.decidedBy == nil)
    }

    // The hash and the issuer keys, on the chains of Vectors/apple-articles (2026-06-01).
    @Test func signatureHashesAndIssuerKeys() throws {
        func apple(_ name: String) throws -> Certificate {
            let bytes = try Vectors.bytes("apple-articles/\(name).pem")
            return try Certificate(derEncoded: try #require(PEM.certificates(in: bytes).first).der)
        }
        func evaluate(_ policy: ATSPolicy, _ chain: [String], allowSHA1: Bool = false) throws -> ATSEvaluation {
            var verification = VerificationPolicy(time: 1_780_272_000)
            verification.allowSHA1 = allowSHA1
            var environment = TrustEnvironment(systemAnchors: TrustStore([try apple("root")]), policy: verification)
            return policy.evaluate(ServerTrust(certificates: try chain.map(apple)), host: "www.example.com", in: &environment)
        }
        #expect(try evaluate(ATSPolicy(), ["leaf-ok"]).result.isSuccess)
        // Path validation refuses SHA-1; while ATS holds the refusal is ATS's.
        let sha1 = try #require(try evaluate(ATSPolicy(), ["leaf-sha1"]).result.failureValue)
        #expect(sha1.code == "atsSignatureHash" && sha1.decidedBy?.description == "ATS default")
        #expect(try evaluate(ATSPolicy(allowsArbitraryLoads: true), ["leaf-sha1"]).result.failureValue?.decidedBy == nil)
        // A policy that lets SHA-1 through path validation: ATS's own check on the verified path refuses it.
        let allowed = try #require(try evaluate(ATSPolicy(), ["leaf-sha1"], allowSHA1: true).result.failureValue)
        guard case .signatureHash(certificateIndex: 0, _) = allowed.reason else { Issue.record("\(allowed)"); return }
        #expect(try evaluate(ATSPolicy(allowsArbitraryLoads: true), ["leaf-sha1"], allowSHA1: true).result.isSuccess)
        // An RSA-1024 intermediate: ATS's key size, on the issuer.
        let small = try #require(try evaluate(ATSPolicy(), ["leaf-under-rsa1024-intermediate", "intermediate-rsa1024"]).result.failureValue)
        guard case .issuerKeySize(certificateIndex: 0, key: "RSA-1024") = small.reason else { Issue.record("\(small)"); return }
        #expect(small.description.hasSuffix("the issuer key of certificate 0 is RSA-1024 (decided by ATS default)"))
    }

    @Test func certificateTransparencyWhenAnEntryAsksForIt() throws {
        // No SCTs on these leaves, and no log list: Apple's policy cannot be met.
        let required = ATSPolicy(exceptionDomains: [ATSExceptionDomain(domain: "www.example.com", requiresCertificateTransparency: true)])
        let refused = try #require(try evaluate(required).result.failureValue)
        guard case .certificateTransparency = refused.reason else { Issue.record("\(refused)"); return }
        #expect(refused.decidedBy?.description == "NSExceptionDomains.www.example.com.NSRequiresCertificateTransparency")
        let notRequired = ATSPolicy(exceptionDomains: [ATSExceptionDomain(domain: "www.example.com", requiresCertificateTransparency: false)])
        #expect(try evaluate(notRequired).result.isSuccess)
    }

    @Test func theEnvironmentsPolicyIsRestored() throws {
        var environment = try environment()
        let required = ATSPolicy(exceptionDomains: [ATSExceptionDomain(domain: "www.example.com", requiresCertificateTransparency: true)])
        _ = required.evaluate(ServerTrust(certificates: [try certificate("leaf-rsa2048")]), host: "www.example.com", in: &environment)
        #expect(environment.policy.certificateTransparency.required == nil)
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
