import PureX509

/// `verify --crl FILE` and `--ocsp-response FILE`: the revocation
/// information in a file (one DER object, or PEM blocks with the kind's
/// label). It is the caller's own input, like `--roots`: a file without
/// one, or one that does not parse, stops the command (exit 2) with the
/// flag, the file, the block and the rule, rather than leaving a revoked
/// certificate unchecked without a word.
enum RevocationInput {
    struct Kind<Item> {
        let flag: String
        let label: String
        /// "CRL", "OCSP response": what "not a valid …" names.
        let noun: String
        /// Said when the file holds none.
        let missing: String
        let parse: ([UInt8]) throws -> Item
        /// A note on stderr for an item that parses but says nothing.
        var note: (Item) -> String? = { _ in nil }
    }

    static var crl: Kind<CertificateList> {
        Kind(flag: "--crl", label: "X509 CRL", noun: "CRL", missing: "no X509 CRL block", parse: { try CertificateList(derEncoded: $0) })
    }

    static var ocspResponse: Kind<OCSPResponse> {
        Kind(
            flag: "--ocsp-response", label: OCSPInput.pemLabel, noun: "OCSP response",
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
            try parse(bytes, block: nil)
        case .pem(let blocks):
            for block in blocks where block.label == kind.label {
                switch block.der {
                case .success(let der): try parse(der, block: block.number)
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

/// The PEM label some tools give an OCSP response (there is no RFC 7468 one).
enum OCSPInput {
    static let pemLabel = "OCSP RESPONSE"
}
