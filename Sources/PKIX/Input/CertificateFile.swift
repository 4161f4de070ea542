/// The certificates of one file's bytes, PEM or DER detected from the
/// content, all or nothing: a pinned or trusted certificate that is
/// damaged must be an error the caller sees, never a certificate that
/// silently goes missing (Alamofire's bundle loader drops what does not
/// parse; this one names it). A reading of `ClassifiedInput`'s items.
package enum CertificateFile {
    /// Why a file yielded no certificates; `description` is a one-line message for people.
    package typealias Failure = InputFailure

    /// Every certificate of `bytes`, in file order. Blocks of other labels
    /// (keys, CRLs) are skipped, as `PEM.certificates` skips them: only
    /// their framing counts. A DER file is one certificate.
    package static func certificates(in bytes: [UInt8]) -> Result<[Certificate], Failure> {
        let input = ClassifiedInput(bytes, source: "", reader: PEMReader(maximumBlockBytes: .max, maximumLabelBytes: .max))
        guard input.encoding == .pem else {
            // Something else in DER is no certificate.
            do {
                return .success([try Certificate(derEncoded: bytes)])
            } catch {
                return .failure(.der(error, certificate: 1, block: nil))
            }
        }
        // Every block is framed and decoded before any is parsed, so a
        // PEM fault anywhere is the one reported.
        var blocks: [(der: [UInt8], block: Int?)] = []
        for item in input.items {
            switch item.der {
            case .failure(let failure) where failure.isFraming || item.kind == .certificate: return .failure(.pem(failure))
            case .success(let der) where item.kind == .certificate: blocks.append((der, item.provenance.block))
            case .success, .failure: continue
            }
        }
        guard !blocks.isEmpty else { return .failure(.noCertificate) }
        var certificates: [Certificate] = []
        for (index, block) in blocks.enumerated() {
            do {
                certificates.append(try Certificate(derEncoded: block.der))
            } catch {
                return .failure(.der(error, certificate: index + 1, block: block.block))
            }
        }
        return .success(certificates)
    }
}
