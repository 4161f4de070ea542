import PureX509

/// `verify --crl FILE` and `--ocsp-response FILE`: the revocation
/// information in a file (one DER object, or PEM blocks with one of the
/// kind's labels). It is the caller's own input, like `--roots`: a file
/// without one, one that does not parse, or a PEM block of any other label
/// stops the command (exit 2) with the flag, the file, the block and the
/// rule, rather than leaving a revoked certificate unchecked without a word
/// (a revoking CRL labelled `CRL` was once skipped silently and the leaf
/// trusted).
enum RevocationInput {
    struct Kind<Item> {
        let flag: String
        /// What PKIX's classifier calls this kind's PEM blocks.
        let inputKind: InputKind
        /// The PEM labels read as this kind, named in messages.
        let labels: [String]
        /// "CRL", "OCSP response": what "not a valid …" names.
        let noun: String
        /// Said when the file holds none.
        let missing: String
        let parse: ([UInt8]) throws -> Item
        /// A note on stderr for an item that parses but says nothing.
        var note: (Item) -> String? = { _ in nil }
    }

    static var crl: Kind<CertificateList> {
        Kind(flag: "--crl", inputKind: .certificateList, labels: CRLInput.pemLabels, noun: "CRL", missing: "no X509 CRL block", parse: { try CertificateList(derEncoded: $0) })
    }

    static var ocspResponse: Kind<OCSPResponse> {
        Kind(
            flag: "--ocsp-response", inputKind: .ocspResponse, labels: [OCSPInput.pemLabel], noun: "OCSP response",
            missing: "no OCSP response (a DER file, or PEM blocks labelled \(OCSPInput.pemLabel))",
            parse: { try OCSPResponse(derEncoded: $0) },
            note: { $0.status == .successful ? nil : "the responder answered \($0.status.name); it gives no status" })
    }

    static func load<Item>(_ path: String, _ kind: Kind<Item>) throws -> [Item] {
        let file = try InputFile.load(path)
        var items: [Item] = []
        func parse(_ der: [UInt8], block: Int?) throws {
            let place = "\(kind.flag) \(file.displayName)" + (block.map { " (PEM block \($0))" } ?? "")
            do {
                let item = try kind.parse(der)
                if let note = kind.note(item) { printError("purex509: note: \(place): \(note)") }
                items.append(item)
            } catch {
                printError("purex509: \(place): not a valid \(kind.noun): \(error)")
                throw ToolExit.usage
            }
        }
        switch file.content {
        case .der(let bytes):
            // A DER file of another shape (a certificate, a key, a .p12) is
            // named as what it is, with the command that reads it.
            let shape = InputKind(derShape: bytes) ?? (PKCS12Shape.matches(bytes) ? .pkcs12 : nil)
            if let shape, shape != kind.inputKind, (try? kind.parse(bytes)) == nil {
                printError("purex509: \(kind.flag) \(file.displayName): not \(InputAdvice.article(kind.inputKind)) \(kind.noun): the file is \(InputAdvice.describe(shape, file: path))")
                throw ToolExit.usage
            }
            try parse(bytes, block: nil)
        case .pem(let blocks):
            for block in blocks {
                switch block.der {
                case .success(let der) where InputKind(pemLabel: block.label) == kind.inputKind:
                    try parse(der, block: block.number)
                case .success:
                    // A CRL under a label we did not expect is still a CRL that
                    // may revoke: skipping it would fail open.
                    let expected = kind.labels.joined(separator: " or ")
                    let what = InputKind(pemLabel: block.label).map { "; it is " + InputAdvice.describe($0, file: path) } ?? ""
                    printError("purex509: \(kind.flag) \(file.displayName): PEM block \(block.number) (\(DisplayText.escaped(block.label))): expected only \(expected) blocks\(what)")
                    throw ToolExit.usage
                case .failure(let failure):
                    printError("purex509: \(kind.flag) \(file.displayName): \(failure)")
                    throw ToolExit.usage
                }
            }
        }
        guard !items.isEmpty else {
            printError("purex509: \(kind.flag) \(file.displayName): \(kind.missing)")
            throw ToolExit.usage
        }
        return items
    }
}

/// The PEM labels of a CRL, as PKIX's classifier declares them.
enum CRLInput {
    static let pemLabels = InputKind.certificateListLabels
}

/// The PEM label of an OCSP response, as PKIX's classifier declares it.
enum OCSPInput {
    static let pemLabel = InputKind.ocspResponseLabel
}
