import ArgumentParser
import Foundation
import PureX509

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the fields of each certificate in PEM or DER files.",
        discussion: "Exit 0 when every input parsed, 1 when any failed, 2 on bad usage or an unreadable file."
    )

    @Flag(name: .long, help: "Print one JSON array with an object per certificate.")
    var json = false

    @Argument(help: "PEM or DER files.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file") }
    }

    func run() throws {
        let inputs = try files.map { try CertificateInput.load($0) }
        var failed = false
        var objects: [JSONOutput] = []
        var first = true
        for input in inputs {
            if let reason = input.noCertificateReason {
                failed = true
                printError("\(input.file.displayName): \(reason)")
            }
            input.noteOtherBlocks()
            for entry in input.entries {
                switch entry.result {
                case .failure(let failure):
                    failed = true
                    printError("\(DisplayText.escaped(input.path)): \(failure)")
                case .success(let certificate):
                    let summary = CertificateSummary(certificate)
                    if json {
                        objects.append(.object(summary.json + [("file", .string(input.path)), ("index", .int(entry.index))]))
                    } else {
                        if !first { print("") }
                        first = false
                        print("\(DisplayText.escaped(input.path)) #\(entry.index)")
                        print(summary.text)
                    }
                }
            }
        }
        if json {
            print(JSONOutput.array(objects).serialized(pretty: true))
        }
        if failed { throw ToolExit.refused }
    }
}
