import Foundation
import PureX509
import PureX509Config

extension PinningConfigFile {
    /// Reads `path`; on any problem prints `purex509: FILE, line L, column C: PATH: reason` and exits 2.
    static func load(_ path: String) throws -> PinningConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("purex509: cannot read \(DisplayText.escaped(path))")
            throw ToolExit.usage
        }
        let suffixes = try bundledPublicSuffixes()
        do {
            return try parse([UInt8](data), publicSuffixes: suffixes)
        } catch {
            var message = "purex509: \(DisplayText.escaped(path)), \(error)"
            if "\(error)".contains("public suffix") { message += " (\(bundledListName))" }
            printError(message)
            throw ToolExit.usage
        }
    }

    /// Which list the tool ships, named in refusals.
    static let bundledListName = "Public Suffix List of 2023-02-09, as packaged by Debian"

    /// The list shipped with the tool (Sources/PureX509Tool/Resources); a tool
    /// installed without its resource bundle stops here rather than fall
    /// back to refusing top-level labels only.
    static func bundledPublicSuffixes() throws -> PublicSuffixList {
        guard let url = Bundle.module.url(forResource: "public_suffix_list", withExtension: "dat"),
              let data = FileManager.default.contents(atPath: url.path) else {
            printError("purex509: the Public Suffix List shipped with purex509 is missing (purex509_purex509.resources beside the binary)")
            throw ToolExit.usage
        }
        return PublicSuffixList(text: [UInt8](data))
    }
}
