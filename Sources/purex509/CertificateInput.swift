import Foundation
import PureX509

/// Certificates read from one file, PEM or DER detected from the content.
struct CertificateInput {
    struct Entry {
        /// 1-based position in the file.
        let index: Int
        let result: Result<Certificate, InputFailure>
    }

    enum InputFailure: Error, CustomStringConvertible {
        case pem(PEM.Failure)
        case der(DERError, certificate: Int)

        var description: String {
            switch self {
            case .pem(let failure): return failure.description
            case .der(let error, let index): return "certificate \(index): \(error)"
            }
        }
    }

    let path: String
    let entries: [Entry]

    /// Reads `path`; throws `ToolExit.usage` after a message when unreadable.
    static func load(_ path: String) throws -> CertificateInput {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("purex509: cannot read \(DisplayText.escaped(path))")
            throw ToolExit.usage
        }
        return CertificateInput(path: path, bytes: [UInt8](data))
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        guard PEM.looksLikePEM(bytes) else {
            let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: bytes) }
            entries = [Entry(index: 1, result: result.mapError { .der($0, certificate: 1) })]
            return
        }
        let blocks: [PEM.Block]
        do {
            blocks = try PEM.certificates(in: bytes)
        } catch {
            entries = [Entry(index: 1, result: .failure(.pem(error)))]
            return
        }
        entries = blocks.enumerated().map { i, block in
            let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: block.der) }
            return Entry(index: i + 1, result: result.mapError { .der($0, certificate: i + 1) })
        }
    }
}
