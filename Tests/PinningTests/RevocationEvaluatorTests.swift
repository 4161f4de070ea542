import Foundation
import Pinning
import PKIX
import Testing
import Trust

// RevocationTrustEvaluator and revocation under the other evaluators, on
// the generated revocation cases (Vectors/revocation/generate.py) for RSA
// and P-256 issuers. Alamofire lines: ServerTrustEvaluation.swift at
// 3ad6241, RevocationTrustEvaluator.evaluate 178–194 (default validation
// 179–181, host 183–185, the revocation policy 187–193).

private struct RevocationFiles {
    let chain: [Certificate]
    let root: Certificate
    let crls: [CertificateList]
    let ocspResponses: [OCSPResponse]

    init(_ name: String) {
        let folder = vectors.appendingPathComponent("revocation/generated/" + name)
        func certificates(_ file: String) -> [Certificate] {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
                  let blocks = try? PEM.certificates(in: [UInt8](data)) else { return [] }
            return blocks.compactMap { try? Certificate(derEncoded: $0.der) }
        }
        chain = certificates("chain.pem")
        root = certificates("roots.pem")[0]
        let text = (try? Data(contentsOf: folder.appendingPathComponent("crls.pem"))).map { [UInt8]($0) } ?? []
        crls = ((try? PEM.blocks(in: text, label: "X509 CRL")) ?? []).compactMap { try? CertificateList(derEncoded: $0.der) }
        let response = (try? Data(contentsOf: folder.appendingPathComponent("ocsp.der"))).map { [UInt8]($0) }
        ocspResponses = response.flatMap { try? OCSPResponse(derEncoded: $0) }.map { [$0] } ?? []
    }

    func environment(crls: [CertificateList]? = nil, revocation: RevocationPolicy = RevocationPolicy()) -> TrustEnvironment {
        var policy = VerificationPolicy(time: 1_748_736_000)
        policy.revocation = revocation
        var environment = TrustEnvironment(systemAnchors: TrustStore([root]), policy: policy)
        environment.revocationSources = RevocationSources(crls: crls ?? self.crls, ocspResponses: ocspResponses)
        return environment
    }

    func evaluate(_ evaluator: any ServerTrustEvaluating, host: String = "www.example.com", crls: [CertificateList]? = nil,
                  revocation: RevocationPolicy = RevocationPolicy()) -> String? {
        var environment = environment(crls: crls, revocation: revocation)
        return evaluator.evaluate(ServerTrust(certificates: chain), forHost: host, in: &environment).refusal.map(kind)
    }
}

struct RevocationRow: CustomTestStringConvertible, Sendable {
    let rule: String
    let source: String
    let expected: String?
    let evaluate: @Sendable (String) -> String?
    var testDescription: String { "\(rule) [\(source)]" }
}

private let revocationRows: [RevocationRow] = [
    .init(rule: "a CRL that revokes the leaf", source: "ServerTrustEvaluation.swift:187-193",
          expected: "revocationCheckFailed(revoked)") { RevocationFiles("revoked-leaf" + $0).evaluate(RevocationTrustEvaluator()) },
    .init(rule: "a CRL that revokes the intermediate (the whole chain is checked)", source: "ServerTrustEvaluation.swift:187-193",
          expected: "revocationCheckFailed(revoked)") { RevocationFiles("revoked-intermediate" + $0).evaluate(RevocationTrustEvaluator()) },
    .init(rule: "CRLs that list nothing", source: "ServerTrustEvaluation.swift:187-193",
          expected: nil) { RevocationFiles("good" + $0).evaluate(RevocationTrustEvaluator()) },
    .init(rule: "no CRL, default options: no answer is not a refusal", source: "ServerTrustEvaluation.swift:142, 187-193",
          expected: nil) { RevocationFiles("good" + $0).evaluate(RevocationTrustEvaluator(), crls: []) },
    .init(rule: "no CRL with requirePositiveResponse", source: "ServerTrustEvaluation.swift:139, 187-193",
          expected: "revocationCheckFailed(revocationUnknown)") {
        RevocationFiles("good" + $0).evaluate(RevocationTrustEvaluator(options: [.crl, .requirePositiveResponse]), crls: [])
    },
    .init(rule: "OCSP only: the CRLs are not consulted, and nothing answers", source: "ServerTrustEvaluation.swift:134, 139",
          expected: "revocationCheckFailed(revocationUnknown)") {
        RevocationFiles("revoked-leaf" + $0).evaluate(RevocationTrustEvaluator(options: [.ocsp, .requirePositiveResponse]))
    },
    .init(rule: "an OCSP response that revokes the leaf", source: "ServerTrustEvaluation.swift:134, 187-193",
          expected: "revocationCheckFailed(revoked)") { RevocationFiles("ocsp-revoked" + $0).evaluate(RevocationTrustEvaluator()) },
    .init(rule: "CRL only: the OCSP response is not consulted", source: "ServerTrustEvaluation.swift:134, 187-193",
          expected: nil) { RevocationFiles("ocsp-revoked" + $0).evaluate(RevocationTrustEvaluator(options: .crl)) },
    .init(rule: "OCSP first: its good does not hide a CRL that revokes", source: "ServerTrustEvaluation.swift:134-137, 187-193; docs/trust.md",
          expected: "revocationCheckFailed(revoked)") { RevocationFiles("ocsp-good-crl-revokes" + $0).evaluate(RevocationTrustEvaluator()) },
    .init(rule: "preferCRL: the CRL that revokes decides", source: "ServerTrustEvaluation.swift:136, 187-193",
          expected: "revocationCheckFailed(revoked)") {
        RevocationFiles("ocsp-prefer-crl" + $0).evaluate(RevocationTrustEvaluator(options: [.any, .preferCRL]))
    },
    .init(rule: "preferCRL: a CRL's good does not hide an OCSP response that revokes", source: "ServerTrustEvaluation.swift:136, 187-193; docs/trust.md",
          expected: "revocationCheckFailed(revoked)") {
        RevocationFiles("ocsp-revokes-crl-good-prefer-crl" + $0).evaluate(RevocationTrustEvaluator(options: [.any, .preferCRL]))
    },
    .init(rule: "both methods good, information required", source: "ServerTrustEvaluation.swift:134-139, 187-193",
          expected: nil) {
        RevocationFiles("ocsp-good-crl-good" + $0).evaluate(RevocationTrustEvaluator(options: [.any, .requirePositiveResponse]))
    },
    .init(rule: "default validation first: a wrong host passes it, host validation refuses", source: "ServerTrustEvaluation.swift:179-185",
          expected: "hostValidationFailed") { RevocationFiles("good" + $0).evaluate(RevocationTrustEvaluator(), host: "www.example.org") },
    .init(rule: "without default or host validation the revocation evaluation still runs", source: "ServerTrustEvaluation.swift:187-193",
          expected: "revocationCheckFailed(revoked)") {
        RevocationFiles("revoked-leaf" + $0).evaluate(RevocationTrustEvaluator(performDefaultValidation: false, validateHost: false), host: "www.example.org")
    },
    .init(rule: "revocation in the environment's policy applies to every evaluator (public keys)", source: "PureX509 composition (docs/pinning.md)",
          expected: "defaultEvaluationFailed(revoked)") { profile in
        let files = RevocationFiles("revoked-leaf" + profile)
        return files.evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: files.root)]), revocation: RevocationPolicy(coverage: .leaf))
    },
    .init(rule: "revocation in the environment's policy, with the pin: a good chain passes", source: "PureX509 composition (docs/pinning.md)",
          expected: nil) { profile in
        let files = RevocationFiles("good" + profile)
        return files.evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: files.root)]), revocation: RevocationPolicy(coverage: .chain, requirePositiveResponse: true))
    },
    .init(rule: "AFSecurityPolicy with revocation in the policy refuses a revoked leaf", source: "AFSecurityPolicy.m:261-266 with PureX509 revocation",
          expected: "defaultEvaluationFailed(revoked)") { profile in
        let files = RevocationFiles("revoked-leaf" + profile)
        var environment = files.environment(revocation: RevocationPolicy(coverage: .leaf))
        switch SecurityPolicy.defaultPolicy.evaluate(ServerTrust(certificates: files.chain), domain: "www.example.com", in: &environment) {
        case .success: return nil
        case .failure(let failure): return kind(failure)
        }
    },
]

@Test(arguments: revocationRows, ["", ".p256"])
func revocationEvaluatorRow(_ row: RevocationRow, profile: String) {
    #expect(row.evaluate(profile) == row.expected)
}
