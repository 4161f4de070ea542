import PureX509

/// A PKCS #12 file as `identity` and `connect --identity` take it: read
/// from a path (`-` for standard input) and checked to be one before any
/// password is asked for.
struct PKCS12Input {
    /// The file name as messages print it.
    let name: String
    /// The file's DER or BER (decoded when the file held base64 text).
    let bytes: [UInt8]

    /// What the bytes are by their DER shape when that is not a PFX (a
    /// certificate, a key, a CRL), for the message when they do not open.
    var otherKind: InputKind? {
        guard !PKCS12Shape.matches(bytes), let kind = InputKind(derShape: bytes), kind != .pkcs12 else { return nil }
        return kind
    }

    /// Reads `path`; exit 2, with `prefix` and the reason, when it cannot
    /// be read or cannot be a PKCS #12 file.
    static func load(_ path: String, prefix: String = "purex509: ") throws -> PKCS12Input {
        let name = path == "-" ? "standard input" : DisplayText.escaped(path)
        switch InputFile.read(path) {
        case .success(let read): return PKCS12Input(name: name, bytes: try pkcs12Bytes(read, name: prefix + name, path: path))
        case .failure(let failure):
            printError("\(prefix)cannot read \(name): \(failure)")
            throw ToolExit.usage
        }
    }

    /// The file's DER: as read, or decoded from base64 text (how RFC 9579
    /// and many provisioning systems carry it). PEM text and anything else
    /// that cannot be PKCS #12 is a usage error naming what it is.
    static func pkcs12Bytes(_ bytes: [UInt8], name: String, path: String = "FILE") throws -> [UInt8] {
        guard let first = bytes.first else {
            printError("\(name): empty file")
            throw ToolExit.usage
        }
        if first == 0x30 { return bytes }
        if PEM.looksLikePEM(bytes) {
            // What the text holds, with the command that reads it.
            let kind = PEMReader.blocks(in: bytes).lazy.compactMap { InputKind(pemLabel: $0.label) }.first
            let advice = kind.map { "; it holds " + InputAdvice.describe($0, file: path) } ?? " (inspect reads certificates; pin reads keys)"
            printError("\(name): PEM text, not a PKCS #12 file" + advice)
            throw ToolExit.usage
        }
        if let decoded = try? Base64.decode(bytes), decoded.first == 0x30 { return decoded }
        printError("\(name): not a PKCS #12 file (neither DER nor base64 of DER)")
        throw ToolExit.usage
    }
}

extension PKCS12File {
    /// Why the file gave no identity, for a file whose `identities` is empty.
    var noIdentityReason: String {
        if let key = unmatchedKeys.first { return "the \(key.privateKey.algorithm) key matches no certificate (\(key.reason))" }
        return "the file holds \(unpairedCertificates.count) certificate(s) and no private key"
    }
}
