import PKIX

// Pairs keys with certificates (localKeyId first, then the public key) and
// orders each identity's issuers. Quadratic in the number of bags, which
// `PKCS12Limits.maximumBags` bounds.

struct IdentityPairing {
    var identities: [ClientIdentity] = []
    var unmatchedKeys: [UnmatchedKey] = []
    var unpairedCertificates: [PKCS12Certificate] = []

    init(keys: [KeyEntry], certificates: [PKCS12Certificate]) throws(PKCS12Error) {
        var taken = [Bool](repeating: false, count: certificates.count)
        var leaves: [Int] = []
        for entry in keys {
            let candidate = try KeyCandidate(entry)
            if let problem = candidate.problem {
                unmatchedKeys.append(UnmatchedKey(privateKey: entry.key, attributes: entry.attributes, reason: problem))
                continue
            }
            var found: (index: Int, pairing: ClientIdentity.Pairing)? = nil
            var idMismatch = false
            if let id = entry.attributes.localKeyID {
                for (index, certificate) in certificates.enumerated() where !taken[index] && certificate.attributes.localKeyID == id {
                    if candidate.matches(certificate.certificate) {
                        found = (index, .localKeyID)
                        break
                    }
                    idMismatch = true
                }
            }
            if found == nil {
                for (index, certificate) in certificates.enumerated() where !taken[index] && candidate.matches(certificate.certificate) {
                    found = (index, .publicKey)
                    break
                }
            }
            guard let found else {
                unmatchedKeys.append(UnmatchedKey(privateKey: entry.key, attributes: entry.attributes,
                                                  reason: idMismatch ? .localKeyIDMismatch : .noCertificate))
                continue
            }
            taken[found.index] = true
            leaves.append(found.index)
            let bag = certificates[found.index]
            let check: ClientIdentity.KeyCheck = entry.key.algorithm == .rsa ? .rsaComponents
                : (candidate.derived ? .derived : .storedOnly)
            identities.append(ClientIdentity(
                certificate: bag.certificate, privateKey: entry.key, chain: [],
                friendlyName: entry.attributes.friendlyName ?? bag.attributes.friendlyName,
                localKeyID: entry.attributes.localKeyID ?? bag.attributes.localKeyID,
                pairing: found.pairing, keyCheck: check))
        }
        var inChain = taken
        for (position, leaf) in leaves.enumerated() {
            let path = Self.issuers(of: leaf, in: certificates)
            for index in path { inChain[index] = true }
            let identity = identities[position]
            identities[position] = ClientIdentity(
                certificate: identity.certificate, privateKey: identity.privateKey,
                chain: path.map { certificates[$0].certificate }, friendlyName: identity.friendlyName,
                localKeyID: identity.localKeyID, pairing: identity.pairing, keyCheck: identity.keyCheck)
        }
        for (index, certificate) in certificates.enumerated() where !inChain[index] {
            unpairedCertificates.append(certificate)
        }
    }

    /// Indexes of `leaf`'s issuers among `certificates`, leaf's issuer first:
    /// each step takes a certificate whose subject is the current issuer
    /// name, one whose subjectKeyIdentifier equals the current
    /// authorityKeyIdentifier first; it stops at a self-issued certificate
    /// or when no issuer is left.
    static func issuers(of leaf: Int, in certificates: [PKCS12Certificate]) -> [Int] {
        var path: [Int] = []
        var used = [Bool](repeating: false, count: certificates.count)
        used[leaf] = true
        var current = certificates[leaf].certificate
        while !current.isSelfIssued {
            let issuerName = current.issuer.encoded
            let authorityKeyID = current.extensions.authorityKeyIdentifier?.keyIdentifier.map { Array($0) }
            var best: Int? = nil
            for (index, bag) in certificates.enumerated() where !used[index] {
                let candidate = bag.certificate
                guard candidate.subject.encoded == issuerName else { continue }
                let subjectKeyID = candidate.extensions.subjectKeyIdentifier.map { Array($0.list) }
                if let authorityKeyID, let subjectKeyID {
                    if authorityKeyID == subjectKeyID { best = index; break }
                    continue
                }
                if best == nil { best = index }
            }
            guard let best else { break }
            used[best] = true
            path.append(best)
            current = certificates[best].certificate
        }
        return path
    }
}
