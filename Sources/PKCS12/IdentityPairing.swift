import PKIX

// Pairs keys with certificates (localKeyId first, then the public key) and
// gives each identity its issuers from one `IssuerWalk` over the file.
// Pairing is quadratic in the number of bags, which
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
                certificate: bag.certificate, privateKey: entry.key, chain: [], fileCertificates: [], pathCandidates: [],
                friendlyName: entry.attributes.friendlyName ?? bag.attributes.friendlyName,
                localKeyID: entry.attributes.localKeyID ?? bag.attributes.localKeyID,
                pairing: found.pairing, keyCheck: check))
        }
        var inChain = taken
        // One walk for every identity; one array of the file's certificates
        // that every identity shares (`ClientIdentity.fileCertificates`).
        let walk = IssuerWalk(certificates.map { $0.certificate })
        for (position, leaf) in leaves.enumerated() {
            let path = walk.issuers(of: leaf)
            for index in path { inChain[index] = true }
            let identity = identities[position]
            identities[position] = ClientIdentity(
                certificate: identity.certificate, privateKey: identity.privateKey,
                chain: path.map { walk.certificates[$0] }, fileCertificates: walk.certificates,
                pathCandidates: walk.pathCandidates(of: leaf, limit: IssuerWalk.maximumPathCandidates).map { walk.certificates[$0] },
                friendlyName: identity.friendlyName, localKeyID: identity.localKeyID,
                pairing: identity.pairing, keyCheck: identity.keyCheck)
        }
        for (index, certificate) in certificates.enumerated() where !inChain[index] {
            unpairedCertificates.append(certificate)
        }
    }
}
