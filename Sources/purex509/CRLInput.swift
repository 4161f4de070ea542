import PureX509

/// `verify --crl FILE`: every CRL in a file (PEM `X509 CRL` blocks, or one
/// DER CRL). The CRLs are the caller's own input, like `--roots`: a file
/// without a CRL, or a CRL that does not parse, stops the command (exit 2)
/// with the file, the block and the rule, rather than leaving a revoked
/// certificate unchecked without a word.
enum CRLInput {
    static func load(_ path: String) throws -> [CertificateList] {
        let file = try InputFile.load(path)
        var lists: [CertificateList] = []
        func parse(_ der: [UInt8], block: Int?) throws {
            do {
                lists.append(try CertificateList(derEncoded: der))
            } catch {
                let place = block.map { " (PEM block \($0))" } ?? ""
                printError("purex509: --crl \(file.displayName)\(place): not a valid CRL: \(error)")
                throw ToolExit.usage
            }
        }
        switch file.content {
        case .der(let bytes):
            try parse(bytes, block: nil)
        case .pem(let blocks):
            for block in blocks where block.label == "X509 CRL" {
                switch block.der {
                case .success(let der): try parse(der, block: block.number)
                case .failure(let failure):
                    printError("purex509: --crl \(file.displayName): \(failure)")
                    throw ToolExit.usage
                }
            }
        }
        guard !lists.isEmpty else {
            printError("purex509: --crl \(file.displayName): no X509 CRL block")
            throw ToolExit.usage
        }
        return lists
    }
}
