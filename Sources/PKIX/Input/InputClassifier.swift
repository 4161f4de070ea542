import DER

// The input layer's classifier: the bytes of one source (a file, standard
// input, a configuration entry; the caller reads them and names them) sorted
// into items, PEM blocks by label and bare DER by shape, each with where it
// came from. It parses nothing but the framing: what an item is for (an
// anchor, a presented certificate, a pin, a revocation source) is the
// caller's to say, and so is whether an item of another kind is skipped,
// noted or refused. The tool, the configuration loader and `CertificateFile`
// read their inputs through it, so a file means the same to each of them.

/// Where an input item came from.
package struct InputProvenance: Sendable, Equatable {
    /// The caller's name for the source (a path, `-`, a configuration key).
    package let source: String
    /// The item's PEM block number (from 1, counting every block of the
    /// text), or nil for DER.
    package let block: Int?
    /// The byte offset in the source where the item begins.
    package let offset: Int
}

/// One PEM block or DER object of a source, sorted.
package struct InputItem: Sendable {
    /// Where the item came from: its source, PEM block and byte offset.
    package let provenance: InputProvenance
    /// The PEM label, or nil for DER.
    package let label: String?
    /// By label for PEM, by shape for DER; nil when neither says.
    package let kind: InputKind?
    /// The DER, or why the block does not decode (which names the block).
    package let der: Result<[UInt8], PEM.Failure>
}

/// The one failure of reading certificates from an input.
package enum InputFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither a PEM text with a CERTIFICATE block nor a DER certificate.
    case noCertificate
    /// The PEM framing or base64 of a block (the failure carries the block number).
    case pem(PEM.Failure)
    /// The DER of the source's certificate `certificate` (1-based), from PEM
    /// block `block` (nil for DER).
    case der(DERError, certificate: Int, block: Int?)

    package var description: String {
        switch self {
        case .noCertificate: return "no certificate (no PEM CERTIFICATE block, and not a DER certificate)"
        case .pem(let failure): return failure.description
        case .der(let error, let certificate, let block?): return "PEM block \(block) (certificate \(certificate)): \(error)"
        case .der(let error, let certificate, nil): return "certificate \(certificate): \(error)"
        }
    }
}

/// A source's bytes, sorted.
package struct ClassifiedInput: Sendable {
    /// How the source was written.
    package enum Encoding: Sendable, Equatable {
        /// Text: every PEM block is an item (no block at all is no item).
        case pem
        /// One DER object, or several laid end to end (`cat a.der b.der`).
        case der
    }

    /// The name the caller gave the bytes (a path, "standard input").
    package let source: String
    /// PEM text or DER.
    package let encoding: Encoding
    /// The blocks or DER objects, in order.
    package let items: [InputItem]

    /// Sorts `bytes`, named `source` in provenance. PEM when a BEGIN line is
    /// present or the bytes do not start as DER does (a SEQUENCE, 0x30, for
    /// every kind sorted here: other bytes are text with no block, not a
    /// malformed certificate); PEM blocks are read by `reader` (by default
    /// bounded as a streaming reader is).
    package init(_ bytes: [UInt8], source: String, reader: PEMReader = PEMReader()) {
        self.source = source
        if Self.isDER(bytes) {
            encoding = .der
            let elements = DEROutline.concatenatedSequences(bytes)
            let ranges = elements.count > 1 ? elements : [0..<bytes.count]
            items = ranges.map { range in
                let der = ranges.count == 1 ? bytes : Array(bytes[range])
                return InputItem(provenance: InputProvenance(source: source, block: nil, offset: range.lowerBound),
                                 label: nil, kind: InputKind(derShape: der), der: .success(der))
            }
        } else {
            encoding = .pem
            var reader = reader
            items = reader.readAll(bytes).map { block in
                InputItem(provenance: InputProvenance(source: source, block: block.number, offset: block.offset),
                          label: block.label, kind: InputKind(pemLabel: block.label), der: block.der)
            }
        }
    }

    /// Whether `bytes` are read as DER rather than PEM text.
    package static func isDER(_ bytes: [UInt8]) -> Bool {
        bytes.first == DERTag.sequence.rawValue && !PEM.looksLikePEM(bytes)
    }
}
