/// A PKCS #12 (PFX) file, opened with its password: the client identities
/// it holds, what it held beside them, and how it was protected.
///
/// Reading follows RFC 7292 with RFC 9579's PBMAC1: the container may be
/// BER, the MAC is verified before anything is decrypted, every budget in
/// `PKCS12Limits` is checked before the work it guards, and nothing a file
/// holds can make the reader trap. docs/pkcs12.md describes what is read and refused.
public struct PKCS12File: Sendable {
    /// Each key paired with its certificate, in the order the keys appear.
    public let identities: [ClientIdentity]
    /// Keys no certificate belongs to.
    public let unmatchedKeys: [UnmatchedKey]
    /// Certificates that are neither an identity's nor one of its issuers (a trust store's roots, a Java truststore's entries).
    public let unpairedCertificates: [PKCS12Certificate]
    /// Integrity, encryption schemes and bag counts.
    public let report: PKCS12Report

    /// Opens `bytes` (DER or BER) with `password`.
    public init(bytes: [UInt8], password: PKCS12Password, limits: PKCS12Limits = PKCS12Limits()) throws(PKCS12Error) {
        var budget = WorkBudget(limits: limits)
        let pfx = try PFXContents.read(bytes[...], password: password, budget: &budget)
        var collector = BagCollector(budget: budget, passwords: pfx.passwords)
        try collector.readAuthenticatedSafe(pfx.authenticatedSafe)
        let pairing = try IdentityPairing(keys: collector.keys, certificates: collector.certificates)
        identities = pairing.identities
        unmatchedKeys = pairing.unmatchedKeys
        unpairedCertificates = pairing.unpairedCertificates
        report = PKCS12Report(integrity: pfx.integrity, encryptedParts: collector.encryptedParts, bags: collector.counts,
                              work: collector.budget.work)
    }
}
