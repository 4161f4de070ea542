import Foundation
import Pinning
import PKIX
import Testing
import Trust

/// The certificates the matrix uses from one key profile of Vectors/chains
/// (generate.py): folder `<case>` for `rsa`, `<case>.<profile>` for the
/// others. Within a profile the cases share their keys, so the root of
/// `valid` also issued `expired-leaf`'s intermediate and `self-signed-leaf`.
struct ChainSet: Sendable {
    let profile: String
    let valid: [Certificate]        // leaf L, intermediate I
    let root: Certificate           // Root A, issuer of I
    let expired: [Certificate]      // expired leaf, I
    let crossSigned: [Certificate]  // L, I (by Root A), I′ (same key, by Root B)
    let rootB: Certificate
    let otherRoot: Certificate      // "Other Root": no certificate above chains to it
    let selfSigned: [Certificate]

    init(profile: String) {
        func load(_ name: String, _ file: String) -> [Certificate] {
            Chains.load(profile == "rsa" ? name : name + "." + profile, file)
        }
        self.profile = profile
        valid = load("valid", "chain.pem")
        root = load("valid", "roots.pem")[0]
        expired = load("expired-leaf", "chain.pem")
        crossSigned = load("cross-signed", "chain.pem")
        rootB = load("cross-signed", "roots.pem")[0]
        otherRoot = load("unknown-issuer", "roots.pem")[0]
        selfSigned = load("self-signed-leaf", "chain.pem")
    }
}

/// Certificates from Vectors/chains (generate.py), by folder.
enum Chains {
    static func load(_ folder: String, _ file: String) -> [Certificate] {
        let url = vectors.appendingPathComponent("chains/\(folder)/\(file)")
        guard let data = try? Data(contentsOf: url), let blocks = try? PEM.certificates(in: [UInt8](data)) else { return [] }
        return blocks.compactMap { try? Certificate(derEncoded: $0.der) }
    }

    static let rsa = ChainSet(profile: "rsa")
    static let valid = rsa.valid
    static let root = rsa.root
    static let expired = rsa.expired
    static let crossSigned = rsa.crossSigned
    static let rootB = rsa.rootB
    static let otherRoot = rsa.otherRoot
    static let selfSigned = rsa.selfSigned
    /// A leaf whose extendedKeyUsage is clientAuth only (leaf-eku-client-only), below Root A.
    static let clientOnly = load("leaf-eku-client-only", "chain.pem")
    /// Expired intermediate first, then the valid one (expired-alternative): two candidate paths.
    static let expiredAlternative = load("expired-alternative", "chain.pem")
    static let time: Int64 = 1_748_736_000  // the chain cases' evaluation time

    /// The matrix decides AFNetworking's and Alamofire's pinning logic on
    /// the path rules, under `strict`: these fixtures are valid for six
    /// years, which the default `apple` profile refuses as SecTrust does
    /// (its rules over the same evaluators: AppleDefaultTests).
    static func environment(_ anchors: [Certificate]) -> TrustEnvironment {
        TrustEnvironment(systemAnchors: TrustStore(anchors), policy: VerificationPolicy(time: time, purpose: .serverAuth))
    }
}

/// One row of the decision matrix: the rule it checks, an evaluation, and
/// the expected outcome (nil: trusted; otherwise the failure's kind).
struct MatrixRow: CustomTestStringConvertible, Sendable {
    let rule: String
    let expected: String?
    let evaluate: @Sendable () -> ServerTrustFailure?
    /// Where the peer decides this row: `peerSource` for the rule's label.
    var source: String? { peerSource[label(of: rule)] }
    var testDescription: String { "\(rule) [\(source ?? "no source")]" }
}

/// The part of a rule before its first ": ", without a key profile's prefix.
func label(of rule: String) -> String {
    var parts = rule.components(separatedBy: ": ")
    if parts.count > 1, ellipticProfiles.contains(where: { $0.profile == parts[0] }) { parts.removeFirst() }
    return parts[0]
}

/// The lines of the peers' sources each rule label follows:
/// AFNetworking's `AFNetworking/AFSecurityPolicy.m` at commit 00b2310 (319
/// lines) and Alamofire's `Source/Features/ServerTrustEvaluation.swift` at
/// commit 3ad6241 (723 lines). Rows of the matrix carry these in their
/// names, and docs/pinning.md cites the same lines.
let peerSource: [String: String] = [
    "AF default policy": "AFSecurityPolicy.m:181-186, 252-266 (defaultPolicy; mode none with the SSL policy)",
    "AF step 1": "AFSecurityPolicy.m:239-250",
    "AF step 2": "AFSecurityPolicy.m:252-259 (SecPolicyCreateSSL(true, domain) / SecPolicyCreateBasicX509)",
    "AF step 2/3": "AFSecurityPolicy.m:252-266",
    "AF step 3": "AFSecurityPolicy.m:261-266",
    "AF step 4": "AFSecurityPolicy.m:267-269",
    "AF step 5": "AFSecurityPolicy.m:271, 276-294 (serverCertificates from the first evaluation at 271, SecTrustSetAnchorCertificates at 281, pinnedCertificates containsObject at 289)",
    "AF step 6": "AFSecurityPolicy.m:295-307 (AFPublicKeyTrustChainForServerTrust at 297)",
    "Default": "ServerTrustEvaluation.swift:111-117, 620-628",
    "Default without host validation": "ServerTrustEvaluation.swift:112-116, 649 (SecPolicyCreateSSL(true, nil))",
    "Pinned certificates": "ServerTrustEvaluation.swift:258-284 (anchors only if acceptSelfSignedCertificates at 263-265)",
    "Pinned certificates, no default or host validation": "ServerTrustEvaluation.swift:263-265, 275-283, 601-614 (certificateData: SecTrustCopyCertificateChain, which evaluates first)",
    "Pinned certificates without default validation": "ServerTrustEvaluation.swift:271-273, 635-643",
    "Public keys": "ServerTrustEvaluation.swift:346-374",
    "Public keys, no default or host validation": "ServerTrustEvaluation.swift:359-373, 596-609 (publicKeys of the evaluated chain)",
    "Public keys without default validation": "ServerTrustEvaluation.swift:355-357, 635-643",
    "Composite": "ServerTrustEvaluation.swift:413-415, 463-467",
    "Disabled": "ServerTrustEvaluation.swift:447",
    "Custom closure refusing": "none: PureX509's CustomTrustEvaluator (Alamofire users subclass ServerTrustEvaluating)",
    "Custom closure accepting": "none: PureX509's CustomTrustEvaluator (Alamofire users subclass ServerTrustEvaluating)",
    "Disabled then Default in a composite": "ServerTrustEvaluation.swift:463-467, 447, 111-117",
    "Manager": "ServerTrustEvaluation.swift:65-74 (exact-key lookup there; PureX509 compares host names ASCII case-insensitively, docs/pinning.md)",
]

func kind(_ failure: ServerTrustFailure) -> String {
    switch failure {
    case .noRequiredEvaluator: return "noRequiredEvaluator"
    case .noCertificatesFound: return "noCertificatesFound"
    case .noPublicKeysFound: return "noPublicKeysFound"
    case .defaultEvaluationFailed(let trust): return "defaultEvaluationFailed(\(trust.code))"
    case .hostValidationFailed: return "hostValidationFailed"
    case .certificatePinningFailed: return "certificatePinningFailed"
    case .publicKeyPinningFailed: return "publicKeyPinningFailed"
    case .customEvaluationFailed: return "customEvaluationFailed"
    case .domainValidationRequiresPinning: return "domainValidationRequiresPinning"
    case .pinSetExpired: return "pinSetExpired"
    case .revocationCheckFailed(let trust): return "revocationCheckFailed(\(trust.code))"
    }
}

func af(_ policy: SecurityPolicy, _ chain: [Certificate], domain: String? = "www.example.com", system: [Certificate] = [Chains.root]) -> ServerTrustFailure? {
    switch policy.evaluate(ServerTrust(certificates: chain), domain: domain, inCopyOf: Chains.environment(system)) {
    case .success: return nil
    case .failure(let failure): return failure
    }
}

func policy(_ mode: SecurityPolicy.PinningMode, _ pinned: [Certificate] = [], allowInvalid: Bool = false, validateDomain: Bool = true) -> SecurityPolicy {
    var policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: pinned)
    policy.allowInvalidCertificates = allowInvalid
    policy.validatesDomainName = validateDomain
    return policy
}

func evaluate(_ evaluator: any ServerTrustEvaluating, _ chain: [Certificate], host: String = "www.example.com",
              system: [Certificate] = [Chains.root]) -> ServerTrustFailure? {
    evaluator.evaluate(ServerTrust(certificates: chain), forHost: host, inCopyOf: Chains.environment(system))
}

let rootPin = SPKIPin(certificate: Chains.root)
let rootBPin = SPKIPin(certificate: Chains.rootB)
let strangerPin = SPKIPin(certificate: Chains.otherRoot)

let afRows: [MatrixRow] = [
    .init(rule: "AF default policy: a valid chain to a system anchor is trusted", expected: nil) { af(.defaultPolicy, Chains.valid) },
    .init(rule: "AF default policy: wrong host refused", expected: "hostValidationFailed") { af(.defaultPolicy, Chains.valid, domain: "www.example.org") },
    .init(rule: "AF default policy: expired leaf refused", expected: "defaultEvaluationFailed(expired)") { af(.defaultPolicy, Chains.expired) },
    .init(rule: "AF default policy: a private CA is not a system anchor", expected: "defaultEvaluationFailed(unknownIssuer)") { af(.defaultPolicy, Chains.valid, system: [Chains.otherRoot]) },
    .init(rule: "AF default policy: a self-signed leaf is refused", expected: "defaultEvaluationFailed(unknownIssuer)") { af(.defaultPolicy, Chains.selfSigned) },
    .init(rule: "AF step 1: allow-invalid + validate-domain without pins is refused", expected: "domainValidationRequiresPinning") { af(policy(.none, allowInvalid: true), Chains.selfSigned) },
    .init(rule: "AF step 1: certificate mode with no pinned certificates is refused too", expected: "domainValidationRequiresPinning") { af(policy(.certificate, allowInvalid: true), Chains.selfSigned) },
    .init(rule: "AF step 2/3: basic X.509 policy ignores the host", expected: nil) { af(policy(.none, validateDomain: false), Chains.valid, domain: "www.example.org") },
    // AFSecurityPolicy.m, evaluateServerTrust:forDomain:: `if (self.validatesDomainName) { SecPolicyCreateSSL(true, domain) }`, domain nil included.
    .init(rule: "AF step 2: a nil domain still evaluates with the SSL policy (clientAuth-only leaf refused)", expected: "defaultEvaluationFailed(extendedKeyUsage)") { af(.defaultPolicy, Chains.clientOnly, domain: nil) },
    // `else { SecPolicyCreateBasicX509() }`: no purpose.
    .init(rule: "AF step 2: the basic X.509 policy accepts a clientAuth-only leaf", expected: nil) { af(policy(.none, validateDomain: false), Chains.clientOnly, domain: nil) },
    .init(rule: "AF step 6: a pin miss is reported as such when another path fails otherwise", expected: "publicKeyPinningFailed") { af(policy(.publicKey, [Chains.otherRoot]), Chains.expiredAlternative) },
    .init(rule: "AF step 3: allow-invalid without domain validation accepts a self-signed leaf", expected: nil) { af(policy(.none, allowInvalid: true, validateDomain: false), Chains.selfSigned) },
    .init(rule: "AF step 4: pinning never rescues an invalid chain without allow-invalid", expected: "defaultEvaluationFailed(expired)") { af(policy(.certificate, [Chains.root]), Chains.expired) },
    .init(rule: "AF step 5: pinned leaf", expected: nil) { af(policy(.certificate, [Chains.valid[0]]), Chains.valid) },
    .init(rule: "AF step 5: pinned intermediate", expected: nil) { af(policy(.certificate, [Chains.valid[1]]), Chains.valid) },
    .init(rule: "AF step 5: pinned root", expected: nil) { af(policy(.certificate, [Chains.root]), Chains.valid) },
    // AFSecurityPolicy.m@00b2310:271: `serverCertificates` is the first evaluation's chain, read before
    // SecTrustSetAnchorCertificates (281); that evaluation failed (private CA), so the chain stops at the
    // served intermediate, the unsent root is not in it, and the comparison at 287-293 finds no pin.
    .init(rule: "AF step 5: private CA, allow-invalid, root pinned but not served: the compared chain is the first evaluation's", expected: "certificatePinningFailed") { af(policy(.certificate, [Chains.root], allowInvalid: true), Chains.valid, system: [Chains.otherRoot]) },
    // AFSecurityPolicy.m@00b2310:271, 281-293: the served root is in the first chain, and anchors the second evaluation.
    .init(rule: "AF step 5: private CA, allow-invalid, root pinned and served: trusted", expected: nil) { af(policy(.certificate, [Chains.root], allowInvalid: true), Chains.valid + [Chains.root], system: [Chains.otherRoot]) },
    // AFSecurityPolicy.m@00b2310:271, 281-293: the served intermediate is in the first chain and anchors the second.
    .init(rule: "AF step 5: private CA, allow-invalid, intermediate pinned: trusted", expected: nil) { af(policy(.certificate, [Chains.valid[1]], allowInvalid: true), Chains.valid, system: [Chains.otherRoot]) },
    .init(rule: "AF step 5: self-signed leaf pinned with allow-invalid", expected: nil) { af(policy(.certificate, Chains.selfSigned, allowInvalid: true), Chains.selfSigned) },
    .init(rule: "AF step 5: a pinned certificate off the path fails pinning", expected: "defaultEvaluationFailed(unknownIssuer)") { af(policy(.certificate, [Chains.otherRoot]), Chains.valid) },
    .init(rule: "AF step 5: wrong host with a pinned root", expected: "hostValidationFailed") { af(policy(.certificate, [Chains.root]), Chains.valid, domain: "www.example.org") },
    .init(rule: "AF step 6: pinned root key", expected: nil) { af(policy(.publicKey, [Chains.root]), Chains.valid) },
    .init(rule: "AF step 6: pinned leaf key", expected: nil) { af(policy(.publicKey, [Chains.valid[0]]), Chains.valid) },
    .init(rule: "AF step 6: pinned key only on a cross-signed alternative path", expected: nil) { af(policy(.publicKey, [Chains.rootB]), Chains.crossSigned, system: [Chains.root, Chains.rootB]) },
    .init(rule: "AF step 6: no served key is pinned", expected: "publicKeyPinningFailed") { af(policy(.publicKey, [Chains.otherRoot]), Chains.valid) },
    .init(rule: "AF step 6: allow-invalid checks pins on the served certificates", expected: nil) { af(policy(.publicKey, Chains.selfSigned, allowInvalid: true), Chains.selfSigned) },
]

let alamofireRows: [MatrixRow] = [
    .init(rule: "Default: valid chain", expected: nil) { evaluate(DefaultTrustEvaluator(), Chains.valid) },
    .init(rule: "Default: wrong host", expected: "hostValidationFailed") { evaluate(DefaultTrustEvaluator(), Chains.valid, host: "www.example.org") },
    .init(rule: "Default without host validation: wrong host passes", expected: nil) { evaluate(DefaultTrustEvaluator(validateHost: false), Chains.valid, host: "www.example.org") },
    // DefaultTrustEvaluator.evaluate always calls performDefaultValidation, whose SecPolicy.af.default is SecPolicyCreateSSL(true, nil): server authentication holds without a host.
    .init(rule: "Default without host validation: a clientAuth-only leaf is refused (SSL policy, no name)", expected: "defaultEvaluationFailed(extendedKeyUsage)") { evaluate(DefaultTrustEvaluator(validateHost: false), Chains.clientOnly) },
    .init(rule: "Default: expired leaf", expected: "defaultEvaluationFailed(expired)") { evaluate(DefaultTrustEvaluator(), Chains.expired) },
    .init(rule: "Default: private CA", expected: "defaultEvaluationFailed(unknownIssuer)") { evaluate(DefaultTrustEvaluator(), Chains.valid, system: [Chains.otherRoot]) },
    .init(rule: "Pinned certificates: no certificates", expected: "noCertificatesFound") { evaluate(PinnedCertificatesTrustEvaluator(certificates: []), Chains.valid) },
    // PinnedCertificatesTrustEvaluator.evaluate: `if acceptSelfSignedCertificates { try trust.af.setAnchorCertificates(certificates) }`: otherwise the system anchors stay.
    .init(rule: "Pinned certificates: a private CA root pinned is no anchor without acceptSelfSignedCertificates", expected: "defaultEvaluationFailed(unknownIssuer)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.root]), Chains.valid, system: [Chains.otherRoot]) },
    .init(rule: "Pinned certificates: with acceptSelfSignedCertificates the pinned root is the anchor", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.root], acceptSelfSignedCertificates: true), Chains.valid, system: [Chains.otherRoot]) },
    // setAnchorCertificates also calls SecTrustSetAnchorCertificatesOnly(true): the system anchors no longer count.
    .init(rule: "Pinned certificates: with acceptSelfSignedCertificates the system anchors no longer count", expected: "defaultEvaluationFailed(unknownIssuer)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.otherRoot], acceptSelfSignedCertificates: true), Chains.valid) },
    .init(rule: "Pinned certificates: intermediate pinned", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.valid[1]]), Chains.valid) },
    // The chain validates against the system anchors; `serverCertificatesData.isDisjoint(with: pinnedCertificatesData)` then throws certificatePinningFailed.
    .init(rule: "Pinned certificates: unrelated certificate pinned", expected: "certificatePinningFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.otherRoot]), Chains.valid) },
    .init(rule: "Pinned certificates: self-signed leaf with acceptSelfSignedCertificates", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: Chains.selfSigned, acceptSelfSignedCertificates: true), Chains.selfSigned) },
    .init(rule: "Pinned certificates: self-signed leaf without acceptSelfSignedCertificates", expected: "defaultEvaluationFailed(unknownIssuer)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: Chains.selfSigned), Chains.selfSigned) },
    .init(rule: "Pinned certificates, no default or host validation: a byte match suffices, even expired", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.expired[0]], performDefaultValidation: false, validateHost: false), Chains.expired) },
    // ServerTrustEvaluation.swift@3ad6241:275 compares `trust.af.certificateData`, which is SecTrustCopyCertificateChain
    // (601-614): reading it evaluates the trust, and the chain runs from the leaf to the anchor, so the unsent root is in it.
    .init(rule: "Pinned certificates, no default or host validation: the evaluated chain, anchor included, holds the unsent root", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.root], performDefaultValidation: false, validateHost: false), Chains.valid) },
    // Same lines: a chain that reaches no anchor stops at the last certificate built (the served ones), without the root.
    .init(rule: "Pinned certificates, no default or host validation: a root that anchors nothing is not in the chain", expected: "certificatePinningFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.root], performDefaultValidation: false, validateHost: false), Chains.valid, system: [Chains.otherRoot]) },
    // 263-265 set the pinned certificates as the only anchors before the chain is read at 275: the unsent pinned root anchors it.
    .init(rule: "Pinned certificates, no default or host validation: with acceptSelfSignedCertificates the pinned root anchors the chain", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.root], acceptSelfSignedCertificates: true, performDefaultValidation: false, validateHost: false), Chains.valid, system: [Chains.otherRoot]) },
    // `if validateHost { try trust.af.performValidation(forHost: host) }` runs even without default validation: SecPolicyCreateSSL(true, host), a full evaluation.
    .init(rule: "Pinned certificates without default validation: host validation is a full evaluation (expired leaf)", expected: "defaultEvaluationFailed(expired)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.expired[0]], performDefaultValidation: false), Chains.expired) },
    .init(rule: "Pinned certificates without default validation: wrong host refused", expected: "hostValidationFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.valid[0]], performDefaultValidation: false), Chains.valid, host: "www.example.org") },
    .init(rule: "Pinned certificates without default validation: a host string that is no host name is refused", expected: "hostValidationFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.valid[0]], performDefaultValidation: false), Chains.valid, host: "exa mple..com") },
    // The evaluated chain (trust.af.certificates after evaluation) includes the anchor.
    .init(rule: "Pinned certificates without default validation: the root on the evaluated chain matches", expected: nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [Chains.root], performDefaultValidation: false), Chains.valid) },
    .init(rule: "Public keys: no keys", expected: "noPublicKeysFound") { evaluate(PublicKeysTrustEvaluator(keys: []), Chains.valid) },
    .init(rule: "Public keys: root key pinned", expected: nil) { evaluate(PublicKeysTrustEvaluator(keys: [rootPin]), Chains.valid) },
    .init(rule: "Public keys: key only on a cross-signed alternative path", expected: nil) { evaluate(PublicKeysTrustEvaluator(keys: [rootBPin]), Chains.crossSigned, system: [Chains.root, Chains.rootB]) },
    .init(rule: "Public keys: no served key pinned", expected: "publicKeyPinningFailed") { evaluate(PublicKeysTrustEvaluator(keys: [strangerPin]), Chains.valid) },
    .init(rule: "Public keys: default validation first (expired leaf)", expected: "defaultEvaluationFailed(expired)") { evaluate(PublicKeysTrustEvaluator(keys: [rootPin]), Chains.expired) },
    // ServerTrustEvaluation.swift@3ad6241:360 reads `trust.af.publicKeys`, the keys of `trust.af.certificates` (596-609): the evaluated chain, anchor included.
    .init(rule: "Public keys, no default or host validation: the evaluated chain's unsent root key matches", expected: nil) { evaluate(PublicKeysTrustEvaluator(keys: [rootPin], performDefaultValidation: false, validateHost: false), Chains.valid) },
    // An expired leaf builds no verified path, so the root is not reached; Alamofire's TLSEvaluationTests expect this refusal
    // (testThatExpiredCertificateRequestSucceedsWhenPinningRootCAPublicKeyWithoutCertificateChainValidation asserts an error on current OSes).
    .init(rule: "Public keys, no default or host validation: expired leaf, the unsent root key does not match", expected: "publicKeyPinningFailed") { evaluate(PublicKeysTrustEvaluator(keys: [rootPin], performDefaultValidation: false, validateHost: false), Chains.expired) },
    .init(rule: "Public keys, no default or host validation: a served key matches, even expired", expected: nil) { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: Chains.expired[1])], performDefaultValidation: false, validateHost: false), Chains.expired) },
    // PublicKeysTrustEvaluator.evaluate: `if validateHost { try trust.af.performValidation(forHost: host) }`, even without default validation.
    .init(rule: "Public keys without default validation: wrong host refused", expected: "hostValidationFailed") { evaluate(PublicKeysTrustEvaluator(keys: [rootPin], performDefaultValidation: false), Chains.valid, host: "www.example.org") },
    .init(rule: "Public keys without default validation: host validation is a full evaluation (expired leaf)", expected: "defaultEvaluationFailed(expired)") { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: Chains.expired[1])], performDefaultValidation: false), Chains.expired) },
    // A pin miss outranks another candidate path's failure: reported as a pin miss, not as the expired alternative.
    .init(rule: "Public keys: a pin miss is reported as such when another path fails otherwise", expected: "publicKeyPinningFailed") { evaluate(PublicKeysTrustEvaluator(keys: [strangerPin]), Chains.expiredAlternative) },
    .init(rule: "Composite: default and a pinned key both pass", expected: nil) { evaluate(CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), PublicKeysTrustEvaluator(keys: [rootPin])]), Chains.valid) },
    .init(rule: "Composite: all must pass", expected: "publicKeyPinningFailed") { evaluate(CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), PublicKeysTrustEvaluator(keys: [strangerPin])]), Chains.valid) },
    .init(rule: "Disabled: anything passes", expected: nil) { evaluate(DisabledTrustEvaluator(), Chains.selfSigned, system: []) },
    .init(rule: "Custom closure refusing", expected: "customEvaluationFailed") { evaluate(CustomTrustEvaluator { _, host in host == "www.example.com" ? "not today" : nil }, Chains.valid) },
    .init(rule: "Manager: host without evaluator when all must be evaluated", expected: "noRequiredEvaluator") {
        ServerTrustManager(evaluators: [(host: "api.example.com", evaluator: DisabledTrustEvaluator())])
            .evaluate(ServerTrust(certificates: Chains.valid), forHost: "www.example.com", inCopyOf: Chains.environment([Chains.root]))
    },
    .init(rule: "Manager: host without evaluator gets the default evaluation", expected: nil) {
        ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [(host: "api.example.com", evaluator: DisabledTrustEvaluator())])
            .evaluate(ServerTrust(certificates: Chains.valid), forHost: "www.example.com", inCopyOf: Chains.environment([Chains.root]))
    },
    .init(rule: "Manager: default evaluation still refuses a self-signed leaf", expected: "defaultEvaluationFailed(unknownIssuer)") {
        ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [])
            .evaluate(ServerTrust(certificates: Chains.selfSigned), forHost: "www.example.com", inCopyOf: Chains.environment([Chains.root]))
    },
    .init(rule: "Manager: the host's evaluator is used (case-insensitive)", expected: nil) {
        ServerTrustManager(evaluators: [(host: "WWW.example.com", evaluator: DisabledTrustEvaluator())])
            .evaluate(ServerTrust(certificates: Chains.selfSigned), forHost: "www.EXAMPLE.com", inCopyOf: Chains.environment([]))
    },
]

@Test(arguments: afRows)
func afSecurityPolicy(_ row: MatrixRow) {
    #expect(row.evaluate().map(kind) == row.expected)
}

@Test(arguments: alamofireRows)
func alamofireEvaluators(_ row: MatrixRow) {
    #expect(row.evaluate().map(kind) == row.expected)
}

/// Every row of every matrix cites the peer's lines it follows.
@Test func everyRowCitesThePeerSource() {
    let rows = afRows + alamofireRows + ellipticAFRows + ellipticAlamofireRows
    let uncited = rows.filter { $0.source == nil }.map(\.rule)
    #expect(uncited.isEmpty, "\(uncited)")
    #expect(rows.count > 100)
}

@Test func vectorsLoaded() {
    #expect(Chains.valid.count == 2 && Chains.crossSigned.count == 3 && Chains.selfSigned.count == 1 && Chains.expired.count == 2)
}

/// A pinning failure names every served certificate with its pin, beside the pins.
@Test func failureNamesWhatWasServed() throws {
    let failure = try #require(evaluate(PublicKeysTrustEvaluator(keys: [strangerPin]), Chains.valid))
    let text = failure.description
    #expect(text.contains(SPKIPin(certificate: Chains.valid[0]).description + ": O=PureX509 Chains, CN=www.example.com"))
    #expect(text.contains(SPKIPin(certificate: Chains.valid[1]).description))
    #expect(text.contains("Pinned keys:\n    " + strangerPin.description))
}
