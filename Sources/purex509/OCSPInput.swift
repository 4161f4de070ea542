import PureX509

/// `verify --ocsp-response FILE`: one DER OCSP response (what `openssl ocsp
/// -respout` and a TLS stack's stapled response hand over), or PEM blocks
/// labelled `OCSP RESPONSE`. Like `--crl`, a file that holds no valid
/// response stops the command (exit 2) with the file and the rule.
enum OCSPInput {
    static let pemLabel = "OCSP RESPONSE"

    static func load(_ path: String) throws -> [OCSPResponse] {
        let file = try InputFile.load(path)
        var responses: [OCSPResponse] = []
        func parse(_ der: [UInt8], block: Int?) throws {
            let place = block.map { " (PEM block \($0))" } ?? ""
            do {
                let response = try OCSPResponse(derEncoded: der)
                if response.status != .successful {
                    printError("purex509: note: --ocsp-response \(file.displayName)\(place): the responder answered \(response.status.name); it gives no status")
                }
                responses.append(response)
            } catch {
                printError("purex509: --ocsp-response \(file.displayName)\(place): not a valid OCSP response: \(error)")
                throw ToolExit.usage
            }
        }
        switch file.content {
        case .der(let bytes):
            try parse(bytes, block: nil)
        case .pem(let blocks):
            for block in blocks where block.label == pemLabel {
                switch block.der {
                case .success(let der): try parse(der, block: block.number)
                case .failure(let failure):
                    printError("purex509: --ocsp-response \(file.displayName): \(failure)")
                    throw ToolExit.usage
                }
            }
        }
        guard !responses.isEmpty else {
            printError("purex509: --ocsp-response \(file.displayName): no OCSP response (a DER file, or PEM blocks labelled \(pemLabel))")
            throw ToolExit.usage
        }
        return responses
    }
}
