import PureX509

/// Bytes into the PKCS #12 reader. The first byte picks the password (the
/// seeds' passwords, an absent one and an empty one) and, in its next
/// digit, whether a file without a MAC may open with a password; the rest
/// is the file. Limits are low so that a mutated iteration count costs a
/// refusal, not seconds: the budgets are checked before the work, which is
/// itself a property this target watches (a slow input is a finding).
enum PKCS12Fuzzing {
    static let passwords: [PKCS12Password] = [.none, .utf8(""), .utf8("password"), .utf8("cryptography"), .utf8("1234")]

    static let limits: PKCS12Limits = {
        var limits = PKCS12Limits()
        limits.maximumIterations = 4_096
        // About 10 ms of work: the seeds' one-iteration derivations, the
        // public keys of a dozen EC keys, the consistency of a few RSA keys.
        limits.maximumWork = 300_000
        limits.maximumInputSize = 1 << 20
        return limits
    }()

    /// The limits for a selector byte: both sides of the missing-MAC
    /// refusal are reached (refused, and read on the caller's opt-in).
    static func limits(forSelector selector: UInt8) -> PKCS12Limits {
        var limits = Self.limits
        limits.allowsPasswordWithoutMAC = (Int(selector) / passwords.count) % 2 == 0
        return limits
    }

    static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let password = passwords[Int(selector) % passwords.count]
        let limits = Self.limits(forSelector: selector)
        let file = Array(bytes.dropFirst())
        let first = Result { () throws(PKCS12Error) in try PKCS12File(bytes: file, password: password, limits: limits) }
        let second = Result { () throws(PKCS12Error) in try PKCS12File(bytes: file, password: password, limits: limits) }
        switch (first, second) {
        case (.failure(let a), .failure(let b)):
            if a != b { FuzzInvariant.fail("two reads of one file failed differently: \(a) / \(b)") }
        case (.success(let a), .success(let b)):
            if a.report != b.report || a.identities.count != b.identities.count || a.unmatchedKeys.count != b.unmatchedKeys.count {
                FuzzInvariant.fail("two reads of one file gave different contents")
            }
            if a.report.integrity == .none && !limits.allowsPasswordWithoutMAC,
               case .utf8(let text) = password, !text.isEmpty {
                FuzzInvariant.fail("a file without a MAC opened with a password the caller did not allow")
            }
            check(a)
        default:
            FuzzInvariant.fail("one read of a file opened it and another did not")
        }
    }

    /// What an opened file promises: every identity's certificate is its
    /// key's, its chain issues it in order, and no key prints its secret.
    static func check(_ file: PKCS12File) {
        for identity in file.identities {
            let key = identity.privateKey
            if String(describing: key) != "\(key.algorithm) \(key.sizeInBits)-bit private key" {
                FuzzInvariant.fail("a private key's description is not its type and size")
            }
            var below = identity.certificate
            for issuer in identity.chain {
                if !issuer.subject.encoded.elementsEqual(below.issuer.encoded) { FuzzInvariant.fail("an identity's chain is out of order") }
                below = issuer
            }
        }
        if file.report.bags.total > limits.maximumBags { FuzzInvariant.fail("more bags than the limit were read") }
    }
}
