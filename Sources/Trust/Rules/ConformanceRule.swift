import DER
import PKIX

// The rules on how a certificate is made that the profiles choose from
// (docs/profiles.md): RFC 5280 §4's, the CA/Browser Forum's subscriber and
// root profiles, and Apple's SSL policy. Each rule is one entry of one
// table — its code, the text that states it, what it asks, what breaking
// it means, which purpose it serves and its predicate — in
// RFC5280Rules.swift, CABFRules.swift and AppleRules.swift. The case below
// is its name; everything else is read from the entry, so a new rule is
// one case and one entry (a test checks both lists agree and the codes
// equal Vectors/error-codes/codes.txt). A profile lists which rules it
// checks on the leaf, on each intermediate and on the anchor
// (ValidationProfile).

/// A rule on how a certificate is made, from the table of rules.
public enum ConformanceRule: UInt8, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    // RFC 5280 §4 (RFC5280Rules.swift).
    /// authorityKeyIdentifier not critical.
    case criticalAuthorityKeyIdentifier
    /// subjectKeyIdentifier not critical.
    case criticalSubjectKeyIdentifier
    /// authorityInfoAccess not critical.
    case criticalAuthorityInfoAccess
    /// nameConstraints only in a CA.
    case nameConstraintsOutsideCA
    /// keyCertSign only in a CA.
    case keyCertSignWithoutCA
    /// authorityKeyIdentifier with a keyIdentifier when not self-issued.
    case missingAuthorityKeyIdentifier
    /// subjectKeyIdentifier in a CA.
    case missingSubjectKeyIdentifier
    /// A positive serial number.
    case serialNumberNotPositive
    /// A serial number of at most 20 octets.
    case serialNumberTooLong
    /// dNSNames in the preferred name syntax.
    case malformedDNSName
    /// keyUsage in a CA that signs certificates.
    case missingKeyUsage
    /// basicConstraints critical in a CA that signs certificates.
    case nonCriticalBasicConstraints
    /// A non-empty issuer name.
    case emptyIssuerName
    /// An authorityKeyIdentifier carries a keyIdentifier.
    case authorityKeyIdentifierWithoutKeyIdentifier
    /// A self-signed certificate's key identifiers agree.
    case keyIdentifierMismatch
    /// basicConstraints present.
    case missingBasicConstraints
    /// nameConstraints critical.
    case nonCriticalNameConstraints
    /// pathLenConstraint only with cA TRUE.
    case pathLengthWithoutCA
    /// A non-empty subject when keyUsage asserts cRLSign.
    case emptySubjectWithCRLSign
    // The CA/Browser Forum's subscriber and root profiles (CABFRules.swift).
    /// A server certificate's extendedKeyUsage lists serverAuth.
    case subscriberWithoutServerAuth
    /// A server certificate does not assert anyExtendedKeyUsage.
    case subscriberAnyExtendedKeyUsage
    /// A server certificate's extendedKeyUsage is not critical.
    case subscriberCriticalExtendedKeyUsage
    /// subjectAltName not critical beside a subject.
    case subscriberCriticalSubjectAltName
    /// A server certificate's validity within the limit of its issuance date.
    case subscriberValidityTooLong
    /// A root without extendedKeyUsage.
    case rootExtendedKeyUsage
    /// A root's authorityKeyIdentifier is a keyIdentifier only.
    case rootAuthorityKeyIdentifierWithIssuer
    // Apple's SSL policy (AppleRules.swift).
    /// Signed with a SHA-2 hash.
    case signatureHashNotSHA2
    /// An RSA key of at least 2048 bits.
    case rsaKeyBelow2048Bits
    /// A leaf lists serverAuth: under a system root always, under another
    /// anchor when issued after 2019-07-01.
    case missingServerAuthEKU
    /// A leaf is valid for at most 825 days: issued since 2019-07-01, or
    /// since 2018-03-01 under a system root.
    case validityOver825Days
    /// A leaf issued since 2020-09-01 under a system root is valid for at most 398 days.
    case validityOver398Days
    /// A critical nameConstraints holds only name forms SecTrust processes.
    case unprocessedNameConstraintForm

    /// A stable name for scripts.
    public var code: String { String(entry.code) }
    /// The text that states the rule: an RFC, CA/B Forum or Apple section.
    package var section: String { String(entry.section) }
    /// What the certificate breaks, with the section, for failure messages.
    public var description: String { String(entry.breach) + " (" + section + ")" }
    /// What the rule asks, for the trace.
    var checkDescription: String { String(entry.asks) }

    /// Whether `certificate` breaks the rule; `underSystemRoot` says whether
    /// its path ends in a system root (only Apple's 398-day rule reads it).
    package func isBroken(by certificate: Certificate, underSystemRoot: Bool = false) -> Bool {
        entry.isBroken(certificate, certificate.extensions, underSystemRoot)
    }

    var entry: RuleEntry { RuleEntry.of(self) }
}

/// Apple's SSL policy rules are rules of the one table; the name stays for
/// the callers that match `TrustFailure.appleSSLPolicy`.
public typealias AppleRule = ConformanceRule

extension String {
    /// The text of a rule table's literal (UTF-8, as every literal is).
    init(_ text: StaticString) {
        self = text.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}

/// Which failure a broken rule is reported as.
enum RuleFamily: Sendable {
    /// `TrustFailure.nonConforming`: RFC 5280 and the CA/Browser Forum.
    case construction
    /// `TrustFailure.appleSSLPolicy`: Apple's SSL policy.
    case appleSSL
}

/// One rule, declared once. The texts are `StaticString`s so that reading
/// an entry on the hot path copies no reference-counted storage.
struct RuleEntry: Sendable {
    let rule: ConformanceRule
    let code: StaticString
    let section: StaticString
    /// What the rule asks, for the trace.
    let asks: StaticString
    /// What breaking it means, for failure messages (the section follows).
    let breach: StaticString
    let family: RuleFamily
    /// Checked only when the evaluation is for server authentication.
    let serverAuthOnly: Bool
    /// Decided only once the path's anchor is known (the predicate reads
    /// whether it is a system root).
    let needsAnchor: Bool
    /// With `needsAnchor`: the rule holds only on a path to a system root,
    /// and any other path does not take the step.
    let systemRootOnly: Bool
    /// Whether a certificate (with its extensions, read once by the caller)
    /// breaks the rule, and whether its path ends in a system root.
    let isBroken: @Sendable (Certificate, Extensions, Bool) -> Bool
    /// For a rule about an extension or a kind of certificate: whether the
    /// certificate has what the rule is about. A rule that does not apply
    /// cannot be broken; the trace shows it as not applicable, never as a
    /// pass (`TraceStep.notApplicable`). Nil: the rule applies to every certificate.
    let appliesTo: (@Sendable (Certificate, Extensions) -> Bool)?
    /// Why the rule does not apply, for the trace ("no nameConstraints").
    let inapplicable: StaticString

    /// The entry of `rule`; with `when`, it applies only to certificates
    /// for which `when` holds, and `unless` says in the trace what the
    /// others lack. Inlined into the lists' literals, and every field set
    /// here, so that the compiler lays each list out as static data: a
    /// call or a later change left in a literal makes it code that runs
    /// once at start-up (4.4 KB for RFC 5280's list in an Embedded module).
    @inline(__always)
    init(_ rule: ConformanceRule, code: StaticString, section: StaticString, asks: StaticString, breach: StaticString,
         family: RuleFamily = .construction, serverAuthOnly: Bool = false, needsAnchor: Bool = false,
         systemRootOnly: Bool = false, unless reason: StaticString = "",
         when condition: (@Sendable (Certificate, Extensions) -> Bool)? = nil,
         isBroken: @escaping @Sendable (Certificate, Extensions, Bool) -> Bool) {
        self.rule = rule
        self.code = code
        self.section = section
        self.asks = asks
        self.breach = breach
        self.family = family
        self.serverAuthOnly = serverAuthOnly
        self.needsAnchor = needsAnchor || systemRootOnly
        self.systemRootOnly = systemRootOnly
        self.isBroken = isBroken
        appliesTo = condition
        inapplicable = reason
    }

    /// The entry of `rule`. The cases are declared list by list and each
    /// list holds its cases in their order (a test checks both), so a raw
    /// value is a position in the three lists read one after another. They
    /// stay three literals: joined or sorted into one table, they would be
    /// built by code at start-up instead of laid out as data.
    @inline(__always)
    static func of(_ rule: ConformanceRule) -> RuleEntry {
        let position = Int(rule.rawValue)
        if position < rfc5280.count { return rfc5280[position] }
        let afterRFC5280 = position - rfc5280.count
        if afterRFC5280 < cabf.count { return cabf[afterRFC5280] }
        return apple[afterRFC5280 - cabf.count]
    }

    /// What the verifier reads of each entry on every evaluation, apart
    /// from the texts, made once from the lists: the hot path copies a byte
    /// and the predicates of a rule rather than its whole entry (reading
    /// entries from the lists instead cost a warm evaluation 15 % more
    /// instructions).
    static let checks: [RuleCheck] = ConformanceRule.allCases.map { RuleCheck(of($0)) }
}

/// An entry as the verifier runs it (`RuleEntry.checks`): a byte of flags
/// and the predicates.
struct RuleCheck: Sendable {
    private let flags: UInt8
    let isBroken: @Sendable (Certificate, Extensions, Bool) -> Bool
    /// `RuleEntry.appliesTo`, read only when a trace is recorded.
    let appliesTo: (@Sendable (Certificate, Extensions) -> Bool)?
    let inapplicable: StaticString

    init(_ entry: RuleEntry) {
        flags = (entry.serverAuthOnly ? 1 : 0) | (entry.needsAnchor ? 2 : 0) | (entry.family == .appleSSL ? 4 : 0)
            | (entry.systemRootOnly ? 8 : 0)
        isBroken = entry.isBroken
        appliesTo = entry.appliesTo
        inapplicable = entry.inapplicable
    }

    /// Whether a rule the certificate does not break had nothing to judge
    /// on it; asked only when explaining, so the warm path pays nothing.
    func isInapplicable(_ certificate: Certificate, _ extensions: Extensions) -> Bool {
        appliesTo.map { !$0(certificate, extensions) } ?? false
    }

    var serverAuthOnly: Bool { flags & 1 != 0 }
    var needsAnchor: Bool { flags & 2 != 0 }
    var family: RuleFamily { flags & 4 != 0 ? .appleSSL : .construction }
    var systemRootOnly: Bool { flags & 8 != 0 }
}

extension ConformanceRule {
    /// The entry as the verifier runs it.
    var check: RuleCheck { RuleEntry.checks[Int(rawValue)] }

    /// The failure for the rule broken by the certificate at path position `index`.
    func failure(index: Int, _ family: RuleFamily) -> TrustFailure {
        family == .appleSSL ? .appleSSLPolicy(index: index, self) : .nonConforming(index: index, self)
    }

    /// The trace's name for the check.
    func checkName(_ family: RuleFamily) -> CheckName { family == .appleSSL ? .appleRule(self) : .profileRule(self) }
}

extension ConformanceRule {
    /// RFC 5280's rules for any presented certificate, in the order checked.
    package static let presented: [ConformanceRule] = [
        .criticalAuthorityKeyIdentifier, .criticalSubjectKeyIdentifier, .criticalAuthorityInfoAccess,
        .nameConstraintsOutsideCA, .keyCertSignWithoutCA, .missingAuthorityKeyIdentifier, .missingSubjectKeyIdentifier,
        .serialNumberNotPositive, .serialNumberTooLong, .malformedDNSName, .emptyIssuerName,
        .pathLengthWithoutCA, .emptySubjectWithCRLSign,
    ]
    /// RFC 5280's rules for a presented certificate whose key signs the one below it.
    package static let issuer: [ConformanceRule] = presented + [.missingKeyUsage, .nonCriticalBasicConstraints]
    /// The CA/B Forum subscriber profile (BR §6.3.2, §7.1.2.7), for a serverAuth leaf.
    package static let subscriber: [ConformanceRule] = [
        .subscriberWithoutServerAuth, .subscriberAnyExtendedKeyUsage, .subscriberCriticalExtendedKeyUsage,
        .subscriberCriticalSubjectAltName, .subscriberValidityTooLong,
    ]
    /// The CA/B Forum root profile (BR §7.1.2.1, §7.1), for the anchor.
    package static let root: [ConformanceRule] = [
        .rootExtendedKeyUsage, .nonCriticalBasicConstraints, .missingSubjectKeyIdentifier,
        .rootAuthorityKeyIdentifierWithIssuer, .serialNumberNotPositive,
    ]
    /// The rules on how a trust anchor is made that every root of the
    /// Mozilla bundle meets (`Tests/TrustTests/MozillaRootsTests.swift`).
    /// Those some roots break — basicConstraints not critical, no
    /// subjectKeyIdentifier, an AKI with authorityCertIssuer or serial, a
    /// non-positive serial — are not here. A critical authorityInfoAccess
    /// (§4.2.2.1) is broken by no root of the bundle, so an anchor is held
    /// to it too.
    package static let anchor: [ConformanceRule] = [
        .criticalAuthorityKeyIdentifier, .criticalSubjectKeyIdentifier, .authorityKeyIdentifierWithoutKeyIdentifier,
        .keyIdentifierMismatch, .missingAuthorityKeyIdentifier, .missingBasicConstraints, .nonCriticalNameConstraints,
        .criticalAuthorityInfoAccess,
    ]
    /// Apple's SSL policy on the leaf (the EKU and validity rules once the
    /// anchor is known).
    package static let appleLeaf: [ConformanceRule] = [
        .signatureHashNotSHA2, .rsaKeyBelow2048Bits, .missingServerAuthEKU, .validityOver825Days, .validityOver398Days,
    ]
    /// Apple's SSL policy on an intermediate: its signature, its key and the
    /// name forms of its constraints.
    package static let appleIssuer: [ConformanceRule] = [
        .signatureHashNotSHA2, .rsaKeyBelow2048Bits, .unprocessedNameConstraintForm,
    ]
    /// Apple's SSL policy on the anchor: its key, and its signature unless
    /// it is self-signed (the rule skips self-issued certificates).
    package static let appleAnchor: [ConformanceRule] = [.rsaKeyBelow2048Bits, .signatureHashNotSHA2]
}
