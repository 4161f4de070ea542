import NIOSSL
import PureX509

// A ClientIdentity crosses into swift-nio-ssl as DER only: the certificates
// as they were read, the key as its PKCS #8 encoding. BoringSSL parses
// both again; whatever it refuses becomes a typed error here, so a key the
// TLS stack cannot use is reported before any connection, never trapped on.

/// Why swift-nio-ssl could not take a `ClientIdentity`.
public enum ClientIdentityTLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The TLS stack refused the private key's PKCS #8 encoding; `reason`
    /// is its error (never the key's bytes).
    case privateKeyNotAccepted(algorithm: PrivateKey.Algorithm, reason: String)
    /// The TLS stack refused a certificate: `index` 0 is the identity's
    /// certificate, 1… its chain in order.
    case certificateNotAccepted(index: Int, reason: String)

    /// One line naming what was refused and why.
    public var description: String {
        switch self {
        case .privateKeyNotAccepted(let algorithm, let reason):
            return "swift-nio-ssl does not accept the identity's \(algorithm) private key: \(reason)"
        case .certificateNotAccepted(let index, let reason):
            return "swift-nio-ssl does not accept the identity's certificate \(index) (0 is the client certificate): \(reason)"
        }
    }
}

extension ClientIdentity {
    /// The identity's certificate, then its chain as the file carried it
    /// (issuer first), for `TLSConfiguration.certificateChain`: what the
    /// client sends in its Certificate message.
    public func nioSSLCertificateChain() throws(ClientIdentityTLSError) -> [NIOSSLCertificateSource] {
        var sources: [NIOSSLCertificateSource] = []
        for (index, certificate) in ([certificate] + chain).enumerated() {
            do {
                sources.append(.certificate(try NIOSSLCertificate(bytes: certificate.der, format: .der)))
            } catch {
                throw .certificateNotAccepted(index: index, reason: "\(error)")
            }
        }
        return sources
    }

    /// The identity's private key for `TLSConfiguration.privateKey`,
    /// handed over as the PKCS #8 DER the file held. BoringSSL takes RSA,
    /// ECDSA on P-256, P-384 and P-521, and Ed25519 in a version 1
    /// PrivateKeyInfo (what OpenSSL, Keychain and Windows export); a
    /// version 2 OneAsymmetricKey (RFC 5958, the public key beside the
    /// secret) it refuses, and that is `privateKeyNotAccepted`.
    public func nioSSLPrivateKey() throws(ClientIdentityTLSError) -> NIOSSLPrivateKeySource {
        try Self.nioSSLPrivateKey(pkcs8: privateKey.privateKeyPKCS8DER(), algorithm: privateKey.algorithm)
    }

    /// `pkcs8` loaded by swift-nio-ssl, or its refusal naming `algorithm`.
    static func nioSSLPrivateKey(pkcs8: [UInt8], algorithm: PrivateKey.Algorithm) throws(ClientIdentityTLSError) -> NIOSSLPrivateKeySource {
        do {
            return .privateKey(try NIOSSLPrivateKey(bytes: pkcs8, format: .der))
        } catch {
            throw .privateKeyNotAccepted(algorithm: algorithm, reason: "\(error)")
        }
    }
}

extension TLSConfiguration {
    /// `makeClientConfiguration()` that presents `clientIdentity` when a
    /// server asks for a client certificate (nil: none is presented), the
    /// role `NSURLCredential(identity:certificates:persistence:)` plays for
    /// a URLSession client.
    public static func makeClientConfiguration(clientIdentity: ClientIdentity?) throws(ClientIdentityTLSError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        try configuration.present(clientIdentity)
        return configuration
    }

    /// Replaces the certificate chain and private key with `identity`'s
    /// (nil removes both). Both are converted before either is set, so a
    /// refused identity leaves the configuration as it was.
    public mutating func present(_ identity: ClientIdentity?) throws(ClientIdentityTLSError) {
        guard let identity else {
            certificateChain = []
            privateKey = nil
            return
        }
        let chain = try identity.nioSSLCertificateChain()
        let key = try identity.nioSSLPrivateKey()
        certificateChain = chain
        privateKey = key
    }
}
