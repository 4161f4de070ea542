import PureX509

// `verify --json`'s `pins` object: which pins were given, which pin each
// certificate of the judged chain carries, and which pinned entries it
// matched, as fields rather than inside a message, so that a script can
// tell which backup pin a server now uses or which pin a miss lacked.
//
// The judged chain is the one the pins were compared with: the path of
// the evaluation that decided (the verified path, anchor included), the
// path a pin miss refused, or the served certificates when no evaluation
// verified one (`--allow-invalid`, or an evaluator without validation).

struct PinReport {
    enum Kind: String {
        case publicKey, certificate
    }

    /// What the pins are taken over: keys (SPKI) or whole certificates.
    let kind: Kind
    /// `--pin` values (and, for keys, those of the `--pin-cert` certificates).
    let keys: [SPKIPin]
    /// `--pin-cert` certificates (certificate pinning).
    let certificates: [Certificate]

    /// Whether `certificate` carries a pin of this report's kind.
    func matches(_ certificate: Certificate) -> Bool {
        switch kind {
        case .publicKey: return keys.contains(SPKIPin(certificate: certificate))
        case .certificate: return certificates.contains { $0.der == certificate.der }
        }
    }

    /// `{"kind", "pinned": [...], "served": [...], "matched": [...]}` for `judged`
    /// (`from` gives each certificate's `path` object, or null when the
    /// certificates are the served ones as they came).
    func json(judged: [Certificate], from: (Int) -> JSONOutput?) -> JSONOutput {
        let pinned: [JSONOutput]
        var matched: [JSONOutput] = []
        switch kind {
        case .publicKey:
            pinned = keys.map { .string($0.description) }
            for key in keys where judged.contains(where: { SPKIPin(certificate: $0) == key }) { matched.append(.string(key.description)) }
        case .certificate:
            pinned = certificates.map(Self.certificateJSON)
            for certificate in certificates where judged.contains(where: { $0.der == certificate.der }) {
                matched.append(Self.certificateJSON(certificate))
            }
        }
        let served: [JSONOutput] = judged.enumerated().map { index, certificate in
            .object([
                ("certificate", .int(index)), ("from", from(index) ?? .null),
                ("subject", .string(certificate.subjectForDisplay.description)),
                ("pin", .string(SPKIPin(certificate: certificate).description)),
                ("sha256", .string(Hex.encode(SHA256.hash(certificate.der), separator: ":"))),
                ("matched", .bool(matches(certificate))),
            ])
        }
        return .object([("kind", .string(kind.rawValue)), ("pinned", .array(pinned)), ("served", .array(served)), ("matched", .array(matched))])
    }

    /// A pinned certificate: its subject, key pin and SHA-256 fingerprint.
    static func certificateJSON(_ certificate: Certificate) -> JSONOutput {
        .object([
            ("subject", .string(certificate.subjectForDisplay.description)),
            ("pin", .string(SPKIPin(certificate: certificate).description)),
            ("sha256", .string(Hex.encode(SHA256.hash(certificate.der), separator: ":"))),
        ])
    }

    /// The text clause of a trusted verdict: `pins (public key: sha256/… matched)`.
    func matchedText(judged: [Certificate]) -> String? {
        switch kind {
        case .publicKey:
            let hits = keys.filter { key in judged.contains { SPKIPin(certificate: $0) == key } }
            return hits.isEmpty ? nil : hits.map(\.description).joined(separator: ", ")
        case .certificate:
            let hits = certificates.filter { pinned in judged.contains { $0.der == pinned.der } }
            return hits.isEmpty ? nil : hits.map { $0.subjectForDisplay.description }.joined(separator: ", ")
        }
    }
}
