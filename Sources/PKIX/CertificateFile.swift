import DER

/// The certificates of one file's bytes, PEM or DER detected from the
/// content, all or nothing: a pinned or trusted certificate that is
/// damaged must be an error the caller sees, never a certificate that
/// silently goes missing (Alamofire's bundle loader drops what does not
/// parse; this one names it).
public enum CertificateFile {
    /// Why a file yielded no certificates; `description` is a one-line message for people.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Neither a PEM text with a CERTIFICATE block nor a DER certificate.
        case noCertificate
        /// The PEM framing or base64 of a block.
        case pem(PEM.Failure)
        /// The DER of the file's certificate `certificate` (1-based), from
        /// PEM block `block` (nil for a DER file).
        case der(DERError, certificate: Int, block: Int?)

        public var description: String {
            switch self {
            case .noCertificate: return "no certificate (no PEM CERTIFICATE block, and not a DER certificate)"
            case .pem(let failure): return failure.description
            case .der(let error, let certificate, let block?): return "PEM block \(block) (certificate \(certificate)): \(error)"
            case .der(let error, let certificate, nil): return "certificate \(certificate): \(error)"
            }
        }
    }

    /// Every certificate of `bytes`, in file order; blocks of other labels
    /// (keys, CRLs) are skipped, as `PEM` does.
    public static func certificates(in bytes: [UInt8]) -> Result<[Certificate], Failure> {
        guard PEM.looksLikePEM(bytes) else {
            // A DER file is one certificate; something else in DER is no certificate.
            guard bytes.first == DERTag.sequence.rawValue else { return .failure(.noCertificate) }
            do {
                return .success([try Certificate(derEncoded: bytes)])
            } catch {
                return .failure(.der(error, certificate: 1, block: nil))
            }
        }
        let blocks: [PEM.Block]
        do {
            blocks = try PEM.certificates(in: bytes)
        } catch {
            return .failure(.pem(error))
        }
        guard !blocks.isEmpty else { return .failure(.noCertificate) }
        var certificates: [Certificate] = []
        for (index, block) in blocks.enumerated() {
            do {
                certificates.append(try Certificate(derEncoded: block.der))
            } catch {
                return .failure(.der(error, certificate: index + 1, block: block.number))
            }
        }
        return .success(certificates)
    }
}
