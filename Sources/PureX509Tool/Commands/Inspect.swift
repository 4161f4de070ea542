import ArgumentParser
import Foundation
import PureX509

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the fields of each certificate, CRL and OCSP response in PEM or DER files.",
        discussion: """
            Exit 0 when every input parsed, 1 when any failed, 2 on bad usage or an unreadable file. \
            Each certificate is printed as soon as it is read, so a large bundle streams with memory \
            bounded by its largest PEM block; when standard error is a terminal and the input takes \
            more than a second, a progress line is kept there.
            """
    )

    @Flag(name: .long, help: "Print one JSON array with an object per certificate.")
    var json = false

    @Flag(name: .long, help: "Also show what can be read of a certificate the strict parser refuses, after the rule that refused it (exit status stays 1).")
    var lenient = false

    @Option(name: .customLong("list-limit"), help: ArgumentHelp("Show at most N items of each long list (a certificate's subjectAltNames and the lists of its extensions, a CRL's revoked entries and scope names, an OCSP response's single responses) and count the rest as omitted; 0 shows every item. (default: \(InspectOutput.defaultListLimit))", valueName: "N"))
    var listLimit: Int = InspectOutput.defaultListLimit

    @Option(name: .customLong("ct-log-list"), help: "The CT log list that names each embedded SCT's log and checks its signature: Apple's current_log_list.json or Chrome's log_list.json. Default: Apple's list shipped with purex509.")
    var ctLogList: String?

    @Argument(help: "PEM or DER files.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one file") }
        guard listLimit >= 0 else { throw ValidationError("--list-limit: a count, 0 for no limit") }
    }

    func run() throws {
        // Every file is opened before anything is printed: an unreadable one
        // exits 2 with nothing on standard output.
        var streams: [FileStream] = []
        for path in files {
            switch FileStream.open(path) {
            case .success(let stream): streams.append(stream)
            case .failure(let failure):
                streams.forEach { $0.close() }
                printError("purex509: cannot read \(DisplayText.escaped(path)): \(failure)")
                throw ToolExit.usage
            }
        }
        let logs = try LoadedCTLogList.load(ctLogList).list
        var output = InspectOutput(json: json, lenient: lenient, listLimit: listLimit == 0 ? Int.max : listLimit, ctLogs: logs)
        var failed = false
        for index in streams.indices {
            defer { streams[index].close() }
            if !output.inspect(&streams[index]) { failed = true }
        }
        output.finish()
        if failed { throw ToolExit.refused }
    }
}
