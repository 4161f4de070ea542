import Foundation
import Pinning
import PKIX
import Testing
import TestSupport
import Trust

// The decision matrix again, under every non-RSA key profile of
// Vectors/chains. Pinning hashes the SubjectPublicKeyInfo as encoded, never
// the key inside it, so no evaluator or pinning mode may depend on the key
// type: every row below that mirrors a row of DecisionMatrixTests.swift or
// PinSetTests.swift expects what the RSA row expects. The rows that pin the
// RSA profile's certificates or keys against another profile's chain (and
// the reverse) check that a pin names one key, not a subject: the RSA
// profile's Root A and leaf carry the same names as every profile's.

/// The profiles with the same cases as the RSA one (Vectors/chains/README.md).
let ellipticProfiles = ["p256", "p384", "p521", "ed25519", "rsa-p256-ed25519", "p384-p256-p256"]
    .map(ChainSet.init(profile:))

/// The key each profile gives its root, intermediate and leaf (README's
/// profile table), so that a profile folder holding other keys fails here
/// rather than passing every row below as an RSA chain would.
let profileKeys: [String: [String]] = [
    "p256": ["p256", "p256", "p256"],
    "p384": ["p384", "p384", "p384"],
    "p521": ["p521", "p521", "p521"],
    "ed25519": ["ed25519", "ed25519", "ed25519"],
    "rsa-p256-ed25519": ["rsa", "p256", "ed25519"],
    "p384-p256-p256": ["p384", "p256", "p256"],
]

func keyName(_ certificate: Certificate) -> String {
    switch certificate.publicKey.type {
    case .rsa?: return "rsa"
    case .rsaPSS?: return "rsaPSS"
    case .ecdsa(.p256)?: return "p256"
    case .ecdsa(.p384)?: return "p384"
    case .ecdsa(.p521)?: return "p521"
    case .ed25519?: return "ed25519"
    case .ed448?: return "ed448"
    case nil: return certificate.publicKey.isECPublicKey ? "ec(other)" : "unknown"
    }
}

/// A pin as a configuration file writes it, read back through the `sha256/` parser.
func configured(_ certificate: Certificate) -> SPKIPin {
    try! SPKIPin("sha256/" + Base64.encode(Array(SPKIPin(certificate: certificate).digest)))
}

/// What pinning the RSA profile's Root A in certificate mode does to a
/// profile's chain: the path builder finds it by name above Intermediate A
/// (the key identifier is a hint, not a filter) and the intermediate's
/// signature fails under its key — a signature by another algorithm is an
/// `algorithmMismatch`, an RSA signature by another RSA key a `badSignature`.
/// A pin miss on certificates is a validation failure against the pins.
func foreignRootPinFailure(_ p: ChainSet) -> String {
    keyName(p.root) == "rsa" ? "defaultEvaluationFailed(badSignature)" : "defaultEvaluationFailed(algorithmMismatch)"
}

func securityPolicyRows(_ p: ChainSet) -> [MatrixRow] {
    let rsa = Chains.rsa
    func row(_ rule: String, _ expected: String?, _ evaluate: @escaping @Sendable () -> ServerTrustFailure?) -> MatrixRow {
        MatrixRow(rule: "\(p.profile): \(rule)", expected: expected, evaluate: evaluate)
    }
    return [
        // Mode none.
        row("AF default policy: a valid chain to a system anchor is trusted", nil) { af(.defaultPolicy, p.valid, system: [p.root]) },
        row("AF default policy: wrong host refused", "hostValidationFailed") { af(.defaultPolicy, p.valid, domain: "www.example.org", system: [p.root]) },
        row("AF default policy: expired leaf refused", "defaultEvaluationFailed(expired)") { af(.defaultPolicy, p.expired, system: [p.root]) },
        row("AF default policy: a private CA is not a system anchor", "defaultEvaluationFailed(unknownIssuer)") { af(.defaultPolicy, p.valid, system: [p.otherRoot]) },
        row("AF default policy: a self-signed leaf is refused", "defaultEvaluationFailed(unknownIssuer)") { af(.defaultPolicy, p.selfSigned, system: [p.root]) },
        row("AF step 2/3: basic X.509 policy ignores the host", nil) { af(policy(.none, validateDomain: false), p.valid, domain: "www.example.org", system: [p.root]) },
        row("AF step 3: allow-invalid without domain validation accepts a self-signed leaf", nil) { af(policy(.none, allowInvalid: true, validateDomain: false), p.selfSigned, system: [p.root]) },
        // Mode certificate.
        row("AF step 4: pinning never rescues an invalid chain without allow-invalid", "defaultEvaluationFailed(expired)") { af(policy(.certificate, [p.root]), p.expired, system: [p.root]) },
        row("AF step 5: pinned leaf", nil) { af(policy(.certificate, [p.valid[0]]), p.valid, system: [p.root]) },
        row("AF step 5: pinned intermediate", nil) { af(policy(.certificate, [p.valid[1]]), p.valid, system: [p.root]) },
        row("AF step 5: pinned root", nil) { af(policy(.certificate, [p.root]), p.valid, system: [p.root]) },
        // AFSecurityPolicy.m@00b2310:271: the compared chain is the first evaluation's, which lacks the unsent root.
        row("AF step 5: private CA, allow-invalid, root pinned but not served: the compared chain is the first evaluation's", "certificatePinningFailed") { af(policy(.certificate, [p.root], allowInvalid: true), p.valid, system: [p.otherRoot]) },
        row("AF step 5: private CA, allow-invalid, root pinned and served: trusted", nil) { af(policy(.certificate, [p.root], allowInvalid: true), p.valid + [p.root], system: [p.otherRoot]) },
        row("AF step 5: self-signed leaf pinned with allow-invalid", nil) { af(policy(.certificate, p.selfSigned, allowInvalid: true), p.selfSigned, system: [p.root]) },
        row("AF step 5: a pinned certificate off the path fails pinning", "defaultEvaluationFailed(unknownIssuer)") { af(policy(.certificate, [p.otherRoot]), p.valid, system: [p.root]) },
        row("AF step 5: the RSA profile's Root A pinned (same name, another key)", foreignRootPinFailure(p)) { af(policy(.certificate, [rsa.root]), p.valid, system: [p.root]) },
        row("AF step 5: wrong host with a pinned root", "hostValidationFailed") { af(policy(.certificate, [p.root]), p.valid, domain: "www.example.org", system: [p.root]) },
        // Mode publicKey.
        row("AF step 6: pinned root key", nil) { af(policy(.publicKey, [p.root]), p.valid, system: [p.root]) },
        row("AF step 6: pinned intermediate key", nil) { af(policy(.publicKey, [p.valid[1]]), p.valid, system: [p.root]) },
        row("AF step 6: pinned leaf key", nil) { af(policy(.publicKey, [p.valid[0]]), p.valid, system: [p.root]) },
        row("AF step 6: pinned key given as sha256/ text", nil) {
            var keyPolicy = policy(.publicKey)
            keyPolicy.pinnedPublicKeys = [configured(p.root)]
            return af(keyPolicy, p.valid, system: [p.root])
        },
        row("AF step 6: pinned key only on a cross-signed alternative path", nil) { af(policy(.publicKey, [p.rootB]), p.crossSigned, system: [p.root, p.rootB]) },
        row("AF step 6: no served key is pinned", "publicKeyPinningFailed") { af(policy(.publicKey, [p.otherRoot]), p.valid, system: [p.root]) },
        row("AF step 6: the RSA profile's root and leaf keys pinned", "publicKeyPinningFailed") { af(policy(.publicKey, [rsa.root, rsa.valid[0]]), p.valid, system: [p.root]) },
        row("AF step 6: this profile's root key pinned for the RSA chain", "publicKeyPinningFailed") { af(policy(.publicKey, [p.root]), rsa.valid, system: [rsa.root]) },
        row("AF step 6: allow-invalid checks pins on the served certificates", nil) { af(policy(.publicKey, p.selfSigned, allowInvalid: true), p.selfSigned, system: [p.root]) },
        row("AF step 6: allow-invalid, the RSA self-signed leaf's key pinned", "publicKeyPinningFailed") { af(policy(.publicKey, rsa.selfSigned, allowInvalid: true), p.selfSigned, system: [p.root]) },
        row("AF step 6: wrong host with a pinned root key", "hostValidationFailed") { af(policy(.publicKey, [p.root]), p.valid, domain: "www.example.org", system: [p.root]) },
    ]
}

func evaluatorRows(_ p: ChainSet) -> [MatrixRow] {
    let rsa = Chains.rsa
    let rootPin = SPKIPin(certificate: p.root), strangerPin = SPKIPin(certificate: p.otherRoot)
    func row(_ rule: String, _ expected: String?, _ evaluate: @escaping @Sendable () -> ServerTrustFailure?) -> MatrixRow {
        MatrixRow(rule: "\(p.profile): \(rule)", expected: expected, evaluate: evaluate)
    }
    @Sendable func manager(_ evaluator: any ServerTrustEvaluating) -> ServerTrustManager {
        ServerTrustManager(evaluators: [(host: "www.example.com", evaluator: evaluator)])
    }
    @Sendable func environment() -> TrustEnvironment { Chains.environment([p.root]) }
    return [
        row("Default: valid chain", nil) { evaluate(DefaultTrustEvaluator(), p.valid, system: [p.root]) },
        row("Default: wrong host", "hostValidationFailed") { evaluate(DefaultTrustEvaluator(), p.valid, host: "www.example.org", system: [p.root]) },
        row("Default without host validation: wrong host passes", nil) { evaluate(DefaultTrustEvaluator(validateHost: false), p.valid, host: "www.example.org", system: [p.root]) },
        row("Default: expired leaf", "defaultEvaluationFailed(expired)") { evaluate(DefaultTrustEvaluator(), p.expired, system: [p.root]) },
        row("Default: private CA", "defaultEvaluationFailed(unknownIssuer)") { evaluate(DefaultTrustEvaluator(), p.valid, system: [p.otherRoot]) },

        row("Pinned certificates: leaf pinned", nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.valid[0]]), p.valid, system: [p.root]) },
        row("Pinned certificates: intermediate pinned", nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.valid[1]]), p.valid, system: [p.root]) },
        row("Pinned certificates: a private CA root pinned is no anchor without acceptSelfSignedCertificates", "defaultEvaluationFailed(unknownIssuer)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.root]), p.valid, system: [p.otherRoot]) },
        row("Pinned certificates: with acceptSelfSignedCertificates the pinned root is the anchor", nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.root], acceptSelfSignedCertificates: true), p.valid, system: [p.otherRoot]) },
        row("Pinned certificates: unrelated certificate pinned", "certificatePinningFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.otherRoot]), p.valid, system: [p.root]) },
        row("Pinned certificates: the RSA profile's Root A pinned (same name, another key)", "certificatePinningFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [rsa.root]), p.valid, system: [p.root]) },
        row("Pinned certificates: default validation first (expired leaf, root pinned)", "defaultEvaluationFailed(expired)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.root]), p.expired, system: [p.root]) },
        row("Pinned certificates: wrong host with the root pinned", "hostValidationFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.root]), p.valid, host: "www.example.org", system: [p.root]) },
        row("Pinned certificates: self-signed leaf with acceptSelfSignedCertificates", nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: p.selfSigned, acceptSelfSignedCertificates: true), p.selfSigned, system: [p.root]) },
        row("Pinned certificates: self-signed leaf without acceptSelfSignedCertificates", "defaultEvaluationFailed(unknownIssuer)") { evaluate(PinnedCertificatesTrustEvaluator(certificates: p.selfSigned), p.selfSigned, system: [p.root]) },
        row("Pinned certificates, no default or host validation: a byte match suffices, even expired", nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.expired[0]], performDefaultValidation: false, validateHost: false), p.expired, system: [p.root]) },
        // ServerTrustEvaluation.swift@3ad6241:275, 601-614: the evaluated chain, anchor included.
        row("Pinned certificates, no default or host validation: the evaluated chain, anchor included, holds the unsent root", nil) { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.root], performDefaultValidation: false, validateHost: false), p.valid, system: [p.root]) },
        row("Pinned certificates, no default or host validation: a root that anchors nothing is not in the chain", "certificatePinningFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.root], performDefaultValidation: false, validateHost: false), p.valid, system: [p.otherRoot]) },
        // ServerTrustEvaluation.swift@3ad6241:360, 596-609.
        row("Public keys, no default or host validation: the evaluated chain's unsent root key matches", nil) { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: p.root)], performDefaultValidation: false, validateHost: false), p.valid, system: [p.root]) },
        row("Pinned certificates without default validation: wrong host refused", "hostValidationFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [p.valid[0]], performDefaultValidation: false), p.valid, host: "www.example.org", system: [p.root]) },
        row("Pinned certificates without default validation: the RSA profile's leaf (same subject)", "certificatePinningFailed") { evaluate(PinnedCertificatesTrustEvaluator(certificates: [rsa.valid[0]], performDefaultValidation: false), p.valid, system: [p.root]) },

        row("Public keys: root key pinned", nil) { evaluate(PublicKeysTrustEvaluator(keys: [rootPin]), p.valid, system: [p.root]) },
        row("Public keys: intermediate key pinned", nil) { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: p.valid[1])]), p.valid, system: [p.root]) },
        row("Public keys: leaf key pinned, as sha256/ text", nil) { evaluate(PublicKeysTrustEvaluator(keys: [configured(p.valid[0])]), p.valid, system: [p.root]) },
        row("Public keys: key only on a cross-signed alternative path", nil) { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: p.rootB)]), p.crossSigned, system: [p.root, p.rootB]) },
        row("Public keys: no served key pinned", "publicKeyPinningFailed") { evaluate(PublicKeysTrustEvaluator(keys: [strangerPin]), p.valid, system: [p.root]) },
        row("Public keys: the RSA profile's keys of the same case pinned", "publicKeyPinningFailed") {
            evaluate(PublicKeysTrustEvaluator(keys: [rsa.root, rsa.valid[1], rsa.valid[0]].map(SPKIPin.init(certificate:))), p.valid, system: [p.root])
        },
        row("Public keys: this profile's keys pinned for the RSA chain", "publicKeyPinningFailed") {
            evaluate(PublicKeysTrustEvaluator(keys: [p.root, p.valid[1], p.valid[0]].map(SPKIPin.init(certificate:))), rsa.valid, system: [rsa.root])
        },
        row("Public keys: default validation first (expired leaf)", "defaultEvaluationFailed(expired)") { evaluate(PublicKeysTrustEvaluator(keys: [rootPin]), p.expired, system: [p.root]) },
        row("Public keys: wrong host with the root key pinned", "hostValidationFailed") { evaluate(PublicKeysTrustEvaluator(keys: [rootPin]), p.valid, host: "www.example.org", system: [p.root]) },
        row("Public keys, no default or host validation: a served key matches, even expired", nil) { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: p.expired[1])], performDefaultValidation: false, validateHost: false), p.expired, system: [p.root]) },
        row("Public keys without default validation: wrong host refused", "hostValidationFailed") { evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: p.root)], performDefaultValidation: false), p.valid, host: "www.example.org", system: [p.root]) },
        row("Public keys, no default or host validation: the RSA profile's intermediate key", "publicKeyPinningFailed") {
            evaluate(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: rsa.expired[1])], performDefaultValidation: false, validateHost: false), p.expired, system: [p.root])
        },

        row("Composite: default and a pinned key both pass", nil) { evaluate(CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), PublicKeysTrustEvaluator(keys: [rootPin])]), p.valid, system: [p.root]) },
        row("Composite: all must pass", "publicKeyPinningFailed") { evaluate(CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), PublicKeysTrustEvaluator(keys: [strangerPin])]), p.valid, system: [p.root]) },
        row("Composite: the RSA profile's root key fails the pin step", "publicKeyPinningFailed") {
            evaluate(CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: rsa.root)])]), p.valid, system: [p.root])
        },

        row("Disabled: anything passes", nil) { evaluate(DisabledTrustEvaluator(), p.selfSigned, system: []) },
        // Disabled has no refusing row of its own; in a composite it leaves the verdict to the others.
        row("Disabled then Default in a composite: the expired leaf is refused", "defaultEvaluationFailed(expired)") {
            evaluate(CompositeTrustEvaluator(evaluators: [DisabledTrustEvaluator(), DefaultTrustEvaluator()]), p.expired, system: [p.root])
        },
        row("Custom closure refusing", "customEvaluationFailed") { evaluate(CustomTrustEvaluator { _, host in host == "www.example.com" ? "not today" : nil }, p.valid, system: [p.root]) },
        row("Custom closure accepting", nil) { evaluate(CustomTrustEvaluator { _, host in host == "www.example.org" ? "not today" : nil }, p.valid, system: [p.root]) },

        row("Manager: the host's public-key evaluator accepts the pinned root", nil) {
            manager(PublicKeysTrustEvaluator(keys: [rootPin])).evaluate(ServerTrust(certificates: p.valid), forHost: "WWW.example.com", inCopyOf: environment())
        },
        row("Manager: the host's public-key evaluator refuses the RSA profile's root key", "publicKeyPinningFailed") {
            manager(PublicKeysTrustEvaluator(keys: [SPKIPin(certificate: rsa.root)])).evaluate(ServerTrust(certificates: p.valid), forHost: "www.example.com", inCopyOf: environment())
        },
        row("Manager: the host's certificate evaluator accepts the pinned intermediate", nil) {
            manager(PinnedCertificatesTrustEvaluator(certificates: [p.valid[1]])).evaluate(ServerTrust(certificates: p.valid), forHost: "www.example.com", inCopyOf: environment())
        },
        row("Manager: host without evaluator when all must be evaluated", "noRequiredEvaluator") {
            manager(DisabledTrustEvaluator()).evaluate(ServerTrust(certificates: p.valid), forHost: "api.example.com", inCopyOf: environment())
        },
        row("Manager: host without evaluator gets the default evaluation", nil) {
            ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [(host: "api.example.com", evaluator: DisabledTrustEvaluator())])
                .evaluate(ServerTrust(certificates: p.valid), forHost: "www.example.com", inCopyOf: environment())
        },
        row("Manager: default evaluation still refuses a self-signed leaf", "defaultEvaluationFailed(unknownIssuer)") {
            ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [])
                .evaluate(ServerTrust(certificates: p.selfSigned), forHost: "www.example.com", inCopyOf: environment())
        },
    ]
}

func pinSetRows(profile p: ChainSet) -> [PinSetRow] {
    let rsa = Chains.rsa
    let rootPin = configured(p.root), intermediatePin = configured(p.valid[1])
    let strangerPin = configured(p.otherRoot), rootBPin = configured(p.rootB)
    let rsaRootPin = configured(rsa.root), rsaIntermediatePin = configured(rsa.valid[1])
    func row(_ rule: String, _ sets: @escaping @Sendable () throws -> [PinSet], chain: [Certificate]? = nil, host: String = "www.example.com",
             system: [Certificate]? = nil, _ expected: String?, reports: Int = 0) -> PinSetRow {
        PinSetRow(rule: "\(p.profile): \(rule)", sets: sets, chain: chain ?? p.valid, host: host, system: system ?? [p.root],
                  expected: expected, reports: reports)
    }
    return [
        row("pinned root key with a backup pin is trusted", { [try pinSet("**.example.com", [rootPin, strangerPin])] }, nil),
        row("only the backup pin (intermediate key) is served: trusted", { [try pinSet("**.example.com", [strangerPin, intermediatePin])] }, nil),
        row("pinned leaf key: trusted", { [try pinSet("www.example.com", [configured(p.valid[0]), strangerPin])] }, nil),
        row("enforced miss: refused and reported", { [try pinSet("www.example.com", [strangerPin, rootBPin])] }, "publicKeyPinningFailed", reports: 1),
        row("enforced, the RSA profile's root and intermediate keys: refused and reported", { [try pinSet("www.example.com", [rsaRootPin, rsaIntermediatePin])] },
            "publicKeyPinningFailed", reports: 1),
        row("enforced, this profile's keys for the RSA chain: refused and reported", { [try pinSet("www.example.com", [rootPin, intermediatePin])] },
            chain: rsa.valid, system: [rsa.root], "publicKeyPinningFailed", reports: 1),
        row("report-only match: accepted, nothing reported", { [try pinSet("www.example.com", [rootPin], enforce: false)] }, nil),
        row("report-only miss: accepted and reported", { [try pinSet("www.example.com", [strangerPin], enforce: false)] }, nil, reports: 1),
        row("report-only, the RSA profile's root key: accepted and reported", { [try pinSet("www.example.com", [rsaRootPin], enforce: false)] }, nil, reports: 1),
        row("pinned root key, expired leaf: validation refuses first", { [try pinSet("www.example.com", [rootPin, strangerPin])] }, chain: p.expired,
            "defaultEvaluationFailed(expired)"),
        row("pinned key only on the cross-signed alternative path", { [try pinSet("www.example.com", [rootBPin, strangerPin])] }, chain: p.crossSigned,
            system: [p.root, p.rootB], nil),
        row("wrong host is a validation failure, not a pin failure", { [try pinSet("**.example.org", [rootPin, strangerPin])] }, host: "www.example.org",
            "hostValidationFailed"),
    ]
}

let ellipticAFRows = ellipticProfiles.flatMap(securityPolicyRows)
let ellipticAlamofireRows = ellipticProfiles.flatMap(evaluatorRows)
let ellipticPinSetRows = ellipticProfiles.flatMap { pinSetRows(profile: $0) }

@Test(arguments: ellipticAFRows)
func ellipticCurveSecurityPolicy(_ row: MatrixRow) {
    #expect(row.evaluate().map(kind) == row.expected)
}

@Test(arguments: ellipticAlamofireRows)
func ellipticCurveEvaluators(_ row: MatrixRow) {
    #expect(row.evaluate().map(kind) == row.expected)
}

@Test(arguments: ellipticPinSetRows)
func ellipticCurvePinSets(_ row: PinSetRow) throws {
    try pinSetLifecycle(row)
}

/// Every profile's folders hold the shapes the rows assume, with the keys
/// the README gives the profile.
@Test(arguments: ellipticProfiles.map(\.profile))
func ellipticCurveVectorsLoaded(_ profile: String) throws {
    let p = ChainSet(profile: profile)
    #expect(p.valid.count == 2 && p.crossSigned.count == 3 && p.selfSigned.count == 1 && p.expired.count == 2)
    #expect([p.root, p.valid[1], p.valid[0]].map(keyName) == profileKeys[profile])
    #expect([p.rootB, p.otherRoot].map(keyName) == [profileKeys[profile]![0], profileKeys[profile]![0]])
    #expect(keyName(p.selfSigned[0]) == profileKeys[profile]![2])
    // The names are the RSA profile's, the keys are not: the cross-profile rows rely on both.
    #expect(p.root.subjectName.description == Chains.root.subjectName.description)
    #expect(p.valid[0].subjectName.description == Chains.valid[0].subjectName.description)
    #expect(SPKIPin(certificate: p.root) != SPKIPin(certificate: Chains.root))
}

/// The pins the rows configure are the ones OpenSSL derives from the same
/// certificates (`openssl x509 -pubkey | openssl pkey -pubin -outform DER |
/// openssl dgst -sha256 -binary | base64`): the SPKI hashed is the whole
/// DER SubjectPublicKeyInfo, curve parameters included, for every key type.
@Test(arguments: ellipticProfiles.map(\.profile))
func ellipticCurvePinsAgreeWithOpenSSL(_ profile: String) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
        print("NOTICE: openssl is absent; pin cross-check skipped")
        return
    }
    let p = ChainSet(profile: profile)
    for certificate in [p.root, p.valid[1], p.valid[0], p.rootB] {
        let run = try runTool("/bin/sh", ["-c", "openssl x509 -inform DER -noout -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | openssl base64 -A"],
                              input: Data(certificate.der))
        let text = run.output
        #expect(run.status == 0)
        #expect(SPKIPin(certificate: certificate).description == "sha256/" + text, "\(profile): \(certificate.subjectName)")
    }
}
