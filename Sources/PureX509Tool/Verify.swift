import ArgumentParser
import Foundation
import PureX509
import PureX509Config

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decide whether a certificate chain is trusted.",
        discussion: """
            CHAIN is a PEM or DER file whose first certificate is the leaf; the others are untrusted \
            intermediates. Exit 0 trusted, 1 not trusted (reason on stderr, or in the JSON), 2 bad usage \
            or unreadable input.
            """
    )

    @OptionGroup var options: VerifyOptions

    @Argument(help: "The presented chain, leaf first.")
    var chain: String

    func run() throws { try options.run(chainFile: chain) }
}

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

    @Option(name: .customLong("ip"), help: "IP address the leaf must present.")
    var ip: String?

    @Option(name: .customLong("at"), parsing: .unconditional, help: "Evaluation time: UNIX seconds (negative before 1970: --at -1), a date (2024-01-02, midnight UTC) or ISO 8601 (2024-01-02T03:04:05Z, fractions and offsets allowed). Default: now.")
    var at: String?

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

    @Option(name: .customLong("revocation"), help: "off, leaf or chain: which certificates must not be revoked (default: chain with --crl, leaf with only --ocsp-response, else off).")
    var revocation: String?

    @Flag(name: .customLong("require-revocation-info"), help: "Refuse a checked certificate that no usable CRL or OCSP response covers (code revocationUnknown).")
    var requireRevocationInfo = false

    @Flag(name: .customLong("prefer-crl"), help: "Consult CRLs before OCSP responses (default: OCSP first); the first that gives a status decides.")
    var preferCRL = false

    @Flag(name: .customLong("quiet"), help: "Print nothing; only the exit code says the verdict (0 trusted, 1 not, 2 bad input).")
    var quiet = false

    @Flag(name: .customLong("explain"), help: "Also print every check that ran, in order, with its certificate, RFC section and verdict.")
    var explain = false

    @Flag(name: .customLong("json"), help: "Print {\"trusted\", \"chain\", \"error\"} as JSON.")
    var json = false

    @Option(name: .customLong("pin"), help: "A pinned public key, sha256/BASE64; repeatable.")
    var pins: [String] = []

    @Option(name: .customLong("pin-cert"), help: "A pinned certificate (PEM or DER), or a directory of them; repeatable.")
    var pinCertificates: [String] = []

    @Option(name: .customLong("pinning-mode"), help: "certificate or public-key (default: public-key with --pin, certificate with --pin-cert).")
    var pinningMode: String?

    @Flag(name: .customLong("allow-invalid"), help: "AFSecurityPolicy allowInvalidCertificates.")
    var allowInvalid = false

    @Flag(name: .customLong("no-validate-host"), help: "AFSecurityPolicy validatesDomainName = NO.")
    var noValidateHost = false

    /// Whether AFSecurityPolicy semantics apply (any pinning flag given).
    var usesSecurityPolicy: Bool {
        !pins.isEmpty || !pinCertificates.isEmpty || pinningMode != nil || allowInvalid || noValidateHost
    }

    /// Which certificates are checked: `--revocation`, else chain when CRLs
    /// are given (they cover every issuer), leaf when only OCSP responses
    /// are (a stapled response speaks of the leaf alone), else off.
    var coverage: String {
        revocation ?? (!crls.isEmpty ? "chain" : !ocspResponses.isEmpty ? "leaf" : "off")
    }

    public func validate() throws {
        if host != nil && ip != nil { throw ValidationError("give --host or --ip, not both") }
        if host.map({ ServerIdentity(host: $0) == nil }) == true { throw ValidationError("--host: not a valid host name") }
        if ip.map({ ServerIdentity(ipAddress: $0) == nil }) == true { throw ValidationError("--ip: not an IPv4 or IPv6 address") }
        if let at, case .failure(let failure) = TimeArgument.parse(at) { throw ValidationError("--at: \(failure)") }
        if case .all = profile, usesSecurityPolicy {
            throw ValidationError("--profile all compares path validation under each profile; it does not combine with pinning flags")
        }
        if let revocation, !["off", "leaf", "chain"].contains(revocation) { throw ValidationError("--revocation: off, leaf or chain") }
        if requireRevocationInfo && coverage == "off" {
            throw ValidationError("--require-revocation-info needs --revocation leaf or chain (or a --crl or --ocsp-response)")
        }
        if let mode = pinningMode, !["certificate", "public-key"].contains(mode) {
            throw ValidationError("--pinning-mode: certificate or public-key")
        }
        // A pinning mode with nothing to pin is a mistake in the command,
        // not a verdict: certificate mode would trust no anchor ("no trusted
        // issuer found") and public-key mode would match an empty pin list.
        if pinningMode == "certificate" && pinCertificates.isEmpty {
            throw ValidationError("--pinning-mode certificate pins certificates: give --pin-cert FILE")
        }
        if pinningMode == "public-key" && pins.isEmpty && pinCertificates.isEmpty {
            throw ValidationError("--pinning-mode public-key needs a pin: give --pin sha256/BASE64 or --pin-cert FILE")
        }
        for text in policies where OID(dotted: text) == nil {
            throw ValidationError("--policy \(DisplayText.escaped(text)): not a dotted OID such as 2.23.140.1.2.1")
        }
        for pin in pins {
            do { _ = try SPKIPin(pin) } catch { throw ValidationError("--pin \(DisplayText.escaped(pin)): \(error)") }
        }
    }

    func run(chainFile chain: String) throws {
        if quiet { silenceOutput() }
        let store = try loadAnchors()
        let presented = try CertificateInput.load(chain)
        if let reason = presented.noCertificateReason {
            printError("purex509: \(presented.file.displayName): \(reason)")
            throw ToolExit.usage
        }
        // The presented chain is the attacker's: a certificate whose DER is
        // refused is a verification result (exit 1, `malformed`, its index);
        // a block whose PEM cannot even be decoded makes the file unusable (exit 2).
        var certificates: [Certificate] = []
        var malformed: TrustFailure? = nil
        for entry in presented.entries {
            switch entry.result {
            case .success(let certificate): certificates.append(certificate)
            case .failure(let failure):
                printError("purex509: \(presented.file.displayName): \(failure)")
                guard case .der(let error, _, _) = failure else { throw ToolExit.usage }
                malformed = .malformed(index: entry.index - 1, error)
            }
            if malformed != nil { break }
        }
        presented.noteOtherBlocks()
        try decide(store: store, certificates: certificates, malformed: malformed)
    }

    /// The verdict on a presented chain (leaf first, or cut short at a
    /// `malformed` certificate), printed as text or JSON with `extra`
    /// members; throws `ToolExit.refused` when not trusted.
    func decide(store: TrustStore, certificates: [Certificate], malformed: TrustFailure?,
                extra extraJSON: [(String, JSONOutput)] = []) throws {
        // --untrusted certificates are presented material like CHAIN: one
        // whose DER is refused is a verdict (exit 1, `malformed`, indexed
        // after CHAIN's certificates); an unreadable file, a file with no
        // certificate or a block whose PEM does not decode stays exit 2.
        var extra: [Certificate] = []
        // CHAIN's certificates, the malformed one included: later positions are --untrusted ones.
        let chainCount = max(certificates.count, (malformed?.certificateIndex).map { $0 + 1 } ?? 0)
        var malformed = malformed
        for file in untrusted {
            let input = try CertificateInput.load(file)
            if let reason = input.noCertificateReason {
                printError("purex509: --untrusted \(input.file.displayName): \(reason)")
                throw ToolExit.usage
            }
            for entry in input.entries {
                switch entry.result {
                case .success(let certificate): extra.append(certificate)
                case .failure(let failure):
                    printError("purex509: --untrusted \(input.file.displayName): \(failure)")
                    guard case .der(let error, _, _) = failure else { throw ToolExit.usage }
                    if malformed == nil { malformed = .malformed(index: certificates.count + extra.count, error) }
                }
            }
            input.noteOtherBlocks()
        }
        var policy = VerificationPolicy(time: at.flatMap(Self.parseTime) ?? Int64(Date().timeIntervalSince1970))
        policy.purpose = purpose.purpose
        policy.identity = host.flatMap { ServerIdentity(host: $0) } ?? ip.flatMap { ServerIdentity(ipAddress: $0) }
        if !policies.isEmpty { policy.certificatePolicies.initialPolicySet = policies.compactMap { OID(dotted: $0) } }
        policy.certificatePolicies.requireExplicitPolicy = explicitPolicy
        policy.certificatePolicies.inhibitPolicyMapping = inhibitPolicyMapping
        policy.certificatePolicies.inhibitAnyPolicy = inhibitAnyPolicy
        policy.profile = profile.profile
        var sources = RevocationSources()
        for file in crls { sources.crls += try RevocationInput.load(file, RevocationInput.crl) }
        for file in ocspResponses { sources.ocspResponses += try RevocationInput.load(file, RevocationInput.ocspResponse) }
        policy.revocation.preferCRL = preferCRL
        switch coverage {
        case "leaf": policy.revocation.coverage = .leaf
        case "chain": policy.revocation.coverage = .chain
        default: policy.revocation.coverage = .off
        }
        policy.revocation.requirePositiveResponse = requireRevocationInfo
        if malformed == nil, case .all = profile {
            try compareProfiles(store: store, policy: policy, sources: sources, certificates: certificates, extra: extra,
                                extraJSON: extraJSON)
            return
        }
        var verifier = Verifier(store: store, policy: policy, revocationSources: sources)
        if malformed == nil, usesSecurityPolicy {
            try runSecurityPolicy(store: store, policy: policy, revocationSources: sources, certificates: certificates + extra,
                                  chainCount: certificates.count, extra: extraJSON)
            return
        }
        let explanation: Explanation
        if let malformed {
            explanation = Explanation(result: .failure(malformed), path: [], steps: [])
        } else {
            // noCertificateReason was nil, and every entry succeeded: there is a leaf.
            explanation = verifier.explain(leaf: certificates[0], intermediates: Array(certificates.dropFirst()) + extra)
        }
        let report = VerifyReport(explanation: explanation, chainCount: chainCount)
        self.report(report, presented: certificates + extra, anchors: store, extra: extraJSON)
        if case .failure = explanation.result { throw ToolExit.refused }
    }

    /// `--pin`, `--pin-cert`, `--pinning-mode`, `--allow-invalid`, `--no-validate-host`:
    /// AFSecurityPolicy's evaluation (docs/pinning.md).
    func runSecurityPolicy(store: TrustStore, policy: VerificationPolicy, revocationSources: RevocationSources,
                           certificates: [Certificate], chainCount: Int, extra extraJSON: [(String, JSONOutput)]) throws {
        var pinned: [Certificate] = []
        for file in pinCertificates {
            pinned += try CertificateInput.loadPinned(file)
        }
        let mode: SecurityPolicy.PinningMode
        switch pinningMode {
        case "certificate": mode = .certificate
        case "public-key": mode = .publicKey
        default: mode = !pins.isEmpty ? .publicKey : !pinCertificates.isEmpty ? .certificate : .none
        }
        var security = SecurityPolicy(pinningMode: mode, pinnedCertificates: pinned)
        security.pinnedPublicKeys = pins.compactMap { try? SPKIPin($0) }
        security.allowInvalidCertificates = allowInvalid
        security.validatesDomainName = !noValidateHost
        // The whole policy: --purpose, --profile, --at and the switches hold
        // on the pinning path too. Every evaluation the policy makes is
        // recorded, so failures name input positions and --explain traces each.
        var environment = TrustEnvironment(systemAnchors: store, policy: policy)
        environment.recordsEvaluations = true
        environment.revocationSources = revocationSources
        let outcome = security.evaluate(ServerTrust(certificates: certificates), domain: host ?? ip, in: &environment)
        let evaluations = environment.evaluations
        let reports = evaluations.map { VerifyReport(explanation: $0.explanation, chainCount: chainCount, pinnedAnchors: $0.pinnedAnchors) }
        var extra = extraJSON
        if json && explain {
            extra.append(("evaluations", .array(zip(evaluations, reports).map { evaluation, report in
                evaluationJSON(evaluation, report.traceJSON(presented: certificates, anchors: evaluation.anchors), omitted: report.explanation.omittedSteps)
            })))
        }
        switch outcome {
        case .success:
            // AFNetworking's "trust anything": allowInvalidCertificates with no
            // pinning returns YES before any check decides (lines 261–266);
            // a script reading only the exit code must not mistake it for a verdict.
            if allowInvalid && mode == .none {
                printError("purex509: warning: --allow-invalid without pinning trusts any chain (AFNetworking's allowInvalidCertificates with SSLPinningModeNone): nothing was checked, the verdict does not depend on the chain")
            }
            // The last evaluation that trusted the chain decided its path;
            // with --allow-invalid there may be none, and the served
            // certificates are listed as they came.
            // No evaluation verified it: --allow-invalid let the chain through
            // unvalidated, and the verdict says so in text and JSON (issue 28
            // item 3), whatever the mode.
            if let decided = evaluations.indices.last(where: { evaluations[$0].explanation.result.isSuccess }),
               case .success(let chain) = evaluations[decided].explanation.result {
                let validated: [(String, JSONOutput)] = [("chainValidated", .bool(true)), ("note", .null),
                                                         ("revocation", reports[decided].revocationJSON(chain))]
                printTrusted(chain.certificates, notes: reports[decided].revocationNotes(chain),
                             extra: (json ? [("path", reports[decided].pathJSON)] + validated : []) + extra)
            } else {
                let note = mode == .none ? Self.unvalidatedWithoutPins : Self.unvalidatedWithPins
                let unvalidated: [(String, JSONOutput)] = [("chainValidated", .bool(false)), ("note", .string(note))]
                printTrusted(certificates, endsInAnchor: false, notes: [note],
                             extra: (json ? [("path", .array([]))] + unvalidated : []) + extra)
            }
        case .failure(let failure):
            let failed = failure.validationFailure.flatMap { validation in
                evaluations.indices.last { evaluations[$0].explanation.result.failure == validation }
            }
            let report = failed.map { reports[$0] }
            let message = failure.describe { report?.name($0) ?? "certificate \($0)" }
            if json {
                let names = report?.explanation.path.map { $0.certificate.subjectForDisplay } ?? []
                let index = PinningCodes.index(failure)
                let from = index.flatMap { report?.fromJSON($0) } ?? .null
                printJSON([
                    ("trusted", .bool(false)), ("chain", .array(names.map { .string($0.description) })),
                    ("chainSubjects", .array(names.map { CertificateSummary.attributesJSON($0.relativeNames) })),
                    ("error", .object([("code", .string(PinningCodes.code(failure))), ("certificate", index.map { .int($0) } ?? .null),
                                       ("from", from), ("message", .string(message))] + VerifyReport.revocationJSON(failure.validationFailure))),
                    ("policies", .null), ("path", report?.pathJSON ?? .array([])),
                ] + extra)
            } else {
                printError("not trusted: \(message)")
            }
        }
        if explain && !json {
            for (number, (evaluation, report)) in zip(evaluations, reports).enumerated() {
                print("evaluation \(number + 1): " + Self.evaluationTitle(evaluation))
                for line in report.traceLines(presented: certificates, anchors: evaluation.anchors) { print(line) }
            }
        }
        if case .failure = outcome { throw ToolExit.refused }
    }

    /// The verdict's note when `--allow-invalid` let through a chain no evaluation verified.
    static let unvalidatedWithPins = "chain not validated: trust rests on the pins alone"
    static let unvalidatedWithoutPins = "chain not validated: nothing was checked"

    /// "SSL policy for www.example.com, system anchors" (Apple's policy names, docs/pinning.md).
    static func evaluationTitle(_ evaluation: TrustEnvironment.RecordedEvaluation) -> String {
        let anchors = evaluation.pinnedAnchors ? "the --pin-cert certificates as the only anchors" : "the trust anchors"
        switch evaluation.evaluation {
        case .ssl(let host?): return "SSL policy for \(host), against \(anchors)"
        case .ssl(nil): return "SSL policy without a host, against \(anchors)"
        case .basicX509: return "basic X.509 policy (no purpose, no name), against \(anchors)"
        }
    }

    func evaluationJSON(_ evaluation: TrustEnvironment.RecordedEvaluation, _ trace: JSONOutput, omitted: Int) -> JSONOutput {
        var policy = "ssl", host: JSONOutput = .null
        switch evaluation.evaluation {
        case .ssl(let name): host = name.map { .string($0) } ?? .null
        case .basicX509: policy = "basicX509"
        }
        return .object([
            ("policy", .string(policy)), ("host", host), ("anchors", .string(evaluation.pinnedAnchors ? "pinned" : "roots")),
            ("verdict", .string(evaluation.explanation.result.isSuccess ? "trusted" : "refused")),
            ("failure", evaluation.explanation.result.failure.map { .string($0.code) } ?? .null),
            ("trace", trace), ("traceOmittedSteps", .int(omitted)),
        ])
    }

    func report(_ report: VerifyReport, presented: [Certificate], anchors: TrustStore, extra extraJSON: [(String, JSONOutput)]) {
        // `path`, and with --explain the trace: the members both verdicts add.
        var extra: [(String, JSONOutput)] = json ? [("path", report.pathJSON)] + extraJSON : []
        if json && explain {
            extra.append(("profile", .string(profile.description)))
            extra.append(("trace", report.traceJSON(presented: presented, anchors: anchors)))
            extra.append(("traceOmittedSteps", .int(report.explanation.omittedSteps)))
        }
        switch report.explanation.result {
        case .success(let verified):
            printTrusted(verified.certificates, policies: verified.userConstrainedPolicies, notes: report.revocationNotes(verified),
                         extra: extra + (json ? [("revocation", report.revocationJSON(verified))] : []))
        case .failure(let failure):
            if json {
                let names = report.explanation.path.map { $0.certificate.subjectForDisplay }
                let members: [(String, JSONOutput)] = [
                    ("trusted", .bool(false)), ("chain", .array(names.map { .string($0.description) })),
                    ("chainSubjects", .array(names.map { CertificateSummary.attributesJSON($0.relativeNames) })),
                    ("error", report.errorJSON(failure)), ("policies", .null),
                ]
                printJSON(members + extra)
            } else {
                printError("not trusted: \(report.message(failure))")
            }
        }
        if explain && !json {
            print("trace:")
            // Which profile's rules the steps are (docs/profiles.md); each step names its source.
            print("  profile: \(profile)")
            for line in report.traceLines(presented: presented, anchors: anchors) { print(line) }
        }
    }

    /// `trusted` and the chain's subjects (RFC 4514-escaped, `\\xNN` for
    /// control characters, so each certificate is one line), or
    /// `{"trusted": true, "chain": […], "chainSubjects": [[…]], "error": null}`:
    /// `chain` keeps the escaped strings scripts read, `chainSubjects` gives
    /// each subject's attributes apart (`inspect --json`'s `subjectAttributes`).
    /// `policies`: the user-constrained policy set (`policies` in the JSON,
    /// dotted; null on the pinning path, which does not report it).
    /// `endsInAnchor`: the list is a verified path (its last certificate is
    /// the anchor), not the served certificates as they came.
    /// `notes`: what the verdict rests on besides the checks (a chain not
    /// validated, a revocation status left unknown under soft fail), printed
    /// as `trusted (note; note)`.
    func printTrusted(_ certificates: [Certificate], endsInAnchor: Bool = true, policies: [OID]? = nil, notes: [String] = [],
                      extra: [(String, JSONOutput)] = []) {
        let names = certificates.map { $0.subjectForDisplay }
        if json {
            let members: [(String, JSONOutput)] = [
                ("trusted", .bool(true)), ("chain", .array(names.map { .string($0.description) })),
                ("chainSubjects", .array(names.map { CertificateSummary.attributesJSON($0.relativeNames) })), ("error", .null),
                ("policies", policies.map { .array($0.map { .string($0.description) }) } ?? .null),
            ]
            printJSON(members + extra)
        } else {
            // The built path, leaf first: each certificate's subject, then its
            // SHA-256 fingerprint and serial (what `openssl x509 -fingerprint
            // -serial` would be run for), the anchor named as such.
            print(notes.isEmpty ? "trusted" : "trusted (" + notes.joined(separator: "; ") + ")")
            for (i, certificate) in certificates.enumerated() {
                let anchor = endsInAnchor && i == certificates.count - 1 ? "  (anchor)" : ""
                print("  \(i): \(names[i])\(anchor)")
                print("     SHA-256 \(Hex.encode(SHA256.hash(certificate.der), separator: ":"))  serial \(Hex.encode(certificate[certificate.serialNumber], separator: ":"))")
            }
        }
    }

    func printJSON(_ members: [(String, JSONOutput)]) {
        print(JSONOutput.object(members).serialized(pretty: false))
    }

    /// The anchors from --roots, every block of which must be a good
    /// certificate (exit 2 otherwise, naming the file and block), or the
    /// system bundle, whose unparsable entries are skipped with a note: the
    /// distribution's bundle is not the user's to fix. The bundle's roots
    /// are `.system` anchors, --roots `.caller` ones (Apple's 398-day limit
    /// holds only under system roots: TrustStore.Provenance).
    func loadAnchors() throws -> TrustStore {
        var store = TrustStore()
        guard roots.isEmpty else {
            for file in roots {
                let certificates = AnchorDirectory.isDirectory(file) ? try AnchorDirectory.load(file)
                    : try CertificateInput.load(file).requireCertificates("--roots")
                for certificate in certificates { store.add(certificate) }
            }
            return store
        }
        let bundle = try CertificateInput.load(try SystemBundle.locate())
        var skipped = 0
        for entry in bundle.entries {
            switch entry.result {
            case .success(let certificate): store.add(certificate, provenance: .system)
            case .failure(.pem(let failure)):
                printError("purex509: \(bundle.file.displayName): \(failure)")
                throw ToolExit.usage
            case .failure: skipped += 1
            }
        }
        if store.count == 0 {
            printError("purex509: \(bundle.file.displayName): \(bundle.noCertificateReason ?? "no certificate parsed")")
            throw ToolExit.usage
        }
        if skipped > 0 { printError("purex509: note: \(skipped) anchor certificate(s) did not parse and were skipped") }
        return store
    }

    /// UNIX seconds, or RFC 3339 `YYYY-MM-DDTHH:MM:SSZ` / `±HH:MM` (fraction-free),
    /// within `TimeArgument.range`; nil for anything else (`TimeArgument.parse` says why).
    static func parseTime(_ text: String) -> Int64? {
        try? TimeArgument.parse(text).get()
    }
}

/// The system trust bundle at the usual Linux locations.
enum SystemBundle {
    static let candidates = [
        "/etc/ssl/certs/ca-certificates.crt",                // Debian, Ubuntu, Gentoo, Arch
        "/etc/pki/tls/certs/ca-bundle.crt",                  // Fedora, RHEL 6
        "/etc/ssl/ca-bundle.pem",                            // openSUSE
        "/etc/pki/tls/cacert.pem",                           // OpenELEC
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", // CentOS, RHEL 7
        "/etc/ssl/cert.pem",                                 // Alpine
    ]

    /// SSL_CERT_FILE when set, else the first candidate that exists.
    static func locate() throws -> String {
        if let file = ProcessInfo.processInfo.environment["SSL_CERT_FILE"], !file.isEmpty { return file }
        if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) { return found }
        printError("purex509: no system trust bundle found; pass --roots FILE")
        throw ToolExit.usage
    }
}
