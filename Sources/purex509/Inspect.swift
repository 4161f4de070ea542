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
        var objects: [[String: Any]] = []
        var first = true
        for input in inputs {
            if input.entries.isEmpty {
                failed = true
                printError("\(input.path): no CERTIFICATE block found")
            }
            for entry in input.entries {
                switch entry.result {
                case .failure(let failure):
                    failed = true
                    printError("\(input.path): \(failure)")
                case .success(let certificate):
                    let summary = CertificateSummary(certificate)
                    if json {
                        var object = summary.jsonObject
                        object["file"] = input.path
                        object["index"] = entry.index
                        objects.append(object)
                    } else {
                        if !first { print("") }
                        first = false
                        print("\(input.path) #\(entry.index)")
                        print(summary.text)
                    }
                }
            }
        }
        if json {
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        }
        if failed { throw ToolExit.refused }
    }
}
