import PureX509

// The TLS half of App Transport Security (docs/ats.md, "connect --ats"):
// the handshake is made as an app's would be, offering only what ATS
// allows for the host (the resolved NSExceptionMinimumTLSVersion, TLS 1.2
// by default; forward-secret suites unless NSExceptionRequiresForwardSecrecy
// is NO; nothing is restricted where NSAllowsArbitraryLoads or
// NSAllowsLocalNetworking lifts ATS). When that handshake fails, a second
// one offering everything the TLS stack has tells why, in the words of
// Apple's -1200-class errors: the server speaks only an older version, or
// only suites without forward secrecy. The certificate half is then
// `ATSPolicy.evaluate`, as `verify --ats` applies it.

/// What ATS allows a handshake with one host, each with the key that decided.
struct ATSTLSRequirement {
    let host: String
    /// The lowest version; nil when ATS is lifted for the host.
    let minimumVersion: ATSSetting<ATSTLSVersion?>
    let requiresForwardSecrecy: ATSSetting<Bool>

    init(_ resolution: ATSResolution) {
        host = resolution.host
        minimumVersion = resolution.minimumTLSVersion
        requiresForwardSecrecy = resolution.requiresForwardSecrecy
    }

    /// What the client offers.
    var offer: ConnectTLS {
        ConnectTLS(minimumVersion: minimumVersion.value ?? .tls10, forwardSecretOnly: requiresForwardSecrecy.value)
    }

    /// `NSExceptionMinimumTLSVersion not set: TLSv1.2`, or the key's path and value.
    var minimumText: String {
        Self.text(minimumVersion.source, key: "NSExceptionMinimumTLSVersion", value: minimumVersion.value.map { $0.description } ?? "none")
    }

    /// `NSExceptionRequiresForwardSecrecy not set: YES`, or the key's path and value.
    var forwardSecrecyText: String {
        Self.text(requiresForwardSecrecy.source, key: "NSExceptionRequiresForwardSecrecy", value: requiresForwardSecrecy.value ? "YES" : "NO")
    }

    /// A setting's source as a refusal names it: a key ATS's default left
    /// unset says so (and in which NSExceptionDomains entry), a set key
    /// gives its path and value, a global key (NSAllowsArbitraryLoads) its path.
    static func text(_ source: ATSSource, key: String, value: String) -> String {
        guard let decided = source.key else {
            return "\(key) not set" + (source.domain.map { " in NSExceptionDomains.\($0)" } ?? "") + ": \(value)"
        }
        return decided.description == key ? "\(source): \(value)" : source.description
    }

    /// Why a handshake the server completed breaks this requirement; nil when it meets it.
    func refusal(of negotiated: NegotiatedTLS?) -> ATSTLSRefusal? {
        if let minimum = minimumVersion.value, let version = negotiated?.version, version.rank < minimum.rank {
            return ATSTLSRefusal(reason: .version(negotiated: version, minimum: minimum), requirement: self)
        }
        if requiresForwardSecrecy.value, let suite = negotiated?.cipherSuite, !TLSCipherSuite.isForwardSecret(suite) {
            return ATSTLSRefusal(reason: .forwardSecrecy(cipherSuite: suite), requirement: self)
        }
        return nil
    }
}

/// ATS refused the connection before any certificate was judged.
struct ATSTLSRefusal {
    enum Reason {
        /// The server completes a handshake only below the minimum.
        case version(negotiated: ATSTLSVersion, minimum: ATSTLSVersion)
        /// The server completes a handshake only with a suite ATS does not call forward secret.
        case forwardSecrecy(cipherSuite: UInt16)
        /// The handshake with ATS's settings failed, and without them the
        /// server went on with what ATS allows: the TLS stack's error.
        case handshake(String)
    }

    let reason: Reason
    let requirement: ATSTLSRequirement

    /// `atsTLSVersion`, `atsForwardSecrecy` or `atsHandshake`.
    var code: String {
        switch reason {
        case .version: return "atsTLSVersion"
        case .forwardSecrecy: return "atsForwardSecrecy"
        case .handshake: return "atsHandshake"
        }
    }

    /// The key, in its domain entry, that set the requirement broken.
    var decidedBy: ATSSource {
        switch reason {
        case .version: return requirement.minimumVersion.source
        case .forwardSecrecy: return requirement.requiresForwardSecrecy.source
        case .handshake: return requirement.minimumVersion.source
        }
    }

    /// The message, as Apple's -1200-class errors say it in words.
    var description: String {
        let host = DisplayText.escaped(requirement.host)
        switch reason {
        case .version(let negotiated, _):
            return "App Transport Security: \(negotiated.spoken) is below the minimum ATS allows for \(host) (\(requirement.minimumText))"
        case .forwardSecrecy(let suite):
            return "App Transport Security: the server negotiated \(TLSCipherSuite.name(suite)) (\(TLSCipherSuite.keyExchange(suite))); "
                + "ATS requires a forward-secret cipher suite for \(host) (\(requirement.forwardSecrecyText))"
        case .handshake(let error):
            return "App Transport Security: no handshake with \(host) under ATS's settings (\(requirement.minimumText); "
                + "\(requirement.forwardSecrecyText)): \(DisplayText.escaped(error))"
        }
    }
}

/// The outcome of ATS's TLS half with one server.
enum ATSHandshakeOutcome {
    /// The handshake ATS allows completed; what the server served and chose.
    case met(ServedHandshake)
    /// The server completes only a handshake ATS refuses; the second
    /// handshake's certificates, for the record.
    case refused(ATSTLSRefusal, ServedHandshake)
    /// No handshake completed at all: the first failure.
    case unreachable(any Error)
}

extension ATSTLSRequirement {
    /// Makes the handshake ATS allows; when it fails, asks again offering
    /// everything (`ConnectTLS.unconstrained`) to tell why. `attempt` is the
    /// TLS stack's handshake for a given offer (cached by the caller when it
    /// asks about the same server many times).
    func handshake(_ attempt: (ConnectTLS) throws -> ServedHandshake) -> ATSHandshakeOutcome {
        let first: any Error
        do {
            let result = try attempt(offer)
            // The stack offered only what ATS allows; a server that chose otherwise is refused all the same.
            if let refusal = refusal(of: result.negotiated) { return .refused(refusal, result) }
            return .met(result)
        } catch {
            first = error
        }
        // A server that could not be reached would not be reached a second time.
        guard offer != .unconstrained, (first as? ConnectFailure)?.stage != .connection else { return .unreachable(first) }
        guard let probe = try? attempt(.unconstrained) else { return .unreachable(first) }
        return .refused(refusal(of: probe.negotiated) ?? ATSTLSRefusal(reason: .handshake("\(first)"), requirement: self), probe)
    }
}
