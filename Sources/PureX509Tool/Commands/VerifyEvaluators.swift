import ArgumentParser
import PureX509

// `verify --evaluator NAME…`: Alamofire's server-trust evaluators, as the
// Pinning module implements them (docs/pinning.md). The tool builds the
// evaluators from the flags and runs them; every decision is the library's.
// One --evaluator is that evaluator; two or more are a
// CompositeTrustEvaluator of them in the order given, as an app would list
// them. Options map one to one: --no-default-validation is
// performDefaultValidation false, --no-validate-host validateHost false,
// --accept-self-signed acceptSelfSignedCertificates, --revocation-options
// the RevocationTrustEvaluator's options; --pin and --pin-cert are the keys
// and certificates.

extension VerifyOptions {
    /// What an evaluator's messages call the host when none was given
    /// (only with validateHost false, so it is never matched).
    static let noHost = "(no host given)"

    /// Whether Alamofire's evaluators decide (any --evaluator given).
    var usesEvaluators: Bool { !evaluators.isEmpty }

    /// The evaluators named, parsed (validate() refused the rest).
    var chosenEvaluators: [EvaluatorArgument] { evaluators.compactMap(\.value) }

    /// The usage errors of the evaluator flags, or nil.
    func evaluatorRefusal() -> String? {
        for value in evaluators { if let reason = value.refusal { return "--evaluator: \(reason)" } }
        if let reason = revocationOptions?.refusal { return "--revocation-options: \(reason)" }
        let chosen = Set(chosenEvaluators)
        guard !chosen.isEmpty else {
            if acceptSelfSigned { return "--accept-self-signed is an option of --evaluator pinned-certificates" }
            if noDefaultValidation { return "--no-default-validation is an option of --evaluator pinned-certificates, public-keys or revocation" }
            if revocationOptions != nil { return "--revocation-options is an option of --evaluator revocation" }
            return nil
        }
        if pinningMode != nil || allowInvalid {
            return "--evaluator is Alamofire's; --pinning-mode and --allow-invalid are AFSecurityPolicy's: give one or the other"
        }
        if chosen.contains(.pinnedCertificates) && pinCertificates.isEmpty {
            return "--evaluator pinned-certificates pins certificates: give --pin-cert FILE"
        }
        if chosen.contains(.publicKeys) && pins.isEmpty && pinCertificates.isEmpty {
            return "--evaluator public-keys needs keys: give --pin sha256/BASE64 or --pin-cert FILE (its keys)"
        }
        if !pins.isEmpty && !chosen.contains(.publicKeys) { return "--pin gives keys to --evaluator public-keys; name it" }
        if !pinCertificates.isEmpty && chosen.isDisjoint(with: [.pinnedCertificates, .publicKeys]) {
            return "--pin-cert gives certificates to --evaluator pinned-certificates (or keys to public-keys); name one"
        }
        if acceptSelfSigned && !chosen.contains(.pinnedCertificates) {
            return "--accept-self-signed is an option of --evaluator pinned-certificates"
        }
        if noDefaultValidation && chosen.isDisjoint(with: [.pinnedCertificates, .publicKeys, .revocation]) {
            return "--no-default-validation is an option of --evaluator pinned-certificates, public-keys or revocation"
        }
        if revocationOptions != nil && !chosen.contains(.revocation) { return "--revocation-options is an option of --evaluator revocation" }
        // Alamofire evaluates for a host; without one, only an evaluator told not to match it can run.
        if host == nil && ip == nil && !noValidateHost && !chosen.isSubset(of: [.disabled]) {
            return "--evaluator validates the host: give --host NAME or --ip ADDR, or --no-validate-host"
        }
        return nil
    }

    /// The evaluators the flags describe, in the order given.
    func makeEvaluators(pinned: [Certificate]) -> [any ServerTrustEvaluating] {
        let keys = pins.compactMap { try? SPKIPin($0) } + pinned.map { SPKIPin(certificate: $0) }
        return chosenEvaluators.map { name -> any ServerTrustEvaluating in
            switch name {
            case .default: return DefaultTrustEvaluator(validateHost: !noValidateHost)
            case .pinnedCertificates:
                return PinnedCertificatesTrustEvaluator(certificates: pinned, acceptSelfSignedCertificates: acceptSelfSigned,
                                                        performDefaultValidation: !noDefaultValidation, validateHost: !noValidateHost)
            case .publicKeys:
                return PublicKeysTrustEvaluator(keys: keys, performDefaultValidation: !noDefaultValidation, validateHost: !noValidateHost)
            case .revocation:
                return RevocationTrustEvaluator(performDefaultValidation: !noDefaultValidation, validateHost: !noValidateHost,
                                                options: revocationOptions?.value ?? .any)
            case .disabled: return DisabledTrustEvaluator()
            }
        }
    }

    /// Runs the evaluators on the presented chain, recording each chain
    /// evaluation they make (for the verdict's path and --explain).
    func evaluateAlamofire(store: TrustStore, policy: VerificationPolicy, revocationSources: RevocationSources,
                           handshakeSCTs: [SignedCertificateTimestamp] = [], certificates: [Certificate],
                           chainCount: Int) throws -> PinnedEvaluation {
        var pinned: [Certificate] = []
        for file in pinCertificates { pinned += try CertificateInput.loadPinned(file) }
        let members = makeEvaluators(pinned: pinned)
        let evaluator: any ServerTrustEvaluating = members.count == 1 ? members[0] : CompositeTrustEvaluator(evaluators: members)
        var environment = TrustEnvironment(systemAnchors: store, policy: policy)
        environment.recordsEvaluations = true
        environment.revocationSources = revocationSources
        environment.handshakeSCTs = handshakeSCTs
        let outcome = evaluator.evaluate(ServerTrust(certificates: certificates), forHost: host ?? ip ?? Self.noHost, in: &environment)
        let evaluations = environment.evaluations
        let chosen = chosenEvaluators
        var pinReports: [PinReport] = []
        if chosen.contains(.publicKeys) {
            pinReports.append(PinReport(kind: .publicKey, keys: pins.compactMap { try? SPKIPin($0) } + pinned.map { SPKIPin(certificate: $0) },
                                        certificates: []))
        }
        if chosen.contains(.pinnedCertificates) { pinReports.append(PinReport(kind: .certificate, keys: [], certificates: pinned)) }
        let mode: SecurityPolicy.PinningMode = chosen.contains(.publicKeys) ? .publicKey : chosen.contains(.pinnedCertificates) ? .certificate : .none
        // The revocation evaluator checks the chain whatever --revocation says; its options say how.
        let revocationScope: String?? = chosen.contains(.revocation)
            ? .some("chain, " + RevocationOptionsArgument.words.filter { $0.word != "any" && (revocationOptions?.value ?? .any).contains($0.option) }
                .map(\.word).joined(separator: ", "))
            : nil
        let checksHost = !noValidateHost && chosen.contains { $0 != .disabled }
        return PinnedEvaluation(mode: mode, outcome: outcome, evaluations: evaluations, reports: evaluations.map {
            VerifyReport(explanation: $0.explanation, chainCount: chainCount, pinnedAnchors: $0.pinnedAnchors)
        }, pins: pinReports, hostChecked: checksHost, revocationScope: revocationScope)
    }
}
