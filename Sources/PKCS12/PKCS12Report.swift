/// What protected the file and what it held, so that a tool can flag weak
/// choices (RC2-40, 3DES, a SHA-1 MAC, fewer than 2,048 iterations, no MAC).
public struct PKCS12Report: Sendable, Equatable {
    /// The file's integrity protection.
    package enum Integrity: Sendable, Equatable {
        /// A password MAC, verified before anything was decrypted, and which password form opened it.
        case mac(MACScheme, passwordForm: PasswordForm)
        /// No MacData (`openssl pkcs12 -export -nomac`): nothing proves the contents are what was written.
        case none
    }

    /// Where an encrypted part sits.
    package enum Location: Sendable, Equatable {
        /// The `index`th ContentInfo of the AuthenticatedSafe (encryptedData).
        case safeContents(index: Int)
        /// The `index`th pkcs8ShroudedKeyBag in reading order.
        case shroudedKeyBag(index: Int)
    }

    /// One encrypted part and its scheme.
    package struct EncryptedPart: Sendable, Equatable {
        /// Where it sits.
        package let location: Location
        /// How it was encrypted.
        package let scheme: EncryptionScheme
    }

    /// One thing a careful reader would warn about.
    package enum Weakness: Sendable, Equatable {
        /// The file has no MAC.
        case noIntegrity
        /// The MAC uses SHA-1 or fewer than 2,048 iterations.
        case weakMAC(MACScheme)
        /// A part is encrypted with RC2, 3DES, a SHA-1 PRF or fewer than 2,048 iterations.
        case weakEncryption(EncryptedPart)
    }

    /// How many bags of each type the file held, nested ones included.
    package struct BagCounts: Sendable, Equatable {
        /// keyBag: an unencrypted PKCS #8 key.
        package internal(set) var keyBags = 0
        /// pkcs8ShroudedKeyBag: an encrypted PKCS #8 key.
        package internal(set) var shroudedKeyBags = 0
        /// certBag holding an X.509 certificate.
        package internal(set) var certificateBags = 0
        /// certBag of another certificate type (SDSI): counted, not read.
        package internal(set) var otherCertificateBags = 0
        /// crlBag: counted, not read.
        package internal(set) var crlBags = 0
        /// secretBag: counted, not read.
        package internal(set) var secretBags = 0
        /// safeContentsBag: read, its bags counted here too.
        package internal(set) var safeContentsBags = 0
        /// Bags of an unknown type: counted, not read.
        package internal(set) var unknownBags = 0

        /// Every bag counted.
        package var total: Int {
            keyBags + shroudedKeyBags + certificateBags + otherCertificateBags + crlBags + secretBags
                + safeContentsBags + unknownBags
        }
    }

    /// The MAC, or its absence.
    package let integrity: Integrity
    /// Every encrypted part, in reading order.
    package let encryptedParts: [EncryptedPart]
    /// Bags by type.
    package let bags: BagCounts
    /// The work the file cost, in `PKCS12Limits.maximumWork`'s unit (about
    /// one SHA-256 compression): what a caller that raises the limit for
    /// a trusted source can size it by.
    package let work: Int

    /// What a tool should flag, in reading order.
    package var weaknesses: [Weakness] {
        var found: [Weakness] = []
        switch integrity {
        case .none: found.append(.noIntegrity)
        case .mac(let scheme, _): if scheme.isWeak { found.append(.weakMAC(scheme)) }
        }
        for part in encryptedParts where part.scheme.isWeak { found.append(.weakEncryption(part)) }
        return found
    }
}
