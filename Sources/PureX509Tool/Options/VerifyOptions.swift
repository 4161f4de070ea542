import ArgumentParser
import Foundation
import PureX509
import PureX509Config

// `verify`'s options, shared with `connect`: what they accept, and the
// policy they describe. The decision is VerifyDecision.swift's, its output
// VerifyOutput.swift's.

/// Everything `verify` decides with but the chain, shared with `connect`
/// (which gets its chain from a TLS handshake).
public struct VerifyOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("roots"), help: "Trust anchors: a PEM bundle, DER, or a directory of such files (-CApath style); repeatable. Default: the system bundle.")
    var roots: [String] = []

    @Option(name: .customLong("untrusted"), help: "More untrusted intermediates (PEM or DER); repeatable.")
    var untrusted: [String] = []

    @Option(name: .customLong("host"), help: "DNS name the leaf must present; an internationalised name (bücher.example) is matched as its A-label (xn--bcher-kva.example).", transform: HostArgument.convert)
    var host: String?

    @Option(name: .customLong("ip"), help: "IPv4 or IPv6 address the leaf must list as an iPAddress subjectAltName, compared as 4 or 16 octets (never the Common Name; an IPv4-mapped IPv6 address is not its IPv4 form). Not with --host. docs/trust.md.")
    var ip: String?

    @Option(name: .customLong("at"), parsing: .unconditional, help: "Evaluation time: UNIX seconds (negative before 1970: --at -1), a date (2024-01-02, midnight UTC) or ISO 8601 (2024-01-02T03:04:05Z, fractions and offsets allowed). Default: now.", transform: TimeOption.parse)
    var at: OptionValue<Int64>?

    @Option(name: .customLong("purpose"), help: "server, client or any. (default: server)", transform: PurposeArgument.parse)
    var purpose: PurposeArgument = .server

    @Option(name: .customLong("policy"), help: "An acceptable certificate policy OID (RFC 5280 user-initial-policy-set); repeatable. Default: any.")
    var policies: [String] = []

    @Flag(name: .customLong("explicit-policy"), help: "Require the path to be valid for an acceptable policy (initial-explicit-policy).")
    var explicitPolicy = false

    @Flag(name: .customLong("inhibit-policy-mapping"), help: "Refuse policy mappings (initial-policy-mapping-inhibit).")
    var inhibitPolicyMapping = false

    @Flag(name: .customLong("inhibit-any-policy"), help: "Do not let anyPolicy stand for other policies (initial-any-policy-inhibit).")
    var inhibitAnyPolicy = false

    @Option(name: .customLong("profile"), help: "strict (the default: RFC 5280 and what the major verifiers agree on), chromium (Chromium's leniencies; compatible is the same), rfc5280 (§6 path validation alone), apple (Apple's SSL policy as SecTrust applies it, iOS 13+/macOS 10.15+), cabf (the CA/Browser Forum issuance rules, anchors included), or all (one verdict per profile; exit 0 only when every profile trusts). docs/profiles.md. (default: strict)", transform: ProfileArgument.parse)
    var profile: ProfileArgument = .one(.strict)

    @Option(name: .customLong("crl"), help: "A CRL (PEM or DER) to check revocation against; repeatable. Turns revocation checking on (chain) unless --revocation says otherwise.")
    var crls: [String] = []

    @Option(name: .customLong("ocsp-response"), help: "A DER OCSP response (stapled or fetched) to check revocation against; repeatable. Turns revocation checking on (leaf) unless --revocation or a --crl says otherwise.")
    var ocspResponses: [String] = []

    @Option(name: .customLong("revocation"), help: "off, leaf or chain: which certificates must not be revoked (default: chain with --crl, leaf with only --ocsp-response, else off).", transform: RevocationArgument.parse)
    var revocation: OptionValue<RevocationArgument>?

    @Flag(name: .customLong("require-revocation-info"), help: "Refuse a checked certificate that no usable CRL or OCSP response covers (code revocationUnknown).")
    var requireRevocationInfo = false

    @Flag(name: .customLong("prefer-crl"), help: "Consult CRLs before OCSP responses (default: OCSP first). Both are always consulted and a revocation from either refuses; the order only says whose good status is reported.")
    var preferCRL = false

    @Option(name: .customLong("require-ct"), help: "apple or chrome: every path must meet that Certificate Transparency policy, whatever its anchor (docs/ct.md). Without it only --profile apple requires Apple's, for chains ending at a system root.", transform: CTPolicyArgument.parse)
    var requireCT: OptionValue<CTPolicy>?

    @Option(name: .customLong("ct-log-list"), help: "The CT log list SCTs are checked against: Apple's current_log_list.json or Chrome's log_list.json. Default: Apple's list shipped with purex509 (--explain gives its version and age).")
    var ctLogList: String?

    @Option(name: .customLong("sct-list"), help: "A TLS-encoded SignedCertificateTimestampList, as a handshake's signed_certificate_timestamp extension carries it: more SCTs for the leaf; repeatable.")
    var sctLists: [String] = []

    @Flag(name: .customLong("quiet"), help: "Print nothing; only the exit code says the verdict (0 trusted, 1 not, 2 bad input).")
    var quiet = false

    @Flag(name: .customLong("explain"), help: "Also print every check that ran, in order, with its certificate, RFC section and verdict.")
    var explain = false

    @Flag(name: .customLong("json"), help: "Print {\"trusted\", \"chain\", \"error\", \"checked\", \"pins\", …} as JSON (docs/output.md).")
    var json = false

    @Option(name: .customLong("pin"), help: "A pinned public key, sha256/BASE64; repeatable.")
    var pins: [String] = []

    @Option(name: .customLong("pin-cert"), help: "A pinned certificate (PEM or DER), or a directory of them; repeatable.")
    var pinCertificates: [String] = []

    @Option(name: .customLong("pinning-mode"), help: "certificate or public-key (default: public-key with --pin, certificate with --pin-cert).", transform: PinningModeArgument.parse)
    var pinningMode: OptionValue<PinningModeArgument>?

    @Flag(name: .customLong("allow-invalid"), help: "AFSecurityPolicy allowInvalidCertificates.")
    var allowInvalid = false

    @Flag(name: .customLong("no-validate-host"), help: "AFSecurityPolicy validatesDomainName = NO; with --evaluator, validateHost: false.")
    var noValidateHost = false

    @Option(name: .customLong("evaluator"), help: ArgumentHelp("One of Alamofire's server-trust evaluators, decided by the library's own: default (DefaultTrustEvaluator), pinned-certificates (PinnedCertificatesTrustEvaluator: --pin-cert), public-keys (PublicKeysTrustEvaluator: --pin, and --pin-cert's keys), revocation (RevocationTrustEvaluator: --crl, --ocsp-response) or disabled (DisabledTrustEvaluator); Alamofire's type names are accepted too. Repeat it for a CompositeTrustEvaluator of them, in order. The host is --host or --ip. docs/pinning.md.", valueName: "name"), transform: EvaluatorArgument.parse)
    var evaluators: [OptionValue<EvaluatorArgument>] = []

    @Flag(name: .customLong("no-default-validation"), help: "With --evaluator pinned-certificates, public-keys or revocation: performDefaultValidation: false.")
    var noDefaultValidation = false

    @Flag(name: .customLong("accept-self-signed"), help: "With --evaluator pinned-certificates: acceptSelfSignedCertificates: true (the pinned certificates become the only anchors).")
    var acceptSelfSigned = false

    @Option(name: .customLong("revocation-options"), help: ArgumentHelp("With --evaluator revocation: RevocationTrustEvaluator.Options, comma-separated: ocsp, crl, any (both; the default), prefer-crl, require-positive-response, network-access-disabled.", valueName: "list"), transform: RevocationOptionsArgument.parse)
    var revocationOptions: OptionValue<RevocationTrustEvaluator.Options>?

    @Option(name: .customLong("ats"), help: "An Info.plist (XML or binary) whose NSAppTransportSecurity dictionary applies to --host (required with it): the host's NSPinnedDomains identities, Apple's CT policy when NSRequiresCertificateTransparency is YES, and ATS's key and hash sizes (RSA >= 2048, EC >= 256 bits, SHA-256 or stronger) unless NSAllowsArbitraryLoads or NSAllowsLocalNetworking lifts them. The verdict names the ATS key and domain that decided. With connect, the host is HOST unless --host or --ip says otherwise, and the handshake must also meet ATS's TLS half: TLS 1.2 or newer (or the NSExceptionMinimumTLSVersion) and a forward-secret (ECDHE) cipher suite unless NSExceptionRequiresForwardSecrecy is NO. docs/ats.md.")
    var ats: String?

    /// Whether AFSecurityPolicy semantics apply (any pinning flag given).
    var usesSecurityPolicy: Bool {
        evaluators.isEmpty && (!pins.isEmpty || !pinCertificates.isEmpty || pinningMode != nil || allowInvalid || noValidateHost)
    }

    /// Which certificates are checked: `--revocation`, else chain when CRLs
    /// are given (they cover every issuer), leaf when only OCSP responses
    /// are (a stapled response speaks of the leaf alone), else off.
    var coverage: RevocationArgument {
        revocation?.value ?? (!crls.isEmpty ? .chain : !ocspResponses.isEmpty ? .leaf : .off)
    }

    public func validate() throws {
        if host != nil && ip != nil { throw ValidationError("give --host or --ip, not both") }
        if host.map({ ServerIdentity(host: $0) == nil }) == true { throw ValidationError("--host: not a valid host name") }
        if ip.map({ ServerIdentity(ipAddress: $0) == nil }) == true { throw ValidationError("--ip: not an IPv4 or IPv6 address") }
        if let reason = at?.refusal { throw ValidationError("--at: \(reason)") }
        if case .all = profile, usesSecurityPolicy || usesEvaluators {
            throw ValidationError("--profile all compares path validation under each profile; it does not combine with pinning flags")
        }
        if let reason = evaluatorRefusal() { throw ValidationError(reason) }
        if ats != nil {
            if case .all = profile { throw ValidationError("--profile all compares path validation under each profile; it does not combine with --ats") }
            if usesSecurityPolicy || usesEvaluators {
                throw ValidationError("--ats applies the Info.plist's NSPinnedDomains; it does not combine with the AFSecurityPolicy flags (--pin, --pin-cert, --pinning-mode, --allow-invalid, --no-validate-host)")
            }
        }
        if let reason = revocation?.refusal { throw ValidationError("--revocation: \(reason)") }
        if requireRevocationInfo && coverage == .off {
            throw ValidationError("--require-revocation-info needs --revocation leaf or chain (or a --crl or --ocsp-response)")
        }
        if let reason = pinningMode?.refusal { throw ValidationError("--pinning-mode: \(reason)") }
        if let reason = requireCT?.refusal { throw ValidationError("--require-ct: \(reason)") }
        // A pinning mode with nothing to pin is a mistake in the command,
        // not a verdict: certificate mode would trust no anchor ("no trusted
        // issuer found") and public-key mode would match an empty pin list.
        if pinningMode?.value == .certificate && pinCertificates.isEmpty {
            throw ValidationError("--pinning-mode certificate pins certificates: give --pin-cert FILE")
        }
        if pinningMode?.value == .publicKey && pins.isEmpty && pinCertificates.isEmpty {
            throw ValidationError("--pinning-mode public-key needs a pin: give --pin sha256/BASE64 or --pin-cert FILE")
        }
        for text in policies where OID(dotted: text) == nil {
            throw ValidationError("--policy \(DisplayText.escaped(text)): not a dotted OID such as 2.23.140.1.2.1")
        }
        for pin in pins {
            do { _ = try SPKIPin(pin) } catch { throw ValidationError("--pin \(DisplayText.escaped(pin)): \(error)") }
        }
    }

    /// The verification policy the options describe, at `--at` (else now);
    /// revocation sources are read apart (`revocationSources()`).
    func verificationPolicy() -> VerificationPolicy {
        var policy = VerificationPolicy(time: at?.value ?? Int64(Date().timeIntervalSince1970))
        policy.purpose = purpose.purpose
        policy.identity = host.flatMap { ServerIdentity(host: $0) } ?? ip.flatMap { ServerIdentity(ipAddress: $0) }
        if !policies.isEmpty { policy.certificatePolicies.initialPolicySet = policies.compactMap { OID(dotted: $0) } }
        policy.certificatePolicies.requireExplicitPolicy = explicitPolicy
        policy.certificatePolicies.inhibitPolicyMapping = inhibitPolicyMapping
        policy.certificatePolicies.inhibitAnyPolicy = inhibitAnyPolicy
        policy.profile = profile.profile
        policy.publicSuffixes = LoadedPublicSuffixList.certificateWildcards(
            for: policy.identity, profiles: profile.compared.isEmpty ? [profile.profile] : profile.compared)
        policy.revocation.preferCRL = preferCRL
        // RevocationTrustEvaluator makes its own revocation evaluation; the
        // other validations check revocation only when --revocation says so.
        let evaluatorChecksRevocation = chosenEvaluators.contains(.revocation) && revocation == nil
        policy.revocation.coverage = evaluatorChecksRevocation ? .off : coverage.coverage
        policy.revocation.requirePositiveResponse = requireRevocationInfo
        policy.certificateTransparency.required = requireCT?.value
        return policy
    }

    /// Whether any evaluation may check SCTs: a CT policy asked for, a
    /// profile that requires one, or CT input given.
    var checksTransparency: Bool {
        requireCT?.value != nil || ctLogList != nil || !sctLists.isEmpty || ats != nil
            || (profile.compared.isEmpty ? [profile.profile] : profile.compared).contains { $0.certificateTransparency != nil }
    }

    /// The log list (`--ct-log-list`, else the shipped one) when any
    /// evaluation may check SCTs; nil otherwise, so that a plain `verify`
    /// does not read it.
    func transparencyLogList() throws -> LoadedCTLogList? {
        checksTransparency ? try LoadedCTLogList.load(ctLogList) : nil
    }

    /// The `--sct-list` files' SCTs, in order.
    func handshakeSCTs() throws -> [SignedCertificateTimestamp] {
        var all: [SignedCertificateTimestamp] = []
        for file in sctLists { all += try SCTListInput.load(file) }
        return all
    }

    /// The `--crl` and `--ocsp-response` files, read (exit 2 for one that is unreadable or not what it says).
    func revocationSources() throws -> RevocationSources {
        var sources = RevocationSources()
        for file in crls { sources.crls += try RevocationInput.load(file, RevocationInput.crl) }
        for file in ocspResponses { sources.ocspResponses += try RevocationInput.load(file, RevocationInput.ocspResponse) }
        return sources
    }

    /// The pinning mode: `--pinning-mode`, else public-key with `--pin`,
    /// certificate with `--pin-cert`, none without either.
    var securityPolicyMode: SecurityPolicy.PinningMode {
        pinningMode?.value?.mode ?? (!pins.isEmpty ? .publicKey : !pinCertificates.isEmpty ? .certificate : .none)
    }
}
