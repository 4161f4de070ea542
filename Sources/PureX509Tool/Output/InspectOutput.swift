import Foundation
import PureX509

/// What `inspect` prints, one certificate at a time: the text form, or the
/// JSON array written element by element (the same bytes as one
/// serialisation of the whole array). Tracks failures and the progress line.
struct InspectOutput {
    let json: Bool
    /// `--lenient`: a certificate the strict parser refuses is also shown
    /// as far as `LenientCertificate` can read it.
    let lenient: Bool
    /// The most items of one list shown (`--list-limit`; `Int.max`: all).
    let listLimit: Int
    /// The CT log list embedded SCTs are named and checked with.
    let ctLogs: CTLogList?
    private var printed = 0
    private var progress = ProgressLine()
    /// The last certificates shown, newest last: the issuers an embedded
    /// SCT's signature is checked with (a chain lists its leaf first).
    private var seen: [Certificate] = []
    /// A certificate with SCTs whose issuer was not seen yet, held until the
    /// next certificate (its issuer, in a chain) or the end of the input.
    private var held: (certificate: Certificate, index: Int, path: String)? = nil
    /// How many certificates `seen` keeps.
    static let seenIssuers = 16

    /// Most non-certificate labels a "no CERTIFICATE block" message lists.
    static let listedLabels = 20

    /// The display budget of one list. A 16 MiB block can hold 700,000 CRL
    /// entries or 5 million scope names: shown whole they took 5–7 s and
    /// 500–600 MB, for output nobody reads past the start. A thousand
    /// entries is more than a CA's usual CRL shows on a screen or two,
    /// and the count of the rest is always given.
    static let defaultListLimit = 1000

    init(json: Bool, lenient: Bool = false, listLimit: Int = defaultListLimit, ctLogs: CTLogList? = nil) {
        self.json = json
        self.lenient = lenient
        self.listLimit = listLimit
        self.ctLogs = ctLogs
    }

    /// Prints every certificate of `stream`; false when any block or file failed.
    mutating func inspect(_ stream: inout FileStream) -> Bool {
        let first = stream.first
        if first.first == 0x30 && !PEM.looksLikePEM(first) {
            return inspectWhole(&stream)
        }
        var scanner = PEMReader()
        scanner.append(first[...])
        var ok = true
        var entries = 0
        var others: [String] = []
        var otherCount = 0
        // What the file holds instead, for the message when it holds nothing inspect shows.
        var otherKind: InputKind? = nil
        scanning: while true {
            switch scanner.next() {
            case .block(let block):
                switch block.der {
                case .failure(let failure):
                    entries += 1
                    ok = false
                    report("\(DisplayText.escaped(stream.path)): \(InputFailure.pem(failure))")
                case .success(let der) where InputKind(pemLabel: block.label) == .certificate:
                    entries += 1
                    let result = Result<Certificate, DERError> { () throws(DERError) in try Certificate(derEncoded: der) }
                    ok = emit(result.mapError { .der($0, certificate: entries, block: block.number) }, der: der, index: entries, path: stream.path) && ok
                case .success(let der) where InputKind(pemLabel: block.label) == .certificateList:
                    entries += 1
                    ok = emitCRL(der, index: entries, path: stream.path, block: block.number) && ok
                case .success(let der) where InputKind(pemLabel: block.label) == .ocspResponse:
                    entries += 1
                    ok = emitOCSP(der, index: entries, path: stream.path, block: block.number) && ok
                case .success:
                    if otherKind == nil { otherKind = InputKind(pemLabel: block.label) }
                    otherCount += 1
                    if others.count < Self.listedLabels { others.append("\(block.number) \(DisplayText.escaped(block.label))") }
                    report("purex509: note: \(DisplayText.escaped(stream.path)): PEM block \(block.number) (\(DisplayText.escaped(block.label))) is not a certificate; skipped")
                }
            case .needMore:
                switch stream.read() {
                case .success(let piece?): scanner.append(piece[...])
                case .success(nil): scanner.finish()
                case .failure(let failure):
                    report("purex509: \(DisplayText.escaped(stream.path)): read failed: \(failure)")
                    return false
                }
                progress.update(file: stream.path, certificates: printed, bytesRead: stream.bytesRead, fileSize: stream.size)
            case .done:
                break scanning
            }
        }
        if entries == 0 {
            var found = others.joined(separator: ", ")
            if otherCount > others.count { found += ", … (\(otherCount) in all)" }
            let reason = found.isEmpty ? "no CERTIFICATE, X509 CRL or OCSP RESPONSE block (no PEM block, and not DER)"
                : "no CERTIFICATE, X509 CRL or OCSP RESPONSE block (PEM blocks: \(found))"
                    + (otherKind.map { "; it holds " + InputAdvice.describe($0, file: stream.path) } ?? "")
            report("\(DisplayText.escaped(stream.path)): \(reason)")
            return false
        }
        return ok
    }

    /// A DER file: one certificate (or another DER object, said by its shape), read whole.
    private mutating func inspectWhole(_ stream: inout FileStream) -> Bool {
        var bytes = stream.first
        while true {
            switch stream.read() {
            case .success(let piece?):
                bytes += piece
                guard bytes.count <= PEMReader.maximumBlockBytes else {
                    report("\(DisplayText.escaped(stream.path)): a DER file larger than \(PEMReader.maximumBlockBytes) bytes is not one certificate")
                    return false
                }
                continue
            case .success(nil): break
            case .failure(let failure):
                report("purex509: \(DisplayText.escaped(stream.path)): read failed: \(failure)")
                return false
            }
            break
        }
        let shape = InputKind(derShape: bytes)
        if shape == .certificateList, (try? Certificate(derEncoded: bytes)) == nil {
            progress.clear()
            return emitCRL(bytes, index: 1, path: stream.path, block: nil)
        }
        if shape == .ocspResponse {
            progress.clear()
            return emitOCSP(bytes, index: 1, path: stream.path, block: nil)
        }
        let input = CertificateInput(InputFile(path: stream.path, bytes: bytes))
        if let note = input.notACertificate, !input.entries.isEmpty, input.entries.allSatisfy({ !$0.result.isSuccess }) {
            report("\(input.file.displayName): \(note)")
            return false
        }
        var ok = true
        if let reason = input.noCertificateReason {
            report("\(input.file.displayName): \(reason)")
            ok = false
        }
        progress.clear()
        input.noteOtherBlocks()
        let elements = DEROutline.concatenatedSequences(bytes)
        for entry in input.entries {
            let der = elements.count > 1 && entry.index <= elements.count ? Array(bytes[elements[entry.index - 1]]) : bytes
            ok = emit(entry.result, der: der, index: entry.index, path: input.path) && ok
        }
        return ok
    }

    private mutating func emit(_ result: Result<Certificate, InputFailure>, der: [UInt8], index: Int, path: String) -> Bool {
        switch result {
        case .failure(let failure):
            report("\(DisplayText.escaped(path)): \(failure)")
            if lenient, case .der(let error, _, _) = failure {
                let reading = LenientCertificate(der, refusal: error.description)
                write(text: reading.text, json: reading.json, index: index, path: path)
            }
            return false
        case .success(let certificate):
            showHeld(before: certificate)
            defer { remember(certificate) }
            if ctLogs != nil, issuer(of: certificate) == nil, certificate.signedCertificateTimestamps?.isEmpty == false {
                held = (certificate, index, path)
                return true
            }
            show(certificate, index: index, path: path)
            return true
        }
    }

    private mutating func show(_ certificate: Certificate, index: Int, path: String, next: Certificate? = nil) {
        let issuedBy = issuer(of: certificate) ?? next.flatMap { $0.subject.encoded == certificate.issuer.encoded ? $0 : nil }
        let summary = CertificateSummary(certificate, listLimit: listLimit, logs: ctLogs, issuedBy: issuedBy)
        write(text: summary.text, json: summary.json, index: index, path: path)
    }

    /// Shows the held certificate, with `next` as a candidate issuer.
    private mutating func showHeld(before next: Certificate?) {
        guard let waiting = held else { return }
        held = nil
        show(waiting.certificate, index: waiting.index, path: waiting.path, next: next)
    }

    private func issuer(of certificate: Certificate) -> Certificate? {
        seen.last { $0.subject.encoded == certificate.issuer.encoded }
    }

    private mutating func remember(_ certificate: Certificate) {
        if seen.count == Self.seenIssuers { seen.removeFirst() }
        seen.append(certificate)
    }

    /// A CRL (a PEM `X509 CRL` block, or a DER file of that shape).
    private mutating func emitCRL(_ der: [UInt8], index: Int, path: String, block: Int?) -> Bool {
        showHeld(before: nil)
        do {
            let summary = CRLSummary(try CertificateList(derEncoded: der), listLimit: listLimit)
            write(text: summary.text, json: summary.json, index: index, path: path)
            return true
        } catch {
            report("\(DisplayText.escaped(path)): " + (block.map { "PEM block \($0): " } ?? "") + "not a valid CRL: \(error)")
            return false
        }
    }

    /// An OCSP response (a DER file of that shape, or a PEM `OCSP RESPONSE` block).
    private mutating func emitOCSP(_ der: [UInt8], index: Int, path: String, block: Int?) -> Bool {
        showHeld(before: nil)
        do {
            let summary = OCSPSummary(try OCSPResponse(derEncoded: der), listLimit: listLimit)
            write(text: summary.text, json: summary.json, index: index, path: path)
            return true
        } catch {
            report("\(DisplayText.escaped(path)): " + (block.map { "PEM block \($0): " } ?? "") + "not a valid OCSP response: \(error)")
            return false
        }
    }

    private mutating func write(text: String, json members: [(String, JSONOutput)], index: Int, path: String) {
        progress.clearForOutput()
        if json {
            let object = JSONOutput.object(members + [("file", .string(path)), ("index", .int(index))])
            print((printed == 0 ? "[\n  " : ",\n  ") + object.serialized(pretty: true, indent: 1), terminator: "")
        } else {
            print((printed == 0 ? "" : "\n") + "\(DisplayText.escaped(path)) #\(index)\n" + text)
        }
        printed += 1
    }

    private mutating func report(_ message: String) {
        progress.clear()
        printError(message)
    }

    mutating func finish() {
        showHeld(before: nil)
        progress.clear()
        if json { print(printed == 0 ? "[]" : "\n]") }
    }
}
