// The bodies of the libFuzzer targets (FuzzTesting/), kept in the main
// package so that the normal test run replays every input a fuzzer ever
// crashed on (Vectors/fuzz-regressions/<target>/) through the same code.
// Each body feeds untrusted bytes to one surface and then checks what a
// correct library must satisfy; a violated invariant stops the process
// with `FuzzInvariant.fail`, which the fuzzer reports as a crash.

/// One fuzzed surface.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// DER bytes into every certificate entry point and lazy view.
    case certificate
    /// Text into the PEM reader, then each block into the parser.
    case pem
    /// Concatenated DER certificates (leaf first) evaluated against a fixed
    /// store, time and host; the verdict must not depend on the cache.
    case evaluation
    /// Text as an SPKI pin, a host pattern, a host name and an IP address.
    case pinString = "pin-string"
    /// A pin-set configuration file.
    case pinConfiguration = "pin-configuration"
    /// A signature (ECDSA `Ecdsa-Sig-Value`, Ed25519, RSA) over a fixed
    /// message with a fixed key, under a chosen AlgorithmIdentifier.
    case signature
    /// DER bytes as a CRL and as an OCSP response, then their lookups.
    case revocation
    /// A PKCS #12 file (BER container, MAC, decryption, bags, keys, pairing),
    /// its first byte choosing the password.
    case pkcs12
    /// A TLS-encoded SCT list, read and then counted as a handshake's SCTs
    /// under Apple's CT policy.
    case sctList = "sct-list"
    /// A CT log list file (Apple's or Chrome's JSON).
    case logList = "log-list"

    /// The libFuzzer executable that runs this target.
    public var executableName: String {
        switch self {
        case .certificate: return "FuzzCertificate"
        case .pem: return "FuzzPEM"
        case .evaluation: return "FuzzEvaluation"
        case .pinString: return "FuzzPinString"
        case .pinConfiguration: return "FuzzPinConfiguration"
        case .signature: return "FuzzSignature"
        case .revocation: return "FuzzRevocation"
        case .pkcs12: return "FuzzPKCS12"
        case .sctList: return "FuzzSCTList"
        case .logList: return "FuzzLogList"
        }
    }

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .certificate: CertificateFuzzing.certificate(bytes)
        case .pem: CertificateFuzzing.pem(bytes)
        case .evaluation: EvaluationFuzzing.run(bytes)
        case .pinString: PinFuzzing.pinString(bytes)
        case .pinConfiguration: PinFuzzing.configuration(bytes)
        case .signature: SignatureFuzzing.run(bytes)
        case .revocation: RevocationFuzzing.run(bytes)
        case .pkcs12: PKCS12Fuzzing.run(bytes)
        case .sctList: CTFuzzing.sctList(bytes)
        case .logList: CTFuzzing.logList(bytes)
        }
    }
}

enum FuzzInvariant {
    /// Stops the process: an input broke something the library promises.
    static func fail(_ message: String) -> Never {
        fatalError("fuzz invariant violated: " + message)
    }
}
