import Foundation
import PureX509

/// What one `connect` handshake brought back: the server's certificates,
/// and what became of the client identity, if one was presented.
public struct ServedHandshake: Sendable {
    /// The certificates the server presented (DER, as sent, leaf first).
    public let served: [[UInt8]]
    /// The server's answer to the client identity.
    public let identity: IdentityAnswer
    /// The version and cipher suite the server chose; nil when the stack did not say.
    public let negotiated: NegotiatedTLS?
    /// The server's request for a client certificate; nil when it made none (as far as the stack saw).
    public let certificateRequest: ClientCertificateRequest?
    /// When no identity was presented: the alert or error with which the
    /// server ended the connection after its certificates (a server that
    /// requires a client certificate); nil when it did not.
    public let refusal: String?

    /// A handshake's result, as the TLS stack observed it.
    public init(served: [[UInt8]], identity: IdentityAnswer, negotiated: NegotiatedTLS? = nil,
                certificateRequest: ClientCertificateRequest? = nil, refusal: String? = nil) {
        self.served = served
        self.identity = identity
        self.negotiated = negotiated
        self.certificateRequest = certificateRequest
        self.refusal = refusal
    }
}

/// How a server answered the client identity `connect --identity` presented.
///
/// Only a refusal is certain. In TLS 1.3 the client finishes its handshake
/// before the server has read the client's certificate, so a refusal comes
/// afterwards as an alert; the TLS stack waits for the server's answer to its
/// close_notify, which the server can send only after reading the
/// certificate, and anything but an alert means the server went on.
public enum IdentityAnswer: Sendable, Equatable {
    /// No identity was given.
    case notPresented
    /// The server read past the client's certificate without refusing it
    /// (it accepted it, or had not asked for one).
    case notRefused
    /// The server ended the connection with an alert or error, in the TLS stack's words.
    case refused(String)
}

extension ConnectCommand {
    /// The first identity of the PKCS #12 file at `path`, opened with the
    /// password from `password`, with the chain it is to present (see
    /// `presentedChain`). Exit 2 when the file or the password cannot
    /// be read or is not PKCS #12; exit 1 when it does not open (wrong
    /// password, damaged) or holds no certificate with its key.
    static func openIdentity(_ path: String, password: PasswordOptions, store: TrustStore,
                             policy: VerificationPolicy) throws -> ClientIdentity {
        let input = try PKCS12Input.load(path, prefix: "purex509: --identity: ")
        let name = input.name
        let secret = try password.password()
        let opened: PKCS12File
        do {
            opened = try PKCS12File(bytes: input.bytes, password: secret, limits: password.limits)
        } catch {
            printError("purex509: --identity \(name): \(error)")
            throw ToolExit.refused
        }
        guard let identity = opened.identities.first else {
            printError("purex509: --identity \(name): no identity: \(opened.noIdentityReason)")
            throw ToolExit.refused
        }
        if opened.identities.count > 1 {
            printError("purex509: --identity \(name): \(opened.identities.count) identities; presenting the first, \(identity.certificate.subjectForDisplay.description)")
        }
        return presentedChain(identity, store: store, policy: policy)
    }

    /// `identity` with the chain a server can verify: when the path builder,
    /// choosing among every certificate of the file, reaches an anchor of
    /// `store` (connect's --roots, else the system bundle) for client
    /// authentication at the policy's time, that path; otherwise the file's
    /// longest issuer walk (`ClientIdentity.chain`). A server's client CAs
    /// are not known before the handshake, so the anchors that judge the
    /// server stand in for them. Revocation is not consulted here: this
    /// chooses what to send, it decides no trust.
    static func presentedChain(_ identity: ClientIdentity, store: TrustStore, policy: VerificationPolicy) -> ClientIdentity {
        var clientPolicy = policy
        clientPolicy.revocation.coverage = .off
        clientPolicy.revocation.requirePositiveResponse = false
        guard case .success(let path) = Verifier.verifyClient(identity.certificate, offering: identity.pathCandidates,
                                                              against: store, policy: clientPolicy) else { return identity }
        return identity.presenting(path.certificates)
    }

    /// The identity's line in the text output.
    static func identityLine(_ identity: ClientIdentity, _ answer: IdentityAnswer) -> String {
        let presented = "client identity: \(identity.certificate.subjectForDisplay.description) (\(identity.privateKey))"
        switch answer {
        case .notPresented: return presented + ": not presented"
        case .notRefused: return presented + ": presented; the server went on without refusing it"
        case .refused(let reason): return presented + ": refused by the server: \(DisplayText.escaped(reason))"
        }
    }

    /// The identity's entry in the JSON output.
    static func identityJSON(_ identity: ClientIdentity, _ answer: IdentityAnswer) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("subject", .string(identity.certificate.subjectForDisplay.description)),
            ("key", .string(identity.privateKey.algorithm.description)),
            ("pin", .string(SPKIPin(certificate: identity.certificate).description)),
        ]
        switch answer {
        case .notPresented: fields.append(("answer", .string("notPresented")))
        case .notRefused: fields.append(("answer", .string("notRefused")))
        case .refused(let reason):
            fields.append(("answer", .string("refused")))
            fields.append(("error", .string(reason)))
        }
        return .object(fields)
    }
}
