import Foundation
import PureX509

/// What `identity` prints: each identity, the keys and certificates that
/// were not paired, and how the file was protected, as text or JSON.
struct IdentityOutput {
    let file: String
    let opened: PKCS12File
    /// Per identity: the chain's verdict when verification was asked for.
    let verdicts: [Result<VerifiedChain, TrustFailure>?]
    let time: Int64?
    let purpose: String

    /// Why the exit code is 1 although the file opened, or nil for 0.
    var problem: String? {
        if opened.identities.isEmpty {
            return "no identity: " + opened.noIdentityReason
        }
        for (index, verdict) in verdicts.enumerated() {
            if case .failure(let failure)? = verdict {
                return "identity \(index + 1): chain not trusted for \(purpose) authentication: \(failure)"
            }
        }
        return nil
    }

    /// The path verification trusted for identity `index`, leaf first, anchor last.
    func verifiedPath(_ index: Int) -> [Certificate]? {
        if case .success(let path)? = verdicts[index] { return path.certificates }
        return nil
    }

    /// What is shown as identity `index`'s chain: the verified path, or
    /// else the file's issuer walk (`ClientIdentity.chain`), leaf first.
    func chain(_ index: Int) -> [Certificate] {
        let identity = opened.identities[index]
        return verifiedPath(index) ?? ([identity.certificate] + identity.chain)
    }

    /// The file's certificates that are in no identity's chain as shown:
    /// PKCS12 leaves out every certificate of an issuer walk, and one on a
    /// verified path belongs to that identity too. Compared by SHA-256, as
    /// printed: hostile files hold hundreds of long certificates that
    /// differ only at their end.
    var unpairedCertificates: [PKCS12Certificate] {
        let paths = opened.identities.indices.compactMap(verifiedPath)
        guard !paths.isEmpty else { return opened.unpairedCertificates }
        let onPaths = Set(paths.joined().map { Self.fingerprint($0) })
        return opened.unpairedCertificates.filter { !onPaths.contains(Self.fingerprint($0.certificate)) }
    }

    // MARK: text

    func printText() {
        for (index, identity) in opened.identities.enumerated() {
            print("identity \(index + 1) of \(opened.identities.count): \(identity.certificate.subjectForDisplay.description)")
            print("  issuer: \(identity.certificate.issuerForDisplay.description)")
            print("  key: \(identity.privateKey.algorithm), \(identity.privateKey.sizeInBits) bits; matches the certificate (\(Self.keyCheck(identity.keyCheck)); paired by \(Self.pairing(identity.pairing)))")
            if let name = identity.friendlyName { print("  friendlyName: \(DisplayText.escaped(name))") }
            if let id = identity.localKeyID { print("  localKeyId: \(Hex.encode(id))") }
            print("  valid: \(CivilTime.iso8601(identity.certificate.notBefore)) to \(CivilTime.iso8601(identity.certificate.notAfter))")
            print("  pin: \(Self.pin(identity.certificate))")
            print(verifiedPath(index) == nil ? "  chain (leaf first):" : "  chain (leaf first, the verified path):")
            for (position, certificate) in chain(index).enumerated() {
                print("    \(position)  \(certificate.subjectForDisplay.description)")
                print("       SHA-256 \(Self.fingerprint(certificate))  \(Self.pin(certificate))")
            }
            if let verdict = verdicts[index] {
                switch verdict {
                case .success(let chain):
                    print("  verification: trusted for \(purpose) authentication at \(CivilTime.iso8601(time ?? 0)) (path of \(chain.certificates.count), anchor \(chain.certificates.last?.subjectForDisplay.description ?? "?"))")
                case .failure(let failure):
                    print("  verification: NOT trusted for \(purpose) authentication at \(CivilTime.iso8601(time ?? 0)): \(failure)")
                }
            } else {
                print("  verification: not asked (--roots, --at or --purpose verify the chain)")
            }
        }
        for key in opened.unmatchedKeys {
            print("key without a certificate: \(key.privateKey.algorithm), \(key.privateKey.sizeInBits) bits: \(key.reason)\(Self.attributes(key.attributes))")
        }
        for certificate in unpairedCertificates {
            print("certificate without a key: \(certificate.certificate.subjectForDisplay.description)\(Self.attributes(certificate.attributes))")
        }
        let report = opened.report
        print("protection:")
        switch report.integrity {
        case .mac(let scheme, let form):
            print("  MAC: \(scheme)\(Self.flag(scheme.isWeak, Self.weakness(scheme)))\(form == .given ? "" : " (opened with the \(form) password form)")")
        case .none:
            print("  MAC: none — nothing proves the contents are what was written [weak: no integrity protection]")
        }
        if report.encryptedParts.isEmpty { print("  encryption: none (keys and certificates in the clear)") }
        for part in report.encryptedParts {
            print("  encrypted \(Self.location(part.location)): \(part.scheme)\(Self.flag(part.scheme.isWeak, Self.weakness(part.scheme)))")
        }
    }

    static func flag(_ weak: Bool, _ reason: String) -> String { weak ? " [weak: \(reason)]" : "" }

    static func weakness(_ scheme: MACScheme) -> String {
        var reasons: [String] = []
        switch scheme {
        case .pkcs12KDF(let digest, _): if digest == .sha1 { reasons.append("SHA-1 MAC") }
        case .pbmac1(let prf, let hmac, _, _): if prf == .sha1 || hmac == .sha1 { reasons.append("SHA-1 MAC") }
        }
        if scheme.iterations < 2_048 { reasons.append("fewer than 2,048 iterations") }
        return reasons.joined(separator: ", ")
    }

    static func weakness(_ scheme: EncryptionScheme) -> String {
        var reasons: [String] = []
        switch scheme {
        case .pbes2(let prf, let cipher, _):
            if cipher == .tripleDESCBC { reasons.append("3DES") }
            if prf == .sha1 { reasons.append("SHA-1 PRF") }
        case .pkcs12PBE(let cipher, _):
            switch cipher {
            case .rc2With40BitKey: reasons.append("RC2-40, a 40-bit key")
            case .rc2With128BitKey: reasons.append("RC2")
            case .tripleDES3Key, .tripleDES2Key: reasons.append("3DES")
            }
            reasons.append("SHA-1 key derivation")
        }
        if scheme.iterations < 2_048 { reasons.append("fewer than 2,048 iterations") }
        return reasons.joined(separator: ", ")
    }

    static func location(_ location: PKCS12Report.Location) -> String {
        switch location {
        case .safeContents(let index): return "safe contents \(index + 1)"
        case .shroudedKeyBag(let index): return "key \(index + 1)"
        }
    }

    static func keyCheck(_ check: ClientIdentity.KeyCheck) -> String {
        switch check {
        case .rsaComponents: return "RSA modulus and exponent compared"
        case .derived: return "public key computed from the private key"
        case .storedOnly: return "stored public key compared"
        }
    }

    static func pairing(_ pairing: ClientIdentity.Pairing) -> String {
        pairing == .localKeyID ? "localKeyId" : "public key"
    }

    static func attributes(_ attributes: BagAttributes) -> String {
        var parts: [String] = []
        if let name = attributes.friendlyName { parts.append("friendlyName \(DisplayText.escaped(name))") }
        if let id = attributes.localKeyID { parts.append("localKeyId \(Hex.encode(id))") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    static func fingerprint(_ certificate: Certificate) -> String { Hex.encode(SHA256.hash(certificate.der), separator: ":") }

    static func pin(_ certificate: Certificate) -> String { SPKIPin(certificate: certificate).description }

    // MARK: JSON

    func json() -> JSONOutput {
        let identities = opened.identities.enumerated().map { index, identity -> JSONOutput in
            var fields: [(String, JSONOutput)] = [
                ("subject", .string(identity.certificate.subjectForDisplay.description)),
                ("issuer", .string(identity.certificate.issuerForDisplay.description)),
                ("key", .object([("algorithm", .string(identity.privateKey.algorithm.description)),
                                 ("bits", .int(identity.privateKey.sizeInBits)), ("matches", .bool(true)),
                                 ("check", .string(Self.keyCheck(identity.keyCheck))),
                                 ("pairing", .string(Self.pairing(identity.pairing)))])),
                ("friendlyName", .optional(identity.friendlyName)),
                ("localKeyId", .optional(identity.localKeyID.map { Hex.encode($0) })),
                ("notBefore", .string(CivilTime.iso8601(identity.certificate.notBefore))),
                ("notAfter", .string(CivilTime.iso8601(identity.certificate.notAfter))),
                ("pin", .string(Self.pin(identity.certificate))),
                ("chain", .array(chain(index).map { certificate in
                    .object([("subject", .string(certificate.subjectForDisplay.description)),
                             ("sha256Fingerprint", .string(Self.fingerprint(certificate))),
                             ("pin", .string(Self.pin(certificate)))])
                })),
            ]
            switch verdicts[index] {
            case nil: fields.append(("verification", .null))
            case .success(let chain)?:
                fields.append(("verification", .object([("trusted", .bool(true)), ("purpose", .string(purpose)),
                                                         ("time", .string(CivilTime.iso8601(time ?? 0))),
                                                         ("pathLength", .int(chain.certificates.count))])))
            case .failure(let failure)?:
                fields.append(("verification", .object([("trusted", .bool(false)), ("purpose", .string(purpose)),
                                                         ("time", .string(CivilTime.iso8601(time ?? 0))),
                                                         ("error", .string(failure.description)), ("code", .string(failure.code))])))
            }
            return .object(fields)
        }
        let keys = opened.unmatchedKeys.map { key -> JSONOutput in
            .object([("algorithm", .string(key.privateKey.algorithm.description)), ("bits", .int(key.privateKey.sizeInBits)),
                     ("reason", .string(key.reason.description)), ("friendlyName", .optional(key.attributes.friendlyName)),
                     ("localKeyId", .optional(key.attributes.localKeyID.map { Hex.encode($0) }))])
        }
        let certificates = unpairedCertificates.map { certificate -> JSONOutput in
            .object([("subject", .string(certificate.certificate.subjectForDisplay.description)),
                     ("sha256Fingerprint", .string(Self.fingerprint(certificate.certificate))),
                     ("friendlyName", .optional(certificate.attributes.friendlyName))])
        }
        let report = opened.report
        let mac: JSONOutput
        switch report.integrity {
        case .mac(let scheme, let form):
            mac = .object([("scheme", .string(scheme.description)), ("iterations", .int(scheme.iterations)),
                           ("weak", .bool(scheme.isWeak)), ("passwordForm", .string(form.description))])
        case .none: mac = .null
        }
        let encryption = report.encryptedParts.map { part -> JSONOutput in
            .object([("part", .string(Self.location(part.location))), ("scheme", .string(part.scheme.description)),
                     ("iterations", .int(part.scheme.iterations)), ("weak", .bool(part.scheme.isWeak))])
        }
        return .object([
            ("file", .string(file)), ("opened", .bool(true)), ("identities", .array(identities)),
            ("unmatchedKeys", .array(keys)), ("unpairedCertificates", .array(certificates)),
            ("mac", mac), ("encryption", .array(encryption)), ("error", .optional(problem)),
        ])
    }
}
