import PKIX

// The decision trace: what the verifier checked, in the
// order it checked it, for `purex509 verify --explain`. Recording is off
// unless asked for (`Verifier.explain`), and then each check appends one
// step; a plain `verify` pays one branch per check.

/// Where a certificate of a path came from.
public enum CertificateOrigin: Sendable, Equatable, CustomStringConvertible {
    /// Its position among the presented certificates: 0 is the leaf, then
    /// the intermediates in the order given (a position in the input file).
    case presented(Int)
    /// Its index in the trust store.
    case anchor(Int)

    /// "input certificate N" or "trust anchor N", as the CLI prints an origin.
    public var description: String {
        switch self {
        case .presented(let position): return "input certificate \(position)"
        case .anchor(let index): return "trust anchor \(index)"
        }
    }
}

/// A certificate of a path with where it came from.
public struct PathEntry: Sendable {
    /// The certificate at this position of the path.
    public let certificate: Certificate
    /// Its position in the input, or its index in the trust store.
    public let origin: CertificateOrigin
}

/// One named check of the verifier, with the text that requires it.
public enum CheckName: Sendable, Equatable, CustomStringConvertible {
    /// Checks of one certificate: the name asked for and, for server authentication,
    /// not being a CA (both on the leaf only); validity dates; extendedKeyUsage;
    /// keyUsage; no unprocessed critical extension.
    case hostname, validity, leafNotCA, extendedKeyUsage, keyUsage, criticalExtensions
    /// One of RFC 5280's profile rules on a presented certificate (`ValidationProfile` may relax it).
    case profileRule(ConformanceRule)
    /// One of Apple's SSL policy rules (the `apple` profile).
    case appleRule(AppleRule)
    /// The leaf's key against the key policy; then, edge by edge and over the path:
    /// the number of intermediates, the signature, the issuer being a CA,
    /// pathLenConstraint, name constraints, certificate policies.
    case leafKey, pathDepth, signature, issuerIsCA, pathLength, nameConstraints, certificatePolicies
    /// Once a path reaches an anchor: the anchor's validity, CA status and keyUsage
    /// (RFC 5937 §3), revocation, and the caller's pin check.
    case anchorValidity, anchorIsCA, anchorKeyUsage, revocation, pins
    /// The leaf's SCTs against a Certificate Transparency policy.
    case certificateTransparency(CTPolicy)

    /// The rule's source.
    public var section: String {
        switch self {
        case .hostname: return "RFC 9525 §6.3"
        case .validity: return "RFC 5280 §6.1.3(a)(2)"
        case .leafNotCA: return "CA/B Forum BR §7.1.2.7 (subscriber basicConstraints)"
        case .extendedKeyUsage: return "RFC 5280 §4.2.1.12"
        case .keyUsage: return "RFC 5280 §4.2.1.3, §6.1.4(n)"
        case .criticalExtensions: return "RFC 5280 §4.2, §6.1.4(o)"
        case .profileRule(let rule): return rule.section
        case .appleRule(let rule): return rule.section
        case .leafKey: return "CA/B Forum BR §6.1.5"
        case .pathDepth: return "Budgets.maximumIntermediates"
        case .signature: return "RFC 5280 §6.1.3(a)(1)"
        case .issuerIsCA: return "RFC 5280 §6.1.4(k)"
        case .pathLength: return "RFC 5280 §6.1.4(l), (m)"
        case .nameConstraints: return "RFC 5280 §6.1.3(b), (c)"
        case .certificatePolicies: return "RFC 5280 §6.1.3(d)–(f), §6.1.5"
        case .anchorValidity: return "RFC 5937 §3"
        case .anchorIsCA: return "RFC 5937 §3"
        case .anchorKeyUsage: return "RFC 5937 §3"
        case .revocation: return "RFC 5280 §6.3"
        case .pins: return "docs/pinning.md (the caller's accept function)"
        case .certificateTransparency(let policy): return String(policy.source)
        }
    }

    /// A stable name for scripts (`--json`).
    public var code: String {
        switch self {
        case .hostname: return "hostname"
        case .validity: return "validity"
        case .leafNotCA: return "leafNotCA"
        case .extendedKeyUsage: return "extendedKeyUsage"
        case .keyUsage: return "keyUsage"
        case .criticalExtensions: return "criticalExtensions"
        case .profileRule(let rule): return rule.code
        case .appleRule(let rule): return rule.code
        case .leafKey: return "leafKey"
        case .pathDepth: return "pathDepth"
        case .signature: return "signature"
        case .issuerIsCA: return "issuerIsCA"
        case .pathLength: return "pathLength"
        case .nameConstraints: return "nameConstraints"
        case .certificatePolicies: return "certificatePolicies"
        case .anchorValidity: return "anchorValidity"
        case .anchorIsCA: return "anchorIsCA"
        case .anchorKeyUsage: return "anchorKeyUsage"
        case .revocation: return "revocation"
        case .pins: return "pins"
        case .certificateTransparency: return "certificateTransparency"
        }
    }

    /// What the check requires, in words, for the trace.
    public var description: String {
        switch self {
        case .hostname: return "the leaf names the host"
        case .validity: return "valid at the verification time"
        case .leafNotCA: return "the leaf is not a CA"
        case .extendedKeyUsage: return "extended key usage allows the purpose"
        case .keyUsage: return "key usage allows the use"
        case .criticalExtensions: return "every critical extension is processed"
        case .profileRule(let rule): return rule.checkDescription
        case .appleRule(let rule): return rule.checkDescription
        case .leafKey: return "the leaf's key is allowed"
        case .pathDepth: return "the path is not too long"
        case .signature: return "the issuer's key verifies the signature"
        case .issuerIsCA: return "the issuer is a v3 CA"
        case .pathLength: return "path length constraints hold"
        case .nameConstraints: return "names are inside the name constraints"
        case .certificatePolicies: return "certificate policies are valid for the path"
        case .anchorValidity: return "the anchor is valid at the verification time"
        case .anchorIsCA: return "the anchor may issue certificates"
        case .anchorKeyUsage: return "the anchor's key usage allows keyCertSign"
        case .revocation: return "not revoked (the CRLs supplied)"
        case .pins: return "the path carries a pinned key or certificate"
        case .certificateTransparency(let policy): return "the SCTs meet " + (policy == .apple ? "Apple's" : "Chrome's") + " CT policy"
        }
    }
}

/// One entry of the trace.
public enum TraceStep: Sendable {
    /// A check on the certificate at `position` of the path being built;
    /// `failure` nil means it passed.
    case check(CheckName, position: Int, origin: CertificateOrigin, failure: TrustFailure?)
    /// A check not applied to the certificate at `position`, with why: a
    /// rule the leaf breaks, waived because the leaf is itself a trust
    /// anchor. Never reported as a pass.
    case waived(CheckName, position: Int, origin: CertificateOrigin, reason: String)
    /// A check that had nothing to judge on this path, with why: no host
    /// was asked for, no pin was given, no CA on the path carries name
    /// constraints. Never reported as a pass: the verdict does not rest on it.
    case notApplicable(CheckName, position: Int, origin: CertificateOrigin, reason: String)
    /// A check that let the path go on without deciding: a revocation status
    /// that stayed unknown under a policy that does not require one (soft
    /// fail), with why.
    case undecided(CheckName, position: Int, origin: CertificateOrigin, reason: String)
    /// The search tries `issuer` as the issuer of the certificate at `position`.
    case candidate(issuer: CertificateOrigin, position: Int)
    /// One SCT of the certificate at `position` and what it counted for
    /// (RFC 6962 §3.2), before the CT policy's step. A step of its own
    /// rather than a `CheckName`: a check's name stays a small trivial
    /// value that every step copies.
    case signedCertificateTimestamp(SCTFinding, position: Int, origin: CertificateOrigin)
    /// A path reached an anchor and was decided: nil is trusted.
    case path([CertificateOrigin], failure: TrustFailure?)
}

/// What `Verifier.explain` returns: the decision, the path it is about
/// (the verified path, or the path of the reported failure, as far as it
/// was built), and every step, in order.
public struct Explanation: Sendable {
    /// The decision, exactly as `Verifier.verify` would return it.
    public let result: Result<VerifiedChain, TrustFailure>
    /// The verified path, or as much of the failing path as was built; leaf first.
    public let path: [PathEntry]
    /// The recorded steps in the order taken, at most `Budgets.traceSteps` of them.
    public let steps: [TraceStep]
    /// Steps taken after `Budgets.traceSteps` were recorded, not kept.
    public let omittedSteps: Int

    /// An explanation from its parts, as `Verifier.explain` assembles it.
    package init(result: Result<VerifiedChain, TrustFailure>, path: [PathEntry], steps: [TraceStep], omittedSteps: Int = 0) {
        self.result = result
        self.path = path
        self.steps = steps
        self.omittedSteps = omittedSteps
    }
}

/// The recording side, carried by the evaluation. Bounded: a hostile
/// chain may take 200,000 path-building steps, each several checks, and a
/// trace of all of them would cost more than the evaluation itself.
struct TraceLog {
    var steps: [TraceStep] = []
    var omitted = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    mutating func add(_ step: TraceStep) {
        if steps.count < limit { steps.append(step) } else { omitted += 1 }
    }
}
